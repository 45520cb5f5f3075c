/**
 * The code graph over one open, migrated database: every read of `GraphReader`, and the writes of
 * a `GraphWriter` on the same connection, which stays private. One object because the writer's
 * invariants (file nodes, full-text sync, deferred indexes) are what the reads rely on: a search
 * restores deferred indexes before it reads them.
 */
import type { QualifiedRoute } from './route-mounts.js';
import { ForeignIndexError, SchemaError } from './errors.js';
import type { WrittenFile } from './file-rows.js';
import { GraphReader } from './graph-reader.js';
import { DEFAULT_MAX_DATABASE_BYTES, GraphWriter } from './graph-writer.js';
import type { EdgeSource } from './graph-writer.js';
import type { FileExtraction } from '../model.js';
import type { Diagnostic, FileInfo } from './records.js';
import type { GraphTotals } from './graph-stats.js';
import { migrate } from './schema.js';
import { captureChanges, imageGeneration } from './change-log.js';
import type { DatabaseStamp } from './persist.js';
import { appendChanges, saveWholeImage } from './saved-index.js';
import type { SqliteDb } from './sqlite.js';

/** Options for a store. */
export interface GraphStoreOptions {
  /** Refuse to export a database larger than this (bytes). */
  readonly maxDatabaseBytes?: number;
  /** The file the database was read from, for messages. */
  readonly file?: string;
}

/** The code graph stored in one database. Not safe to share across writers: take the writer lock. */
export class GraphStore extends GraphReader {
  readonly #db: SqliteDb;
  readonly #writer: GraphWriter;

  /** Wraps a database that `migrate()` has brought to the current schema. */
  constructor(db: SqliteDb, options: GraphStoreOptions = {}) {
    super(db);
    this.#db = db;
    this.#writer = new GraphWriter(db, options.maxDatabaseBytes ?? DEFAULT_MAX_DATABASE_BYTES);
  }

  /** Migrates `db` and wraps it; throws `SchemaError` (with the migration's message) when it cannot be used. */
  static open(db: SqliteDb, options: GraphStoreOptions = {}): GraphStore {
    const result = migrate(db);
    if (result.kind === 'foreign') throw new ForeignIndexError(options.file ?? 'the index file');
    if (result.kind === 'rebuild-needed' || result.kind === 'too-new') throw new SchemaError(result.message);
    const store = new GraphStore(db, options);
    if (result.kind === 'migrated') store.#writer.markMigrated();
    return store;
  }

  /**
   * True when opening migrated the database to this schema and it has not been exported since:
   * a writer saves it even when no file changed, so later opens do not migrate it again.
   */
  get migratedUnsaved(): boolean {
    return this.#writer.migratedUnsaved;
  }

  /**
   * Bumped by every write. Data derived from the store (caches keyed by the store object) is
   * current while this is unchanged; a long-lived store (a daemon's) is written in place.
   */
  get revision(): number {
    return this.#writer.revision;
  }

  /** Runs `fn` as one transaction (use it around a batch of `replaceFile` calls). */
  transaction<T>(fn: () => T): T {
    return this.#writer.transaction(fn);
  }

  /** Starts a bulk load (see `GraphWriter.deferIndexes`): indexes are rebuilt once afterwards. */
  deferIndexes(): void {
    this.#writer.deferIndexes();
  }

  /** Rebuilds what `deferIndexes()` left behind: `only` these b-tree indexes, or everything. */
  restoreIndexes(only?: readonly string[]): void {
    this.#writer.restoreIndexes(only);
  }

  /** Rebuilds the full-text index if `deferIndexes()` left it behind. */
  restoreSearch(): void {
    this.#writer.restoreSearch();
  }

  /** Replaces everything stored for one file; returns the new node ids, `nodeIds[i]` for `symbols[i]`. */
  replaceFile(file: FileInfo, extraction: FileExtraction): WrittenFile {
    return this.#writer.replaceFile(file, extraction);
  }

  /** Deletes a file and everything that came from it, including edges into it; false when absent. */
  removeFile(path: string): boolean {
    return this.#writer.removeFile(path);
  }

  /** Updates a file's size and mtime after a content check proved it unchanged. */
  touchFile(path: string, size: number, mtimeMs: number): void {
    this.#writer.touchFile(path, size, mtimeMs);
  }

