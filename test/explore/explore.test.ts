import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { exploreProject as explore } from '../../src/tools/explore/explore-tool.js';
import { assertGolden } from '../support/golden.js';
import { openFixture, openGenerated, type OpenProject } from './support.js';

let shop: OpenProject;
let ledger: OpenProject;
let vault: OpenProject;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
  ledger = await openFixture('ledger', import.meta.url);
  vault = await openFixture('vault', import.meta.url);
});
after(() => {
  shop.close();
  ledger.close();
  vault.close();
});

const GOLDEN: readonly (readonly [string, () => OpenProject, string])[] = [
  ['prose', () => shop, 'how does checkout apply discounts'],
  ['identifiers', () => shop, 'priceOf applyDiscount formatMoney'],
  ['path', () => shop, 'what is in src/db/repo.ts'],
  ['anchor', () => shop, 'src/cart.ts:26'],
  ['prose-range', () => shop, 'lines 11-14 in pricing.ts'],
  ['qualified', () => shop, 'OrderService.place'],
  ['clusters', () => ledger, 'how does Engine.dispatch route commands in engine.py'],
  ['long-anchor', () => ledger, 'ledger/engine.py:230'],
  ['dynamic', () => ledger, 'route serveRequest lazyRoute'],
  // A secret file (src/credentials.ts) named by path, by a symbol it defines, and beside a file that is shown.
  ['secret-pinned', () => vault, 'src/credentials.ts'],
  ['secret-symbol', () => vault, 'loadToken'],
  ['secret-beside', () => vault, 'loadToken padLabel'],
];

for (const [name, project, query] of GOLDEN) {
  test(`explore answers the ${name} query form (${query})`, async () => {
    const result = await explore(project().index, query);
    assertGolden('explore', `${name}.txt`, result.text, import.meta.url);
  });
}

test('explore quotes, after the best ranked definitions it does not show, lower ranked ones that the shown code calls', async () => {
  const { text, json } = await explore(ledger.index, 'how does checkout apply discounts', { maxFiles: 1 });
  const [, called] = text.split('Called by the code above:\n');
  assert.ok(called !== undefined, text);
  assert.match(called, /^ledger\/engine\.py\n```python\n233\t    def dispatch\(self, kind, payload\):\n```/);
  assert.ok(!json.files.some((f) => f.ranges.some(([a, b]) => a <= 233 && 233 <= b)), 'dispatch is in no section');
  assert.ok(text.indexOf('Also relevant') < text.indexOf('Called by the code above'));
  assert.deepEqual(json.calledByShown.map((s) => s.qualifiedName), ['Engine.dispatch']);
  assert.ok(!json.notShown.some((s) => s.qualifiedName === 'Engine.dispatch'));
});

