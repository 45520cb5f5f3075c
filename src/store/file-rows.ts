/**
 * The rows one source file owns (its `files` row, its nodes, references, imports, route mounts and templates, the names
 * each symbol uses, and their full-text entries), written and deleted together. Callers run these inside a transaction.
 */
import { posix } from 'node:path';
import type { FileExtraction } from '../model.js';
import { EDGE_CODE, NODE_CODE, code } from './records.js';
import type { FileInfo } from './records.js';
import { writeNodeStrings, writeNodeUses } from './node-uses.js';
import { storedQualifiedName } from './schema.js';
import type { SqlValue, SqliteDb } from './sqlite.js';

const FILE_KIND = code(NODE_CODE, 'file');

/** The ids a stored file got: its row, its file node, and `nodeIds[i]` for `symbols[i]`. */
export interface WrittenFile {
  readonly fileId: number;
  readonly fileNodeId: number;
  readonly nodeIds: number[];
}

/** The id of the stored file at `path`, or undefined. */
export function fileIdOf(db: SqliteDb, path: string): number | undefined {
  const id = db.cached(`SELECT id FROM files WHERE path = ?`).value([path]);
  return typeof id === 'number' ? id : undefined;
}

/** Deletes the `files` row itself (its contents go first, with `deleteFileContents`). */
export function deleteFileRow(db: SqliteDb, fileId: number): void {
  db.cached(`DELETE FROM files WHERE id = ?`).run([fileId]);
}

/**
 * Replaces everything stored for one file. `indexSearch` false leaves the full-text index alone
 * (a bulk load rebuilds it once at the end).
 */
export function writeFileRows(db: SqliteDb, file: FileInfo, extraction: FileExtraction, indexSearch: boolean): WrittenFile {
  const fileId = upsertFile(db, file, extraction, indexSearch);
  const { fileNodeId, nodeIds } = insertNodes(db, fileId, file.path, extraction);
  db.insertRows(`INSERT INTO refs(file_id, from_node_id, kind, name, receiver, line, col, args)`, extraction.refs.map((r) => {
    const from = r.from < 0 ? fileNodeId : (nodeIds[r.from] ?? fileNodeId);
    return [fileId, from, code(EDGE_CODE, r.kind), r.name, r.receiver ?? null, r.line, r.col, r.args ?? null];
  }));
  db.insertRows(`INSERT INTO imports(file_id, module, names, namespace, reexport, line)`, extraction.imports.map((imp) =>
    [fileId, imp.module, JSON.stringify(imp.names), imp.namespace ?? null, imp.reexport ? 1 : 0, imp.line]));
  if (extraction.mounts !== undefined) {
    db.insertRows(`INSERT INTO route_mounts(file_id, import_line, prefix)`, extraction.mounts.map((m) => [fileId, m.importLine, m.prefix]));
  }
  if (extraction.locators !== undefined) {
    db.insertRows(`INSERT INTO route_mounts(file_id, import_line, prefix, type_name)`, extraction.locators.map((l) => [fileId, l.line, l.prefix, l.typeName]));
  }
  if (extraction.routeTemplates !== undefined) {
    db.insertRows(`INSERT INTO route_templates(file_id, line, class_name, template, base)`, extraction.routeTemplates.map((t) => [fileId, t.line, t.className, t.template ?? null, t.base ?? null]));
  }
  writeNodeUses(db, extraction.refs, nodeIds);
  writeNodeStrings(db, extraction.strings ?? [], nodeIds);
  // Index through the view so the FTS text is exactly what a later delete will read back.
  if (indexSearch) db.cached(
    `INSERT INTO node_search(docid, name, qualified_name, signature, docstring, uses)
     SELECT rowid, name, qualified_name, signature, docstring, uses FROM node_search_src
     WHERE rowid IN (SELECT id FROM nodes WHERE file_id = ?)`,
  ).run([fileId]);
  if (indexSearch && extraction.strings !== undefined) db.cached(
    `INSERT INTO strings_search(docid, words) SELECT node_id, words FROM node_strings WHERE node_id IN (SELECT id FROM nodes WHERE file_id = ?)`,
  ).run([fileId]);
  return { fileId, fileNodeId, nodeIds };
}

/**
 * Deletes what came from one file (its full-text entries, edges from and into its nodes,
 * references, imports, route mounts and templates, and nodes) but not its `files` row.
 */
