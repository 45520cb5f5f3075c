/**
 * Where an index lives on disk. Its own module, free of sql.js, so that the paths a light process
 * needs (the prompt hook, a CLI call answered by a daemon) can be named without loading the store.
 */

/** The index folder's default name. */
export const DEFAULT_INDEX_DIR = '.codegraph';

/**
 * The folder name `CODEGRAPH_INDEX_DIR` asks for: one plain name (letters, digits, `.`, `_`, `-`,
 * not `.` or `..`), else the default. It lets codegraph-wasm live beside another tool that keeps
 * its own index in `.codegraph/`.
 */
export function indexDirName(value: string | undefined): string {
  if (value === undefined || !/^[\w.-]+$/.test(value) || value === '.' || value === '..') return DEFAULT_INDEX_DIR;
  return value;
}

/** The folder, at a project's root, that holds its index (`CODEGRAPH_INDEX_DIR`, default `.codegraph`). */
export const INDEX_DIR = indexDirName(process.env['CODEGRAPH_INDEX_DIR']);
/** The database file inside INDEX_DIR. */
export const DATABASE_FILE = 'codegraph.db';
/** Beside the database: the row changes saved since it was written whole (see change-log-file.ts). */
export const CHANGE_LOG_FILE = 'codegraph.changes';
/** Beside the database: what `status` prints, tied to one database version (see status-snapshot.ts). */
export const STATUS_SNAPSHOT_FILE = 'status.json';
