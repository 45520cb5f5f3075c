import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { editVariants, kindsFor, parseSearchQuery, searchSymbols } from '../../../src/tools/lookup/search.js';
import { assertGolden } from '../../support/golden.js';
import { openProject } from './harness.js';
import type { LookupProject } from './harness.js';

let shop: LookupProject;
before(async () => {
  shop = await openProject('shop');
});
after(() => shop.close());

const names = (query: string, options: Parameters<typeof searchSymbols>[2] = {}): string[] =>
  searchSymbols(shop.index.store, query, options).matches.map((m) => m.node.qualifiedName);

describe('codegraph_search', () => {
  const goldens: [string, Record<string, string | number>][] = [
    ['cart.txt', { query: 'cart' }],
    ['kind-function.txt', { query: 'price', kind: 'function' }],
    ['inline-filters.txt', { query: 'order kind:method lang:py path:py/orders' }],
    ['typo.txt', { query: 'ordr' }],
    ['none.txt', { query: 'zebra_unicorn' }],
    ['limit.txt', { query: 'cart', limit: 2 }],
  ];
  for (const [name, args] of goldens) {
    test(`renders ${name.replace('.txt', '')} as recorded`, async () => {
      const out = await shop.call('search', args);
      assert.equal(out.isError, undefined);
      assertGolden('tools/lookup/search', name, out.text, import.meta.url);
    });
  }

  test('an exact name ranks first', () => {
    assert.equal(names('priceOf')[0], 'priceOf');
    assert.equal(names('OrderService')[0], 'OrderService');
  });

  test('camelCase and snake_case segments match across spellings', () => {
    assert.ok(names('discount rate').includes('discountRate'));
    assert.equal(names('large orders')[0], 'OrderService.large_orders');
    assert.ok(names('money').includes('formatMoney'));
  });

  test('test files rank after everything else', () => {
    const checkout = names('checkout');
    assert.equal(checkout[0], 'Cart.checkout');
    assert.equal(checkout[checkout.length - 1], 'testCheckoutEmptiesCart');
    const place = names('place');
    assert.equal(place[0], 'OrderService.place');
    assert.equal(place.at(-1), 'test_place_stores_order');
  });

  test('a qualified name finds its member', () => {
    assert.equal(names('Cart.total')[0], 'Cart.total');
    assert.equal(names('Cart::total')[0], 'Cart.total');
  });

  test('the kind parameter and kind: filter agree and type covers aliases', () => {
    assert.deepEqual(names('Listener', { kind: 'type' }), ['Listener']);
    assert.deepEqual(names('Listener kind:type'), ['Listener']);
    assert.deepEqual(names('cart', { kind: 'interface' }), ['CartLine']);
  });

  test('lang: and path: restrict to files', () => {
    for (const m of searchSymbols(shop.index.store, 'order lang:python').matches) assert.match(m.node.path, /\.py$/);
    for (const m of searchSymbols(shop.index.store, 'cart path:src/db').matches) assert.match(m.node.path, /^src\/db\//);
  });

  test('filters alone list matching symbols', () => {
    assert.deepEqual(names('kind:class lang:ts'), ['Cart', 'MemoryRepo']);
  });

  test('a docstring word finds symbols through the full-text index', () => {
    assert.ok(names('discounts').includes('Cart.total'));
  });

  test('returns the same content as json', async () => {
    const out = await shop.call('search', { query: 'formatMoney' });
    const json = out.json as { total: number; results: { name: string; path: string; line: number; kind: string }[] };
    assert.equal(json.results[0]?.name, 'formatMoney');
    assert.equal(json.results[0]?.path, 'src/util/format.ts');
    assert.equal(json.results[0]?.line, 2);
    assert.equal(json.results[0]?.kind, 'function');
  });

  test('unknown filters are reported and ignored', async () => {
    const out = await shop.call('search', { query: 'cart kind:gadget' });
    assert.match(out.text, /^Ignored filters: kind:gadget\n/);
    assert.match(out.text, /Cart \(class\)/);
  });

  test('an empty query is an error', async () => {
    const out = await shop.call('search', { query: '   ' });
    assert.equal(out.isError, true);
  });
});

describe('search helpers', () => {
  test('parseSearchQuery takes filters out of the text', () => {
    const q = parseSearchQuery('save kind:function,method lang:ts path:./src/db "x"');
    assert.equal(q.text, 'save "x"');
    assert.deepEqual(q.kinds, ['function', 'method', 'constructor']);
    assert.deepEqual(q.languages, ['typescript']);
    assert.deepEqual(q.paths, ['src/db']);
  });

  test('kindsFor maps categories and stored kind names', () => {
    assert.deepEqual(kindsFor('type'), ['type_alias', 'enum', 'union']);
    assert.deepEqual(kindsFor('enum_member'), ['enum_member']);
    assert.equal(kindsFor('file'), undefined);
    assert.equal(kindsFor('gadget'), undefined);
  });

  test('editVariants covers deletion, insertion, substitution and transposition', () => {
    const v = editVariants('ordr');
    for (const w of ['order', 'ord', 'odrr', 'orde', 'rodr']) assert.ok(v.has(w), w);
    assert.ok(!v.has('ordr'));
  });
});
