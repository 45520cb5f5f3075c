/**
 * Carries out file operations on disk: reads, checks, writes atomically with a first-time backup,
 * and on uninstall gives back the exact original bytes when nothing else changed since install.
 */
import { rmdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigParseError, type FileOp } from './file-ops.js';
import { readBackup, readText, removeFile, writeAtomic } from './file-write.js';

/** What happened to one file. */
export interface FileOutcome {
  readonly path: string;
  readonly what: string;
  readonly status: 'written' | 'unchanged' | 'removed' | 'restored' | 'absent' | 'error';
  /** For errors: the message naming the file and line. */
  readonly message?: string;
}

/** Installs into one file; a file that does not parse is left untouched and reported. */
export async function installFile(op: FileOp): Promise<FileOutcome> {
  try {
    const before = (await readText(op.path)) ?? '';
    const after = op.install(before);
    if (after === before && (before !== '' || op.owned !== true)) return { path: op.path, what: op.what, status: 'unchanged' };
    await writeAtomic(op.path, after);
    return { path: op.path, what: op.what, status: 'written' };
  } catch (error) {
    return failure(op, error);
  }
}

/**
 * Removes what install wrote. When the file is exactly what installing into the kept backup (or
 * into nothing) gives, the backup's bytes come back (or the file goes); otherwise only the entry
 * is cut out of the current text.
 */
export async function uninstallFile(op: FileOp, removeEmptyFolders = false): Promise<FileOutcome> {
  try {
    const current = await readText(op.path);
    if (current === undefined) return { path: op.path, what: op.what, status: 'absent' };
    const backup = await readBackup(op.path);
    if (backup !== undefined && tryInstall(op, backup) === current && backup !== current) {
      await writeAtomic(op.path, backup, false);
      return { path: op.path, what: op.what, status: 'restored' };
    }
    const next = op.uninstall(current);
    const createdByInstall = tryInstall(op, '') === current;
    if (next === current && !createdByInstall) return { path: op.path, what: op.what, status: 'unchanged' };
    if (backup === undefined && (op.owned === true || createdByInstall || op.isEmpty(next))) {
      await removeFile(op.path);
      if (removeEmptyFolders) await removeEmptyParents(op.path, 3);
      return { path: op.path, what: op.what, status: 'removed' };
    }
    await writeAtomic(op.path, next, false);
    return { path: op.path, what: op.what, status: 'written' };
  } catch (error) {
    return failure(op, error);
  }
}

function tryInstall(op: FileOp, text: string): string | undefined {
  try {
    return op.install(text);
  } catch {
    return undefined;
  }
}

async function removeEmptyParents(path: string, levels: number): Promise<void> {
  let dir = dirname(path);
  for (let i = 0; i < levels; i++) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
    dir = dirname(dir);
  }
}

function failure(op: FileOp, error: unknown): FileOutcome {
  if (error instanceof ConfigParseError) {
    return { path: op.path, what: op.what, status: 'error', message: `${op.path}:${error.line}: ${error.message.replace(/^line \d+: /, '')}; the file was left untouched` };
  }
  return { path: op.path, what: op.what, status: 'error', message: `${op.path}: ${error instanceof Error ? error.message : String(error)}; the file was left untouched` };
}
