/**
 * The one adapter to sql.js. Everything else in the store talks to `SqliteDb`, never to sql.js
 * objects, so statement lifetimes and out-of-memory handling live in a single place.
 */
import { createRequire } from 'node:module';
import initSqlJs from 'sql.js';
import type { Database, SqlJsStatic, Statement } from 'sql.js';
import { CorruptIndexError } from './errors.js';

/** A value SQLite can bind or return. */
export type SqlValue = number | string | Uint8Array | null;

/** Positional parameters for one statement. */
export type SqlParams = readonly SqlValue[];

/** A result row keyed by column name. */
export type SqlRow = Record<string, SqlValue>;

let sqlJsModule: Promise<SqlJsStatic> | undefined;

/**
 * Loads the sql.js WASM module once per process; later calls share the same instance.
 * The module is dropped after a WASM abort so the next call starts from a fresh heap.
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  if (sqlJsModule === undefined) {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('sql.js/dist/sql-wasm.wasm');
    sqlJsModule = initSqlJs({ locateFile: () => wasmPath });
    sqlJsModule.catch(() => {
      sqlJsModule = undefined;
    });
  }
  return sqlJsModule;
}

/**
 * True when an error thrown by sql.js means the WASM heap (or the JS buffer backing the in-memory
 * file) could not grow: SQLITE_NOMEM, an Emscripten abort, or a failed typed-array allocation.
 */
export function isOutOfMemoryError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_NOMEM') return true;
  if (error instanceof RangeError && /allocation failed|invalid (typed )?array length/i.test(error.message)) {
    return true;
  }
  return /out of memory|Aborted\(OOM\)|Cannot enlarge memory|memory access out of bounds/i.test(error.message);
}

/** True when the error is an Emscripten abort, after which the WASM instance is unusable. */
function isWasmAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'RuntimeError' || /^Aborted\(/.test(error.message));
}

/**
 * What sql.js's in-memory file system keeps for `bytes`: it stores a Node Buffer's `slice()`, a
 * view of the same memory, and copies any other array. Adopted bytes are handed over as a Buffer
 * over their memory; others are copied here (even a Buffer), so later writes never reach them.
 */
function fileContents(bytes: Uint8Array, adopt: boolean): Buffer {
  const owned = adopt ? bytes : new Uint8Array(bytes);
  return Buffer.from(owned.buffer, owned.byteOffset, owned.byteLength);
}

/**
 * Read statements kept prepared per database. Preparing costs about 0.15 ms in sql.js against
 * 0.03 ms to run a kept one (one file row by path on django's index), and a search runs a dozen;
 * the queries' distinct texts (id lists vary in length) number in the tens.
 */
export const KEPT_READS = 128;
/** Rows per multi-row insert at most (`insertRows`): past 32 the probe gained nothing. */
const MAX_ROWS_PER_INSERT = 32;

/**
 * One open sql.js database with small helpers that always free what they prepare.
 * Cached statements (for bulk inserts) are reused across calls and freed by `close()`.
 */
export class SqliteDb {
  readonly #db: Database;
  readonly #cache = new Map<string, Statement>();
  /** `insertRows`' statement texts by head, then by rows per statement (built once, not per file). */
  readonly #insertTexts = new Map<string, string[]>();
  /** Read statements kept for reuse, least recently used first (see `#withStatement`). */
  readonly #reads = new Map<string, Statement>();
  readonly #busy = new Set<Statement>();
  #transient = 0;
  #savepointDepth = 0;
  #closed = false;
  /** The adopted bytes sql.js's file system keeps as the database file, until a write outgrows them. */
  #file: Buffer | undefined;

