import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { createWithRoom, imageInPlace } from '../../src/store/image-file.js';
import { SqliteDb } from '../../src/store/sqlite.js';

/** The database of the test running, with a table `t`; closed after each test. */
let db: SqliteDb;
beforeEach(async () => void (db = await SqliteDb.open()).exec('CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)'));
afterEach(() => db.close());

describe('imageInPlace', () => {
  /** The bytes of a database with `rows` rows, and `room` zeroed bytes after them. */
  async function withRoom(rows: number, room: number): Promise<Uint8Array> {
    db.insertRows('INSERT INTO t(id, v)', Array.from({ length: rows }, (_, i) => [i + 1, 'x'.repeat(200)]));
    const image = db.export();
    const buffer = new Uint8Array(image.length + room);
    buffer.set(image);
    return buffer;
  }

  test('gives the adopted bytes themselves while the file fits them, and they reopen as the same database', async () => {
    const buffer = await withRoom(50, 256 * 1024);
    const live = await SqliteDb.open(buffer, { adopt: true });
    try {
      live.run('INSERT INTO t(v) VALUES (?)', ['y'.repeat(50_000)]);
      const inPlace = imageInPlace(live);
      assert.ok(inPlace !== undefined);
      assert.equal(inPlace.buffer, buffer.buffer, 'no copy');
      assert.equal(inPlace.length, Number(live.value('PRAGMA page_count')) * Number(live.value('PRAGMA page_size')));
      const copy = await SqliteDb.open(inPlace);
      try {
        assert.equal(copy.value('PRAGMA integrity_check'), 'ok');
        assert.deepEqual(copy.all('SELECT id, v FROM t ORDER BY id'), live.all('SELECT id, v FROM t ORDER BY id'));
      } finally {
        copy.close();
      }
    } finally {
      live.close();
    }
  });

  test('a database created with room grows in place from its first page; without room where so much cannot be had', async () => {
    const roomy = await createWithRoom(4 * 1024 * 1024);
    const roomless = await createWithRoom(2 ** 34);
    try {
      for (const made of [roomy, roomless]) {
        made.exec('CREATE TABLE t(v TEXT)');
        made.insertRows('INSERT INTO t(v)', Array.from({ length: 100 }, (_, i) => [`row ${i}`.padEnd(500, '.')]));
      }
      const image = imageInPlace(roomy);
      assert.ok(image !== undefined);
      assert.equal(imageInPlace(roomless), undefined);
      const copy = await SqliteDb.open(image);
      try {
        assert.equal(copy.value('SELECT count(*) FROM t'), 100);
        assert.equal(copy.value('PRAGMA integrity_check'), 'ok');
      } finally {
        copy.close();
      }
    } finally {
      roomy.close();
      roomless.close();
    }
  });

  test('gives nothing once the file outgrew the adopted bytes, nor for bytes copied or none', async () => {
    const buffer = await withRoom(10, 8 * 1024);
    const live = await SqliteDb.open(buffer, { adopt: true });
    const copied = await SqliteDb.open(buffer);
    try {
      assert.ok(imageInPlace(live) !== undefined);
      live.run('INSERT INTO t(v) VALUES (?)', ['z'.repeat(100_000)]);
      assert.equal(imageInPlace(live), undefined);
      assert.equal(imageInPlace(copied), undefined);
      assert.equal(imageInPlace(db), undefined);
    } finally {
      live.close();
      copied.close();
    }
  });
});

