/**
 * Local errors of the store. They never go on the wire: the CLI prints their message, the server
 * turns them into tool results. Each message says what to do next.
 */

/** Who holds the writer lock, as written in `.codegraph/writer.lock`. */
export interface LockOwner {
  readonly pid: number;
  readonly startedAt: string;
  readonly host: string;
  readonly command: string;
}

/** Another process holds the writer lock and did not release it within the wait. */
export class LockHeldError extends Error {
  override readonly name = 'LockHeldError';
  /** The lock's content, or undefined when the lock file could not be read. */
  readonly owner: LockOwner | undefined;

  constructor(message: string, owner: LockOwner | undefined) {
    super(message);
    this.owner = owner;
  }
}

/** The graph no longer fits in sql.js's memory (about 2 GiB of WASM heap) or in one database file. */
export class CapacityError extends Error {
  override readonly name = 'CapacityError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The database cannot be used by this build: wrong schema version or not a codegraph database. */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
}

/**
 * The index folder holds a database another tool wrote (same folder and file name, another
 * schema): it is never read as ours nor overwritten, unless the user forces a rebuild.
 */
export class ForeignIndexError extends Error {
  override readonly name = 'ForeignIndexError';
  readonly file: string;

  constructor(file: string) {
    super(
      `${file} was not written by codegraph-wasm (another tool's index?) and was left untouched. ` +
        'Run `codegraph init --force` to replace it (the old file is kept beside it), or keep both tools by giving this one ' +
        'its own folder: set CODEGRAPH_INDEX_DIR=.codegraph-wasm for codegraph and your agent (docs/cli.md)',
    );
    this.file = file;
  }
}

/**
 * The index file is damaged or is not a database: truncated, overwritten, a directory in its
 * place. `init` and `sync` move it aside and rebuild; everything else says so in one line.
 */
export class CorruptIndexError extends Error {
  override readonly name = 'CorruptIndexError';

  /** What is wrong with the file. */
  readonly reason: string;
  /** The damaged file, when known where the damage was found. */
  readonly path: string | undefined;

  constructor(reason: string, path?: string) {
    super(`${path === undefined ? 'the index' : `the index ${path}`} is damaged (${reason}); run \`codegraph init\` in the project to rebuild it (the damaged file is kept as codegraph.db.corrupt-<time>)`);
    this.reason = reason;
    this.path = path;
  }
}
