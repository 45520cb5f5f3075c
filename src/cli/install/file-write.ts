/**
 * Reading and writing agent config files: atomic replacement (temporary file in the same folder,
 * then rename), and a copy of the original kept beside it the first time codegraph changes it.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
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
export async function readBackup(link: string): Promise<string | undefined> {
  return readText((await realpath(link).catch(() => link)) + BACKUP_SUFFIX);
}

/**
 * Replaces the file at `link` (or the file it links to) with `text` atomically, creating folders
 * as needed. With `backup`, an existing file is copied to `<file>.codegraph-backup` first, unless
 * an earlier change already kept one.
 */
export async function writeAtomic(link: string, text: string, backup = true): Promise<void> {
  // A config kept in a dotfiles repository is often a symlink: replace the file it points to.
  const path = await realpath(link).catch(() => link);
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