  private constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Opens an empty database, or one from the bytes of a database file. sql.js keeps the file in
   * memory; with `adopt` the bytes become that file as they are (the caller hands them over and
   * must not use them again), else they are copied. Adopting a database read from disk saves a
   * second copy: on the Linux kernel's 1.71 GB index the copy took 4.1 s and doubled the peak
   * resident set (1.76 to 3.48 GB).
   */
  static async open(bytes?: Uint8Array, options: { readonly adopt?: boolean } = {}): Promise<SqliteDb> {
    const SQL = await loadSqlJs();
    const contents = bytes === undefined ? null : fileContents(bytes, options.adopt === true);
    const db = new SqliteDb(new SQL.Database(contents));
    if (options.adopt === true && contents !== null) db.#file = contents;
    // The database lives in sql.js's in-memory file system and durability comes from the saves
    // in saved-index.ts, so the rollback journal is a file of that in-memory file system
    // (savepoints still work), nothing is synced, and a larger page cache keeps big transactions
    // from spilling page by page. Sorts that outgrow the cache (building an index) spill to
    // temporary files, which are in memory too but freed afterwards, where memory sqlite
    // allocates only ever grows the WASM heap. Not journal_mode MEMORY: there the statement
    // journal never spills to a file, and inside a savepoint each statement that needs one (a
    // multi-row write, any write firing a trigger) walks all of it when it ends; with the change
    // log's triggers, rewriting 117k edges on the JDK took 60 s instead of 2 s. Init on django
    // took the same either way (3.9 to 4.1 s against 4.2 to 4.4 s, two runs each).
    db.exec('PRAGMA journal_mode = TRUNCATE; PRAGMA synchronous = OFF; PRAGMA temp_store = FILE; PRAGMA cache_size = -65536');
    return db;
  }

  /** Statements a helper is running right now; 0 between calls. */
  get openStatements(): number {
    return this.#transient;
  }

  /** Read statements kept prepared by `all`, `get`, `value` and `each` (at most KEPT_READS). */
  get keptReads(): number {
    return this.#reads.size;
  }

  /** Statements kept for reuse by `cached()`; freed on `close()`. */
  get cachedStatements(): number {
    return this.#cache.size;
  }

  /** True while a `transaction()` callback is running. */
  get inTransaction(): boolean {
    return this.#savepointDepth > 0;
  }

  /** Runs one or more statements without parameters (DDL, pragmas). */
  exec(sql: string): void {
    this.#guard(() => this.#db.exec(sql));
  }

