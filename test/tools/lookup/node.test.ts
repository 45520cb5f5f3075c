import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DRIFT_BANNER_HEAD } from '../../../src/project/freshness.js';
import { splitPastedLocation } from '../../../src/tools/lookup/location.js';
import { assertGolden } from '../../support/golden.js';
import { fixtureProject } from '../../support/fixture-project.js';
import { openProject } from './harness.js';
import type { LookupProject } from './harness.js';

const group = 'tools/lookup/node';
let shop: LookupProject;
let outside: string;

before(async () => {
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-outside-')));
  writeFileSync(join(outside, 'stolen.ts'), 'export const stolen = "outside bytes";\n');
  shop = await openProject('shop', (root) => {
    // An indexed file with a secret-looking name, and one long enough to hit the output cap.
    writeFileSync(join(root, 'src', 'credentials.ts'), 'export const password = "hunter2";\n');
    const long = Array.from({ length: 1500 }, (_, i) => `export const value${i} = "${'x'.repeat(40)}";`);
    writeFileSync(join(root, 'src', 'long.ts'), `${long.join('\n')}\n`);
  });
});

after(() => {
  shop.close();
  rmSync(outside, { recursive: true, force: true });
});

describe('codegraph_node symbol mode', () => {
  const goldens: [string, Record<string, string | number | boolean>][] = [
    ['symbol-code.txt', { symbol: 'Cart.total', includeCode: true }],
    ['symbol-plain.txt', { symbol: 'applyDiscount' }],
    ['symbol-python.txt', { symbol: 'OrderService.place', includeCode: true }],
    ['several.txt', { symbol: '__init__' }],
    ['narrowed-by-file.txt', { symbol: '__init__', file: 'py/orders/service.py' }],
    ['file-miss.txt', { symbol: 'saveOrder', file: 'src/cart.ts' }],
    ['not-found.txt', { symbol: 'priceof_missing' }],
  ];
  for (const [name, args] of goldens) {
    test(`renders ${name.replace('.txt', '')} as recorded`, async () => {
      const out = await shop.call('node', args);
      assertGolden(group, name, out.text, import.meta.url);
    });
  }

  test('line pins one of several definitions', async () => {
    const out = await shop.call('node', { symbol: 'saveOrder', line: 14 });
    assert.match(out.text, /^MemoryRepo\.saveOrder \(method\)\nLocation: src\/db\/repo\.ts:13/);
  });

  test('a pasted location in file pins the definition', async () => {
    const out = await shop.call('node', { symbol: 'saveOrder', file: 'src/db/repo.ts:6' });
    assert.match(out.text, /^Repo\.saveOrder \(method\)/);
  });

  test('a node id finds its node, and a file node id reads the file', async () => {
    const found = shop.index.store.nodesByName('formatMoney')[0];
    assert.ok(found);
    const out = await shop.call('node', { symbol: String(found.id) });
    assert.match(out.text, /^formatMoney \(function\)\nLocation: src\/util\/format\.ts:2/);
    const file = shop.index.store.getFile('src/util/format.ts');
    assert.ok(file);
    const fileOut = await shop.call('node', { symbol: String(file.fileNodeId) });
    assert.match(fileOut.text, /^src\/util\/format\.ts — 4 lines/);
  });

  test('trails list callees and callers', async () => {
    const out = await shop.call('node', { symbol: 'priceOf' });
    assert.match(out.text, /Called by <- .*total \(src\/cart\.ts:26\)/);
    assert.match(out.text, /describePrice \(src\/pricing\.ts:24\)/);
    const json = out.json as { calledBy: { total: number } };
    assert.equal(json.calledBy.total, 2);
  });

  test('source of a secret-named file is withheld', async () => {
    const out = await shop.call('node', { symbol: 'password', includeCode: true });
    assert.match(out.text, /Source withheld/);
    assert.doesNotMatch(out.text, /hunter2/);
  });

  test('no symbol and no file is an error', async () => {
    const out = await shop.call('node', {});
    assert.equal(out.isError, true);
  });
});

