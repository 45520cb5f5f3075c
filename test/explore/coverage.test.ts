import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { exploreProject as explore } from '../../src/tools/explore/explore-tool.js';
import { openFixture, openGenerated, hubProject, type OpenProject } from './support.js';

let shop: OpenProject;
let hub: OpenProject;
let stores: OpenProject;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
  // 520 callers: past the 64-lookup budget, and past 500 files (the medium size tier).
  hub = await openGenerated(hubProject(520));
  stores = await openGenerated({
    'src/store.ts': 'export interface Store {\n  get(key: string): string;\n}\n\nexport class MemoryStore implements Store {\n  get(key: string): string {\n    return key;\n  }\n}\n',
    'src/app.ts': "import type { Store } from './store';\n\nexport function read(store: Store): string {\n  return store.get('a');\n}\n",
  });
});
after(() => {
  shop.close();
  hub.close();
  stores.close();
});

const blastLineOf = (text: string, name: string): string | undefined => text.split('\n').find((l) => l.startsWith(`- \`${name}\` (`));

test('blast radius reports tests reached through callers', async () => {
  const { text } = await explore(shop.index, 'Cart.checkout');
  assert.equal(
    blastLineOf(text, 'Cart.checkout'),
    '- `Cart.checkout` (src/cart.ts:31) — 2 callers in `src/index.ts`, `tests/cart.test.ts`; tested via callers: `tests/cart.test.ts`',
  );
});

test('blast radius walks up to three caller hops to find a test', async () => {
  // discountRate <- applyDiscount <- Cart.total <- testCheckoutEmptiesCart (hop 3).
  const { text } = await explore(shop.index, 'discountRate');
  assert.equal(blastLineOf(text, 'discountRate'), '- `discountRate` (src/pricing.ts:16) — 1 caller in `src/pricing.ts`; tested via callers: `tests/cart.test.ts`');
});

test('blast radius says no tests were found when the walk finishes within budget', async () => {
  const { text } = await explore(shop.index, 'describePrice');
  assert.equal(blastLineOf(text, 'describePrice'), '- `describePrice` (src/pricing.ts:23) — no callers found; no tests found within 3 caller hops');
});

test('blast radius names the declaration a method implements when only that one is called', async () => {
  const { text, json } = await explore(stores.index, 'MemoryStore.get');
  assert.equal(
    blastLineOf(text, 'MemoryStore.get'),
    '- `MemoryStore.get` (src/store.ts:6) — no direct callers; 1 through `Store.get`, which it overrides or implements; no tests found within 3 caller hops',
  );
  assert.deepEqual(json.blastRadius.find((b) => b.qualifiedName === 'MemoryStore.get')?.through, { name: 'Store.get', callers: 1 });
});

test('blast radius says no test calls it directly when the lookup budget runs out', async () => {
  const { text, json } = await explore(hub.index, 'hubValue');
  assert.equal(
    blastLineOf(text, 'hubValue'),
    '- `hubValue` (src/hub.ts:1) — 520 callers in `src/callers/caller0.ts`, `src/callers/caller1.ts` +518 more; no test calls this directly',
  );
  assert.deepEqual(json.blastRadius[0]?.coverage, { kind: 'budget-exhausted' });
});

test('a project of 500 or more files gets the medium tier', async () => {
  const { json } = await explore(hub.index, 'hubValue useHub7');
  assert.deepEqual([json.summary.tier, json.summary.maxChars, json.summary.maxFiles], ['medium', 24_000, 8]);
});
