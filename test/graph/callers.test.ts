import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { calleesOf, callersOf, lookupSymbol, type DefinitionGroup } from '../../src/graph/index.js';
import { openFixture, type OpenFixture } from './open-fixture.js';

describe('callersOf and calleesOf', () => {
  let shop: OpenFixture;
  before(async () => {
    shop = await openFixture('shop', import.meta.url);
  });
  after(() => shop.close());

  const group = (symbol: string): DefinitionGroup => {
    const found = lookupSymbol(shop.index.store, symbol).groups[0];
    assert.ok(found, `no definition of ${symbol}`);
    return found;
  };

  test('callersOf lists each calling definition once, by path and line', () => {
    const list = callersOf(shop.index.store, group('Cart.add'), 20);
    assert.deepEqual(list.shown.map((r) => `${r.node.path}:${r.node.startLine} ${r.node.name}`), [
      'src/index.ts:5 main',
      'tests/cart.test.ts:4 testCheckoutEmptiesCart',
    ]);
  });

  test('callersOf keeps the first call site line of a caller that calls twice', () => {
    const main = callersOf(shop.index.store, group('Cart.add'), 20).shown[0];
    assert.equal(main?.line, 7);
    assert.equal(main?.relation, 'calls');
  });

  test('callersOf follows imports edges into a file node', () => {
    const list = callersOf(shop.index.store, group('src/events.ts'), 20);
    assert.deepEqual(list.shown.map((r) => `${r.node.path} ${r.relation}`), ['src/cart.ts imports']);
  });

  test('callersOf counts the places that instantiate a class', () => {
    const list = callersOf(shop.index.store, group('MemoryRepo'), 20);
    assert.deepEqual(list.shown.map((r) => r.node.qualifiedName).sort(), ['main', 'testCheckoutEmptiesCart']);
  });

  test('a limit keeps the first rows and the full count', () => {
    const list = calleesOf(shop.index.store, group('checkout'), 1);
    assert.equal(list.total, 3, 'Cart.total, Repo.saveOrder (through the typed parameter property) and emit');
    assert.deepEqual(list.shown.map((r) => r.node.qualifiedName), ['Cart.total']);
  });

  test('calleesOf lists what a definition calls', () => {
    const list = calleesOf(shop.index.store, group('describePrice'), 20);
    assert.deepEqual(list.shown.map((r) => r.node.name), ['priceOf', 'formatMoney']);
  });
});
