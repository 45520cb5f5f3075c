/**
 * Carries out file operations on disk: reads, checks, writes atomically, and records the state
 * before the first change in the user's state folder (install-record.ts). Uninstall gives back the
 * exact original bytes when nothing else changed since install, and otherwise cuts out only what
 * is ours; folders install created go with the files it created.
 */
import { ConfigParseError, type FileOp } from './file-ops.js';
import { forgetRecord, readRecord, recordBefore, removeEmptyFolders } from './install-record.js';
import { ForeignEntryError } from './marker.js';
import { readText, realPathOf, removeFile, writeAtomic } from './file-write.js';

/** What happened to one file. */
export interface FileOutcome {
  readonly path: string;
  readonly what: string;
  readonly status: 'written' | 'unchanged' | 'removed' | 'restored' | 'absent' | 'kept' | 'error';
  /** For errors and kept files: why, naming the file (and line). */
  readonly message?: string;
  /** Folders install created for this file; emptied ones are removed once every file is done. */
  readonly createdFolders?: readonly string[];
}

/**
 * Installs into one file; a file that does not parse, or holds another tool's entry, is left
 * untouched and reported. `record` off (a refresh of what an install already wrote) keeps the
 * state folder as it is: a text that already holds our part is never recorded as the original.
 */
export async function installFile(op: FileOp, stateDir: string, force = false, record = true): Promise<FileOutcome> {
  try {
    const current = await readText(op.path);
    const before = current ?? '';
    const after = op.install(before, force);
    if (after === before && (before !== '' || op.owned !== true)) return { path: op.path, what: op.what, status: 'unchanged' };
    if (record) await recordBefore(stateDir, await realPathOf(op.path), current);
    await writeAtomic(op.path, after);
    return { path: op.path, what: op.what, status: 'written' };
  } catch (error) {
    return failure(op, error);
  }
}

/**
 * Removes what install wrote. When the file is exactly what installing into its recorded original
 * gives, the original comes back (or the file and the folders made for it go); otherwise only
 * our entry is cut out of the current text, and a file left with nothing else is removed.
 */
export async function uninstallFile(op: FileOp, stateDir: string): Promise<FileOutcome> {
  try {
    const real = await realPathOf(op.path);
    const current = await readText(op.path);
    const record = await readRecord(stateDir, real);
    if (current === undefined) {
      if (record !== undefined) await forgetRecord(stateDir, real);
      return { path: op.path, what: op.what, status: 'absent' };
    }
    if (record !== undefined && tryInstall(op, record.original ?? '') === current) {
      if (record.original === null) await removeFile(op.path);
      else await writeAtomic(op.path, record.original);
      await removeEmptyFolders(record.createdFolders);
      await forgetRecord(stateDir, real);
      return { path: op.path, what: op.what, status: record.original === null ? 'removed' : 'restored', createdFolders: record.createdFolders };
    }
    const next = op.uninstall(current, record?.original);
    if (next === current) {
      if (op.editedSinceInstall?.(current) === true) {
        await forgetRecord(stateDir, real);
        return { path: op.path, what: op.what, status: 'kept', message: 'edited since install; left in place (delete it yourself if you no longer want it)' };
      }
      return { path: op.path, what: op.what, status: 'unchanged' };
    }
    const createdByInstall = record?.original === null || (record === undefined && tryInstall(op, '') === current);
    if (op.isEmpty(next) && (createdByInstall || op.owned === true)) {
      await removeFile(op.path);
      if (record !== undefined) await removeEmptyFolders(record.createdFolders);
      await forgetRecord(stateDir, real);
      return { path: op.path, what: op.what, status: 'removed', ...(record === undefined ? {} : { createdFolders: record.createdFolders }) };
    }
    await writeAtomic(op.path, next);
    await forgetRecord(stateDir, real);
    return { path: op.path, what: op.what, status: 'written' };
  } catch (error) {
    return failure(op, error);
  }
}

function tryInstall(op: FileOp, text: string): string | undefined {
  try {
    return op.install(text, true);
  } catch {
    return undefined;
  }
}

function failure(op: FileOp, error: unknown): FileOutcome {
  if (error instanceof ConfigParseError) {
    return { path: op.path, what: op.what, status: 'error', message: `${op.path}:${error.line}: ${error.message.replace(/^line \d+: /, '')}; the file was left untouched` };
  }
  if (error instanceof ForeignEntryError) return { path: op.path, what: op.what, status: 'error', message: `${op.path} ${error.message}` };
  return { path: op.path, what: op.what, status: 'error', message: `${op.path}: ${error instanceof Error ? error.message : String(error)}; the file was left untouched` };
}
