/**
 * The code graph over one open, migrated database: writes per file (atomic), resolved edges,
 * and the indexed reads the resolver and the query tools need. Kept as one class on purpose:
 * each read depends on invariants the writes beside it maintain (file nodes, FTS sync, codes).
 */
import { posix } from 'node:path';
import { EDGE_KINDS, NODE_KINDS } from '../model.js';
import type { EdgeKind, FileExtraction, NodeKind, RefKind, ResolvedEdge } from '../model.js';
import { CapacityError, SchemaError } from './errors.js';
import {
  EDGE_CODE, METHOD_CODE, NODE_CODE, code, num, str, strOrNull, toEdge, toFile, toImport, toNode, toRef,
} from './records.js';
import type {
  Diagnostic, FileInfo, GraphCounts, LanguageCounts, SearchHit, SearchOptions, StoredEdge, StoredFile,
  StoredImport, StoredNode, StoredRef,
} from './records.js';
import { createIndexSql, edgeRelation, migrate, SECONDARY_INDEXES } from './schema.js';
import { bm25, decodeMatchinfo, matchExpression, nameBonus, queryTerms } from './search.js';
import { isOutOfMemoryError } from './sqlite.js';
import type { SqlValue, SqliteDb } from './sqlite.js';

/** Largest database `exportBytes()` will produce by default: sql.js and Node buffers stop near 2 GiB. */
export const DEFAULT_MAX_DATABASE_BYTES = 2 ** 31 - 2 ** 20;

/** Options for a store. */
export interface GraphStoreOptions {
  /** Refuse to export a database larger than this (bytes). */
  readonly maxDatabaseBytes?: number;
}

const FILE_KIND = code(NODE_CODE, 'file');
const IMPORTS = code(EDGE_CODE, 'imports');
/** Resolved edges to store: an array, or any counted iterable (the resolver's columnar table). */
export type EdgeSource = Iterable<ResolvedEdge> & { readonly length: number };

const PROTECTED_META = new Set(['schema_version', 'node_kinds', 'edge_kinds', 'resolution_methods']);

const NODE_COLUMNS = `n.id, n.file_id, f.path, n.kind, n.name, n.qualified_name, n.start_line, n.start_col,
  n.end_line, n.end_col, n.parent_id, n.signature, n.docstring, n.exported`;
const NODE_FROM = `nodes n JOIN files f ON f.id = n.file_id`;
// An exact name through the case-folded index (there is no index on the name itself); binds the name twice.
const EXACT_NAME = `lower(n.name) = lower(?) AND n.name = ?`;
// A file's node is the first node stored for it (`#replaceFile` inserts it before its symbols),
// so its id is the smallest of the file's: one index seek instead of a scan of the file's nodes.
const FILE_SELECT = `SELECT f.*, (SELECT min(id) FROM nodes WHERE file_id = f.id) AS file_node_id FROM files f`;
const EDGE_COLUMNS = `source_id, target_id, kind, line, col, confidence, method`;
const REF_SELECT = `SELECT r.*, f.path FROM refs r JOIN files f ON f.id = r.file_id`;
const IMPORT_SELECT = `SELECT i.*, f.path FROM imports i JOIN files f ON f.id = i.file_id`;

/** The code graph stored in one database. Not safe to share across writers: take the writer lock. */
export class GraphStore {
  /** The underlying connection, exposed for saving and for statement accounting in tests. */
  readonly db: SqliteDb;
  readonly #maxBytes: number;
  #poisoned: CapacityError | undefined;
  /** True while file writes leave the full-text index alone, to rebuild it in one pass later. */
  #searchDeferred = false;
  #migratedUnsaved = false;
  /** Secondary b-tree indexes dropped for a bulk load into an empty store and not yet rebuilt. */
  readonly #dropped = new Set<string>();

  /** Wraps a database that `migrate()` has brought to the current schema. */
  constructor(db: SqliteDb, options: GraphStoreOptions = {}) {
    this.db = db;
    this.#maxBytes = options.maxDatabaseBytes ?? DEFAULT_MAX_DATABASE_BYTES;
  }

