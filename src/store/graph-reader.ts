/**
 * The read side of the code graph: files, nodes, references, imports, edges, metadata and
 * totals, each as a typed record. The connection stays private; the store's own query modules
 * reach it through `connectionOf`, which the store's public index does not export.
 */
import { EDGE_KINDS } from '../model.js';
import type { EdgeKind, RefKind } from '../model.js';
import { countTotals, graphCounts, languageCounts, storedTotals, summaryCounts, type SummaryCounts } from './graph-stats.js';
import type { GraphTotals } from './graph-stats.js';
import { EDGE_CODE, NODE_CODE, code, num, shaHex, str, strOrNull, toEdge, toFile, toFileRecord, toImport, toNode, toRef } from './records.js';
import type {
  Diagnostic, FileDigest, FileRecord, GraphCounts, LanguageCounts, StoredEdge, StoredFile, StoredImport, StoredNode, StoredRef, StoredStat,
} from './records.js';
import { edgeRelation, QUALIFIED_STORED, qualifiedNameOf } from './schema.js';
import type { SqliteDb } from './sqlite.js';

/** A condition's right side matching any value of a JSON array bound as its parameter: `id ${IN_JSON_LIST}` with `JSON.stringify(ids)`. */
export const IN_JSON_LIST = 'IN (SELECT value FROM json_each(?))';

const FILE_KIND = code(NODE_CODE, 'file');

/** The columns of a node row joined with its file's path (`n` nodes, `f` files), as `toNode` reads them. */
const NODE_COLUMNS = `n.id, n.file_id, f.path, n.kind, n.name, ${qualifiedNameOf('n')} AS qualified_name, n.start_line, n.start_col,
  n.end_line, n.end_col, n.parent_id, n.signature, n.docstring, n.exported`;
const NODE_FROM = `nodes n JOIN files f ON f.id = n.file_id`;
// An exact name through the case-folded index (there is no index on the name itself); binds the name twice.
const EXACT_NAME = `lower(n.name) = lower(?) AND n.name = ?`;
// A file's node is the first node stored for it (the writer inserts it before its symbols),
// so its id is the smallest of the file's: one index seek instead of a scan of the file's nodes.
const FILE_SELECT = `SELECT f.*, (SELECT min(id) FROM nodes WHERE file_id = f.id) AS file_node_id FROM files f`;
const EDGE_COLUMNS = `source_id, target_id, kind, line, col, confidence, method`;
const REF_SELECT = `SELECT r.*, f.path FROM refs r JOIN files f ON f.id = r.file_id`;
const IMPORT_SELECT = `SELECT i.*, f.path FROM imports i JOIN files f ON f.id = i.file_id`;
/** A ref has a resolved edge when an edge of its kind leaves its node at its position. */
const UNRESOLVED = `NOT EXISTS (SELECT 1 FROM edges e WHERE e.source_id = r.from_node_id AND e.kind = r.kind
  AND e.line = r.line AND e.col = r.col)`;
/** Most ids bound in one statement (SQLite's default limit is 999 parameters before 3.32). */
const ID_BATCH = 500;

let connection: (reader: GraphReader) => SqliteDb;

/** Typed reads over one open, migrated database. Safe to share between readers. */
export class GraphReader {
  readonly #db: SqliteDb;

  static {
    connection = (reader) => reader.#db;
  }

  /** Reads `db`, which `migrate()` has brought to the current schema. */
  constructor(db: SqliteDb) {
    this.#db = db;
  }

  /** Every diagnostic, by path. */
  diagnostics(): Diagnostic[] {
    return this.#db.all<Diagnostic>(`SELECT path, reason, detail FROM diagnostics ORDER BY path, rowid`);
  }

  /** A value stored with `setMeta` (or a schema key), or undefined. */
  getMeta(key: string): string | undefined {
    const value = this.#db.value(`SELECT value FROM meta WHERE key = ?`, [key]);
    return typeof value === 'string' ? value : undefined;
  }

  /** Every file, by path. */
  listFiles(): StoredFile[] {
    return this.#db.all(`${FILE_SELECT} ORDER BY f.path`).map(toFile);
  }

  /**
   * Every file's own row, without its file node's id: what a sync compares a scan with. Finding
   * each file node is an index seek per file, 0.6 s of a catch-up on the Linux kernel.
   */
  fileRecords(): FileRecord[] {
    return this.#db.all(`SELECT * FROM files`).map(toFileRecord);
  }

  /** The rows of the files at `paths` that are stored (an index seek each). */
  fileRecordsAt(paths: readonly string[]): FileRecord[] {
    const out: FileRecord[] = [];
    for (const path of paths) {
      const row = this.#db.get(`SELECT * FROM files WHERE path = ?`, [path]);
      if (row !== undefined) out.push(toFileRecord(row));
    }
    return out;
  }

