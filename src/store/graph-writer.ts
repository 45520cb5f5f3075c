/**
 * The write side of the code graph: per-file writes (atomic), resolved edges, diagnostics,
 * metadata, bulk-load index deferral and the export of the database's bytes. A write that runs
 * out of memory poisons the writer, so a half-written graph is never saved.
 */
import type { FileExtraction, ResolvedEdge } from '../model.js';
import { IMAGE_GENERATION_KEY } from './change-log.js';
import { CapacityError } from './errors.js';
import { deleteFileContents, deleteFileRow, fileIdOf, touchFileRow, writeFileRows } from './file-rows.js';
import type { WrittenFile } from './file-rows.js';
import { storedSums, storeSums, storeTotals } from './graph-stats.js';
import type { GraphTotals } from './graph-stats.js';
import { EDGE_CODE, METHOD_CODE, code } from './records.js';
import type { Diagnostic, FileInfo } from './records.js';
import { createIndexSql, FULL_TEXT_TABLES, SECONDARY_INDEXES } from './schema.js';
import { writeRouteNames, type QualifiedRoute } from './route-mounts.js';
import { exportNewGeneration, exportNewGenerationInSlices } from './saved-index.js';
import { raiseRebuiltSegments } from './search-segments.js';
import { isOutOfMemoryError } from './sqlite.js';
import type { SqliteDb, SqlValue } from './sqlite.js';
import { filesPointingInto, MAX_TALLIED_FILES, TotalsTally } from './totals-tally.js';

/** Largest database `exportBytes()` will produce by default: sql.js and Node buffers stop near 2 GiB. */
export const DEFAULT_MAX_DATABASE_BYTES = 2 ** 31 - 2 ** 20;

/** Resolved edges to store: an array, or any counted iterable (the resolver's columnar table). */
export type EdgeSource = Iterable<ResolvedEdge> & { readonly length: number };

const PROTECTED_META = new Set(['schema_version', 'node_kinds', 'edge_kinds', 'resolution_methods', IMAGE_GENERATION_KEY]);
const EDGE_COLUMNS = `source_id, target_id, kind, line, col, confidence, method`;

/** Writes to one database. Not safe to share across writers: take the writer lock. */
export class GraphWriter {
  readonly #db: SqliteDb;
  readonly #maxBytes: number;
  #poisoned: CapacityError | undefined;
  #revision = 0;
  /** True while file writes leave the full-text index alone, to rebuild it in one pass later. */
  #searchDeferred = false;
  #migratedUnsaved = false;
  /** Secondary b-tree indexes dropped for a bulk load into an empty store and not yet rebuilt. */
  readonly #dropped = new Set<string>();
  /**
   * The shares of the files changed since the totals were last stored (see totals-tally.ts), or
   * 'stale' once they cannot be kept current that way (none stored, every edge cleared, too many files).
   */
  #tally: TotalsTally | 'stale' | undefined;

  /** Writes to `db` (migrated to the current schema); `exportBytes` refuses databases over `maxBytes`. */
  constructor(db: SqliteDb, maxBytes = DEFAULT_MAX_DATABASE_BYTES) {
    this.#db = db;
    this.#maxBytes = maxBytes;
  }

  /** Records that opening migrated the database, so `migratedUnsaved` holds until the next export. */
  markMigrated(): void {
    this.#migratedUnsaved = true;
  }

  /**
   * True when opening migrated the database to this schema and it has not been exported since:
   * a writer saves it even when no file changed, so later opens do not migrate it again.
   */
  get migratedUnsaved(): boolean {
    return this.#migratedUnsaved;
  }

  /** Runs `fn` as one transaction (use it around a batch of `replaceFile` calls). */
  transaction<T>(fn: () => T): T {
    return this.#write('writing a batch of files', () => this.#db.transaction(fn));
  }

