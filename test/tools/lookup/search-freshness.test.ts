import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DRIFT_BANNER_HEAD } from '../../../src/project/freshness.js';
import type { ToolCallContext } from '../../../src/mcp/tool-service.js';
import { searchHandler } from '../../../src/tools/lookup/search-tool.js';
import { openFixture, type OpenFixture } from '../../graph/open-fixture.js';

const context: ToolCallContext = { signal: new AbortController().signal, progress: () => {} };

describe('codegraph_search after a cited file was edited', () => {
  let shop: OpenFixture;
  before(async () => {
    shop = await openFixture('shop', import.meta.url);
    appendFileSync(join(shop.root, 'src', 'cart.ts'), '\n// edited after indexing\n');
  });
  after(() => shop.close());

  test('search names the edited file in the stale banner when it cites its lines', async () => {
    const out = await searchHandler({ query: 'Cart.checkout' }, shop.index, context);
    assert.ok(out.text.startsWith(`${DRIFT_BANNER_HEAD}\n  - src/cart.ts\n`), out.text);
    assert.deepEqual((out.json as { stale: string[] }).stale, ['src/cart.ts']);
  });

  test('a search citing only unedited files has no banner', async () => {
    const out = await searchHandler({ query: 'formatMoney', limit: 1 }, shop.index, context);
    assert.ok(!out.text.includes(DRIFT_BANNER_HEAD), out.text);
    assert.deepEqual((out.json as { stale: string[] }).stale, []);
  });
});