  /** Runs one statement and returns the number of rows it changed. */
  run(sql: string, params: SqlParams = []): number {
    return this.#guard(() => {
      this.#db.run(sql, params as SqlValue[]);
      return this.#db.getRowsModified();
    });
  }

  /** Rows changed by the most recent INSERT, UPDATE or DELETE (including cached statements). */
  changes(): number {
    return this.#guard(() => this.#db.getRowsModified());
  }

  /** Every row of one query. */
  all<T extends object = SqlRow>(sql: string, params: SqlParams = []): T[] {
    return this.#withStatement(sql, (stmt) => {
      const rows: T[] = [];
      stmt.bind(params as SqlValue[]);
      // Column names once per query, not once per row as `getAsObject` does.
      let names: string[] | undefined;
      while (stmt.step()) {
        names ??= stmt.getColumnNames();
        const values = stmt.get();
        const row: Record<string, SqlValue> = {};
        for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i] as SqlValue;
        rows.push(row as T);
      }
      return rows;
    });
  }

  /** The first row of one query, or undefined when there is none. */
  get<T extends object = SqlRow>(sql: string, params: SqlParams = []): T | undefined {
    return this.#withStatement(sql, (stmt) => {
      stmt.bind(params as SqlValue[]);
      return stmt.step() ? (stmt.getAsObject() as T) : undefined;
    });
  }

  /** The first column of the first row, or undefined. */
  value(sql: string, params: SqlParams = []): SqlValue | undefined {
    return this.#withStatement(sql, (stmt) => {
      stmt.bind(params as SqlValue[]);
      return stmt.step() ? stmt.get()[0] : undefined;
    });
  }

  /** Calls `fn` with each row as an array of column values, without collecting them. */
  each(sql: string, params: SqlParams, fn: (row: SqlValue[]) => void): void {
    this.#withStatement(sql, (stmt) => {
      stmt.bind(params as SqlValue[]);
      while (stmt.step()) fn(stmt.get());
    });
  }

  /**
   * A reusable prepared statement for hot paths (bulk inserts): prepared once per database and
   * reset after each use, so a batch of files costs one prepare per statement, not one per row.
   */
  cached(sql: string): CachedStatement {
    return new CachedStatement(this, sql);
  }

  /**
   * Inserts `rows` through `head` (`INSERT INTO t(a, b)`, or `INSERT OR REPLACE …`), each row one
   * value per column, in order: several rows per statement, in cached statements of power-of-two
   * sizes. In sql.js each bind-step-reset costs about what its values do; a probe of 100,000 rows
   * of eight columns took 262 to 490 ms one by one and 146 to 182 ms 32 at a time.
   */
  insertRows(head: string, rows: readonly (readonly SqlValue[])[]): void {
    const columns = rows[0]?.length ?? 0;
    let texts = this.#insertTexts.get(head);
    if (texts === undefined) this.#insertTexts.set(head, (texts = []));
    let at = 0;
    for (let size = MAX_ROWS_PER_INSERT; size >= 1 && at < rows.length; size >>= 1) {
      if (rows.length - at < size) continue;
      const text = (texts[size] ??= `${head} VALUES ${Array(size).fill(`(${Array(columns).fill('?').join(', ')})`).join(', ')}`);
      const insert = this.cached(text);
      for (; rows.length - at >= size; at += size) {
        const params: SqlValue[] = [];
        for (let k = at; k < at + size; k++) params.push(...(rows[k] as SqlValue[]));
        insert.run(params);
      }
    }
  }

  /**
   * Runs `fn` inside a savepoint: committed when it returns, rolled back when it throws.
   * Nesting is allowed; only the outermost level commits.
   */
  transaction<T>(fn: () => T): T {
    const name = `sp${this.#savepointDepth}`;
    // Cached: a batch of files opens one savepoint per file.
    this.cached(`SAVEPOINT ${name}`).run([]);
    this.#savepointDepth += 1;
    let result: T;
    try {
      result = fn();
    } catch (error) {
      this.#savepointDepth -= 1;
      try {
        this.#db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      } catch {
        // The original error matters more; a failed rollback after NOMEM is reported by it.
      }
      throw error;
    }
    this.#savepointDepth -= 1;
    this.cached(`RELEASE ${name}`).run([]);
    return result;
  }

  /** Registers a deterministic scalar SQL function implemented in JS. */
  defineFunction(name: string, fn: (...args: SqlValue[]) => SqlValue): void {
    this.#db.create_function(name, fn);
  }

  /** The database file's bytes, for saving. Refused inside a transaction. */
  export(): Uint8Array {
    if (this.inTransaction) throw new Error('cannot export a database inside a transaction');
    return this.#guard(() => this.#db.export());
  }

  /** @internal The adopted bytes sql.js's file system keeps as the database file (image-file.ts), until known outgrown. */
  get adoptedFile(): Buffer | undefined {
    return this.#file;
  }

  /** @internal Forgets the adopted bytes: the file outgrew them. */
  forgetAdoptedFile(): void {
    this.#file = undefined;
  }

  /** @internal The sql.js handle of the database (a pointer into its heap), for the SQLite calls sql.js does not wrap (image-copy.ts). */
  get handle(): number {
    return (this.#db as unknown as { readonly db: number }).db;
  }

  /** True once `close()` was called. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Frees cached statements and the database; safe to call twice. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const stmt of this.#cache.values()) stmt.free();
    this.#cache.clear();
    for (const stmt of this.#reads.values()) stmt.free();
    this.#reads.clear();
    this.#db.close();
  }

  /** @internal Used by `CachedStatement`: the prepared statement for `sql`, prepared on first use. */
  statementFor(sql: string): Statement {
    let stmt = this.#cache.get(sql);
    if (stmt === undefined) {
      stmt = this.#guard(() => this.#db.prepare(sql));
      this.#cache.set(sql, stmt);
    }
    return stmt;
  }

  /** @internal Runs `fn` with sql.js errors classified (a WASM abort drops the module). */
  guard<T>(fn: () => T): T {
    return this.#guard(fn);
  }

  /**
   * Runs `fn` with a prepared statement for `sql`: the kept one when it is idle (reset afterwards),
   * else a new one that is kept for next time (or freed when the same text is already in use
   * further up the stack, as in a callback that queries again).
   */
  #withStatement<T>(sql: string, fn: (stmt: Statement) => T): T {
    return this.#guard(() => {
      const kept = this.#reads.get(sql);
      const reuse = kept !== undefined && !this.#busy.has(kept);
      const stmt = reuse ? kept : this.#db.prepare(sql);
      const keep = reuse || kept === undefined;
      if (keep) this.#keepRead(sql, stmt);
      this.#busy.add(stmt);
      this.#transient += 1;
      try {
        return fn(stmt);
      } finally {
        this.#transient -= 1;
        this.#busy.delete(stmt);
        if (keep) stmt.reset();
        else stmt.free();
      }
    });
  }

  /** Keeps `stmt` as the most recent read statement, freeing the least recent past the bound. */
  #keepRead(sql: string, stmt: Statement): void {
    this.#reads.delete(sql);
    this.#reads.set(sql, stmt);
    if (this.#reads.size <= KEPT_READS) return;
    for (const [oldSql, old] of this.#reads) {
      if (this.#busy.has(old)) continue;
      this.#reads.delete(oldSql);
      old.free();
      return;
    }
  }

  #guard<T>(fn: () => T): T {
    if (this.#closed) throw new Error('database is closed');
    try {
      return fn();
    } catch (error) {
      if (isWasmAbort(error)) sqlJsModule = undefined;
      if (isCorruption(error)) throw new CorruptIndexError((error as Error).message);
      throw error;
    }
  }
}