  /** Sets routes' qualified names to the paths their mounts give (their names stay as written). */
  qualifyRoutes(renames: readonly QualifiedRoute[]): void {
    this.#writer.qualifyRoutes(renames);
  }

  /** Adds resolved edges (the resolver may call this in batches). */
  addResolvedEdges(edges: EdgeSource): void {
    this.#writer.addResolvedEdges(edges);
  }

  /** Deletes resolved (non-`contains`) edges, all or only those whose source lies in the given files. */
  clearResolvedEdges(forFileIds?: readonly number[]): number {
    return this.#writer.clearResolvedEdges(forFileIds);
  }

  /** Clears resolved edges (all, or from the given files) and stores `edges`, atomically. */
  replaceResolvedEdges(edges: EdgeSource, forFileIds?: readonly number[]): void {
    this.#writer.replaceResolvedEdges(edges, forFileIds);
  }

  /**
   * Replaces the whole list of diagnostics; given what the store holds now (`stored`, read in the
   * same run), only the paths whose diagnostics differ are rewritten.
   */
  setDiagnostics(diagnostics: readonly Diagnostic[], stored?: readonly Diagnostic[]): void {
    this.#writer.setDiagnostics(diagnostics, stored);
  }

  /** Counts the graph and stores the totals `totals()` reads (call after a full sync's last write). */
  storeTotals(): GraphTotals {
    return this.#writer.storeTotals();
  }

  /**
   * Brings the stored totals in line with the changes since they were stored, from the shares of
   * the files changed when possible (see `GraphWriter.refreshTotals`).
   */
  refreshTotals(): void {
    this.#writer.refreshTotals();
  }

  /** Stores a project-level value (index time, root, config hash …); schema keys are refused. */
  setMeta(key: string, value: string): void {
    this.#writer.setMeta(key, value);
  }

  /**
   * The database file's bytes. Refuses (CapacityError) when an earlier write ran out of memory,
   * so a half-written graph is never saved, or when the file would exceed the size limit. They
   * may be the live file (`exportNewGeneration`): nothing may write to the store until they are saved.
   */
  exportBytes(): Uint8Array {
    return this.#writer.exportBytes();
  }

  /**
   * What `exportBytes()` gives: the live file when it can be, else copied a slice at a time with
   * `between()` awaited between slices, so reads can run meanwhile; `alone` runs the start, which
   * must not overlap a read. Nothing may write to the store until the bytes are saved.
   */
  exportInSlices(alone: <T>(fn: () => T) => Promise<T>, between: () => Promise<void>): Promise<Uint8Array> {
    return this.#writer.exportInSlices(alone, between);
  }

  /** The size `exportBytes()` will have, with the same checks, without copying the bytes. */
  exportSize(): number {
    return this.#writer.exportSize();
  }

  /**
   * Starts recording row changes, so that the next save can append them to the change log
   * (saved-index.ts). Call it on a store opened from a saved index, before the first write.
   */
  captureChanges(): void {
    captureChanges(this.#db);
  }

  /**
   * Appends the changes recorded since `saved` (what the index on disk was when this store last
   * read or wrote it) to the log of `dir`; the new stamp, or undefined when they may not be
   * appended (see saved-index.ts) and the image is to be written whole instead. `limits` scales
   * the log's limit (see QUIET_WRITER_LOG_LIMITS).
   */
  async appendChanges(dir: string, saved: DatabaseStamp, limits = 1): Promise<DatabaseStamp | undefined> {
    if (this.#writer.migratedUnsaved) return undefined;
    this.#writer.checkSaveable();
    // Deferred indexes are built first: their rows are changes to save too.
    this.restoreIndexes();
    return appendChanges(dir, this.#db, saved, limits);
  }

  /** Saves `bytes` (this store's `exportBytes()`) as the image of `dir`, replacing any log; the new stamp. */
  saveImage(dir: string, bytes: Uint8Array): Promise<DatabaseStamp> {
    return saveWholeImage(dir, bytes, imageGeneration(this.#db));
  }

  /** Frees the database and its cached statements; safe to call twice. */
  close(): void {
    this.#db.close();
  }
}