export function deleteFileContents(db: SqliteDb, fileId: number, indexSearch: boolean): void {
  // FTS first: an external-content table reads the node rows to know which terms to remove.
  if (indexSearch) {
    db.cached(`DELETE FROM node_search WHERE docid IN (SELECT id FROM nodes WHERE file_id = ?)`).run([fileId]);
    db.cached(`DELETE FROM strings_search WHERE docid IN (SELECT node_id FROM node_strings WHERE node_id IN (SELECT id FROM nodes WHERE file_id = ?))`).run([fileId]);
  }
  for (const sql of [
    `DELETE FROM edges WHERE source_id IN (SELECT id FROM nodes WHERE file_id = ?)`,
    `DELETE FROM edges WHERE target_id IN (SELECT id FROM nodes WHERE file_id = ?)`,
    `DELETE FROM refs WHERE file_id = ?`,
    `DELETE FROM imports WHERE file_id = ?`,
    `DELETE FROM route_mounts WHERE file_id = ?`,
    `DELETE FROM route_templates WHERE file_id = ?`,
    `DELETE FROM node_uses WHERE node_id IN (SELECT id FROM nodes WHERE file_id = ?)`,
    `DELETE FROM node_strings WHERE node_id IN (SELECT id FROM nodes WHERE file_id = ?)`,
    `DELETE FROM nodes WHERE file_id = ?`,
  ]) {
    db.cached(sql).run([fileId]);
  }
}

/** Updates a file's size and mtime after a content check proved it unchanged. */
export function touchFileRow(db: SqliteDb, path: string, size: number, mtimeMs: number): void {
  db.run(`UPDATE files SET size = ?, mtime_ms = ? WHERE path = ?`, [size, mtimeMs, path]);
}

/** The file's row, updated in place (its old contents deleted) or inserted; returns its id. */
function upsertFile(db: SqliteDb, file: FileInfo, extraction: FileExtraction, indexSearch: boolean): number {
  const sha = hexToBytes(file.sha256);
  const values: SqlValue[] = [
    file.language, file.size, file.mtimeMs, sha, extraction.symbols.length, extraction.parseErrors,
    extraction.isTest ? 1 : 0, extraction.packageName ?? null,
  ];
  let fileId: SqlValue | undefined = fileIdOf(db, file.path);
  if (typeof fileId === 'number') {
    deleteFileContents(db, fileId, indexSearch);
    db.cached(
      `UPDATE files SET language = ?, size = ?, mtime_ms = ?, sha256 = ?, node_count = ?, parse_errors = ?,
         is_test = ?, package_name = ? WHERE id = ?`,
    ).run([...values, fileId]);
  } else {
    // As for nodes: the id SQLite would pick, given rather than read back with RETURNING.
    fileId = Number(db.cached(`SELECT coalesce(max(id), 0) + 1 FROM files`).value([]));
    db.cached(
      `INSERT INTO files(language, size, mtime_ms, sha256, node_count, parse_errors, is_test, package_name, path, id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run([...values, file.path, fileId]);
  }
  if (typeof fileId !== 'number') throw new Error(`could not store file ${file.path}`);
  return fileId;
}

/** The file node, then one node per symbol with its parent; nesting edges are each node's parent_id. */
function insertNodes(db: SqliteDb, fileId: number, path: string, extraction: FileExtraction): Omit<WrittenFile, 'fileId'> {
  // Ids are assigned here rather than read back with RETURNING (3x slower in sql.js): inside the
  // transaction nobody else inserts, so max(id) + 1 … is exactly what SQLite would pick.
  let nextId = Number(db.cached(`SELECT coalesce(max(id), 0) FROM nodes`).value([])) + 1;
  const lastLine = extraction.symbols.reduce((max, s) => Math.max(max, s.endLine), 1);
  const fileNodeId = nextId++;
  const fileName = posix.basename(path);
  const rows: SqlValue[][] = [[fileNodeId, fileId, FILE_KIND, fileName, storedQualifiedName(fileName, path), 1, 0, lastLine, 0, null, null, null, 0, null, null]];
  const nodeIds = extraction.symbols.map(() => nextId++);
  const lateParents: number[] = [];
  extraction.symbols.forEach((s, i) => {
    // Extractors emit parents before children; a forward parent index is patched below.
    const parentId = s.parent < 0 ? fileNodeId : s.parent < i ? (nodeIds[s.parent] ?? null) : null;
    if (parentId === null) lateParents.push(i);
    rows.push([
      nodeIds[i] ?? null, fileId, code(NODE_CODE, s.kind), s.name, storedQualifiedName(s.name, s.qualifiedName), s.startLine, s.startCol, s.endLine,
      s.endCol, parentId, s.signature ?? null, s.docstring ?? null, s.exported ? 1 : 0, s.arity ?? null, s.returns ?? null,
    ]);
  });
  db.insertRows(
    `INSERT INTO nodes(id, file_id, kind, name, qualified_name, start_line, start_col, end_line, end_col, parent_id, signature, docstring, exported, arity, returns)`,
    rows,
  );
  const setParent = db.cached(`UPDATE nodes SET parent_id = ? WHERE id = ?`);
  for (const i of lateParents) {
    const parent = extraction.symbols[i]?.parent ?? -1;
    setParent.run([nodeIds[parent] ?? fileNodeId, nodeIds[i] ?? null]);
  }
  return { fileNodeId, nodeIds };
}

function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new TypeError(`sha256 must be a hex string, got ${hex}`);
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}