  /**
   * What a sync compares each scanned file with, for every stored file: four columns read as
   * arrays. The whole rows cost 0.26 s of a one-file sync on the Linux kernel.
   */
  fileStats(): StoredStat[] {
    const out: StoredStat[] = [];
    this.#db.each(`SELECT path, language, size, mtime_ms, package_name FROM files`, [], (row) => {
      out.push({ path: String(row[0]), language: String(row[1]), size: Number(row[2]), mtimeMs: Number(row[3]), packageName: row[4] === null ? null : String(row[4]) });
    });
    return out;
  }

  /** One file by project-relative path. */
  getFile(path: string): StoredFile | undefined {
    const row = this.#db.get(`${FILE_SELECT} WHERE f.path = ?`, [path]);
    return row === undefined ? undefined : toFile(row);
  }

  /**
   * What a freshness check compares (size, mtime, content hash) for several files by path, in one
   * statement of the file table's own columns: the whole-row read with its file-node seek was
   * 0.13 ms of an HTTP search call on django.
   */
  fileDigests(paths: readonly string[]): Map<string, FileDigest> {
    const digests = new Map<string, FileDigest>();
    if (paths.length === 0) return digests;
    this.#db.each(`SELECT path, size, mtime_ms, sha256 FROM files WHERE path ${IN_JSON_LIST}`, [JSON.stringify([...new Set(paths)])], ([path, size, mtimeMs, sha]) => {
      digests.set(String(path), { size: Number(size), mtimeMs: Number(mtimeMs), sha256: shaHex(sha) });
    });
    return digests;
  }

  /** Several files by id (ids not stored are absent), in one statement. */
  filesByIds(ids: readonly number[]): Map<number, StoredFile> {
    const files = new Map<number, StoredFile>();
    if (ids.length === 0) return files;
    for (const row of this.#db.all(`${FILE_SELECT} WHERE f.id ${IN_JSON_LIST}`, [JSON.stringify([...new Set(ids)])])) {
      const file = toFile(row);
      files.set(file.id, file);
    }
    return files;
  }

  /** The nodes of one file (its file node first), in source order. */
  nodesInFile(path: string): StoredNode[] {
    return this.#db
      .all(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE f.path = ? ORDER BY n.kind <> ${FILE_KIND}, n.start_line, n.start_col, n.id`, [path])
      .map(toNode);
  }

  /** One node by id. */
  getNode(id: number): StoredNode | undefined {
    const row = this.#db.get(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.id = ?`, [id]);
    return row === undefined ? undefined : toNode(row);
  }

  /**
   * Several nodes by id, in the order of `ids` (missing ids skipped, repeated ids repeated). One
   * statement per few hundred ids instead of one per node: preparing dominates small lookups in sql.js.
   */
  nodesByIds(ids: readonly number[]): StoredNode[] {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
    const byId = new Map<number, StoredNode>();
    for (let i = 0; i < unique.length; i += ID_BATCH) {
      const batch = unique.slice(i, i + ID_BATCH);
      const rows = this.#db.all(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.id IN (${batch.map(() => '?').join(',')})`, batch);
      for (const row of rows) {
        const node = toNode(row);
        byId.set(node.id, node);
      }
    }
    return ids.flatMap((id) => {
      const node = byId.get(id);
      return node === undefined ? [] : [node];
    });
  }

  /** Nodes with exactly this name. */
  nodesByName(name: string): StoredNode[] {
    return this.#db
      .all(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE ${EXACT_NAME} ORDER BY f.path, n.start_line`, [name, name])
      .map(toNode);
  }

  /** Nodes whose name equals this one ignoring ASCII case. */
  nodesByNameIgnoreCase(name: string): StoredNode[] {
    return this.#db
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
    return this.#db
      .all(
        `SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.qualified_name = ? AND n.${QUALIFIED_STORED}
         UNION
         SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE ${EXACT_NAME} AND n.qualified_name = ''
         UNION
         SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE ${EXACT_NAME} AND substr(${qualifiedNameOf('n')}, -?) = ?
         ORDER BY 3, 7`,
        [qualifiedName, qualifiedName, qualifiedName, last, last, suffix.length, suffix],
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
      this.#db.each(
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
    return this.#db.all(`${REF_SELECT} WHERE f.path = ? ORDER BY r.id`, [path]).map(toRef);
  }

  /** References with no resolved edge at their position, for reporting. */
  unresolvedRefs(limit = 100): StoredRef[] {
    return this.#db.all(`${REF_SELECT} WHERE ${UNRESOLVED} ORDER BY r.id LIMIT ?`, [limit]).map(toRef);
  }

  /** Every import statement, grouped by file. */
  allImports(): StoredImport[] {
    return this.#db.all(`${IMPORT_SELECT} ORDER BY i.file_id, i.line, i.id`).map(toImport);
  }

  /** The import statements of one file. */
  importsInFile(path: string): StoredImport[] {
    return this.#db.all(`${IMPORT_SELECT} WHERE f.path = ? ORDER BY i.line, i.id`, [path]).map(toImport);
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
    return graphCounts(this.#db);
  }

  /** The fields of `counts()` a sync's summary prints, counted without a pass by kind. */
  summaryCounts(): SummaryCounts {
    return summaryCounts(this.#db);
  }

  /**
   * Files, nodes, edges (by the file of their source), references and unresolved references per
   * language, most files first. Reads every edge once: meant for `status`, not for every run.
   */
  languageCounts(): LanguageCounts[] {
    return languageCounts(this.#db);
  }

  /** `counts()` and `languageCounts()` as the last sync stored them, when they still match the graph. */
  storedTotals(): GraphTotals | undefined {
    return storedTotals(this.#db);
  }

  /** `storedTotals()`, counted now when none match the graph. */
  totals(): GraphTotals {
    return storedTotals(this.#db) ?? countTotals(this.#db);
  }

  #edges(column: 'source_id' | 'target_id', nodeId: number, kinds?: readonly EdgeKind[]): StoredEdge[] {
    const filter = kinds === undefined ? '' : ` AND kind IN (${kinds.map((k) => code(EDGE_CODE, k)).join(',') || 'NULL'})`;
    return this.#db
      .all(`SELECT ${EDGE_COLUMNS} FROM ${edgeRelation(kinds)} WHERE ${column} = ?${filter} ORDER BY line, col, target_id`, [nodeId])
      .map(toEdge);
  }
}

/**
 * The connection behind `reader`. For the store's own query modules, and for tests that account
 * for statements or inspect query plans; not exported from the store's index, so no other layer
 * runs SQL through it.
 */
export function connectionOf(reader: GraphReader): SqliteDb {
  return connection(reader);
}
