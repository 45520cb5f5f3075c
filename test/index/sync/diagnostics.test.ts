import assert from 'node:assert/strict';
import { test } from 'node:test';
import { carryOverDiagnostics, sameDiagnostics } from '../../../src/index/sync/diagnostics.js';
import type { Diagnostic } from '../../../src/store/index.js';

const d = (path: string, reason = 'parse-error', detail = 'line 1'): Diagnostic => ({ path, reason, detail });

test('an unchanged, still scanned file keeps its earlier diagnostics; a re-parsed, re-reported or vanished one does not', () => {
  const diagnostics = [d('fresh.ts', 'too-large')];
  const previous = [d('kept.ts'), d('fresh.ts'), d('reparsed.ts'), d('gone.ts')];
  const scanned = new Map([['kept.ts', 1], ['fresh.ts', 1], ['reparsed.ts', 1]]);
  carryOverDiagnostics(diagnostics, previous, scanned, new Set(['reparsed.ts', 'fresh.ts']));
  assert.deepEqual(diagnostics, [d('fresh.ts', 'too-large'), d('kept.ts')]);
});

test('nothing earlier leaves the list as it was', () => {
  const diagnostics = [d('a.ts')];
  carryOverDiagnostics(diagnostics, [], new Map([['a.ts', 1]]), new Set());
  assert.deepEqual(diagnostics, [d('a.ts')]);
});

test('two lists are the same in any order, and differ by path, reason, detail or length', () => {
  assert.equal(sameDiagnostics([d('a'), d('b')], [d('b'), d('a')]), true);
  assert.equal(sameDiagnostics([d('b'), d('a')], [d('a'), d('b')]), true);
  assert.equal(sameDiagnostics([], []), true);
  assert.equal(sameDiagnostics([d('a')], [d('b')]), false);
  assert.equal(sameDiagnostics([d('a', 'x')], [d('a', 'y')]), false);
  assert.equal(sameDiagnostics([d('a', 'x', '1')], [d('a', 'x', '2')]), false);
  assert.equal(sameDiagnostics([d('a'), d('b')], [d('a')]), false);
  assert.equal(sameDiagnostics([d('a'), d('b')], [d('a'), d('a')]), false);
  // Sorted before comparing: the second list's order matters only when sorting is skipped.
  assert.equal(sameDiagnostics([d('c'), d('a'), d('b')], [d('b'), d('c'), d('a')]), true);
});
