/**
 * A database image copied out a slice at a time: SQLite's online backup into a second in-memory
 * database whose file is a buffer allocated here at the image's size, which sql.js's file system
 * keeps as it is (a Node Buffer is stored as a view, and writes that stay within a file's size go
 * in place), so the copy costs one image, as `export()` does, while reads can run between the
 * slices (`export()` copies it in one call: 2.5 to 3 s on the Linux kernel's 1.9 GB index).
 */
import { imageProblem, statesItsSize } from './image-check.js';
import { emptyImage } from './image-file.js';
import { loadSqlJs, type SqliteDb } from './sqlite.js';

/** What this uses of sql.js beyond its typings: SQLite's backup API and the raw handles. */
interface BackupDatabase {
  readonly db: number;
  exec(sql: string): unknown;
  close(): void;
}
interface BackupApi {
  readonly Database: new (bytes?: Uint8Array | null) => BackupDatabase;
  stringToNewUTF8(text: string): number;
  UTF8ToString(pointer: number): string;
  _free(pointer: number): void;
  _sqlite3_errmsg(db: number): number;
  _sqlite3_backup_init(target: number, targetName: number, source: number, sourceName: number): number;
  _sqlite3_backup_step(backup: number, pages: number): number;
  _sqlite3_backup_finish(backup: number): number;
}
const BACKUP_OK = 0;
const BACKUP_DONE = 101;

/**
 * The bytes of `db`'s file, as `export()` gives them but for the header's change counters and
 * schema cookie, copied `pagesPerSlice` pages at a time with `pause()` awaited between slices.
 * The caller must not write to `db` until this settles.
 */
export async function exportInSlices(db: SqliteDb, pagesPerSlice: number, pause: () => Promise<void>): Promise<Uint8Array> {
  if (db.inTransaction) throw new Error('cannot export a database inside a transaction');
  const SQL = (await loadSqlJs()) as unknown as BackupApi;
  const pageSize = Number(db.value('PRAGMA page_size'));
  const pages = Number(db.value('PRAGMA page_count'));
  const bytes = db.guard(() => Buffer.alloc(pages * pageSize));
  bytes.set(await emptyImage(pageSize));
  const target = new SQL.Database(bytes);
  const main = SQL.stringToNewUTF8('main');
  const failed = (rc?: number): Error =>
    new Error(`cannot copy the database: ${SQL.UTF8ToString(SQL._sqlite3_errmsg(target.db))}${rc === undefined ? '' : ` (code ${rc})`}`);
  try {
    target.exec('PRAGMA journal_mode = OFF');
    const backup = SQL._sqlite3_backup_init(target.db, main, db.handle, main);
    if (backup === 0) throw failed();
    let rc = BACKUP_OK;
    try {
      for (;;) {
        rc = db.guard(() => SQL._sqlite3_backup_step(backup, pagesPerSlice));
        if (rc !== BACKUP_OK) break;
        await pause();
        if (db.closed) throw new Error('database is closed');
      }
    } finally {
      const finished = SQL._sqlite3_backup_finish(backup);
      if (rc === BACKUP_DONE && finished !== BACKUP_OK) rc = finished;
    }
    if (rc !== BACKUP_DONE) throw failed(rc);
  } finally {
    SQL._free(main);
    target.close();
  }
  // The copy went to `bytes` only if its file kept that buffer: its header states their size.
  if (imageProblem(bytes) !== undefined || !statesItsSize(bytes)) {
    throw new Error('cannot copy the database: the copy did not land in its buffer');
  }
  return bytes;
}
