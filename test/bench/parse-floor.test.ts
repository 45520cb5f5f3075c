import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { GraphStore, loadDatabase, SqliteDb } from '../../src/store/index.js';
import { fixtureProject } from '../support/fixture-project.js';
import { parseFloor } from './parse-floor.js';

test('the parse floor parses and extracts every file init stores, with the same symbols, and stores nothing', async () => {
  const plain = await fixtureProject('shop', import.meta.url, { index: false });
  const indexed = await fixtureProject('shop', import.meta.url);
  try {
    const counts = await parseFloor(plain.root, 2);
    assert.equal(existsSync(join(plain.root, '.codegraph', 'codegraph.db')), false, 'nothing stored');
    const loaded = await loadDatabase(join(indexed.root, '.codegraph'));
    assert.ok(loaded !== undefined);
    const db = await SqliteDb.open(loaded.bytes);
    try {
      const store = GraphStore.open(db);
      assert.equal(counts.files - counts.failed, store.listFiles().length);
      const stored = Number(db.value('SELECT count(*) FROM nodes')) - store.listFiles().length;
      assert.equal(counts.symbols, stored, 'every symbol init stores (file nodes aside)');
      assert.equal(counts.refs, Number(db.value('SELECT count(*) FROM refs')));
    } finally {
      db.close();
    }
  } finally {
    plain.cleanup();
    indexed.cleanup();
  }
});
