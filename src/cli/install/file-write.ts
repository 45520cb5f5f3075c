/**
 * Reading and writing agent config files: atomic replacement (temporary file in the same folder,
 * then rename), and a copy of the original kept beside it the first time codegraph changes it.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Suffix of the copy kept the first time a file is changed. */
export const BACKUP_SUFFIX = '.codegraph-backup';

/** A file's text, or undefined when it does not exist. */
export async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The first-time backup's text, if one was kept. */
export async function readBackup(path: string): Promise<string | undefined> {
  return readText(path + BACKUP_SUFFIX);
}

/**
 * Replaces `path` with `text` atomically, creating folders as needed. With `backup`, an existing
 * file is copied to `<path>.codegraph-backup` first, unless an earlier change already kept one.
 */
export async function writeAtomic(path: string, text: string, backup = true): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  if (backup && existsSync(path) && !existsSync(path + BACKUP_SUFFIX)) await copyFile(path, path + BACKUP_SUFFIX);
  const temp = `${path}.codegraph-${process.pid}.tmp`;
  try {
    await writeFile(temp, text, 'utf8');
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
}

/** Deletes a file codegraph created (nothing of the user's was in it). */
export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
