/**
 * Saving and loading `.codegraph/codegraph.db` so that a process killed at any moment leaves the
 * previous or the new database, never a torn one: write a private temp file, fsync it, rename it
 * over the database (atomic on POSIX), then fsync the directory so the rename itself is durable.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, link, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { logHasChanged, type LogStamp } from './change-log-file.js';
import { CorruptIndexError } from './errors.js';
import { HEADER, headerField, imageProblem } from './image-check.js';
import { isProcessAlive } from './lock.js';

import { DATABASE_FILE } from './layout.js';

/** Temp files of a writer whose pid still runs are left alone unless older than this. */
const STALE_TEMP_AGE_MS = 60 * 60 * 1000;

/**
 * A database is read as this many slices at once, one large read each. Node's `readFile` reads
 * 512 KiB at a time, one after another: on the Linux kernel's 1.83 GB index (in the page cache,
 * two cores) that took 3.8 to 6.5 s, one read loop 3.3 to 4.3 s, and four slices at once 1.35 to
 * 1.44 s (libuv runs four reads at a time by default; 8 slices took 1.8 to 2.0 s). django's 11 MB:
 * 17 to 20 ms, 12 to 13 ms.
 */
const READ_SLICES = 4;
/** Slices start on this boundary. */
const SLICE_ALIGN = 64 * 1024;
/** The most one read call asks for (Node refuses more than 2 GiB). */
const MAX_READ = 1 << 30;

/** Temp files of the database and of its status snapshot (status-snapshot.ts). */
const TEMP_PATTERN = /^(?:codegraph\.db|status\.json)\.tmp-(\d+)-[0-9a-f]+$/;

/** Identity of one version of the database file, for cheap change detection by readers. */
export interface DatabaseStamp {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  /** The generation the image names (saved-index.ts); undefined for an image without one. */
  readonly generation?: string | undefined;
  /** The change log read with it (saved-index.ts); undefined when there was none. */
  readonly log?: LogStamp | undefined;
}

/** What `hasChanged` compares: the image's identity, and the change log's when one was read. */
export type FileVersions = Pick<DatabaseStamp, 'path' | 'size' | 'mtimeMs' | 'ino'> & { readonly log?: FileVersion | undefined };
type FileVersion = Pick<LogStamp, 'size' | 'mtimeMs' | 'ino'>;

/** A loaded database and the stamp of the exact file version its bytes came from. */
export interface LoadedDatabase {
  readonly bytes: Uint8Array;
  /** The memory `bytes` were read into: they, then the zeroed room asked for (`bytes` itself without). */
  readonly buffer: Uint8Array;
  readonly stamp: DatabaseStamp;
}

/**
 * Atomically replaces `<dir>/codegraph.db` with `bytes` and returns the new file's stamp. Stale
 * temp files left by killed writers are removed first. `dir` must exist: a folder deleted while a
 * sync ran stays deleted (the write fails with ENOENT) rather than being made again.
 */
