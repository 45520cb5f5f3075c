/** What storing parse results records: diagnostics for binary and broken files, and a file re-extracted when only its language changed. */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ParseJob, ParseResult } from '../../../src/index/parse/jobs.js';
import type { ParsePool } from '../../../src/index/parse/pool.js';
import { applyScan } from '../../../src/index/sync/apply-scan.js';
import { indexProject, readConfig, scanWith } from '../../../src/index/sync/index.js';
import { planScan } from '../../../src/index/sync/plan.js';
import { newStore } from '../../../src/index/sync/run.js';
import { StoreBatches } from '../../../src/index/sync/store-batches.js';
import { generatedProject } from '../../support/fixture-project.js';
import { readStoredIndex } from '../../support/graph-dump.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

test('a binary source file and one with syntax errors are recorded with their reasons; the broken one is still indexed', async () => {
  const p = await generatedProject({
    'bin.ts': 'export const a = 1;\0\0\0',
    'broken.ts': 'export function good() { return 1; }\nfunction bad( {\n',
    'ok.ts': 'export function fine() { return 2; }\n',
  });
  cleanups.push(p.cleanup);
  const { diagnostics, files } = await readStoredIndex(p.root, (s) => ({ diagnostics: s.diagnostics(), files: s.listFiles().map((f) => f.path) }));
  const byPath = new Map(diagnostics.map((d) => [d.path, d]));
  assert.deepEqual(byPath.get('bin.ts'), { path: 'bin.ts', reason: 'binary', detail: 'NUL byte in the first 8 KiB' });
  assert.equal(byPath.get('broken.ts')?.reason, 'parse-errors');
  assert.match(byPath.get('broken.ts')?.detail ?? '', /^[1-9]\d* syntax error\(s\); the rest of the file was indexed$/);
  assert.equal(byPath.has('ok.ts'), false);
  assert.deepEqual(files.sort(), ['broken.ts', 'ok.ts']);
});

test('a file whose content is the same but whose language changed (by the config) is extracted again in its new language', async () => {
  const p = await generatedProject({ 'lib/shape.h': 'struct Shape { int w; };\nint area(struct Shape s);\n' });
  cleanups.push(p.cleanup);
  assert.deepEqual(await readStoredIndex(p.root, (s) => s.listFiles().map((f) => [f.path, f.language])), [['lib/shape.h', 'c']]);
  mkdirSync(join(p.root, '.codegraph'), { recursive: true });
  writeFileSync(join(p.root, '.codegraph', 'config.json'), '{ "extensions": { ".h": "cpp" } }\n');
  const summary = await indexProject({ root: p.root, mode: 'incremental', command: 'test', workers: 1 });
  assert.equal(summary.parsed, 1);
  assert.deepEqual(await readStoredIndex(p.root, (s) => s.listFiles().map((f) => [f.path, f.language])), [['lib/shape.h', 'cpp']]);
});

test('a file whose parse failed is recorded as parse-failed with the failure, and not indexed; a binary one as binary', async () => {
  const sources: Record<string, string> = {};
  for (let i = 0; i < 10; i++) sources[`m${i}.ts`] = `export function f${i}() { return ${i}; }\n`;
  const p = await generatedProject(sources);
  cleanups.push(p.cleanup);
  // A pool that fails every even file and finds odd ones binary: more files than are parsed on this thread go to it.
  const pool = {
    run: async (jobs: readonly ParseJob[], onResult: (r: ParseResult) => void) => {
      for (const [i, job] of jobs.entries()) onResult({ kind: i % 2 === 0 ? 'failed' : 'binary', path: job.path, detail: `detail ${job.path}` });
    },
    close: async () => undefined,
  } as unknown as ParsePool;
  const store = await newStore();
  try {
    await applyScan({ root: p.root, mode: 'full', store, scan: await scanWith(p.root, await readConfig(p.root)), pool, progress: () => undefined });
    const diagnostics = store.diagnostics().map((d) => [d.path, d.reason, d.detail]);
    assert.equal(diagnostics.length, 10);
    for (const [path, reason, detail] of diagnostics) {
      const i = Number(path?.slice(1, -3));
      assert.deepEqual([reason, detail], [i % 2 === 0 ? 'parse-failed' : 'binary', `detail ${path}`], path);
    }
    assert.deepEqual(store.listFiles(), []);
  } finally {
    store.close();
  }
});

test('results are stored a batch at a time while parsing goes on: nothing before a batch fills, the whole batch once it does, the rest at flush', async () => {
  const sources: Record<string, string> = {};
  for (let i = 0; i < 70; i++) sources[`m${String(i).padStart(2, '0')}.ts`] = `export const v${i} = ${i};\n`;
  const p = await generatedProject(sources);
  cleanups.push(p.cleanup);
  const store = await newStore();
  try {
    const scan = await scanWith(p.root, await readConfig(p.root));
    const plan = planScan(store, scan, { root: p.root, mode: 'full', keptInputs: false });
    const batches = new StoreBatches(store, plan, [], undefined);
    const paths = [...plan.scanned.keys()].sort();
    assert.equal(paths.length, 70);
    const stored: number[] = [];
    for (const path of paths) {
      batches.add({ kind: 'failed', path, detail: 'stub' });
      stored.push(batches.diagnostics.length);
    }
    // 32 per batch: the 32nd and 64th results store their batches, the other results wait.
    assert.deepEqual([stored[0], stored[30], stored[31], stored[32], stored[62], stored[63], stored[69]], [0, 0, 32, 32, 32, 64, 64]);
    batches.flush();
    assert.equal(batches.diagnostics.length, 70);
  } finally {
    store.close();
  }
});
