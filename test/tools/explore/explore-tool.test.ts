import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { EXPLORE_HANDLERS } from '../../../src/tools/explore/handlers.js';
import type { ExploreJson } from '../../../src/explore/result-json.js';
import { openFixture, type OpenProject } from '../../explore/support.js';

let shop: OpenProject;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
});
after(() => shop.close());

const context = { signal: new AbortController().signal, progress: () => {} };

test('the explore handler answers text and json', async () => {
  const handler = EXPLORE_HANDLERS['explore'];
  assert.ok(handler !== undefined);
  const out = await handler({ query: 'Cart.checkout', maxChars: 4000 }, shop.index, context);
  assert.equal(out.isError, undefined);
  assert.ok(out.text.length <= 4000);
  const json = out.json as ExploreJson;
  assert.equal(json.summary.maxChars, 4000);
  assert.equal(json.blastRadius[0]?.qualifiedName, 'Cart.checkout');
  assert.deepEqual(json.summary.exactTargets, [{ path: 'src/cart.ts', startLine: 31, endLine: 37, symbol: 'Cart.checkout' }]);
});

test('the explore handler rejects a blank query as a tool error', async () => {
  const out = await EXPLORE_HANDLERS['explore']!({ query: '   ' }, shop.index, context);
  assert.equal(out.isError, true);
  assert.match(out.text, /^Error: query must be a non-empty string/);
});
