/**
 * Temporary folders for end-to-end tests: a plain folder that is not a codegraph project, and a
 * folder that counts as indexed because it holds `.codegraph/codegraph.db` (an empty file is
 * enough for the server's "is this project indexed" check; nothing reads it yet).
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Creates an empty temporary folder and returns its real absolute path. */
export async function makeTempDir(prefix = 'codegraph-e2e-'): Promise<string> {
  // realpath: macOS and some CI images put tmpdir behind a symlink; the server reports real paths.
  return realpath(await mkdtemp(join(tmpdir(), prefix)));
}

/** Creates a temporary folder that the server treats as an indexed project. */
export async function makeIndexedProject(prefix = 'codegraph-indexed-'): Promise<string> {
  const root = await makeTempDir(prefix);
  await mkdir(join(root, '.codegraph'), { recursive: true });
  await writeFile(join(root, '.codegraph', 'codegraph.db'), '');
  return root;
}

/** Removes a folder made by this module; never throws for a folder that is already gone. */
export async function removeDir(path: string): Promise<void> {
  // Retried: a project's daemon may still write its last file into `.codegraph/` as the folder goes (ENOTEMPTY).
  await rm(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}
