import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DRIFT_BANNER_HEAD } from '../../../src/project/freshness.js';
import type { ToolCallContext } from '../../../src/mcp/tool-service.js';
import { GRAPH_HANDLERS } from '../../../src/tools/graph/handlers.js';
import { openFixture, type OpenFixture } from '../../graph/open-fixture.js';

const context: ToolCallContext = { signal: new AbortController().signal, progress: () => {} };

describe('graph tools after a cited file was edited', () => {
  let shop: OpenFixture;
  before(async () => {
    shop = await openFixture('shop', import.meta.url);
    appendFileSync(join(shop.root, 'src', 'cart.ts'), '\n// edited after indexing\n');
  });
  after(() => shop.close());

  test('callers names the edited file in the stale banner', async () => {
    const out = await GRAPH_HANDLERS['callers']!({ symbol: 'emit', limit: 20 }, shop.index, context);
    assert.ok(out.text.startsWith(`${DRIFT_BANNER_HEAD}\n  - src/cart.ts\n`), out.text);
    assert.deepEqual((out.json as { stale: string[] }).stale, ['src/cart.ts']);
  });

  test('impact names the edited file in the stale banner', async () => {
    const out = await GRAPH_HANDLERS['impact']!({ symbol: 'emit', depth: 1 }, shop.index, context);
    assert.ok(out.text.startsWith(DRIFT_BANNER_HEAD), out.text);
  });

  test('a response citing only unedited files has no banner', async () => {
    const out = await GRAPH_HANDLERS['callers']!({ symbol: 'formatMoney', limit: 20 }, shop.index, context);
    assert.ok(!out.text.includes(DRIFT_BANNER_HEAD), out.text);
  });
});
