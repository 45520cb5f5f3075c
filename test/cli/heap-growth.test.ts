import assert from 'node:assert/strict';
import { test } from 'node:test';
import { growHeapSlowlyForLargeTrees, LARGE_TREE_FILES, SLOW_HEAP_GROWTH } from '../../src/cli/heap-growth.js';
import type { IndexProgress } from '../../src/index/sync/index.js';

function run(progress: readonly IndexProgress[]): { flags: string[]; passed: IndexProgress[] } {
  const flags: string[] = [];
  const passed: IndexProgress[] = [];
  const onProgress = growHeapSlowlyForLargeTrees((p) => passed.push(p), (f) => flags.push(f));
  for (const p of progress) onProgress(p);
  return { flags, passed };
}

test('a run parsing a large tree sets the slow heap growth once, and passes every report on', () => {
  const reports: IndexProgress[] = [
    { phase: 'scanning', done: 0, total: 0, symbols: 0 },
    { phase: 'parsing', done: 0, total: LARGE_TREE_FILES, symbols: 0 },
    { phase: 'parsing', done: 10, total: LARGE_TREE_FILES, symbols: 40 },
    { phase: 'resolving', done: 0, total: 0, symbols: 40 },
  ];
  const { flags, passed } = run(reports);
  assert.deepEqual(flags, [SLOW_HEAP_GROWTH]);
  assert.deepEqual(passed, reports);
});

test('a smaller tree, and phases other than parsing, keep V8\'s default', () => {
  const { flags, passed } = run([
    { phase: 'parsing', done: 0, total: LARGE_TREE_FILES - 1, symbols: 0 },
    { phase: 'resolving', done: 0, total: LARGE_TREE_FILES * 2, symbols: 0 },
  ]);
  assert.deepEqual(flags, []);
  assert.equal(passed.length, 2);
});
