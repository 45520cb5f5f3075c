import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { budgetFor } from '../../src/explore/budget.js';
import { exploreProject as explore } from '../../src/tools/explore/explore-tool.js';
import { openFixture, type OpenProject } from './support.js';

let shop: OpenProject;
let ledger: OpenProject;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
  ledger = await openFixture('ledger', import.meta.url);
});
after(() => {
  shop.close();
  ledger.close();
});

test('budgetFor picks the size tier by indexed file count', () => {
  assert.deepEqual([149, 150, 499, 500, 4999, 5000].map((n) => {
    const b = budgetFor(n);
    return [b.total, b.files, b.perFile];
  }), [
    [13_000, 4, 3_800], [18_000, 5, 3_800], [18_000, 5, 3_800], [24_000, 8, 6_500], [24_000, 8, 6_500], [24_000, 8, 7_000],
  ]);
  assert.equal(budgetFor(10).fileCeiling, 5_700);
});

test('budgetFor clamps maxFiles to 1..20 and maxChars to 2,000..60,000', () => {
  assert.deepEqual([budgetFor(10, { maxFiles: 0 }).files, budgetFor(10, { maxFiles: 50 }).files, budgetFor(10, { maxFiles: 7 }).files], [1, 20, 7]);
  assert.deepEqual([budgetFor(10, { maxChars: 5 }).total, budgetFor(10, { maxChars: 1e9 }).total, budgetFor(10, { maxChars: 9000 }).total], [2000, 60000, 9000]);
});

const QUERIES = [
  'how does checkout apply discounts', 'Cart.checkout applyDiscount', 'src/cart.ts:26', 'lines 11-14 in pricing.ts',
  'OrderService.place is_large', 'everything about orders and carts and prices', 'Engine.dispatch', 'ledger/engine.py',
  'ledger/engine.py:40-200 handle_deposit post serve', 'route serveRequest lazyRoute Engine.load_plugin monthly_report',
];

test('explore never exceeds maxChars (property over queries and ceilings)', async () => {
  for (const project of [shop, ledger]) {
    for (const query of QUERIES) {
      for (const maxChars of [2000, 2300, 3000, 4100, 5500, 8000, 13000, 20000, 60000]) {
        const { text } = await explore(project.index, query, { maxChars });
        assert.ok(text.length <= maxChars, `${query} @ ${maxChars}: ${text.length}`);
      }
    }
  }
});

test('explore says what a small ceiling cut', async () => {
  const { text, json } = await explore(ledger.index, 'route serveRequest lazyRoute Engine.load_plugin monthly_report', { maxChars: 3000 });
  assert.ok(text.length <= 3000);
  assert.match(text, /Output cut at the 3000-character ceiling at a file-section boundary|trimmed to its budget|No room left/);
  assert.ok(json.summary.files >= 1);
});

test('explore shows at most maxFiles files', async () => {
  const { json } = await explore(shop.index, 'everything about orders and carts and prices', { maxFiles: 1 });
  assert.equal(json.files.length, 1);
});

test('the Found line counts what survived the budget', async () => {
  const { text, json } = await explore(ledger.index, 'Engine.dispatch route', { maxChars: 2500 });
  const symbols = json.files.reduce((n, f) => n + f.symbols.length, 0);
  assert.match(text, new RegExp(`Found ${symbols} symbols? across ${json.files.length} files?\\.`));
});
