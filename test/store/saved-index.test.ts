import assert from 'node:assert/strict';
import { appendFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { indexProject } from '../../src/index/sync/index.js';
import { decodeChangeLog } from '../../src/store/change-record.js';
import { captureChanges, forgetChanges, imageGeneration, recordedBytes, recordedChanges, stopCapture } from '../../src/store/change-log.js';
import { removeChangeLog } from '../../src/store/change-log-file.js';
import { CHANGE_LOG_FILE, DATABASE_FILE, INDEX_DIR } from '../../src/store/layout.js';
import { hasChanged, type DatabaseStamp } from '../../src/store/persist.js';
import { appendChanges, exportNewGeneration, exportNewGenerationInSlices, LOG_FLOOR_BYTES, LOG_SHARE_OF_BASE, openSavedDatabase, roomFor, saveWholeImage } from '../../src/store/saved-index.js';
import { imageInPlace } from '../../src/store/image-file.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { fixtureProject } from '../support/fixture-project.js';
import { dumpGraph } from '../support/graph-dump.js';
import { freshDump as freshDumpOf } from '../support/shop-edits.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

async function shop(): Promise<{ root: string; dir: string; log: string }> {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  const dir = join(p.root, INDEX_DIR);
  return { root: p.root, dir, log: join(dir, CHANGE_LOG_FILE) };
}

const sync = (root: string) => indexProject({ root, mode: 'incremental', command: 'test', workers: 1 });
const freshDump = (root: string) => freshDumpOf(root, cleanups);

function addFunction(root: string, name: string): void {
  appendFileSync(join(root, 'src', 'cart.ts'), `\nexport function ${name}(): number {\n  return 1;\n}\n`);
}

/** The generation the saved image names. */
async function generationOf(dir: string): Promise<string | undefined> {
  const opened = await openSavedDatabase(dir);
  try {
    return opened === undefined ? undefined : imageGeneration(opened.db);
  } finally {
    opened?.db.close();
  }
}

describe('a saved index: an image and a log of the changes since', () => {
  test('a small edit is appended as one record; the image stays, readers see the edit, and a stale stamp says so', async () => {
    const { root, dir, log } = await shop();
    const image = statSync(join(dir, DATABASE_FILE));
    const before = await openSavedDatabase(dir);
    before?.db.close();
    assert.ok(before !== undefined);
    assert.equal(existsSync(log), false);
    addFunction(root, 'appendedOnce');
    await sync(root);
    const after = statSync(join(dir, DATABASE_FILE));
    assert.deepEqual([after.ino, after.mtimeMs, after.size], [image.ino, image.mtimeMs, image.size], 'the image was not written');
    const generation = await generationOf(dir);
    assert.ok(generation !== undefined);
    const decoded = decodeChangeLog(readFileSync(log), generation);
    assert.equal(decoded.records.length, 1);
    assert.equal(decoded.validBytes, statSync(log).size);
    assert.equal(await hasChanged(before.stamp), true, 'a reader of the image alone knows it is behind');
    const opened = await openSavedDatabase(dir);
    opened?.db.close();
    assert.ok(opened !== undefined);
    assert.equal(opened.replayed, 1);
    assert.equal(opened.bytes, image.size + statSync(log).size);
    assert.equal(await hasChanged(opened.stamp), false);
    assert.equal(await dumpGraph(root), await freshDump(root));
  });

  test('a record cut short at any point is skipped by readers and cut off by the next writer', async () => {
    const { root, log } = await shop();
    addFunction(root, 'firstEdit');
    await sync(root);
    const afterFirst = await dumpGraph(root);
    const firstBytes = statSync(log).size;
    addFunction(root, 'secondEdit');
    await sync(root);
    const whole = readFileSync(log);
    assert.ok(whole.length > firstBytes);
    for (const cut of [firstBytes + 1, firstBytes + 11, firstBytes + 12, Math.floor((firstBytes + whole.length) / 2), whole.length - 1]) {
      writeFileSync(log, whole.subarray(0, cut));
      assert.equal(await dumpGraph(root), afterFirst, `cut at ${cut} of ${whole.length}`);
    }
    // The writer catches up from the files and appends after the sound records only.
    const summary = await sync(root);
    assert.equal(summary.parsed, 1);
    assert.equal(await dumpGraph(root), await freshDump(root));
    assert.match(await dumpGraph(root), /function:secondEdit@/);
    const generation = await generationOf(join(root, INDEX_DIR));
    const decoded = decodeChangeLog(readFileSync(log), generation ?? '');
    assert.deepEqual([decoded.records.length, decoded.stoppedBecause], [2, undefined]);
  });

  test('a log left from before a whole save is never applied to the new image, and the next append replaces it', async (t) => {
    const { root, dir, log } = await shop();
    addFunction(root, 'beforeWhole');
    await sync(root);
    const oldLog = readFileSync(log);
    const oldGeneration = await generationOf(dir);
    process.env['CODEGRAPH_CHANGE_LOG'] = '0';
    t.after(() => delete process.env['CODEGRAPH_CHANGE_LOG']);
    addFunction(root, 'wholeSave');
    await sync(root);
    delete process.env['CODEGRAPH_CHANGE_LOG'];
    assert.equal(existsSync(log), false, 'a whole save removes the log');
    assert.notEqual(await generationOf(dir), oldGeneration, 'a whole save starts a new generation');
    // What a kill between the image's rename and the log's removal leaves.
    writeFileSync(log, oldLog);
    const opened = await openSavedDatabase(dir);
    opened?.db.close();
    assert.equal(opened?.replayed, 0);
    assert.equal(opened?.stamp.log?.validBytes, 0);
    assert.equal(await dumpGraph(root), await freshDump(root));
    addFunction(root, 'afterWhole');
    await sync(root);
    const generation = await generationOf(dir);
    assert.deepEqual(decodeChangeLog(readFileSync(log), generation ?? '').records.length, 1, 'the stale records were cut off');
    assert.equal(await dumpGraph(root), await freshDump(root));
  });

  test('a log past its share of the image is folded into a new image', async () => {
    const { root, dir, log } = await shop();
    const image = statSync(join(dir, DATABASE_FILE)).size;
    let whole = 0;
    for (let i = 0; i < 200 && whole === 0; i++) {
      writeFileSync(join(root, 'src', 'bulk.ts'), Array.from({ length: 40 }, (_, j) => `export function bulk${i}_${j}(): number {\n  return ${j};\n}\n`).join(''));
      await sync(root);
      if (!existsSync(log)) whole += 1;
      else assert.ok(statSync(log).size <= Math.max(LOG_FLOOR_BYTES, LOG_SHARE_OF_BASE * image), `log ${statSync(log).size} beside image ${image}`);
    }
    assert.equal(whole, 1, 'the log was folded into the image');
    assert.equal(await dumpGraph(root), await freshDump(root));
  });
});

describe('a hostile change log', () => {
  test('a symbolic link in the log\'s place is never read or written through; a save removes the link', async () => {
    const { root, dir, log } = await shop();
    const outside = join(await mkdtemp(join(tmpdir(), 'codegraph-outside-')), 'precious.txt');
    cleanups.push(() => void rm(dirname(outside), { recursive: true, force: true }));
    writeFileSync(outside, 'keep me\n');
    symlinkSync(outside, log);
    const opened = await openSavedDatabase(dir);
    opened?.db.close();
    assert.equal(opened?.stamp.log, undefined, 'the link is no log');
    addFunction(root, 'pastTheLink');
    await sync(root);
    assert.equal(readFileSync(outside, 'utf8'), 'keep me\n', 'the linked file is untouched');
    assert.equal(lstatSync(log, { throwIfNoEntry: false })?.isSymbolicLink() ?? false, false, 'the link is gone');
    assert.match(await dumpGraph(root), /function:pastTheLink@/);
    assert.equal(await dumpGraph(root), await freshDump(root));
  });

  test('a folder in the log\'s place stops a save with what to do, and the index stays as it was', async () => {
    const { root, log } = await shop();
    const before = await dumpGraph(root);
    mkdirSync(log);
    assert.equal(await dumpGraph(root), before, 'a folder is no log');
    addFunction(root, 'blocked');
    await assert.rejects(sync(root), (error: Error) => error.message.includes(`${log} is not a file this index wrote; remove it and run the command again`));
    assert.equal(await dumpGraph(root), before);
    rmSync(log, { recursive: true });
    await sync(root);
    assert.equal(await dumpGraph(root), await freshDump(root));
  });
});

describe('when a save may append', () => {
  /** An image saved whole in a fresh folder, and its database recording changes since. */
  async function savedImage(): Promise<{ dir: string; db: SqliteDb; stamp: DatabaseStamp }> {
    const dir = await mkdtemp(join(tmpdir(), 'codegraph-append-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const db = await SqliteDb.open();
    db.exec(`CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID; CREATE TABLE rows(data TEXT NOT NULL)`);
    const bytes = exportNewGeneration(db);
    const stamp = await saveWholeImage(dir, bytes, imageGeneration(db));
    return { dir, db, stamp };
  }

  test('a whole save names its generation under meta\'s image_generation key and leaves nothing recorded', async () => {
    const { db, stamp } = await savedImage();
    try {
      db.run(`INSERT INTO rows VALUES ('before')`);
      assert.equal(recordedChanges(db).changes.length, 1);
      exportNewGeneration(db);
      assert.deepEqual(recordedChanges(db).changes, [], 'the image holds what was recorded');
      assert.equal(db.value(`SELECT value FROM meta WHERE key = 'image_generation'`), imageGeneration(db));
      assert.match(stamp.generation ?? '', /^[0-9a-f]{24}$/);
    } finally {
      db.close();
    }
  });

  test('a copy in slices starts a new generation as a whole export does, with reads between the slices, and the next log applies to it', async () => {
    const { dir, db, stamp } = await savedImage();
    try {
      db.insertRows('INSERT INTO rows(data)', Array.from({ length: 400 }, (_, i) => [`row ${i} `.padEnd(300, 'x')]));
      const events: string[] = [];
      const alone = async <T>(fn: () => T): Promise<T> => {
        events.push('alone');
        return fn();
      };
      const between = async (): Promise<void> => void events.push(`read ${String(db.value('SELECT count(*) FROM rows'))}`);
      const bytes = await exportNewGenerationInSlices(db, alone, between, () => events.push('check'), 4);
      assert.deepEqual(events.slice(0, 2), ['alone', 'check']);
      assert.ok(events.length > 6 && events.slice(2).every((e) => e === 'read 400'), events.join(', '));
      const generation = imageGeneration(db);
      assert.notEqual(generation, stamp.generation);
      assert.deepEqual(recordedChanges(db).changes, [], 'the copy holds what was recorded');
      const saved = await saveWholeImage(dir, bytes, generation);
      db.run(`INSERT INTO rows VALUES ('after')`);
      assert.ok((await appendChanges(dir, db, saved)) !== undefined, 'the edit after the copy is appended');
      const opened = await openSavedDatabase(dir);
      try {
        assert.equal(opened?.replayed, 1);
        assert.equal(opened?.db.value('SELECT count(*) FROM rows'), 401);
        assert.equal(imageGeneration(opened!.db), generation);
      } finally {
        opened?.db.close();
      }
    } finally {
      db.close();
    }
  });

  test('never without a generation on both sides, the same one, changes recorded, and logs allowed', async (t) => {
    const { dir, db, stamp } = await savedImage();
    try {
      db.run(`INSERT INTO rows VALUES ('x')`);
      assert.equal(await appendChanges(dir, db, { ...stamp, generation: undefined }), undefined, 'an image saved without a generation');
      assert.equal(await appendChanges(dir, db, { ...stamp, generation: 'another' }), undefined, 'another generation on disk');
      process.env['CODEGRAPH_CHANGE_LOG'] = '0';
      t.after(() => delete process.env['CODEGRAPH_CHANGE_LOG']);
      assert.equal(await appendChanges(dir, db, stamp), undefined, 'CODEGRAPH_CHANGE_LOG=0');
      delete process.env['CODEGRAPH_CHANGE_LOG'];
      stopCapture(db);
      assert.equal(await appendChanges(dir, db, stamp), undefined, 'not recording');
      assert.equal(existsSync(join(dir, CHANGE_LOG_FILE)), false, 'nothing was written');
      captureChanges(db);
      db.run(`INSERT INTO rows VALUES ('y')`);
      assert.ok((await appendChanges(dir, db, stamp))?.log !== undefined, 'and with all of them, it appends');
    } finally {
      db.close();
    }
  });

  test('a database whose image has no generation never appends, even recording', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'codegraph-append-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const old = await SqliteDb.open();
    old.exec(`CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID; CREATE TABLE rows(data TEXT NOT NULL)`);
    const stamp = await saveWholeImage(dir, old.export(), undefined);
    old.close();
    const opened = await openSavedDatabase(dir);
    assert.ok(opened !== undefined);
    try {
      assert.equal(opened.stamp.generation, undefined);
      captureChanges(opened.db);
      opened.db.run(`INSERT INTO rows VALUES ('x')`);
      assert.equal(await appendChanges(dir, opened.db, stamp), undefined);
    } finally {
      opened.db.close();
    }
  });

  test('the log may reach LOG_FLOOR_BYTES exactly, or LOG_SHARE_OF_BASE of a larger image, and no more', async () => {
    const { dir, db, stamp } = await savedImage();
    const image = db.export();
    db.close();
    /** Whether a change of `bytes` recorded bytes appends onto the image saved as `saved`. */
    const appends = async (bytes: number, saved: DatabaseStamp): Promise<boolean> => {
      const trial = await SqliteDb.open(image);
      try {
        captureChanges(trial);
        trial.run(`INSERT INTO rows VALUES (?)`, ['']);
        const overhead = recordedBytes(trial);
        forgetChanges(trial, recordedChanges(trial).through);
        trial.run(`INSERT INTO rows VALUES (?)`, ['a'.repeat(bytes - overhead)]);
        assert.equal(recordedBytes(trial), bytes);
        const appended = await appendChanges(dir, trial, saved);
        await removeChangeLog(dir);
        return appended !== undefined;
      } finally {
        trial.close();
      }
    };
    assert.equal(await appends(LOG_FLOOR_BYTES, stamp), true);
    assert.equal(await appends(LOG_FLOOR_BYTES + 1, stamp), false);
    const large = { ...stamp, size: 100 * LOG_FLOOR_BYTES };
    assert.equal(await appends(Math.floor(LOG_SHARE_OF_BASE * large.size), large), true);
    assert.equal(await appends(Math.floor(LOG_SHARE_OF_BASE * large.size) + 1, large), false);
  });

  test('opening a saved index closes the log it read', async () => {
    const { dir, db, stamp } = await savedImage();
    db.run(`INSERT INTO rows VALUES ('x')`);
    assert.ok(await appendChanges(dir, db, stamp));
    db.close();
    const openFiles = (): number => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    for (let i = 0; i < 5; i++) (await openSavedDatabase(dir))?.db.close();
    assert.equal(openFiles(), before);
  });
});

describe('room to grow in place', () => {
  test('a quarter of the image, at least 64 MiB, within 2 GiB in all', () => {
    assert.equal(roomFor(1000), 2 ** 26);
    assert.equal(roomFor(2 ** 30), 2 ** 28);
    assert.equal(roomFor(2 ** 31 - 100), 100);
    assert.equal(roomFor(2 ** 31 + 5), 0);
  });

  test('an opened index writes its image whole in place, and the image opens as the index did', async () => {
    const { root, dir } = await shop();
    const opened = await openSavedDatabase(dir);
    assert.ok(opened !== undefined);
    try {
      captureChanges(opened.db);
      // Grows the file by pages: it stays in place only in the room read after the image.
      opened.db.run(`INSERT INTO meta(key, value) VALUES ('probe', 'in place'), ('probe-ballast', ?)`, ['b'.repeat(400_000)]);
      const bytes = exportNewGeneration(opened.db);
      assert.ok(imageInPlace(opened.db) !== undefined, 'the file still fits the bytes it was read into');
      await saveWholeImage(dir, bytes, imageGeneration(opened.db));
    } finally {
      opened.db.close();
    }
    const again = await openSavedDatabase(dir);
    try {
      assert.equal(again?.db.value(`SELECT value FROM meta WHERE key = 'probe'`), 'in place');
    } finally {
      again?.db.close();
    }
    assert.equal(await dumpGraph(root), await freshDump(root));
  });
});
