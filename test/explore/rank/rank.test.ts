import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { indexData } from '../../../src/explore/data/index-data.js';
import { understandQuery } from '../../../src/explore/query/understand.js';
import { rank } from '../../../src/explore/rank/rank.js';
import { openFixture, type OpenProject } from '../support.js';

let shop: OpenProject;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
});
after(() => shop.close());

const ranked = (query: string) => {
  const data = indexData(shop.index.store);
  return rank(understandQuery(query, data, 4), data);
};

test('a helper the leading callable calls in another file ranks with it', () => {
  const r = ranked('how does checkout apply discounts');
  const checkout = r.symbols.find((s) => s.node.qualifiedName === 'Cart.checkout');
  const emit = r.symbols.find((s) => s.node.name === 'emit');
  assert.ok(checkout !== undefined && emit !== undefined);
  assert.ok(emit.base >= 0.5 * checkout.base, `emit ${emit.base} against checkout ${checkout.base}`);
  const files = r.files.map((f) => f.path);
  assert.ok(files.indexOf('src/events.ts') < files.indexOf('tests/cart.test.ts'), files.join(', '));
});

test('ranking is deterministic for the same index and query', () => {
  const a = ranked('how does checkout apply discounts');
  const b = ranked('how does checkout apply discounts');
  assert.deepEqual(a.symbols.map((s) => [s.node.id, s.score]), b.symbols.map((s) => [s.node.id, s.score]));
});
