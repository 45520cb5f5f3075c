/**
 * An index on disk is a base image (`codegraph.db`, written whole, persist.ts) and a change log
 * (`codegraph.changes`, change-log-file.ts) of the row changes saved since, each record naming
 * the base's generation. A save appends the changes a sync made when they are small beside the
 * base, and writes the image whole otherwise, which starts a new generation and removes the log.
 *
 * Crash safety: an append is fsynced before the save counts as done, and a torn append is
 * skipped by readers and cut off by the next writer. A whole save renames the new image (new
 * generation) into place before it removes the log, so a kill in between leaves a log of the old
 * generation, which no reader applies to the new image. In every case the files hold a state the
 * index really had; a later sync catches up from the project's files.
 *
 * Readers open the log before they read the base: if a writer saves whole meanwhile, they hold
 * either the old log with the old or new base (the old log is ignored with the new base), or the
 * new state; never a base without changes that were already saved in a log they missed.
 */
import { appendChangeRecord, checkChangeLogPlace, openChangeLog, readChangeLog, removeChangeLog, type LogStamp } from './change-log-file.js';
import { randomBytes } from 'node:crypto';
import { captureChanges, forgetChanges, imageGeneration, isCapturing, recordedBytes, recordedChanges, replayChanges, startImageGeneration, stopCapture } from './change-log.js';
import { decodeChangeLog, encodeChangeRecord } from './change-record.js';
import { exportInSlices } from './image-copy.js';
import { statesItsSize } from './image-check.js';
import { imageInPlace } from './image-file.js';
import { loadDatabase, saveDatabase, syncDirectory, type DatabaseStamp } from './persist.js';
import { SqliteDb } from './sqlite.js';

/**
 * A log may grow to this share of the base image before the next save writes the image whole.
 * Replay is far slower per byte than loading an image: on django (an 11 MB image, in the page
 * cache) opening the image took 3.8 ms and replaying a 1.4 MB log of three edits 74 ms more
 * (19 MB/s, median of 7), while the Linux kernel's 1.6 GB image is read at about 400 MB/s. At 5 %
 * a log replays in about the time its image takes to read.
 */
export const LOG_SHARE_OF_BASE = 0.05;
/**
 * A log may always grow to this size, however small the image: replaying a mebibyte takes
 * milliseconds, and small projects then save edits the same way as large ones.
 */
export const LOG_FLOOR_BYTES = 2 ** 20;
/**
 * How many times its usual limit a log may reach for a writer that writes the image whole once
 * no query has come for a while (`IndexSession`'s `compactWhenQuietMs`, a daemon): the save that
 * passes the usual limit then appends too, and the whole copy (2.5 s of a query's wait, and a
 * second image in memory, on the Linux kernel) waits for a quiet moment. Past this the save writes
 * the image whole at once; replay at the next load then takes about twice the image's own read.
 */
export const QUIET_WRITER_LOG_LIMITS = 2;

/** The bytes a log may reach beside an image of `imageBytes`, times `limits` (1: the usual limit). */
export function logLimit(imageBytes: number, limits = 1): number {
  return limits * Math.max(LOG_FLOOR_BYTES, LOG_SHARE_OF_BASE * imageBytes);
}

/** Whether the index `stamp` describes has a log past its usual limit: its image is due to be written whole. */
export function logPastLimit(stamp: DatabaseStamp): boolean {
  return (stamp.log?.validBytes ?? 0) > logLimit(stamp.size);
}

/**
 * Zeroed room read after an image of `size` bytes for the database to grow into: while its file
 * stays within it, a whole save writes the image as it is in memory instead of a copy of it
 * (image-file.ts). A quarter of the image, at least 64 MiB, within 2 GiB in all (sql.js's images
 * stop near there, `DEFAULT_MAX_DATABASE_BYTES`). Room never touched is never given memory.
 */
export function roomFor(size: number): number {
  return Math.max(0, Math.min(2 ** 31 - size, Math.max(2 ** 26, Math.floor(size / 4))));
}

/** A saved index opened: the base image with its change log replayed. */
export interface OpenedDatabase {
  readonly db: SqliteDb;
  /** The base file's stamp, with the log's (where its sound records end) when there was one. */
  readonly stamp: DatabaseStamp;
  /** Bytes read: the base and the log. */
  readonly bytes: number;
  /** Log records applied. */
  readonly replayed: number;
}

/**
 * Opens `<dir>`'s saved index, or returns undefined when there is none. Throws
 * `CorruptIndexError` when the base image is damaged; a damaged or stale log only stops the
 * replay where it stops being sound.
 */