/** A statement prepared once and reused; every use resets it, so none stays mid-step. */
export class CachedStatement {
  readonly #owner: SqliteDb;
  readonly #sql: string;

  constructor(owner: SqliteDb, sql: string) {
    this.#owner = owner;
    this.#sql = sql;
  }

  /** Binds, executes and resets; rows are ignored. */
  run(params: SqlParams): void {
    const stmt = this.#owner.statementFor(this.#sql);
    this.#owner.guard(() => {
      try {
        stmt.bind(params as SqlValue[]);
        stmt.step();
      } finally {
        stmt.reset();
      }
    });
  }

  /** Binds, calls `fn` with each row as an array of column values, and resets. `fn` must not use this statement. */
  each(params: SqlParams, fn: (row: SqlValue[]) => void): void {
    const stmt = this.#owner.statementFor(this.#sql);
    this.#owner.guard(() => {
      try {
        stmt.bind(params as SqlValue[]);
        while (stmt.step()) fn(stmt.get());
      } finally {
        stmt.reset();
      }
    });
  }

  /** Binds, returns the first column of the first row (or undefined), and resets. */
  value(params: SqlParams): SqlValue | undefined {
    const stmt = this.#owner.statementFor(this.#sql);
    return this.#owner.guard(() => {
      try {
        stmt.bind(params as SqlValue[]);
        return stmt.step() ? stmt.get()[0] : undefined;
      } finally {
        stmt.reset();
      }
    });
  }
}

/** SQLite's SQLITE_CORRUPT and SQLITE_NOTADB, as sql.js reports them. */
function isCorruption(error: unknown): boolean {
  return error instanceof Error && /^(database disk image is malformed|file is not a database)$/.test(error.message);
}
