import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { GraphStore } from '../../src/store/graph-store.js';
import { CHANGE_LOG_FILE, INDEX_DIR, STATUS_SNAPSHOT_FILE } from '../../src/store/layout.js';
import { loadDatabase, saveDatabase, type DatabaseStamp } from '../../src/store/persist.js';
import { openSavedDatabase } from '../../src/store/saved-index.js';
import { hasStatusSnapshotFor, readStatusSnapshot } from '../../src/store/status-snapshot.js';
import { indexProject } from '../../src/index/sync/index.js';
import { fixtureProject } from '../support/fixture-project.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

async function indexed(): Promise<{ root: string; dir: string }> {
  const project = await fixtureProject('shop', import.meta.url);
  cleanups.push(project.cleanup);
  return { root: project.root, dir: join(project.root, INDEX_DIR) };
}

async function openStored(dir: string): Promise<GraphStore> {
  const opened = await openSavedDatabase(dir);
  assert.ok(opened !== undefined);
  return GraphStore.open(opened.db);
}

/** The stamp of the saved index (image and change log) as a reader opens it. */
async function savedStamp(dir: string): Promise<DatabaseStamp | undefined> {
  const opened = await openSavedDatabase(dir);
  opened?.db.close();
  return opened?.stamp;
}

describe('the status snapshot beside the database', () => {
  test('an index run writes one that holds the stored totals, diagnostics and file records', async () => {
    const { dir } = await indexed();
    const snapshot = await readStatusSnapshot(dir);
    assert.ok(snapshot !== undefined);
    const store = await openStored(dir);
    try {
      assert.deepEqual(snapshot.totals, store.totals());
      assert.equal(snapshot.indexedAt, store.getMeta('indexed_at'));
      assert.deepEqual(snapshot.diagnostics, store.diagnostics().map((d) => ({ path: d.path, reason: d.reason })));
      const records = store.fileRecords();
      assert.equal(snapshot.files.size, records.length);
      for (const r of records) assert.deepEqual(snapshot.files.get(r.path), { size: r.size, mtimeMs: r.mtimeMs, sha256: r.sha256 });
      assert.equal(snapshot.databaseBytes, (await loadDatabase(dir))?.bytes.length);
      assert.equal(existsSync(join(dir, CHANGE_LOG_FILE)), false, 'a full index writes no change log');
    } finally {
      store.close();
    }
  });

  test('a snapshot of another database version is ignored', async () => {
    const { dir } = await indexed();
    assert.ok((await readStatusSnapshot(dir)) !== undefined);
    // A writer that saves without a snapshot (an older tool) leaves the old one behind.
    const loaded = await loadDatabase(dir);
    assert.ok(loaded !== undefined);
    await saveDatabase(dir, loaded.bytes.slice());
    assert.equal(await readStatusSnapshot(dir), undefined);
  });

  test('a damaged or foreign snapshot file is ignored, and a missing database makes any snapshot void', async () => {
    const { dir } = await indexed();
    const path = join(dir, STATUS_SNAPSHOT_FILE);
    const good = readFileSync(path, 'utf8');
    for (const bad of ['', '{', 'null', '[]', JSON.stringify({ ...JSON.parse(good), format: 99 }), good.slice(0, good.length / 2)]) {
      writeFileSync(path, bad);
      assert.equal(await readStatusSnapshot(dir), undefined, `accepted ${bad.slice(0, 40)}`);
    }
    const parsed = JSON.parse(good) as { files: { hashes: string[] } };
    parsed.files.hashes.pop();
    writeFileSync(path, JSON.stringify(parsed));
    assert.equal(await readStatusSnapshot(dir), undefined, 'accepted columns of different lengths');
    writeFileSync(path, good);
    assert.ok((await readStatusSnapshot(dir)) !== undefined);
    rmSync(join(dir, 'codegraph.db'));
    assert.equal(await readStatusSnapshot(dir), undefined);
  });

  test('an incremental save writes one too, of the totals it kept current', async () => {
    const { root, dir } = await indexed();
    appendFileSync(join(root, 'src', 'cart.ts'), '\nexport function addedForSnapshot(): number {\n  return 1;\n}\n');
    await indexProject({ root, mode: 'incremental', command: 'test', workers: 1 });
    const stamp = await savedStamp(dir);
    assert.ok(stamp?.log !== undefined, 'the edit was saved as a change log record');
    assert.equal(await hasStatusSnapshotFor(dir, stamp), true);
    const snapshot = await readStatusSnapshot(dir);
    const store = await openStored(dir);
    try {
      assert.deepEqual(snapshot?.totals, { counts: store.counts(), byLanguage: store.languageCounts() });
      assert.equal(snapshot?.databaseBytes, stamp.size + stamp.log.size);
    } finally {
      store.close();
    }
    // The snapshot is of that log: one more record makes it stale.
    appendFileSync(join(dir, CHANGE_LOG_FILE), 'x');
    assert.equal(await readStatusSnapshot(dir), undefined);
  });

  test('a run that saves nothing writes a missing snapshot, and only then', async () => {
    const { root, dir } = await indexed();
    const path = join(dir, STATUS_SNAPSHOT_FILE);
    rmSync(path);
    const stamp = (await loadDatabase(dir))?.stamp;
    assert.ok(stamp !== undefined);
    assert.equal(await hasStatusSnapshotFor(dir, stamp), false);
    await indexProject({ root, mode: 'incremental', command: 'test', workers: 1 });
    assert.ok((await readStatusSnapshot(dir)) !== undefined);
    assert.equal(await hasStatusSnapshotFor(dir, stamp), true);
  });
});