export async function openSavedDatabase(dir: string): Promise<OpenedDatabase | undefined> {
  const log = await openChangeLog(dir);
  try {
    const loaded = await loadDatabase(dir, roomFor);
    if (loaded === undefined) return undefined;
    const db = await SqliteDb.open(statesItsSize(loaded.bytes) ? loaded.buffer : loaded.bytes, { adopt: true });
    const generation = imageGeneration(db);
    if (log === undefined) return { db, stamp: { ...loaded.stamp, generation }, bytes: loaded.stamp.size, replayed: 0 };
    try {
      const read = await readChangeLog(log);
      const decoded = generation === undefined ? undefined : decodeChangeLog(read.bytes, generation);
      const records = decoded?.records ?? [];
      const replayed = replayChanges(db, records);
      const validBytes = replayed === 0 ? 0 : records[replayed - 1]!.end;
      const logStamp: LogStamp = { path: log.path, size: read.size, mtimeMs: read.mtimeMs, ino: read.ino, validBytes };
      return { db, stamp: { ...loaded.stamp, generation, log: logStamp }, bytes: loaded.stamp.size + read.size, replayed };
    } catch (error) {
      db.close();
      throw error;
    }
  } finally {
    await log?.handle.close();
  }
}

/**
 * Appends what `db` recorded since `saved` to the log and forgets it; returns the new stamp, or
 * undefined, writing nothing, when the changes may not be appended: `db` does not record them
 * against the generation of the image on disk, or the log would pass `limits` times LOG_SHARE_OF_BASE
 * of the image (or LOG_FLOOR_BYTES), or `CODEGRAPH_CHANGE_LOG=0` asks for whole images (one file, as
 * before logs). On failure nothing is forgotten and the log is as it was; either way the caller
 * can save the image whole.
 */
export async function appendChanges(dir: string, db: SqliteDb, saved: DatabaseStamp, limits = 1): Promise<DatabaseStamp | undefined> {
  if (!mayAppend(db, saved, limits)) return undefined;
  const { changes, through } = recordedChanges(db);
  const validBytes = saved.log?.validBytes ?? 0;
  const log = await appendChangeRecord(dir, validBytes, encodeChangeRecord(saved.generation!, changes));
  if (validBytes === 0) await syncDirectory(dir);
  forgetChanges(db, through);
  return { ...saved, log };
}

function mayAppend(db: SqliteDb, saved: DatabaseStamp, limits: number): boolean {
  if (process.env['CODEGRAPH_CHANGE_LOG'] === '0') return false;
  if (saved.generation === undefined || !isCapturing(db) || imageGeneration(db) !== saved.generation) return false;
  return (saved.log?.validBytes ?? 0) + recordedBytes(db) <= logLimit(saved.size, limits);
}

/**
 * The bytes of `db` as a new generation of the image, after which its changes are recorded
 * against that generation: nothing recorded before is needed, the image holds it. They are the
 * live file when the database still fits the bytes it was opened from (image-file.ts):
 * nothing may write to it until they are saved.
 */
export function exportNewGeneration(db: SqliteDb): Uint8Array {
  return startNewGeneration(db) ?? db.export();
}

/**
 * Names a new generation in `db` and records its changes from there (the image to save holds
 * what was recorded before); returns the live file when it can be saved as it is (image-file.ts).
 */
function startNewGeneration(db: SqliteDb): Uint8Array | undefined {
  if (isCapturing(db)) stopCapture(db);
  startImageGeneration(db, randomBytes(12).toString('hex'));
  const inPlace = imageInPlace(db);
  // The capture is temporary tables and triggers: the image written or copied next holds none.
  captureChanges(db);
  return inPlace;
}

/**
 * Pages copied between two pauses of `exportNewGenerationInSlices`. On the Linux kernel's 1.9 GB
 * index, 4,096 pages (16 MB) took at most 73 ms, and the whole copy 5.2 s against 3.0 s for
 * `export()` in one call; 16,384 pages took up to 238 ms each.
 */
export const EXPORT_SLICE_PAGES = 4096;

/**
 * What `exportNewGeneration` gives: the live file when it can, else copied a slice at a time
 * (image-copy.ts) with `between()` awaited between slices. `alone` runs the switch to the new
 * generation, which changes the capture's triggers and must not overlap a read, after
 * `check()`. The caller writes nothing until the bytes are saved.
 */
export async function exportNewGenerationInSlices(
  db: SqliteDb, alone: <T>(fn: () => T) => Promise<T>, between: () => Promise<void>, check: () => void, pagesPerSlice = EXPORT_SLICE_PAGES,
): Promise<Uint8Array> {
  const inPlace = await alone(() => {
    check();
    return startNewGeneration(db);
  });
  return inPlace ?? exportInSlices(db, pagesPerSlice, between);
}

/**
 * Saves `bytes` (from `exportNewGeneration`, which named `generation`) as the new base image
 * and then removes the log of the old one; returns the new stamp.
 */
export async function saveWholeImage(dir: string, bytes: Uint8Array, generation: string | undefined): Promise<DatabaseStamp> {
  await checkChangeLogPlace(dir);
  const stamp = await saveDatabase(dir, bytes);
  await removeChangeLog(dir);
  return { ...stamp, generation };
}
