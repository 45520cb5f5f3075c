import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { exploreProject as explore } from '../../src/tools/explore/explore-tool.js';
import { assertGolden } from '../support/golden.js';
import { openFixture, type OpenProject } from './support.js';

let shop: OpenProject;
let ledger: OpenProject;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
  ledger = await openFixture('ledger', import.meta.url);
  // Edited after indexing: stored line numbers no longer match the bytes.
  const pricing = join(shop.root, 'src/pricing.ts');
  writeFileSync(pricing, `// A new header line.\n${readFileSync(pricing, 'utf8')}`);
  appendFileSync(join(ledger.root, 'ledger/engine.py'), '\n# trailing edit\n');
});
after(() => {
  shop.close();
  ledger.close();
});

test('explore shows a drifted small file whole from its current bytes, with the banner', async () => {
  const { text, json } = await explore(shop.index, 'applyDiscount');
  assert.ok(text.startsWith('⚠️ Some files referenced below were edited since the last index sync — their codegraph entries may be stale:\n  - src/pricing.ts\nFor accurate content of those specific files, Read them directly. The rest of this response is fresh.\n\n'));
  assert.match(text, /src\/pricing\.ts — whole file \(26 lines\) — current bytes; edited since the last index sync\n```typescript\n1\t\/\/ A new header line\./);
  assert.equal(json.files.find((f) => f.path === 'src/pricing.ts')?.drifted, true);
  assertGolden('explore', 'drifted.txt', text, import.meta.url);
});

test('explore has no banner when no drifted file is shown', async () => {
  const { text } = await explore(shop.index, 'OrderService.place');
  assert.ok(!text.includes('⚠️'));
});

test('explore omits a drifted file too large to show whole instead of slicing it', async () => {
  const { text, json } = await explore(ledger.index, 'Engine.dispatch', { maxChars: 6000 });
  assert.ok(!text.includes('ledger/engine.py — lines'));
  assert.ok(!text.includes('⚠️') || !text.includes('  - ledger/engine.py'));
  assert.match(text, /`ledger\/engine\.py` changed since the last index sync and is too large to show whole/);
  assert.equal(json.files.some((f) => f.path === 'ledger/engine.py'), false);
});
