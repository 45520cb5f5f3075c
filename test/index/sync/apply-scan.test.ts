/** How a run applies a scan: which bulk-load and totals paths it takes, and what it records. */
import assert from 'node:assert/strict';
import { appendFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { indexProject } from '../../../src/index/sync/index.js';
import { GraphStore } from '../../../src/store/index.js';
import { generatedProject } from '../../support/fixture-project.js';
import { readStoredIndex } from '../../support/graph-dump.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

/** Counts calls of GraphStore's methods `names` during `fn`. */
async function counting(t: { mock: { method: (o: object, n: string) => { mock: { callCount(): number } } } }, names: readonly string[], fn: () => Promise<unknown>): Promise<Record<string, number>> {
  const mocks = names.map((name) => [name, t.mock.method(GraphStore.prototype, name)] as const);
  await fn();
  return Object.fromEntries(mocks.map(([name, m]) => [name, m.mock.callCount()]));
}

const files = (n: number): Record<string, string> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`src/m${i}.ts`, `export function f${i}() { return ${i}; }\n`]));

const indexedAt = (root: string): Promise<string | undefined> => readStoredIndex(root, (store) => store.getMeta('indexed_at'));

test('a first index of many files loads in bulk and counts its totals whole; a one-file sync does neither', async (t) => {
  const p = await generatedProject({});
  cleanups.push(p.cleanup);
  for (const [path, text] of Object.entries(files(12))) appendFileSync(join(p.root, path.replace('src/', '')), text);
  const full = await counting(t, ['deferIndexes', 'storeTotals', 'refreshTotals'], () => indexProject({ root: p.root, mode: 'full', command: 'test', workers: 1 }));
  assert.deepEqual(full, { deferIndexes: 1, storeTotals: 1, refreshTotals: 0 });
  t.mock.restoreAll();
  appendFileSync(join(p.root, 'm3.ts'), 'export function extra() { return f3(); }\n');
  const one = await counting(t, ['deferIndexes', 'storeTotals', 'refreshTotals'], () => indexProject({ root: p.root, mode: 'incremental', command: 'test', workers: 1 }));
  assert.deepEqual(one, { deferIndexes: 0, storeTotals: 0, refreshTotals: 1 });
});

test('a run that changes the index records when, as an ISO time; one that changes nothing leaves it', async () => {
  const p = await generatedProject(files(2));
  cleanups.push(p.cleanup);
  const first = await indexedAt(p.root);
  assert.match(first ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  await indexProject({ root: p.root, mode: 'incremental', command: 'test', workers: 1 });
  assert.equal(await indexedAt(p.root), first);
  await new Promise((resolve) => setTimeout(resolve, 5));
  appendFileSync(join(p.root, 'src/m1.ts'), 'export function more() { return 1; }\n');
  await indexProject({ root: p.root, mode: 'incremental', command: 'test', workers: 1 });
  assert.notEqual(await indexedAt(p.root), first);
});

test('parsing progress counts the files parsed up to the total and the symbols found so far', async () => {
  const p = await generatedProject({});
  cleanups.push(p.cleanup);
  for (const [path, text] of Object.entries(files(5))) appendFileSync(join(p.root, path.replace('src/', '')), text);
  const parsing: { done: number; total: number; symbols: number }[] = [];
  await indexProject({ root: p.root, mode: 'full', command: 'test', workers: 1, onProgress: (e) => void (e.phase === 'parsing' && parsing.push(e)) });
  const results = parsing.filter((e) => e.done > 0);
  assert.equal(results.length, 5, 'one report per file parsed');
  assert.deepEqual(results.map((e) => e.done), [1, 2, 3, 4, 5]);
  assert.ok(results.every((e) => e.total === 5));
  assert.deepEqual(results.map((e) => e.symbols), [1, 2, 3, 4, 5], 'one function per file');
});

test('an incremental sync keeps the diagnostics of files it did not parse again', async () => {
  const p = await generatedProject({
    'broken.ts': 'export function good() { return 1; }\nfunction bad( {\n',
    'ok.ts': 'export function fine() { return 2; }\n',
  });
  cleanups.push(p.cleanup);
  const reasons = (): Promise<string[]> => readStoredIndex(p.root, (store) => store.diagnostics().map((d) => `${d.path} ${d.reason}`));
  assert.deepEqual(await reasons(), ['broken.ts parse-errors']);
  appendFileSync(join(p.root, 'ok.ts'), 'export function more() { return 3; }\n');
  const summary = await indexProject({ root: p.root, mode: 'incremental', command: 'test', workers: 1 });
  assert.equal(summary.parsed, 1);
  assert.deepEqual(await reasons(), ['broken.ts parse-errors']);
});

test('a file saved again with the same content is only touched: its rows are not written again', async (t) => {
  const p = await generatedProject(files(3));
  cleanups.push(p.cleanup);
  const path = join(p.root, 'src/m1.ts');
  const later = new Date(Date.now() + 5_000);
  utimesSync(path, later, later);
  const calls = await counting(t, ['replaceFile', 'touchFile'], () => indexProject({ root: p.root, mode: 'incremental', command: 'test', workers: 1 }));
  assert.deepEqual(calls, { replaceFile: 0, touchFile: 1 });
});
