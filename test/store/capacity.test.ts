/**
 * Exhausts sql.js's real 2 GiB heap, so it runs alone in this file (node:test gives each file its
 * own process) and costs about 2 GB of memory for a few seconds.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CapacityError } from '../../src/store/errors.js';
import { GraphStore } from '../../src/store/graph-store.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { fileInfo, mainExtraction, userExtraction } from './fixtures/sample.js';

test('running out of WASM memory while storing a file becomes a CapacityError and nothing can be saved', async () => {
  const db = await SqliteDb.open();
  try {
    const store = GraphStore.open(db);
    store.replaceFile(fileInfo('src/user.ts'), userExtraction);
    // Every node insert now materializes three 700 MB blobs at once: more than the heap can hold.
    db.exec(`CREATE TEMP TRIGGER exhaust AFTER INSERT ON main.nodes BEGIN
      SELECT zeroblob(700000000) || x'00', zeroblob(700000000) || x'00', zeroblob(700000000) || x'00';
    END`);
    assert.throws(
      () => store.replaceFile(fileInfo('src/main.ts'), mainExtraction),
      (e: unknown) =>
        e instanceof CapacityError &&
        /storing src\/main\.ts \(1 symbols/.test(e.message) &&
        /held 1 files and 6 nodes/.test(e.message) &&
        /\.codegraph\/config\.json/.test(e.message),
    );
    assert.throws(() => store.exportBytes(), CapacityError);
  } finally {
    db.close();
  }
});
