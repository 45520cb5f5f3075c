import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ParseJob, ParseResult } from '../../../src/index/parse/jobs.js';
import { OrderedRelease } from '../../../src/index/sync/ordered-release.js';

const job = (path: string): ParseJob => ({ absPath: `/p/${path}`, path, language: 'typescript' });
const failed = (path: string): ParseResult => ({ kind: 'failed', path, detail: 'x' });

test('ordered release passes results on in job order whichever arrives first', () => {
  const seen: string[] = [];
  const release = new OrderedRelease([job('a'), job('b'), job('c')], (r) => seen.push(r.path));
  release.push(failed('c'));
  release.push(failed('b'));
  assert.deepEqual(seen, []);
  release.push(failed('a'));
  assert.deepEqual(seen, ['a', 'b', 'c']);
});

test('ordered release passes a result that is no job on at once', () => {
  const seen: string[] = [];
  const release = new OrderedRelease([job('a'), job('b')], (r) => seen.push(r.path));
  release.push(failed('b'));
  release.push(failed('elsewhere'));
  assert.deepEqual(seen, ['elsewhere']);
});

test('ordered release passes a repeat of a result already released on at once', () => {
  const seen: string[] = [];
  const release = new OrderedRelease([job('a'), job('b')], (r) => seen.push(r.path));
  release.push(failed('a'));
  release.push(failed('a'));
  assert.deepEqual(seen, ['a', 'a']);
  release.push(failed('b'));
  assert.deepEqual(seen, ['a', 'a', 'b']);
});