describe('codegraph_node file mode', () => {
  test('renders a whole file with its header', async () => {
    const out = await shop.call('node', { file: 'src/pricing.ts' });
    assertGolden(group, 'file-whole.txt', out.text, import.meta.url);
  });

  test('lists symbols only', async () => {
    const out = await shop.call('node', { file: 'src/cart.ts', symbolsOnly: true });
    assertGolden(group, 'file-symbols.txt', out.text, import.meta.url);
  });

  const pasted: [string, Record<string, string | number>, number, number][] = [
    ['path:line', { file: 'src/pricing.ts:22' }, 22, 25],
    ['path:start-end', { file: 'src/pricing.ts:11-14' }, 11, 14],
    ['path#Lline', { file: 'src/pricing.ts#L16' }, 16, 25],
    ['path#Lstart-Lend', { file: 'src/pricing.ts#L6-L8' }, 6, 8],
    ['path#Lstart-end', { file: 'src/pricing.ts#L6-8' }, 6, 8],
    ['explicit offset and limit override the suffix', { file: 'src/pricing.ts:11-14', offset: 5, limit: 2 }, 5, 6],
    ['explicit limit keeps the pasted start', { file: 'src/pricing.ts:11-14', limit: 1 }, 11, 11],
    ['offset and limit', { file: 'src/pricing.ts', offset: 3, limit: 1 }, 3, 3],
    ['a unique suffix', { file: 'format.ts:2' }, 2, 4],
    ['./ and backslashes', { file: '.\\src\\pricing.ts:6-8' }, 6, 8],
  ];
  for (const [name, args, start, end] of pasted) {
    test(`reads the right lines for ${name}`, async () => {
      const out = await shop.call('node', args);
      const json = out.json as { start: number; end: number };
      assert.equal(json.start, start, out.text);
      assert.equal(json.end, end, out.text);
      assert.match(out.text, new RegExp(`\\n${start}\\t`));
    });
  }

  test('an absolute path inside the project is read', async () => {
    const out = await shop.call('node', { file: join(shop.root, 'src', 'util', 'format.ts') });
    assert.match(out.text, /^src\/util\/format\.ts — 4 lines/);
  });

  test('invalid selectors stay literal', () => {
    for (const spec of ['a.ts:0', 'a.ts:9-3', 'a.ts:2000001', 'C:12', 'a.ts#L0']) assert.equal(splitPastedLocation(spec), undefined, spec);
    assert.deepEqual(splitPastedLocation('a.ts#L42-L80'), { path: 'a.ts', start: 42, end: 80 });
  });

  test('a partial read says how to read more', async () => {
    const out = await shop.call('node', { file: 'src/pricing.ts', limit: 5 });
    assert.match(out.text, /Showing lines 1-5 of 25\. Read more with offset=6\./);
  });

  test('paths outside the project are refused', async () => {
    for (const file of ['../outside.ts', '../../etc/passwd', '/etc/passwd', join(outside, 'stolen.ts'), 'src/../../x.ts']) {
      const out = await shop.call('node', { file });
      assert.equal(out.isError, true, file);
      assert.match(out.text, /outside the project/);
    }
  });

  test('a secret file is refused', async () => {
    const out = await shop.call('node', { file: 'src/credentials.ts' });
    assert.match(out.text, /^Refusing to show src\/credentials\.ts/);
    assert.doesNotMatch(out.text, /hunter2/);
  });

  test('an unindexed file is reported, never read', async () => {
    const out = await shop.call('node', { file: '.env' });
    assert.match(out.text, /No indexed file matches \.env/);
    assert.doesNotMatch(out.text, /do-not-show/);
  });

  test('a file over the output cap is cut at a line with a note', async () => {
    const out = await shop.call('node', { file: 'src/long.ts' });
    assert.ok(out.text.length <= 30_000, String(out.text.length));
    assert.match(out.text, /\n… output truncated \(\d+ more lines\)\. Use offset and limit to read the rest\.\n$/);
    const lines = out.text.split('\n');
    const cutLine = lines[lines.length - 3] ?? '';
    assert.match(cutLine, /^\d+\texport const value\d+ = "x{40}";$/);
  });
});