  /** Migrates `db` and wraps it; throws `SchemaError` (with the migration's message) when it cannot be used. */
  static open(db: SqliteDb, options: GraphStoreOptions = {}): GraphStore {
    const result = migrate(db);
    if (result.kind === 'rebuild-needed' || result.kind === 'too-new') throw new SchemaError(result.message);
    const store = new GraphStore(db, options);
    store.#migratedUnsaved = result.kind === 'migrated';
    return store;
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
    return this.#write('writing a batch of files', () => this.db.transaction(fn));
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
    if (this.db.value(`SELECT count(*) FROM files`) !== 0) return;
    this.#write('dropping indexes for a bulk load', () =>
      this.db.transaction(() => {
        for (const index of SECONDARY_INDEXES) this.db.run(`DROP INDEX IF EXISTS ${index.name}`);
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
        this.db.transaction(() => {
          for (const index of wanted) this.db.run(createIndexSql(index));
        }),
      );
      for (const index of wanted) this.#dropped.delete(index.name);
    }
    if (only === undefined) this.restoreSearch();
  }

  /** Rebuilds the full-text index if `deferIndexes()` left it behind. */
  restoreSearch(): void {
    if (!this.#searchDeferred) return;
    this.#write('rebuilding the search index', () => this.db.run(`INSERT INTO node_search(node_search) VALUES ('rebuild')`));
    this.#searchDeferred = false;
  }

  /** Replaces everything stored for one file; returns the new node ids, `nodeIds[i]` for `symbols[i]`. */
  replaceFile(file: FileInfo, extraction: FileExtraction): { fileId: number; fileNodeId: number; nodeIds: number[] } {
    const what = `storing ${file.path} (${extraction.symbols.length} symbols, ${extraction.refs.length} references)`;
    return this.#write(what, () => this.db.transaction(() => this.#replaceFile(file, extraction)));
  }

  /** Deletes a file and everything that came from it, including edges into it; false when absent. */
  removeFile(path: string): boolean {
    return this.#write(`removing ${path}`, () =>
      this.db.transaction(() => {
        const id = this.db.cached(`SELECT id FROM files WHERE path = ?`).value([path]);
        if (typeof id !== 'number') return false;
        this.#deleteFileContents(id);
        this.db.cached(`DELETE FROM files WHERE id = ?`).run([id]);
        return true;
      }),
    );
  }

