/**
 * What install changed, kept in the user's state folder (never beside the user's files): for each
 * file it changed, the original bytes (or that there was no file) and the folders it had to
 * create. Uninstall reads the record to give back the exact original bytes and remove the folders,
 * then deletes the record; the records' own folder goes when the last one does.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, readdir, rm, rmdir, writeFile, rename } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** One changed file. */
export interface InstallRecord {
  /** The real path of the file (a linked config is recorded by its target). */
  readonly path: string;
  /** Its text before the first change, or null when install created it. */
  readonly original: string | null;
  /** Folders install created for it, deepest first. */
  readonly createdFolders: readonly string[];
}

/** Where the records live: `<state>/install-records/`, one JSON file per changed file. */
export function recordsDir(stateDir: string): string {
  return join(stateDir, 'install-records');
}

function recordPath(stateDir: string, path: string): string {
  return join(recordsDir(stateDir), `${createHash('sha256').update(path).digest('hex').slice(0, 32)}.json`);
}

/** The record of `path`, if install changed it. */
export async function readRecord(stateDir: string, path: string): Promise<InstallRecord | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(recordPath(stateDir, path), 'utf8'));
    if (!isRecord(parsed) || parsed.path !== path) return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}

/**
 * Records `path`'s state before install first changes it; an existing record is kept (it holds
 * the state before the first install). The folders that do not exist yet are listed, deepest first.
 */
export async function recordBefore(stateDir: string, path: string, original: string | undefined): Promise<void> {
  if ((await readRecord(stateDir, path)) !== undefined) return;
  const record: InstallRecord = { path, original: original ?? null, createdFolders: missingFolders(dirname(path)) };
  const file = recordPath(stateDir, path);
  const created = missingFolders(dirname(file));
  // The originals may hold the user's tokens (an agent's config often does): only the user reads them.
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await chmod(dirname(file), 0o700);
  // The state folders made here are removed with the last record, like the config folders.
  if (created.length > 0) await writeFile(join(dirname(file), 'created-folders.json'), `${JSON.stringify(created)}\n`, { flag: 'wx', mode: 0o600 }).catch(() => undefined);
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(record)}\n`, { encoding: 'utf8', mode: 0o600 });
  await rename(temp, file);
}

/** Deletes `path`'s record; with it the records folder and the state folders made for it, when empty. */
export async function forgetRecord(stateDir: string, path: string): Promise<void> {
  await rm(recordPath(stateDir, path), { force: true });
  const dir = recordsDir(stateDir);
  const left = await readdir(dir).catch(() => [] as string[]);
  if (left.some((name) => name.endsWith('.json') && name !== 'created-folders.json')) return;
  let created: string[] = [];
  try {
    created = JSON.parse(await readFile(join(dir, 'created-folders.json'), 'utf8')) as string[];
  } catch {
    created = [];
  }
  await rm(join(dir, 'created-folders.json'), { force: true });
  await removeEmptyFolders([dir, ...created.filter((f) => f !== dir)]);
}

/** Removes each folder that is empty, in order (deepest first); a folder that is not empty stays. */
export async function removeEmptyFolders(folders: readonly string[]): Promise<void> {
  for (const folder of folders) await rmdir(folder).catch(() => undefined);
}

/** `dir` and its ancestors that do not exist, deepest first. */
function missingFolders(dir: string): string[] {
  const missing: string[] = [];
  let current = dir;
  while (!existsSync(current)) {
    missing.push(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return missing;
}

function isRecord(value: unknown): value is InstallRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['path'] === 'string' && (v['original'] === null || typeof v['original'] === 'string') && Array.isArray(v['createdFolders']) && v['createdFolders'].every((f) => typeof f === 'string');
}