describe('codegraph_node on drifted files', () => {
  let drift: LookupProject;
  before(async () => {
    drift = await openProject('shop', (root) => {
      const long = Array.from({ length: 2100 }, (_, i) => `export const v${i} = ${i};`);
      writeFileSync(join(root, 'src', 'huge.ts'), `${long.join('\n')}\n`);
    });
    // Edited after indexing: line 6 of pricing.ts moves down by two lines.
    writeFileSync(
      join(drift.root, 'src', 'pricing.ts'),
      `// moved\n// down\n${(await import('node:fs')).readFileSync(join(drift.root, 'src', 'pricing.ts'), 'utf8')}`,
    );
    writeFileSync(join(drift.root, 'src', 'huge.ts'), `// edited\n${Array.from({ length: 2100 }, (_, i) => `export const v${i} = ${i};`).join('\n')}\n`);
  });
  after(() => drift.close());

  test('a symbol in a drifted file shows the whole current file under the banner', async () => {
    const out = await drift.call('node', { symbol: 'priceOf', includeCode: true });
    assertGolden(group, 'drift-symbol.txt', out.text, import.meta.url);
    assert.ok(out.text.startsWith(`${DRIFT_BANNER_HEAD}\n  - src/pricing.ts\n`));
  });

  test('file mode on a drifted file shows the whole current file and ignores the range', async () => {
    const out = await drift.call('node', { file: 'src/pricing.ts:6-8' });
    assertGolden(group, 'drift-file.txt', out.text, import.meta.url);
  });

  test('a drifted file over the cap is omitted without a banner', async () => {
    const out = await drift.call('node', { symbol: 'v5', includeCode: true });
    assert.doesNotMatch(out.text, /⚠️/);
    assert.match(out.text, /possibly shifted/);
    assert.match(out.text, /Source omitted/);
    const file = await drift.call('node', { file: 'src/huge.ts' });
    assert.doesNotMatch(file.text, /⚠️/);
    assert.match(file.text, /The source is not shown/);
  });

  test('a fresh file in the same project has no banner', async () => {
    const out = await drift.call('node', { symbol: 'formatMoney', includeCode: true });
    assert.doesNotMatch(out.text, /⚠️/);
  });

  test('a file replaced by a symlink leaving the project is never read', async () => {
    const target = join(drift.root, 'src', 'util', 'format.ts');
    unlinkSync(target);
    symlinkSync(join(outside, 'stolen.ts'), target);
    const out = await drift.call('node', { file: 'src/util/format.ts' });
    assert.doesNotMatch(out.text, /outside bytes/);
    const sym = await drift.call('node', { symbol: 'formatMoney', includeCode: true });
    assert.doesNotMatch(sym.text, /outside bytes/);
  });
});

test('node reads the file when symbol holds a path or a pasted location', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  const { IndexCache } = await import('../../../src/project/index-cache.js');
  const { nodeHandler } = await import('../../../src/tools/lookup/node-tool.js');
  const cache = new IndexCache();
  try {
    const index = await cache.get(p.root);
    assert.ok(index !== undefined);
    const out = await nodeHandler({ symbol: 'src/pricing.ts:6' }, index, { signal: new AbortController().signal, progress: () => {} });
    assert.match(out.text, /^src\/pricing\.ts — /);
    assert.match(out.text, /6\texport function priceOf/);
  } finally {
    cache.close();
    p.cleanup();
  }
});

test('a class named like its constructors is the class; its qualified constructor name lists them', async () => {
  const project = await openProject('shop', (root) => {
    writeFileSync(join(root, 'src', 'Money.java'), 'public class Money {\n  Money() {}\n  Money(long cents) {}\n}\n');
  });
  try {
    const out = await project.call('node', { symbol: 'Money' });
    assert.match(out.text, /^Money \(class\)\nLocation: src\/Money\.java:1 /);
    const constructors = await project.call('node', { symbol: 'Money.Money' });
    assert.match(constructors.text, /^2 definitions of Money\.Money/);
  } finally {
    project.close();
  }
});
