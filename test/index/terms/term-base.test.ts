import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refreshTermBase, staleFiles } from '../../../src/index/terms/term-base.js';
import { connectionOf } from '../../../src/store/graph-reader.js';
import { GraphStore } from '../../../src/store/graph-store.js';
import { SqliteDb } from '../../../src/store/sqlite.js';
import { readTermBase } from '../../../src/store/term-tables.js';
import { loadSample } from '../../store/fixtures/sample.js';

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

test('a run that changed no file only checks that a usable base is there', async () => {
  const store = GraphStore.open(await SqliteDb.open());
  try {
    loadSample(store);
    assert.equal(refreshTermBase(store, 'x1', false, { unchanged: true }), true, 'no base yet: built');
    const built = readTermBase(store);
    assert.equal(refreshTermBase(store, 'x1', false, { unchanged: true }), false, 'a usable base stands');
    assert.deepEqual(readTermBase(store), built);
    // A base whose tables are gone while its metadata stays (a migration recreates them empty) is rebuilt.
    connectionOf(store).run(`DELETE FROM term_base`);
    assert.equal(refreshTermBase(store, 'x1', false, { unchanged: true }), true);
    assert.deepEqual(readTermBase(store), built);
    assert.equal(refreshTermBase(store, 'x2', false, { unchanged: true }), true, 'another extraction: rebuilt');
    assert.equal(readTermBase(store)?.extraction, 'x2');
  } finally {
    store.close();
  }
});