test('explore pins a named file first and shows a small file whole', async () => {
  const { text, json } = await explore(shop.index, 'what is in src/db/repo.ts');
  assert.equal(json.files[0]?.path, 'src/db/repo.ts');
  assert.equal(json.files[0]?.whole, true);
  assert.match(text, /src\/db\/repo\.ts — whole file \(16 lines\)\n```typescript\n1\timport type \{ CartLine \}/);
});

test('explore renders a long file as clusters joined by gap markers', async () => {
  const { text, json } = await explore(ledger.index, 'Engine.dispatch');
  const engine = json.files.find((f) => f.path === 'ledger/engine.py');
  assert.ok(engine !== undefined && !engine.whole && engine.ranges.length > 1);
  assert.match(text, /ledger\/engine\.py — lines [\d, -]+ of 252/);
  assert.ok(text.includes('... (gap) ...'));
});

test('explore lists dynamic-dispatch boundaries in the leading bodies', async () => {
  const { json } = await explore(ledger.index, 'Engine.dispatch Engine.load_plugin route lazyRoute');
  const found = json.dynamicDispatch.map((d) => `${d.qualifiedName}:${d.what}`);
  assert.deepEqual(found.sort(), ['Engine.dispatch:getattr', 'Engine.load_plugin:dynamic import', 'lazyRoute:dynamic import', 'route:computed member call']);
});

test('explore shows the call flow among the named symbols', async () => {
  const { json } = await explore(shop.index, 'main applyDiscount');
  assert.deepEqual(json.flow[0]?.map((s) => s.qualifiedName), ['main', 'Cart.checkout', 'Cart.total', 'applyDiscount']);
});

test('explore never shows secret files', async () => {
  const { text } = await explore(shop.index, '.env SECRET_TOKEN');
  assert.ok(!text.includes('do-not-show'));
});

test('explore says a named secret file is withheld as secret, not that it found no room', async () => {
  const { text, json } = await explore(vault.index, 'src/credentials.ts:2');
  assert.ok(!text.includes('no room'));
  assert.ok(!text.includes('process.env'));
  assert.match(text, /^No source shown; the notes below say why\.$/m);
  assert.match(text, /`src\/credentials\.ts` is not shown: its name marks it as a secret file/);
  assert.equal(json.summary.files, 0);
});

test('explore does not claim to have found nothing while it lists a blast-radius entry', async () => {
  const { text } = await explore(vault.index, 'loadToken');
  assert.match(text, /Blast radius:\n- `loadToken` \(src\/credentials\.ts:1\)/);
  assert.ok(!text.includes('Found 0 symbols'), text);
});

test('explore says so when nothing matches', async () => {
  const { text, json } = await explore(shop.index, 'zzqx wibble');
  assert.match(text, /No relevant code found/);
  assert.equal(json.summary.files, 0);
});

test('explore is deterministic for the same index and query', async () => {
  for (const q of ['how does checkout apply discounts', 'Engine.dispatch', 'ledger/engine.py:40-60']) {
    const project = q.includes('ngine') ? ledger : shop;
    const first = await explore(project.index, q);
    const second = await explore(project.index, q);
    assert.equal(second.text, first.text, q);
  }
});

test('explore reads a JVM stack trace: each frame\'s file under its package, and its line\'s enclosing method', async () => {
  const method = (name: string, line: string): string => `  public void ${name}() {\n    ${line}\n  }\n`;
  const project = await openGenerated({
    'src/main/java/com/acme/store/Util.java': `package com.acme.store;\n\npublic class Util {\n${method('flush', 'save();')}${method('save', 'int n = 1;')}}\n`,
    'src/main/java/com/acme/web/Util.java': `package com.acme.web;\n\npublic class Util {\n${method('render', 'int n = 2;')}}\n`,
  });
  try {
    const trace = 'java.lang.IllegalStateException: closed\n\tat com.acme.store.Util.save(Util.java:8)\n\tat com.acme.store.Util.flush(Util.java:5)';
    const { text } = await explore(project.index, trace);
    assert.match(text, /Pinned from the query: `src\/main\/java\/com\/acme\/store\/Util\.java`\.\n/);
    assert.match(text, /Exact target: `Util\.save` \(src\/main\/java\/com\/acme\/store\/Util\.java:7-9\), enclosing line 8\./);
    assert.match(text, /Exact target: `Util\.flush` \(src\/main\/java\/com\/acme\/store\/Util\.java:4-6\), enclosing line 5\./);
    assert.ok(!/Exact target: [^\n]*web\/Util\.java/.test(text), text);
  } finally {
    project.close();
  }
});

test('explore reads a pasted diff: each hunk\'s changed lines select the definitions around them', async () => {
  const diff = [
    'diff --git a/src/cart.ts b/src/cart.ts',
    '--- a/src/cart.ts',
    '+++ b/src/cart.ts',
    '@@ -24,4 +24,4 @@ export class Cart {',
    '   total(code?: string): number {',
    '     let sum = 0;',
    '-    for (const line of this.lines) sum += priceOf(line.sku);',
    '+    for (const line of this.lines) sum += priceOf(line.sku) * line.quantity;',
    '     return code === undefined ? sum : applyDiscount(sum, code);',
  ].join('\n');
  const { text } = await explore(shop.index, `what does this change affect?\n${diff}`);
  assert.match(text, /Exact target: `Cart\.total` \(src\/cart\.ts:24-28\), enclosing line 26\./);
});
