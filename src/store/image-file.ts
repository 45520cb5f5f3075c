/**
 * A database image written without a copy: sql.js's in-memory file system keeps adopted bytes
 * (a Node Buffer, as `SqliteDb.open` with `adopt` hands them over) as the database file and
 * writes within their length in place, so given zeroed room after the image to grow into, the
 * live file is the image a whole save writes (a copy of the Linux kernel's 1.9 GB image took 3 to
 * 5 s and as much memory again). Room never touched is never given memory.
 */
import { randomInt } from 'node:crypto';
import { HEADER, headerField } from './image-check.js';
import { zeroedOrNone } from './persist.js';
import { SqliteDb } from './sqlite.js';

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
  if (size > file.length || headerField(file, HEADER.userVersion) !== canary || headerField(file, HEADER.pageCount) !== pages) {
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
  const page = await emptyImage();
  const file = zeroedOrNone(page.length + room);
  if (file === undefined) return SqliteDb.open();
  file.set(page);
  return SqliteDb.open(file, { adopt: true });
}

const emptyImages = new Map<number, Promise<Uint8Array>>();

/**
 * The one page of an empty database of `pageSize`: a file that opens, which a buffer to grow
 * into (`createWithRoom`) or to copy into (image-copy.ts) starts with.
 */
export function emptyImage(pageSize = 4096): Promise<Uint8Array> {
  let image = emptyImages.get(pageSize);
  if (image === undefined) {
    image = (async () => {
      const db = await SqliteDb.open();
      try {
        // A write makes the page; `user_version` is nothing the index reads.
        db.exec(`PRAGMA page_size = ${pageSize}; PRAGMA user_version = 1; PRAGMA user_version = 0`);
        return db.export();
      } finally {
        db.close();
      }
    })();
    image.catch(() => emptyImages.delete(pageSize));
    emptyImages.set(pageSize, image);
  }
  return image;
}
