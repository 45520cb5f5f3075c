import assert from 'node:assert/strict';
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { assertGolden } from '../../support/golden.js';
import { openProject, withoutRoot } from './harness.js';
import type { LookupProject } from './harness.js';

let shop: LookupProject;
before(async () => {
  shop = await openProject('shop');
});
after(() => shop.close());

describe('codegraph_files', () => {
  const goldens: [string, Record<string, string | number | boolean>][] = [
    ['tree.txt', {}],
    ['flat.txt', { format: 'flat' }],
    ['grouped.txt', { format: 'grouped' }],
    ['depth-1.txt', { path: 'src', maxDepth: 1 }],
    ['pattern.txt', { pattern: '**/*.py', includeMetadata: false }],
    ['none.txt', { path: 'docs' }],
  ];
  for (const [name, args] of goldens) {
    test(`renders ${name.replace('.txt', '')} as recorded`, async () => {
      const out = await shop.call('files', args);
      assertGolden('tools/lookup/files', name, out.text, import.meta.url);
    });
  }

  test('path prefixes accept ./, /, backslashes and a trailing slash', async () => {
    const expected = (await shop.call('files', { path: 'src/db', format: 'flat' })).text;
    for (const path of ['./src/db', '/src/db', 'src\\db', 'src/db/', join(shop.root, 'src', 'db')]) {
      assert.equal((await shop.call('files', { path, format: 'flat' })).text, expected, path);
    }
  });

  test('a path outside the project is refused', async () => {
    const out = await shop.call('files', { path: '../' });
    assert.equal(out.isError, true);
  });

  test('json lists the selected files', async () => {
    const out = await shop.call('files', { path: 'py' });
    const json = out.json as { total: number; files: { path: string }[] };
    assert.equal(json.total, 4);
    assert.deepEqual(json.files.map((f) => f.path).slice(0, 1), ['py/orders/__init__.py']);
  });
});

describe('codegraph_status', () => {
  test('summarizes a fresh index', async () => {
    const out = await shop.call('status');
    const text = withoutRoot(out.text, shop.root).replace(/^Indexed at: .*$/m, 'Indexed at: <time>').replace(/Database: [\d.]+ KB/, 'Database: <size>');
    assertGolden('tools/lookup/status', 'fresh.txt', text, import.meta.url);
  });

  test('says when a skipped build folder holds more of the code than the index, and what to add', async () => {
    const build = (files: number) => (root: string): void => {
      mkdirSync(join(root, 'build'));
      for (let i = 0; i < files; i++) writeFileSync(join(root, 'build', `m${i}.js`), `exports.f${i} = function () {};\n`);
    };
    const published = await openProject('shop', build(23));
    try {
      const out = await published.call('status');
      assert.match(out.text, /\nNot indexed: build\/ holds 23 source files, skipped as build output, against 11 files indexed\. If it is this project's code, as in a published package, add "include": \["\*\*", "build\/\*\*"\] to \.codegraph\/config\.json and sync\.\n/);
      assert.deepEqual((out.json as { unindexedOutput: unknown[] }).unindexedOutput, [{ folder: 'build', sourceFiles: 23, capped: false }]);
    } finally {
      published.close();
    }
    const output = await openProject('shop', build(5));
    try {
      assert.doesNotMatch((await output.call('status')).text, /Not indexed/);
    } finally {
      output.close();
    }
  });

  test('lists pending sync after edits, additions and removals', async () => {
    const project = await openProject('shop');
    try {
      writeFileSync(join(project.root, 'src', 'pricing.ts'), 'export const changed = 1;\n');
      writeFileSync(join(project.root, 'src', 'added.ts'), 'export const added = 1;\n');
      unlinkSync(join(project.root, 'src', 'index.ts'));
      const out = await project.call('status');
      assert.match(out.text, /Pending sync: 3 files changed since the last index; run `codegraph sync`\.\n  added \(1\):\n    src\/added\.ts\n  modified \(1\):\n    src\/pricing\.ts\n  removed \(1\):\n    src\/index\.ts\n$/);
      const json = out.json as { pending: { added: string[] }; counts: { files: number } };
      assert.deepEqual(json.pending.added, ['src/added.ts']);
      assert.equal(json.counts.files, 11);
    } finally {
      project.close();
    }
  });
});