  /** Adds resolved edges (the resolver may call this in batches). */
  addResolvedEdges(edges: EdgeSource): void {
    this.#write(`storing ${edges.length} resolved edges`, () =>
      this.db.transaction(() => {
        const insert = this.db.cached(`INSERT INTO edges(${EDGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
        for (const e of edges) {
          insert.run([e.source, e.target, code(EDGE_CODE, e.kind), e.line, e.col, e.confidence, code(METHOD_CODE, e.method)]);
        }
      }),
    );
  }

  /** Deletes resolved (non-`contains`) edges, all or only those whose source lies in the given files. */
  clearResolvedEdges(forFileIds?: readonly number[]): number {
    return this.#write('clearing resolved edges', () =>
      this.db.transaction(() => {
        // Every stored edge is a resolved one: nesting edges are not stored.
        if (forFileIds === undefined) return this.db.run(`DELETE FROM edges`);
        let removed = 0;
        const del = this.db.cached(`DELETE FROM edges WHERE source_id IN (SELECT id FROM nodes WHERE file_id = ?)`);
        for (const id of forFileIds) {
          del.run([id]);
          removed += this.db.changes();
        }
        return removed;
      }),
    );
  }

  /** Clears resolved edges (all, or from the given files) and stores `edges`, atomically. */
  replaceResolvedEdges(edges: EdgeSource, forFileIds?: readonly number[]): void {
    this.transaction(() => {
      this.clearResolvedEdges(forFileIds);
      this.addResolvedEdges(edges);
    });
  }

  /** Replaces the whole list of diagnostics. */
  setDiagnostics(diagnostics: readonly Diagnostic[]): void {
    this.#write('storing diagnostics', () =>
      this.db.transaction(() => {
        this.db.run(`DELETE FROM diagnostics`);
        const insert = this.db.cached(`INSERT INTO diagnostics(path, reason, detail) VALUES (?, ?, ?)`);
        for (const d of diagnostics) insert.run([d.path, d.reason, d.detail]);
      }),
    );
  }

  /** Every diagnostic, by path. */
  diagnostics(): Diagnostic[] {
    return this.db.all<Diagnostic>(`SELECT path, reason, detail FROM diagnostics ORDER BY path, rowid`);
  }

  /** Stores a project-level value (index time, root, config hash …); schema keys are refused. */
  setMeta(key: string, value: string): void {
    if (PROTECTED_META.has(key)) throw new TypeError(`meta key ${key} is managed by the schema`);
    this.#write('storing metadata', () =>
      this.db.run(`INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, [key, value]),
    );
  }

  /** A value stored with `setMeta` (or a schema key), or undefined. */
  getMeta(key: string): string | undefined {
    const value = this.db.value(`SELECT value FROM meta WHERE key = ?`, [key]);
    return typeof value === 'string' ? value : undefined;
  }

  /** Every file, by path. */
  listFiles(): StoredFile[] {
    return this.db.all(`${FILE_SELECT} ORDER BY f.path`).map(toFile);
  }

  /** One file by project-relative path. */
  getFile(path: string): StoredFile | undefined {
    const row = this.db.get(`${FILE_SELECT} WHERE f.path = ?`, [path]);
    return row === undefined ? undefined : toFile(row);
  }

  /** The nodes of one file (its file node first), in source order. */
  nodesInFile(path: string): StoredNode[] {
    return this.db
      .all(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE f.path = ? ORDER BY n.kind <> ${FILE_KIND}, n.start_line, n.start_col, n.id`, [path])
      .map(toNode);
  }

  /** One node by id. */
  getNode(id: number): StoredNode | undefined {
    const row = this.db.get(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.id = ?`, [id]);
    return row === undefined ? undefined : toNode(row);
  }

  /** Nodes with exactly this name. */
  nodesByName(name: string): StoredNode[] {
    return this.db
      .all(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE ${EXACT_NAME} ORDER BY f.path, n.start_line`, [name, name])
      .map(toNode);
  }

  /** Nodes whose name equals this one ignoring ASCII case. */
  nodesByNameIgnoreCase(name: string): StoredNode[] {
    return this.db
      .all(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE lower(n.name) = lower(?) ORDER BY f.path, n.start_line`, [name])
      .map(toNode);
  }

  /**
   * Nodes whose qualified name is `qualifiedName` or ends with `.` + it, so `Engine.serve` also
   * finds `pkg.Engine.serve`. Both lookups use an index (the suffix one through the last segment).
   */
  nodesByQualifiedName(qualifiedName: string): StoredNode[] {
    const last = qualifiedName.slice(qualifiedName.lastIndexOf('.') + 1);
    const suffix = `.${qualifiedName}`;
    return this.db
      .all(
        `SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.qualified_name = ?
         UNION
         SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE ${EXACT_NAME} AND substr(n.qualified_name, -?) = ?
         ORDER BY 3, 7`,
        [qualifiedName, last, last, suffix.length, suffix],
      )
      .map(toNode);
  }

  /**
   * Every stored reference in id order, read in pages so no statement stays open between items
   * and the whole list is never in memory at once.
   */
  *iterateRefs(pageSize = 5000): Generator<StoredRef> {
    let after = 0;
    for (;;) {
      // Rows as arrays, not objects: this runs over every reference of the repository.
      const page: StoredRef[] = [];
      this.db.each(
        `SELECT r.id, r.file_id, f.path, r.from_node_id, r.kind, r.name, r.receiver, r.line, r.col
         FROM refs r JOIN files f ON f.id = r.file_id WHERE r.id > ? ORDER BY r.id LIMIT ?`,
        [after, pageSize],
        ([id, fileId, path, fromNodeId, kind, name, receiver, line, col]) => {
          page.push({
            id: num(id), fileId: num(fileId), path: str(path), fromNodeId: num(fromNodeId),
            kind: (EDGE_KINDS[num(kind)] ?? 'references') as RefKind, name: str(name), receiver: strOrNull(receiver),
            line: num(line), col: num(col),
          });
        },
      );
      yield* page;
      const last = page[page.length - 1];
      if (last === undefined || page.length < pageSize) return;
      after = last.id;
    }
  }

  /** The references made from one file. */
  refsInFile(path: string): StoredRef[] {
    return this.db.all(`${REF_SELECT} WHERE f.path = ? ORDER BY r.id`, [path]).map(toRef);
  }

  /** References with no resolved edge at their position, for reporting. */
  unresolvedRefs(limit = 100): StoredRef[] {
    return this.db.all(`${REF_SELECT} WHERE ${UNRESOLVED} ORDER BY r.id LIMIT ?`, [limit]).map(toRef);
  }

  /** Every import statement, grouped by file. */
  allImports(): StoredImport[] {
    return this.db.all(`${IMPORT_SELECT} ORDER BY i.file_id, i.line, i.id`).map(toImport);
  }

  /** The import statements of one file. */
  importsInFile(path: string): StoredImport[] {
    return this.db.all(`${IMPORT_SELECT} WHERE f.path = ? ORDER BY i.line, i.id`, [path]).map(toImport);
  }

  /** Edges leaving a node, optionally only of some kinds. */
  edgesFrom(nodeId: number, kinds?: readonly EdgeKind[]): StoredEdge[] {
    return this.#edges('source_id', nodeId, kinds);
  }

  /** Edges arriving at a node, optionally only of some kinds. */
  edgesTo(nodeId: number, kinds?: readonly EdgeKind[]): StoredEdge[] {
    return this.#edges('target_id', nodeId, kinds);
  }

  /** Totals by table, node kind, edge kind and language. */
  counts(): GraphCounts {
    const num = (sql: string): number => Number(this.db.value(sql) ?? 0);
    const nodesByKind: Partial<Record<NodeKind, number>> = {};
    this.db.each(`SELECT kind, count(*) FROM nodes GROUP BY kind`, [], ([k, n]) => {
      nodesByKind[NODE_KINDS[Number(k)] ?? 'file'] = Number(n);
    });
    const edgesByKind: Partial<Record<EdgeKind, number>> = {};
    this.db.each(`SELECT kind, count(*) FROM edges GROUP BY kind`, [], ([k, n]) => {
      edgesByKind[EDGE_KINDS[Number(k)] ?? 'references'] = Number(n);
    });
    const nesting = num(`SELECT count(*) FROM nodes WHERE parent_id IS NOT NULL`);
    if (nesting > 0) edgesByKind.contains = nesting;
    const filesByLanguage: Record<string, number> = {};
    this.db.each(`SELECT language, count(*) FROM files GROUP BY language ORDER BY language`, [], ([l, n]) => {
      filesByLanguage[String(l)] = Number(n);
    });
    const edges = Object.values(edgesByKind).reduce((a, b) => a + (b ?? 0), 0);
    const refs = num(`SELECT count(*) FROM refs`);
    // Resolution binds each reference to at most one edge of the reference's own kind, and
    // references are never of kind contains or imports (those come from nesting and import
    // statements), so the bound count is a subtraction instead of a probe per reference.
    const boundRefs = edges - (edgesByKind.contains ?? 0) - (edgesByKind.imports ?? 0);
    return {
      files: num(`SELECT count(*) FROM files`),
      nodes: num(`SELECT count(*) FROM nodes`),
      edges,
      refs,
      unresolvedRefs: Math.max(0, refs - boundRefs),
      nodesByKind,
      edgesByKind,
      filesByLanguage,
    };
  }

  /**
   * Files, nodes, edges (by the file of their source), references and unresolved references per
   * language, most files first. Reads every edge once: meant for `status`, not for every run.
   */
  languageCounts(): LanguageCounts[] {
    const languageOf = new Map<number, string>();
    const rows = new Map<string, { files: number; nodes: number; edges: number; bound: number; refs: number }>();
    this.db.each(`SELECT id, language FROM files`, [], ([id, language]) => {
      const l = String(language);
      languageOf.set(Number(id), l);
      const row = rows.get(l) ?? { files: 0, nodes: 0, edges: 0, bound: 0, refs: 0 };
      row.files++;
      rows.set(l, row);
    });
    const add = (fileId: unknown, field: 'nodes' | 'edges' | 'bound' | 'refs', n: unknown): void => {
      const row = rows.get(languageOf.get(Number(fileId)) ?? '');
      if (row !== undefined) row[field] += Number(n);
    };
    this.db.each(`SELECT file_id, count(*), count(parent_id) FROM nodes GROUP BY file_id`, [], ([f, n, nested]) => {
      add(f, 'nodes', n);
      add(f, 'edges', nested);
    });
    this.db.each(`SELECT file_id, count(*) FROM refs GROUP BY file_id`, [], ([f, n]) => add(f, 'refs', n));
    // As in `counts`: every stored edge that is not an import statement binds one reference
    // (nesting edges, counted with the nodes above, are not stored).
    this.db.each(
      `SELECT n.file_id, count(*), sum(e.kind <> ${IMPORTS}) FROM edges e JOIN nodes n ON n.id = e.source_id GROUP BY n.file_id`,
      [],
      ([f, all, bound]) => {
        add(f, 'edges', all);
        add(f, 'bound', bound);
      },
    );
    return [...rows]
      .map(([language, r]) => ({ language, files: r.files, nodes: r.nodes, edges: r.edges, refs: r.refs, unresolvedRefs: Math.max(0, r.refs - r.bound) }))
      .sort((a, b) => b.files - a.files || a.language.localeCompare(b.language));
  }

  /**
   * Full-text search over names (camelCase words included), qualified names, signatures and
   * docstrings with prefix matching; all words must match, falling back to any word when that
   * finds nothing. Ranked by column-weighted BM25 plus a bonus when the name itself matches.
   */
  search(query: string, options: SearchOptions = {}): SearchHit[] {
    this.restoreIndexes();
    const limit = options.limit ?? 10;
    const terms = queryTerms(query);
    const kinds = options.kinds ?? NODE_KINDS.filter((k) => k !== 'file');
    const kindList = kinds.map((k) => code(NODE_CODE, k)).join(',');
    const scored = new Map<number, number>();
    for (const mode of ['all', 'any'] as const) {
      const expression = matchExpression(terms, mode);
      if (expression === undefined || kindList === '') return [];
      this.db.each(
        `SELECT s.docid, matchinfo(node_search, 'pcnalx'), n.name, n.qualified_name FROM node_search s JOIN nodes n ON n.id = s.docid
         WHERE node_search MATCH ? AND n.kind IN (${kindList})`,
        [expression],
        ([id, info, name, qualifiedName]) => {
          const base = info instanceof Uint8Array ? bm25(decodeMatchinfo(info)) : 0;
          scored.set(Number(id), base + nameBonus(String(name), String(qualifiedName), query));
        },
      );
      if (scored.size > 0 || terms.length < 2) break;
    }
    const top = [...scored].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
    return top.flatMap(([id, score]) => {
      const node = this.getNode(id);
      return node === undefined ? [] : [{ node, score }];
    });
  }

  /**
   * The database file's bytes. Refuses (CapacityError) when an earlier write ran out of memory,
   * so a half-written graph is never saved, or when the file would exceed the size limit.
   */
  exportBytes(): Uint8Array {
    if (this.#poisoned !== undefined) throw this.#poisoned;
    this.restoreIndexes();
    const pages = Number(this.db.value(`PRAGMA page_count`) ?? 0);
    const pageSize = Number(this.db.value(`PRAGMA page_size`) ?? 4096);
    if (pages * pageSize > this.#maxBytes) throw this.#capacity(`saving the index (${formatBytes(pages * pageSize)})`);
    try {
      const bytes = this.db.export();
      this.#migratedUnsaved = false;
      return bytes;
    } catch (error) {
      if (isOutOfMemoryError(error)) throw this.#capacity('saving the index', error);
      throw error;
    }
  }

  #replaceFile(file: FileInfo, extraction: FileExtraction): { fileId: number; fileNodeId: number; nodeIds: number[] } {
    const db = this.db;
    const sha = hexToBytes(file.sha256);
    const values: SqlValue[] = [
      file.language, file.size, file.mtimeMs, sha, extraction.symbols.length, extraction.parseErrors,
      extraction.isTest ? 1 : 0, extraction.packageName ?? null,
    ];
    let fileId = db.cached(`SELECT id FROM files WHERE path = ?`).value([file.path]);
    if (typeof fileId === 'number') {
      this.#deleteFileContents(fileId);
      db.cached(
        `UPDATE files SET language = ?, size = ?, mtime_ms = ?, sha256 = ?, node_count = ?, parse_errors = ?,
           is_test = ?, package_name = ? WHERE id = ?`,
      ).run([...values, fileId]);
    } else {
      fileId = db.cached(
        `INSERT INTO files(language, size, mtime_ms, sha256, node_count, parse_errors, is_test, package_name, path)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      ).value([...values, file.path]);
    }
    if (typeof fileId !== 'number') throw new Error(`could not store file ${file.path}`);

    // Ids are assigned here rather than read back with RETURNING (3x slower in sql.js): inside the
    // transaction nobody else inserts, so max(id) + 1 … is exactly what SQLite would pick.
    let nextId = Number(db.cached(`SELECT coalesce(max(id), 0) FROM nodes`).value([])) + 1;
    const insertNode = db.cached(
      `INSERT INTO nodes(id, file_id, kind, name, qualified_name, start_line, start_col, end_line, end_col, parent_id,
         signature, docstring, exported, arity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const lastLine = extraction.symbols.reduce((max, s) => Math.max(max, s.endLine), 1);
    const fileNodeId = nextId++;
    insertNode.run([fileNodeId, fileId, FILE_KIND, posix.basename(file.path), file.path, 1, 0, lastLine, 0, null, null, null, 0, null]);
    const nodeIds = extraction.symbols.map(() => nextId++);
    const lateParents: number[] = [];
    extraction.symbols.forEach((s, i) => {
      // Extractors emit parents before children; a forward parent index is patched below.
      const parentId = s.parent < 0 ? fileNodeId : s.parent < i ? (nodeIds[s.parent] ?? null) : null;
      if (parentId === null) lateParents.push(i);
      insertNode.run([
        nodeIds[i] ?? null, fileId, code(NODE_CODE, s.kind), s.name, s.qualifiedName, s.startLine, s.startCol, s.endLine,
        s.endCol, parentId, s.signature ?? null, s.docstring ?? null, s.exported ? 1 : 0, s.arity ?? null,
      ]);
    });
    const setParent = db.cached(`UPDATE nodes SET parent_id = ? WHERE id = ?`);
    for (const i of lateParents) {
      const parent = extraction.symbols[i]?.parent ?? -1;
      setParent.run([nodeIds[parent] ?? fileNodeId, nodeIds[i] ?? null]);
    }
    // Nesting edges are each node's parent_id (see the graph_edges view): nothing more to store.

    const insertRef = db.cached(
      `INSERT INTO refs(file_id, from_node_id, kind, name, receiver, line, col, args) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const r of extraction.refs) {
      const from = r.from < 0 ? fileNodeId : (nodeIds[r.from] ?? fileNodeId);
      insertRef.run([fileId, from, code(EDGE_CODE, r.kind), r.name, r.receiver ?? null, r.line, r.col, r.args ?? null]);
    }
    const insertImport = db.cached(
      `INSERT INTO imports(file_id, module, names, namespace, reexport, line) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const imp of extraction.imports) {
      insertImport.run([fileId, imp.module, JSON.stringify(imp.names), imp.namespace ?? null, imp.reexport ? 1 : 0, imp.line]);
    }
    // Index through the view so the FTS text is exactly what a later delete will read back.
    if (!this.#searchDeferred) db.cached(
      `INSERT INTO node_search(docid, name, qualified_name, signature, docstring)
       SELECT rowid, name, qualified_name, signature, docstring FROM node_search_src
       WHERE rowid IN (SELECT id FROM nodes WHERE file_id = ?)`,
    ).run([fileId]);
    return { fileId, fileNodeId, nodeIds };
  }

  #deleteFileContents(fileId: number): void {
    // FTS first: an external-content table reads the node rows to know which terms to remove.
    if (!this.#searchDeferred) this.db.cached(`DELETE FROM node_search WHERE docid IN (SELECT id FROM nodes WHERE file_id = ?)`).run([fileId]);
    for (const sql of [
      `DELETE FROM edges WHERE source_id IN (SELECT id FROM nodes WHERE file_id = ?)`,
      `DELETE FROM edges WHERE target_id IN (SELECT id FROM nodes WHERE file_id = ?)`,
      `DELETE FROM refs WHERE file_id = ?`,
      `DELETE FROM imports WHERE file_id = ?`,
      `DELETE FROM nodes WHERE file_id = ?`,
    ]) {
      this.db.cached(sql).run([fileId]);
    }
  }

  #edges(column: 'source_id' | 'target_id', nodeId: number, kinds?: readonly EdgeKind[]): StoredEdge[] {
    const filter = kinds === undefined ? '' : ` AND kind IN (${kinds.map((k) => code(EDGE_CODE, k)).join(',') || 'NULL'})`;
    return this.db
      .all(`SELECT ${EDGE_COLUMNS} FROM ${edgeRelation(kinds)} WHERE ${column} = ?${filter} ORDER BY line, col, target_id`, [nodeId])
      .map(toEdge);
  }

  #write<T>(what: string, fn: () => T): T {
    if (this.#poisoned !== undefined) throw this.#poisoned;
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
      const files = Number(this.db.value(`SELECT count(*) FROM files`) ?? 0);
      const nodes = Number(this.db.value(`SELECT count(*) FROM nodes`) ?? 0);
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

/** A ref has a resolved edge when an edge of its kind leaves its node at its position. */
const UNRESOLVED = `NOT EXISTS (SELECT 1 FROM edges e WHERE e.source_id = r.from_node_id AND e.kind = r.kind
  AND e.line = r.line AND e.col = r.col)`;

function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new TypeError(`sha256 must be a hex string, got ${hex}`);
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

function formatBytes(n: number): string {
  return `${(n / 2 ** 20).toFixed(0)} MiB`;
}

