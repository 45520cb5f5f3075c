/**
 * Reading and writing agent config files: atomic replacement (a temporary file in the same
 * folder, read back and checked, then renamed over the file). Nothing else is left beside them.
 */
import { chmod, mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A file's text, or undefined when it does not exist. */
export async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The file a path names, through any links (the path itself when it does not exist). */
export async function realPathOf(link: string): Promise<string> {
  return realpath(link).catch(() => link);
}

/**
 * Replaces the file at `link` (or the file it links to) with `text` atomically, creating folders
 * as needed: the new text goes to a temporary file beside it, is read back and compared, and only
 * then renamed over the file. The temporary file never outlives the call.
 */
export async function writeAtomic(link: string, text: string): Promise<void> {
  // A config kept in a dotfiles repository is often a symlink: replace the file it points to.
  const path = await realPathOf(link);
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.codegraph-${process.pid}.tmp`;
  // A replaced file keeps its permissions (a private config stays private) and the temporary file
  // is private until then; a new file gets the usual mode for the user's umask.
  const mode = await stat(path).then((s) => s.mode & 0o7777, () => undefined);
  try {
    await writeFile(temp, text, mode === undefined ? 'utf8' : { encoding: 'utf8', mode: 0o600 });
    if ((await readFile(temp, 'utf8')) !== text) throw new Error('the written text did not read back the same (disk full?)');
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
}

/** Deletes a file codegraph created (nothing of the user's was in it). */
export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
