/**
 * Where an index lives on disk. Its own module, free of sql.js, so that the paths a light process
 * needs (the prompt hook, a CLI call answered by a daemon) can be named without loading the store.
 */

/** The folder, at a project's root, that holds its index. */
export const INDEX_DIR = '.codegraph';
/** The database file inside INDEX_DIR. */
export const DATABASE_FILE = 'codegraph.db';
/** Beside the database: what `status` prints, tied to one database version (see status-snapshot.ts). */
export const STATUS_SNAPSHOT_FILE = 'status.json';
