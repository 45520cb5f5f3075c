import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { exportInSlices } from '../../src/store/image-copy.js';
import { SqliteDb } from '../../src/store/sqlite.js';

/** The database of the test running: a table `t` of rows, closed after each test. */
let db: SqliteDb;
beforeEach(async () => void (db = await SqliteDb.open()).exec('CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)'));
afterEach(() => db.close());
const count = (): number => Number(db.value('SELECT count(*) FROM t'));

/** The header fields a copy may differ in from `export()`'s: change counters and the schema cookie. */
const COUNTERS = new Set([24, 25, 26, 27, 40, 41, 42, 43, 92, 93, 94, 95]);

describe('exportInSlices', () => {
  /** About 70 pages of rows. */
  function fill(): void {
    db.insertRows('INSERT INTO t(id, v)', Array.from({ length: 1200 }, (_, i) => [i + 1, `row ${i} `.padEnd(200, 'x')]));
  }

  test('gives export()\'s bytes, a slice at a time, and reads run between the slices', async () => {
    fill();
    const pages = Number(db.value('PRAGMA page_count'));
    assert.ok(pages > 40, `${pages} pages`);
    const whole = db.export();
    const seen: number[] = [];
    const sliced = await exportInSlices(db, 8, async () => {
      seen.push(count());
    });
    assert.equal(seen.length, Math.ceil(pages / 8) - 1, 'a pause between every two slices');
    assert.ok(seen.every((n) => n === 1200));
    assert.equal(sliced.length, whole.length);
    const differing = [...whole.keys()].filter((i) => whole[i] !== sliced[i] && !COUNTERS.has(i));
    assert.deepEqual(differing, []);
    const copy = await SqliteDb.open(sliced, { adopt: true });
    try {
      assert.equal(copy.value('PRAGMA integrity_check'), 'ok');
      assert.deepEqual(copy.all('SELECT id, v FROM t ORDER BY id'), db.all('SELECT id, v FROM t ORDER BY id'));
    } finally {
      copy.close();
    }
  });

  test('a database of one slice is copied without a pause', async () => {
    db.run('INSERT INTO t(v) VALUES (?)', ['only']);
    let pauses = 0;
    const copy = await SqliteDb.open(await exportInSlices(db, 4096, async () => void (pauses += 1)), { adopt: true });
    try {
      assert.equal(pauses, 0);
      assert.deepEqual(copy.all('SELECT v FROM t'), [{ v: 'only' }]);
    } finally {
      copy.close();
    }
  });

  test('is refused inside a transaction, and stops with an error when the database closes during a pause', async () => {
    let inside: Promise<Uint8Array> | undefined;
    db.transaction(() => {
      inside = exportInSlices(db, 8, async () => undefined);
    });
    await assert.rejects(inside!, /inside a transaction/);
    fill();
    await assert.rejects(exportInSlices(db, 8, async () => db.close()), /closed/);
  });
});