export async function saveDatabase(dir: string, bytes: Uint8Array): Promise<DatabaseStamp> {
  // `bytes` may be the live file of the open database (`imageInPlace`, image-file.ts): a commit while
  // they are written would tear them, and changes the counter, so the write is not renamed then.
  const counter = headerField(bytes, HEADER.changeCounter);
  const changed = (): boolean => headerField(bytes, HEADER.changeCounter) !== counter;
  await cleanStaleTempFiles(dir);
  const target = join(dir, DATABASE_FILE);
  const temp = join(dir, `${DATABASE_FILE}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
  const handle = await open(temp, 'wx', 0o644);
  let renamed = false;
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (changed()) throw new Error('the index changed while its image was written; it is saved again by the next sync');
    await rename(temp, target);
    renamed = true;
    await syncDirectory(dir);
  } finally {
    if (!renamed) await unlink(temp).catch(() => undefined);
  }
  return stampOf(target);
}

/**
 * Reads `<dir>/codegraph.db`, or returns undefined when there is none yet (or it is empty);
 * throws `CorruptIndexError` when the file cannot be a sound database. `room(size)` zeroed bytes
 * follow the image in the memory it is read into (`LoadedDatabase.buffer`).
 */
export async function loadDatabase(dir: string, room: (size: number) => number = () => 0): Promise<LoadedDatabase | undefined> {
  const loaded = await readDatabaseFile(dir, room);
  const problem = loaded === undefined ? undefined : imageProblem(loaded.bytes);
  if (problem !== undefined) throw new CorruptIndexError(problem, loaded?.stamp.path);
  return loaded;
}

/**
 * The bytes of `<dir>/codegraph.db` as they are, or undefined when there is none (or it is
 * empty). The stamp is taken from the same open file, so it describes exactly the bytes returned
 * even if a writer renames a new version in meanwhile.
 */
export async function readDatabaseFile(dir: string, room: (size: number) => number = () => 0): Promise<LoadedDatabase | undefined> {
  await cleanStaleTempFiles(dir).catch(() => 0);
  const path = join(dir, DATABASE_FILE);
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new CorruptIndexError('a directory or other non-file is in its place', path);
    // An empty file is what a crash before the first save can leave: no index yet.
    if (info.size === 0) return undefined;
    const spare = Math.max(0, Math.floor(room(info.size)));
    const buffer = await readWhole(handle, info.size, path, spare);
    return {
      bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, info.size),
      buffer: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength),
      stamp: { path, size: info.size, mtimeMs: info.mtimeMs, ino: info.ino },
    };
  } finally {
    await handle.close();
  }
}

/**
 * The first `size` bytes of an open file, read as `READ_SLICES` slices at once, followed by
 * `spare` zeroed bytes (allocated zeroed, which the system maps lazily: room untouched costs no memory).
 */
async function readWhole(handle: FileHandle, size: number, path: string, spare = 0): Promise<Buffer> {
  const bytes = (spare > 0 ? zeroedOrNone(size + spare) : undefined) ?? Buffer.allocUnsafeSlow(size);
  const slice = Math.max(SLICE_ALIGN, Math.ceil(size / READ_SLICES / SLICE_ALIGN) * SLICE_ALIGN);
  const reads: Promise<void>[] = [];
  for (let start = 0; start < size; start += slice) {
    const end = Math.min(size, start + slice);
    reads.push((async () => {
      for (let at = start; at < end;) {
        const { bytesRead } = await handle.read(bytes, at, Math.min(end - at, MAX_READ), at);
        if (bytesRead === 0) throw new Error(`${path} ended at byte ${at} of ${size} while it was read; run the command again`);
        at += bytesRead;
      }
    })());
  }
  // Every read settles before the caller closes the handle.
  const failed = (await Promise.allSettled(reads)).find((r) => r.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return bytes;
}

/**
 * `size` zeroed bytes, or undefined where so much cannot be had: room for an image to grow into,
 * which a caller then does without (the system maps zeroed memory lazily: room untouched costs none).
 */
export function zeroedOrNone(size: number): Buffer | undefined {
  try {
    return Buffer.alloc(size);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/**
 * True when the database file or its change log is no longer the version `stamp` describes
 * (replaced, appended to or deleted). Every query asks this; a stat on the thread pool added
 * about 0.2 ms of latency to each HTTP search on django, so it stats in place.
 */
export async function hasChanged(stamp: FileVersions): Promise<boolean> {
  try {
    const current = statSync(stamp.path);
    if (current.size !== stamp.size || current.mtimeMs !== stamp.mtimeMs || current.ino !== stamp.ino) return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return true;
    throw error;
  }
  return logHasChanged(dirname(stamp.path), stamp.log);
}

/**
 * Deletes temp files whose writer is gone (dead pid) or that are older than an hour; returns how
 * many were removed. Our own process's temp files are in flight and never touched.
 */
export async function cleanStaleTempFiles(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const match = TEMP_PATTERN.exec(name);
    if (match === null) continue;
    const pid = Number(match[1]);
    if (pid === process.pid) continue;
    const path = join(dir, name);
    let stale = !isProcessAlive(pid);
    if (!stale) {
      const info = await stat(path).catch(() => undefined);
      stale = info !== undefined && Date.now() - info.mtimeMs > STALE_TEMP_AGE_MS;
    }
    if (stale && (await unlink(path).then(() => true, () => false))) removed += 1;
  }
  return removed;
}

async function stampOf(path: string): Promise<DatabaseStamp> {
  const info = await stat(path);
  return { path, size: info.size, mtimeMs: info.mtimeMs, ino: info.ino };
}

/** Makes the rename durable; some platforms cannot open or fsync a directory, which is harmless there. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EPERM' && code !== 'EBADF' && code !== 'EACCES') throw error;
  } finally {
    await handle?.close();
  }
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Keeps a damaged `<dir>/codegraph.db` for inspection as `codegraph.db.corrupt-<time>` and
 * returns that name. A file gets a second name (a hard link, else a copy) and stays in place
 * until the rebuilt database is renamed over it, so the project never looks unindexed meanwhile;
 * a directory in its place is moved, as nothing could be renamed over it.
 */
export async function keepDamagedDatabase(dir: string, label: 'corrupt' | 'foreign' = 'corrupt'): Promise<string> {
  const name = `${DATABASE_FILE}.${label}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const target = join(dir, DATABASE_FILE);
  const aside = join(dir, name);
  if ((await stat(target)).isDirectory()) await rename(target, aside);
  else await link(target, aside).catch(() => copyFile(target, aside));
  return name;
}