  /**
   * Starts a bulk load: file writes stop maintaining the full-text index until `restoreIndexes()`,
   * and when the store holds no files yet, its secondary b-tree indexes are dropped too. Rebuilding
   * each once after the load costs well under half of keeping them up to date row by row. Searching
   * or exporting restores them first if nobody has. (On a store with files, the b-tree indexes stay:
   * replacing a file must find its old rows.)
   */
  deferIndexes(): void {
    this.#searchDeferred = true;
    if (this.#dropped.size > 0) return;
    if (this.#db.value(`SELECT count(*) FROM files`) !== 0) return;
    this.#write('dropping indexes for a bulk load', () =>
      this.#db.transaction(() => {
        for (const index of SECONDARY_INDEXES) this.#db.run(`DROP INDEX IF EXISTS ${index.name}`);
      }),
    );
    for (const index of SECONDARY_INDEXES) this.#dropped.add(index.name);
  }

  /**
   * Rebuilds whatever `deferIndexes()` left behind: the b-tree indexes, then the full-text index.
   * `only` names the b-tree indexes to build now; the rest stay deferred and the full-text index
   * is left to `restoreSearch()` or a later call without `only`.
   */
  restoreIndexes(only?: readonly string[]): void {
    const wanted = SECONDARY_INDEXES.filter((index) => this.#dropped.has(index.name) && (only === undefined || only.includes(index.name)));
    if (wanted.length > 0) {
      this.#write('building the indexes', () =>
        this.#db.transaction(() => {
          for (const index of wanted) this.#db.run(createIndexSql(index));
        }),
      );
      for (const index of wanted) this.#dropped.delete(index.name);
    }
    if (only === undefined) this.restoreSearch();
  }

  /** Rebuilds the full-text index if `deferIndexes()` left it behind. */
  restoreSearch(): void {
    if (!this.#searchDeferred) return;
    this.#write('rebuilding the search index', () => {
      for (const table of FULL_TEXT_TABLES) {
        this.#db.run(`INSERT INTO ${table}(${table}) VALUES ('rebuild')`);
        // Its last segment is written when the statement commits: only then are all of them there.
        this.#db.transaction(() => raiseRebuiltSegments(this.#db, table));
      }
    });
    this.#searchDeferred = false;
  }

  /** Replaces everything stored for one file; returns the new node ids, `nodeIds[i]` for `symbols[i]`. */
  replaceFile(file: FileInfo, extraction: FileExtraction): WrittenFile {
    const what = `storing ${file.path} (${extraction.symbols.length} symbols, ${extraction.refs.length} references)`;
    return this.#write(what, () =>
      this.#db.transaction(() => {
        const old = fileIdOf(this.#db, file.path);
        this.#tallyBefore(old, true);
        const written = writeFileRows(this.#db, file, extraction, !this.#searchDeferred);
        if (old === undefined && this.#tally instanceof TotalsTally) this.#tally.added(written.fileId);
        return written;
      }),
    );
  }

  /** Deletes a file and everything that came from it, including edges into it; false when absent. */
  removeFile(path: string): boolean {
    return this.#write(`removing ${path}`, () =>
      this.#db.transaction(() => {
        const id = fileIdOf(this.#db, path);
        if (id === undefined) return false;
        this.#tallyBefore(id, true);
        deleteFileContents(this.#db, id, !this.#searchDeferred);
        deleteFileRow(this.#db, id);
        return true;
      }),
    );
  }

  /** Updates a file's size and mtime after a content check proved it unchanged. */
  touchFile(path: string, size: number, mtimeMs: number): void {
    touchFileRow(this.#db, path, size, mtimeMs);
  }

  /** Adds resolved edges (the resolver may call this in batches). */
  addResolvedEdges(edges: EdgeSource): void {
    this.#write(`storing ${edges.length} resolved edges`, () =>
      this.#db.transaction(() => {
        const insert = this.#db.cached(`INSERT INTO edges(${EDGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
        for (const e of edges) insert.run(edgeRow(e));
      }),
    );
  }

  /** Deletes resolved (non-`contains`) edges, all or only those whose source lies in the given files. */
  clearResolvedEdges(forFileIds?: readonly number[]): number {
    return this.#write('clearing resolved edges', () =>
      this.#db.transaction(() => {
        // Every stored edge is a resolved one: nesting edges are not stored.
        if (forFileIds === undefined) {
          this.#tally = 'stale';
          return this.#db.run(`DELETE FROM edges`);
        }
        for (const id of forFileIds) this.#tallyBefore(id, false);
        let removed = 0;
        const del = this.#db.cached(`DELETE FROM edges WHERE source_id IN (SELECT id FROM nodes WHERE file_id = ?)`);
        for (const id of forFileIds) {
          del.run([id]);
          removed += this.#db.changes();
        }
        return removed;
      }),
    );
  }

  /**
   * Makes the resolved edges (all, or those from the given files) exactly `edges`, atomically.
   * For given files only the difference is written: an edge stored already stays as it is, the
   * others are deleted or added. A one-file sync re-resolves every file that uses what changed,
   * and most of their edges come out the same (a method added to the JDK's `Objects` re-resolved
   * 117k edges of which a handful changed); rewriting them all cost time and made the save of
   * the change as large as those files' edges.
   */
  replaceResolvedEdges(edges: EdgeSource, forFileIds?: readonly number[]): void {
    if (forFileIds === undefined) {
      this.transaction(() => {
        this.clearResolvedEdges();
        this.addResolvedEdges(edges);
      });
      return;
    }
    this.#write(`storing ${edges.length} resolved edges`, () =>
      this.#db.transaction(() => {
        for (const id of forFileIds) this.#tallyBefore(id, false);
        // Each stored edge of those files by its columns, with the rowids that hold it.
        const stored = new Map<string, number[]>();
        const read = this.#db.cached(`SELECT rowid, ${EDGE_COLUMNS} FROM edges WHERE source_id IN (SELECT id FROM nodes WHERE file_id = ?)`);
        for (const id of forFileIds) {
          read.each([id], (row) => {
            const key = row.slice(1).join('|');
            const rowids = stored.get(key);
            if (rowids === undefined) stored.set(key, [row[0] as number]);
            else rowids.push(row[0] as number);
          });
        }
        const insert = this.#db.cached(`INSERT INTO edges(${EDGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
        for (const e of edges) {
          const values = edgeRow(e);
          const kept = stored.get(values.join('|'));
          if (kept !== undefined && kept.length > 0) kept.pop();
          else insert.run(values);
        }
        const remove = this.#db.cached(`DELETE FROM edges WHERE rowid = ?`);
        for (const rowids of stored.values()) for (const rowid of rowids) remove.run([rowid]);
      }),
    );
  }

  /** Counts the graph and stores the totals (a full sync, after its last write). */
  storeTotals(): GraphTotals {
    this.#tally = undefined;
    return this.#write('storing the totals', () => storeTotals(this.#db));
  }

  /**
   * Brings the stored totals in line with the changes since they were stored: from the shares of
   * the files changed, when the totals were current before the first change and every change was
   * tallied, else by counting the graph (a change that rewrote every edge, or too many files, or
   * an index stored before the totals kept their sums). Nothing when nothing was changed. An
   * incremental sync calls it after its last write.
   */
  refreshTotals(): void {
    const tally = this.#tally;
    this.#tally = undefined;
    if (tally === undefined) return;
    this.#write('storing the totals', () => (tally === 'stale' ? storeTotals(this.#db) : storeSums(this.#db, tally.apply(this.#db))));
  }

  /**
   * Before a change: takes the stored sums as the base at the first change since they were stored
   * (so they must still match the graph), then reads the share of file `fileId`, if it is stored
   * already, and, when its nodes are about to go, of the files whose edges point into them.
   */
  #tallyBefore(fileId: number | undefined, nodesGo: boolean): void {
    if (this.#tally === undefined) {
      const sums = storedSums(this.#db);
      this.#tally = sums === undefined ? 'stale' : new TotalsTally(sums);
    }
    if (this.#tally === 'stale' || fileId === undefined) return;
    this.#tally.before(this.#db, nodesGo ? [fileId, ...filesPointingInto(this.#db, fileId)] : [fileId]);
    if (this.#tally.size > MAX_TALLIED_FILES) this.#tally = 'stale';
  }

  /**
   * Replaces the whole list of diagnostics. Given `stored` (what the table holds now), only the
   * paths whose list differs are deleted and written again, in the new list's order, so reads
   * (by path, then insertion) see what a full rewrite gives: a one-file sync of the Linux kernel
   * rewrote its 18,000 rows (0.19 s) before.
   */
  setDiagnostics(diagnostics: readonly Diagnostic[], stored?: readonly Diagnostic[]): void {
    const paths = stored === undefined ? undefined : pathsDiffering(stored, diagnostics);
    this.#write('storing diagnostics', () =>
      this.#db.transaction(() => {
        const insert = this.#db.cached(`INSERT INTO diagnostics(path, reason, detail) VALUES (?, ?, ?)`);
        if (paths === undefined || paths.size > PATHWISE_DIAGNOSTICS_MAX) {
          this.#db.run(`DELETE FROM diagnostics`);
          for (const d of diagnostics) insert.run([d.path, d.reason, d.detail]);
          return;
        }
        // The table has no index on path: each delete reads it once, which only pays for a few paths.
        for (const path of paths) this.#db.run(`DELETE FROM diagnostics WHERE path = ?`, [path]);
        for (const d of diagnostics) if (paths.has(d.path)) insert.run([d.path, d.reason, d.detail]);
      }),
    );
  }

  /** Sets routes' qualified names (the paths their mounts give), full-text rows included. */
  qualifyRoutes(renames: readonly QualifiedRoute[]): void {
    if (renames.length === 0) return;
    this.#write('storing mounted routes\' paths', () => this.#db.transaction(() => writeRouteNames(this.#db, renames, !this.#searchDeferred)));
  }

  /** Stores a project-level value (index time, root, config hash …); schema keys are refused. */
  setMeta(key: string, value: string): void {
    if (PROTECTED_META.has(key)) throw new TypeError(`meta key ${key} is managed by the schema`);
    this.#write('storing metadata', () =>
      this.#db.run(`INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, [key, value]),
    );
  }

  /**
   * The size `exportBytes()` will have, checked as it checks it (and the deferred indexes built),
   * without copying the bytes: a caller can report a save before it makes it.
   */
  exportSize(): number {
    if (this.#poisoned !== undefined) throw this.#poisoned;
    this.restoreIndexes();
    const pages = Number(this.#db.value(`PRAGMA page_count`) ?? 0);
    const pageSize = Number(this.#db.value(`PRAGMA page_size`) ?? 4096);
    if (pages * pageSize > this.#maxBytes) throw this.#capacity(`saving the index (${formatBytes(pages * pageSize)})`);
    return pages * pageSize;
  }

  /**
   * The database file's bytes, as a new generation of the image, after which changes are recorded
   * for a later save to append (saved-index.ts). Refuses (CapacityError) when an earlier write ran
   * out of memory, so a half-written graph is never saved, or when the file would exceed the size
   * limit.
   */
  exportBytes(): Uint8Array {
    this.exportSize();
    try {
      const bytes = exportNewGeneration(this.#db);
      this.#migratedUnsaved = false;
      return bytes;
    } catch (error) {
      if (isOutOfMemoryError(error)) throw this.#capacity('saving the index', error);
      throw error;
    }
  }

  /**
   * What `exportBytes()` gives: the live file when it can be, else copied a slice at a time with
   * `between()` awaited between slices (see `exportNewGenerationInSlices`); `alone` runs the
   * checks and the switch to the new generation, which must not overlap a read.
   */
  async exportInSlices(alone: <T>(fn: () => T) => Promise<T>, between: () => Promise<void>): Promise<Uint8Array> {
    try {
      const bytes = await exportNewGenerationInSlices(this.#db, alone, between, () => this.exportSize());
      this.#migratedUnsaved = false;
      return bytes;
    } catch (error) {
      if (isOutOfMemoryError(error)) throw this.#capacity('saving the index', error);
      throw error;
    }
  }

  /** Throws the capacity error of an earlier failed write: nothing may be saved after one. */
  checkSaveable(): void {
    if (this.#poisoned !== undefined) throw this.#poisoned;
  }

  /** Counts writes: a cache of derived data is current while the revision it was built at is. */
  get revision(): number {
    return this.#revision;
  }

  #write<T>(what: string, fn: () => T): T {
    if (this.#poisoned !== undefined) throw this.#poisoned;
    this.#revision += 1;
    try {
      return fn();
    } catch (error) {
      if (error instanceof CapacityError) throw error;
      if (!isOutOfMemoryError(error)) throw error;
      this.#poisoned = this.#capacity(what, error);
      throw this.#poisoned;
    }
  }

  #capacity(what: string, cause?: unknown): CapacityError {
    let held = '';
    try {
      const files = Number(this.#db.value(`SELECT count(*) FROM files`) ?? 0);
      const nodes = Number(this.#db.value(`SELECT count(*) FROM nodes`) ?? 0);
      held = ` The index held ${files} files and ${nodes} nodes.`;
    } catch {
      // Counting can fail too once memory is exhausted; the message stays useful without it.
    }
    return new CapacityError(
      `The code graph is too large for the in-memory database while ${what}.${held} ` +
        'Exclude generated, vendored or test folders in .codegraph/config.json (for example "exclude": ["vendor/**", "dist/**"]) and index again. Nothing was saved.',
      { cause },
    );
  }
}

/** An edge as the row `EDGE_COLUMNS` names. */
function edgeRow(e: ResolvedEdge): SqlValue[] {
  return [e.source, e.target, code(EDGE_CODE, e.kind), e.line, e.col, e.confidence, code(METHOD_CODE, e.method)];
}

function formatBytes(n: number): string {
  return `${(n / 2 ** 20).toFixed(0)} MiB`;
}

/**
 * Paths past which diagnostics are rewritten whole rather than path by path (each path's delete
 * reads the table once). Set by hand; no recorded measurement.
 */
const PATHWISE_DIAGNOSTICS_MAX = 32;

/** Paths whose diagnostics (in order) differ between `before` and `after`. */
function pathsDiffering(before: readonly Diagnostic[], after: readonly Diagnostic[]): Set<string> {
  const listed = (list: readonly Diagnostic[]): Map<string, string> => {
    const out = new Map<string, string>();
    for (const d of list) out.set(d.path, `${out.get(d.path) ?? ''}${d.reason}\0${d.detail}\0`);
    return out;
  };
  const was = listed(before);
  const now = listed(after);
  const paths = new Set<string>();
  for (const [path, list] of now) if (was.get(path) !== list) paths.add(path);
  for (const path of was.keys()) if (!now.has(path)) paths.add(path);
  return paths;
}
