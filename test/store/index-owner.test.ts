import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ForeignIndexError } from '../../src/store/errors.js';
import { GraphStore } from '../../src/store/graph-store.js';
import { indexOwner } from '../../src/store/index-owner.js';
import { APPLICATION_ID, migrate } from '../../src/store/schema.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { foreignDatabaseBytes } from '../support/foreign-index.js';

const top = mkdtempSync(join(tmpdir(), 'codegraph-owner-'));
after(() => rmSync(top, { recursive: true, force: true }));
let n = 0;

/** An index folder holding `bytes` as its database (none when undefined). */
function folder(bytes?: Uint8Array | string): string {
  const dir = join(top, `d${n++}`);
  mkdirSync(dir);
  if (bytes !== undefined) writeFileSync(join(dir, 'codegraph.db'), bytes);
  return dir;
}

async function oursBytes(legacy = false): Promise<Uint8Array> {
  const db = await SqliteDb.open();
  assert.equal(migrate(db).kind, 'created');
  if (legacy) db.exec('PRAGMA application_id = 0');
  const bytes = db.export();
  db.close();
  return bytes;
}

test('a new index carries the application id in its header', async () => {
  const bytes = await oursBytes();
  assert.equal(Buffer.from(bytes).readUInt32BE(68), APPLICATION_ID);
  assert.equal(await indexOwner(folder(bytes)), 'ours');
});

test('an index from before the application id is still ours, and gets the id when opened', async () => {
  const bytes = await oursBytes(true);
  assert.equal(Buffer.from(bytes).readUInt32BE(68), 0);
  assert.equal(await indexOwner(folder(bytes)), 'ours');
  const db = await SqliteDb.open(bytes);
  const store = GraphStore.open(db);
  assert.equal(Number(db.value('PRAGMA application_id')), APPLICATION_ID);
  store.close();
});

test('another tool\'s database is foreign, with or without an application id of its own', async () => {
  assert.equal(await indexOwner(folder(await foreignDatabaseBytes())), 'foreign');
  assert.equal(await indexOwner(folder(await foreignDatabaseBytes(0x12345678))), 'foreign');
});

test('no file, an empty file or a file that is not a database has no owner (the damaged-index path reports it)', async () => {
  assert.equal(await indexOwner(folder()), 'none');
  assert.equal(await indexOwner(folder('')), 'none');
  assert.equal(await indexOwner(folder('not a database at all, just text that is long enough to fill a header of a hundred bytes.........')), 'none');
});

test('opening another tool\'s database as a store is refused, naming the file', async () => {
  const db = await SqliteDb.open(await foreignDatabaseBytes());
  assert.throws(() => GraphStore.open(db, { file: '/p/.codegraph/codegraph.db' }), (e: unknown) => e instanceof ForeignIndexError && e.message.startsWith('/p/.codegraph/codegraph.db was not written by codegraph-wasm'));
  db.close();
});
