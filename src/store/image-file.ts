/**
 * A database image written without a copy: sql.js's in-memory file system keeps adopted bytes
 * (a Node Buffer, as `SqliteDb.open` with `adopt` hands them over) as the database file and
 * writes within their length in place, so given zeroed room after the image to grow into, the
 * live file is the image a whole save writes (a copy of the Linux kernel's 1.9 GB image took 3 to
 * 5 s and as much memory again). Room never touched is never given memory.
 */
import { randomInt } from 'node:crypto';
import { SqliteDb } from './sqlite.js';

/** Where a database file keeps its user version and its page count (big-endian), in its header. */
const USER_VERSION_AT = 60;
const PAGE_COUNT_AT = 28;

/**
 * `db`'s file as it is, without a copy, while it is still the bytes `db` adopted; undefined when
 * the file outgrew them, or none were adopted (`export()` copies then). It tells by writing a
 * random `user_version` (no table row, nothing the index reads) and reading it back from them.
 * The bytes are the live file: nothing may write to `db` until they are used (`saveDatabase`
 * refuses them if a commit came meanwhile).
 */
export function imageInPlace(db: SqliteDb): Uint8Array | undefined {
  const file = db.adoptedFile;
  if (file === undefined || db.inTransaction) return undefined;
  const canary = randomInt(1, 2 ** 31 - 1);
  db.exec(`PRAGMA user_version = ${canary}`);
  const pages = Number(db.value('PRAGMA page_count'));
  const size = pages * Number(db.value('PRAGMA page_size'));
  if (size > file.length || file.readInt32BE(USER_VERSION_AT) !== canary || file.readUInt32BE(PAGE_COUNT_AT) !== pages) {
    db.forgetAdoptedFile();
    return undefined;
  }
  return file.subarray(0, size);
}

/**
 * A new empty database whose file is `room` zeroed bytes after its first page, adopted, so it
 * grows in place (`imageInPlace`). Without room where so much memory cannot be had.
 */
export async function createWithRoom(room: number): Promise<SqliteDb> {
  const first = await SqliteDb.open();
  let page: Uint8Array;
  try {
    // A write makes the one page a file needs to open; `user_version` is nothing the index reads.
    first.exec('PRAGMA user_version = 1');
    page = first.export();
  } finally {
    first.close();
  }
  let file: Buffer;
  try {
    file = Buffer.alloc(page.length + room);
  } catch (error) {
    if (error instanceof RangeError) return SqliteDb.open();
    throw error;
  }
  file.set(page);
  return SqliteDb.open(file, { adopt: true });
}
