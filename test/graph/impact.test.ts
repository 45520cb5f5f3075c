import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { impactOf, lookupSymbol, type DefinitionGroup, type Impact } from '../../src/graph/index.js';
import { openFixture, type OpenFixture } from './open-fixture.js';

function names(impact: Impact): string[] {
  return impact.files.flatMap((f) => f.nodes.map((n) => `${f.path}:${n.node.name}@${n.depth}`));
}

describe('impactOf', () => {
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

  test('depth 1 stops at direct dependents', () => {
    assert.deepEqual(names(impactOf(shop.index.store, group('emit'), 1)), ['src/cart.ts:add@1', 'src/cart.ts:checkout@1']);
  });

  test('follows dependents transitively up to the depth', () => {
    assert.deepEqual(names(impactOf(shop.index.store, group('emit'), 2)), [
      'src/cart.ts:add@1',
      'src/cart.ts:checkout@1',
      'src/index.ts:main@2',
      'tests/cart.test.ts:testCheckoutEmptiesCart@2',
    ]);
  });

  test('a queried class stands for its members', () => {
    const impact = impactOf(shop.index.store, group('Cart'), 1);
    // main only calls Cart's methods and instantiates it; isCart references the class itself.
    assert.deepEqual(names(impact), ['src/events.ts:isCart@1', 'src/index.ts:main@1', 'tests/cart.test.ts:testCheckoutEmptiesCart@1']);
  });

  test('never counts the definition or its own members', () => {
    const impact = impactOf(shop.index.store, group('Cart'), 3);
    assert.ok(!impact.files.some((f) => f.nodes.some((n) => n.node.qualifiedName.startsWith('Cart'))));
  });

  test('count equals the listed nodes', () => {
    const impact = impactOf(shop.index.store, group('priceOf'), 3);
    assert.equal(impact.count, impact.files.reduce((sum, f) => sum + f.nodes.length, 0));
    assert.ok(impact.count > 0);
  });
});
