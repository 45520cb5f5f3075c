import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fixtureProject } from '../support/fixture-project.js';
import { readStoredIndex } from '../support/graph-dump.js';
import { parseFloor } from './parse-floor.js';

test('the parse floor parses and extracts every file init stores, with the same symbols, and stores nothing', async () => {
  const plain = await fixtureProject('shop', import.meta.url, { index: false });
  const indexed = await fixtureProject('shop', import.meta.url);
  try {
    const counts = await parseFloor(plain.root, 2);
    assert.equal(existsSync(join(plain.root, '.codegraph', 'codegraph.db')), false, 'nothing stored');
    await readStoredIndex(indexed.root, (store, db) => {
      assert.equal(counts.files - counts.failed, store.listFiles().length);
      const stored = Number(db.value('SELECT count(*) FROM nodes')) - store.listFiles().length;
      assert.equal(counts.symbols, stored, 'every symbol init stores (file nodes aside)');
      assert.equal(counts.refs, Number(db.value('SELECT count(*) FROM refs')));
    });
  } finally {
    plain.cleanup();
    indexed.cleanup();
  }
});
