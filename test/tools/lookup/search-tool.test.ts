import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertGolden } from '../../support/golden.js';
import { openProject } from './harness.js';
import type { LookupProject } from './harness.js';

let shop: LookupProject;
before(async () => {
  shop = await openProject('shop');
});
after(() => shop.close());

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
