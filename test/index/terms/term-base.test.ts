import assert from 'node:assert/strict';
import { test } from 'node:test';
import { staleFiles } from '../../../src/index/terms/term-base.js';

const f = (id: number, definitions: number, sha: string) => ({ id, definitions, sha256: sha.repeat(64) });

test('staleFiles re-reads new and changed files and drops changed and removed ones from the base', () => {
  const base = [f(1, 10, 'a'), f(2, 5, 'b'), f(3, 7, 'c')];
  const now = [f(1, 10, 'a'), f(2, 6, 'd'), f(4, 3, 'e')];
  const stale = staleFiles(base, now);
  assert.deepEqual(stale.changed, [2, 4]);
  assert.deepEqual([...stale.gone].sort(), [2, 3]);
  assert.equal(stale.definitions, 9);
});

test('staleFiles finds nothing when the files are the ones the base saw', () => {
  const base = [f(1, 10, 'a')];
  assert.deepEqual(staleFiles(base, base), { changed: [], gone: new Set(), definitions: 0 });
});
