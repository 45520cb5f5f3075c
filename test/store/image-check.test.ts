import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CorruptIndexError } from '../../src/store/errors.js';
import { headerField, HEADER, imageProblem, statesItsSize } from '../../src/store/image-check.js';
import { SqliteDb } from '../../src/store/sqlite.js';

async function soundImage(): Promise<Uint8Array> {
  const db = await SqliteDb.open();
  db.exec('CREATE TABLE t (a TEXT)');
  for (let i = 0; i < 200; i++) db.run('INSERT INTO t VALUES (?)', ['x'.repeat(200)]);
  const bytes = db.export();
  db.close();
  return bytes;
}

test('imageProblem accepts a sound database image', async () => {
  assert.equal(imageProblem(await soundImage()), undefined);
});

test('imageProblem names what is wrong with a short, foreign, cut or padded image', async () => {
  const sound = await soundImage();
  const pageSize = (sound[16] ?? 0) * 256 + (sound[17] ?? 0);
  assert.match(imageProblem(sound.subarray(0, 50)) ?? '', /^50 bytes, shorter than a database header$/);
  assert.equal(imageProblem(new TextEncoder().encode('x'.repeat(4096))), 'not an SQLite database');
  assert.match(imageProblem(sound.subarray(0, pageSize + 10)) ?? '', /not a whole number of \d+-byte pages/);
  assert.match(imageProblem(sound.subarray(0, pageSize * 2)) ?? '', /^truncated: \d+ of \d+ bytes$/);
  const padded = new Uint8Array(sound.length + 7);
  padded.set(sound);
  assert.match(imageProblem(padded) ?? '', /truncated or padded/);
});

test('damage SQLite finds inside the pages surfaces as CorruptIndexError', async () => {
  const sound = await soundImage();
  const pageSize = (sound[16] ?? 0) * 256 + (sound[17] ?? 0);
  const broken = new Uint8Array(sound);
  // Page 2 onwards: the table's pages become noise while the header still holds up.
  for (let i = pageSize; i < broken.length; i++) broken[i] = (i * 7919) & 0xff;
  assert.equal(imageProblem(broken), undefined);
  const db = await SqliteDb.open(broken);
  try {
    assert.throws(() => db.all('SELECT count(*) AS n, max(a) AS m FROM t'), (error: unknown) => error instanceof CorruptIndexError && /malformed/.test(error.reason));
  } finally {
    db.close();
  }
});

test('statesItsSize: room may follow only an image whose header states its own size', async () => {
  const db = await SqliteDb.open();
  db.exec('CREATE TABLE t(v TEXT)');
  const image = db.export();
  db.close();
  assert.equal(statesItsSize(image), true);
  const longer = new Uint8Array(image.length + 4096);
  longer.set(image);
  assert.equal(statesItsSize(longer), false, 'a file longer than its header says');
  const stale = Uint8Array.from(image);
  stale[95] = (stale[95]! + 1) & 0xff;
  assert.equal(statesItsSize(stale), false, 'a size written at another change than the counter');
  assert.equal(statesItsSize(image.subarray(0, 50)), false);
});

test('headerField reads a big-endian field of the header, and 0 from bytes shorter than one', async () => {
  const image = await soundImage();
  const pages = image.length / 4096;
  assert.equal(headerField(image, HEADER.pageCount), pages);
  assert.equal(headerField(image.subarray(0, 99), HEADER.pageCount), 0);
});
