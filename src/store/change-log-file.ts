/**
 * The change log file beside the database (`codegraph.changes`): records appended in place, each
 * fsynced before the save counts as done. A process killed while appending leaves a cut-short
 * last record, which readers skip (change-record.ts) and the next writer cuts off before it
 * appends. A save of the whole image removes the file after the new image is renamed into place;
 * until then the old log names the old image's generation and no reader uses it with the new one.
 */
import { constants, statSync } from 'node:fs';
import { lstat, open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { CHANGE_LOG_FILE } from './layout.js';

/** Identity of one version of the change log, and where its sound records end. */
export interface LogStamp {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  /** Bytes of sound records for the base it was read with: where the next record goes. */
  readonly validBytes: number;
}

/** An open change log, opened before the base image is read (see saved-index.ts for why). */
export interface OpenedLog {
  readonly handle: FileHandle;
  readonly path: string;
}

/**
 * The log is never opened through a symbolic link: one planted in a cloned `.codegraph/` could
 * otherwise make a save append to (or cut) whatever file it names.
 */
const NO_FOLLOW = constants.O_NOFOLLOW;

/**
 * Opens `<dir>/codegraph.changes` for reading, or undefined when there is none, or when a
 * symbolic link or anything but a file is in its place (no log is used then; a save replaces it).
 */
export async function openChangeLog(dir: string): Promise<OpenedLog | undefined> {
  const path = join(dir, CHANGE_LOG_FILE);
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ELOOP') return undefined;
    throw error;
  }
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    return undefined;
  }
  return { handle, path };
}

/** The log's bytes as they are now, with the identity of the version read. */
export async function readChangeLog(log: OpenedLog): Promise<{ bytes: Uint8Array; size: number; mtimeMs: number; ino: number }> {
  const info = await log.handle.stat();
  const bytes = Buffer.allocUnsafe(info.size);
  let at = 0;
  while (at < info.size) {
    const { bytesRead } = await log.handle.read(bytes, at, info.size - at, at);
    if (bytesRead === 0) break;
    at += bytesRead;
  }
  return { bytes: bytes.subarray(0, at), size: at, mtimeMs: info.mtimeMs, ino: info.ino };
}

/**
 * Writes `record` at `validBytes` of `<dir>/codegraph.changes` (made when missing, cut there
 * when longer: a torn or stale tail) and fsyncs it; returns the log's new stamp. Throws when the
 * file is shorter than `validBytes`, which means another writer changed it: the caller saves
 * the whole image instead.
 */
export async function appendChangeRecord(dir: string, validBytes: number, record: Uint8Array): Promise<LogStamp> {
  const path = join(dir, CHANGE_LOG_FILE);
  const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | NO_FOLLOW | (validBytes === 0 ? constants.O_TRUNC : 0), 0o644);
  try {
    const info = await handle.stat();
    // Left as it is: cutting it back to `validBytes` would lengthen another writer's file.
    if (info.size < validBytes) throw new Error(`${path} is shorter than this writer left it; it was changed by another process`);
    try {
      if (info.size > validBytes) await handle.truncate(validBytes);
      let at = 0;
      while (at < record.length) {
        const { bytesWritten } = await handle.write(record, at, record.length - at, validBytes + at);
        at += bytesWritten;
      }
      await handle.sync();
    } catch (error) {
      // Leave no half record behind for the next append to follow.
      await handle.truncate(validBytes).catch(() => undefined);
      throw error;
    }
    const after = await handle.stat();
    return { path, size: after.size, mtimeMs: after.mtimeMs, ino: after.ino, validBytes: validBytes + record.length };
  } finally {
    await handle.close();
  }
}

/**
 * Throws, saying what to do, when something other than a file or a symbolic link is where the
 * log goes (a folder): a whole save checks this before it writes the image, so it never writes
 * an image whose old log it then cannot remove.
 */
export async function checkChangeLogPlace(dir: string): Promise<void> {
  const path = join(dir, CHANGE_LOG_FILE);
  const info = await lstat(path).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  });
  if (info !== undefined && !info.isFile() && !info.isSymbolicLink()) throw new Error(`${path} is not a file this index wrote; remove it and run the command again`);
}

/** Removes the change log (after a whole image was saved); no log is fine, and a symbolic link in its place is removed itself. */
export async function removeChangeLog(dir: string): Promise<void> {
  await unlink(join(dir, CHANGE_LOG_FILE)).catch((error: unknown) => {
    if (errorCode(error) !== 'ENOENT') throw error;
  });
}

/** True when the change log is not the version `stamp` describes (`undefined`: no log). */
export function logHasChanged(dir: string, stamp: Pick<LogStamp, 'size' | 'mtimeMs' | 'ino'> | undefined): boolean {
  let info;
  try {
    info = statSync(join(dir, CHANGE_LOG_FILE));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return stamp !== undefined;
    throw error;
  }
  return stamp === undefined || info.size !== stamp.size || info.mtimeMs !== stamp.mtimeMs || info.ino !== stamp.ino;
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
