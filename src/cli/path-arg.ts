/**
 * A folder named on the command line must exist before any command acts on it: a typo never
 * creates a folder or an empty index. The message suggests a sibling with a near name.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { didYouMean } from './suggest.js';
import { UsageError } from './usage.js';

/** The absolute folder `path` names (from `cwd`); throws `UsageError` when it is missing or a file. */
export function existingFolder(cwd: string, path: string): string {
  const absolute = resolve(cwd, path);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(absolute).isDirectory();
  } catch {
    throw new UsageError(`no folder ${absolute}; nothing was created${didYouMean(basename(absolute), siblings(absolute))}`);
  }
  if (!isDirectory) throw new UsageError(`${absolute} is a file, not a folder; give the project's folder`);
  return absolute;
}

/** The folders beside `path` (empty when its parent cannot be read). */
function siblings(path: string): string[] {
  try {
    return readdirSync(dirname(path), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
}
