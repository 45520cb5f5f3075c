/**
 * Whole-graph reads for resolution: every symbol and every reference as compact plain records,
 * read row-by-row as arrays (not objects) because they run over the entire repository.
 */
import { EDGE_KINDS, NODE_KINDS } from '../index/model.js';
import type { ExtractedImport, NodeKind, RefKind } from '../index/model.js';
import { NODE_CODE, code, num, str, strOrNull } from './records.js';
import type { SqliteDb } from './sqlite.js';

const FILE_KIND = code(NODE_CODE, 'file');

/** A definition as resolution reads it; `parentId` is null at file level. */
export interface BulkSymbol {
  readonly id: number;
  readonly fileId: number;
  readonly kind: NodeKind;
  readonly name: string;
  readonly qualifiedName: string;
  readonly parentId: number | null;
  readonly exported: boolean;
}

/** A reference as resolution reads it; `fromId` is the enclosing symbol or the file node. */
export interface BulkRef {
  readonly fileId: number;
  readonly fromId: number;
  readonly kind: RefKind;
  readonly name: string;
  readonly receiver?: string;
  readonly line: number;
  readonly col: number;
}

/** Every non-file node, in id order. Parents that are file nodes are reported as null. */
export function readSymbols(db: SqliteDb): BulkSymbol[] {
  const out: BulkSymbol[] = [];
  db.each(
    `SELECT n.id, n.file_id, n.kind, n.name, n.qualified_name,
            CASE WHEN p.kind = ${FILE_KIND} THEN NULL ELSE n.parent_id END, n.exported
     FROM nodes n LEFT JOIN nodes p ON p.id = n.parent_id
     WHERE n.kind <> ${FILE_KIND} ORDER BY n.id`,
    [],
    ([id, fileId, kind, name, qualifiedName, parentId, exported]) => {
      out.push({
        id: num(id), fileId: num(fileId), kind: (NODE_KINDS[num(kind)] ?? 'variable') as NodeKind,
        name: str(name), qualifiedName: str(qualifiedName), parentId: parentId === null ? null : num(parentId),
        exported: num(exported) !== 0,
      });
    },
  );
  return out;
}

/** Every stored reference, in id order. */
export function readRefs(db: SqliteDb): BulkRef[] {
  const out: BulkRef[] = [];
  db.each(`SELECT file_id, from_node_id, kind, name, receiver, line, col FROM refs ORDER BY id`, [], ([fileId, fromId, kind, name, receiver, line, col]) => {
    const r = strOrNull(receiver);
    out.push({
      fileId: num(fileId), fromId: num(fromId), kind: (EDGE_KINDS[num(kind)] ?? 'references') as RefKind,
      name: str(name), line: num(line), col: num(col), ...(r !== null ? { receiver: r } : {}),
    });
  });
  return out;
}

/** Every import statement grouped by file id, in statement order. */
export function readImportsByFile(db: SqliteDb): Map<number, ExtractedImport[]> {
  const out = new Map<number, ExtractedImport[]>();
  db.each(`SELECT file_id, module, names, namespace, reexport, line FROM imports ORDER BY id`, [], ([fileId, module, names, namespace, reexport, line]) => {
    const ns = strOrNull(namespace);
    const entry: ExtractedImport = {
      module: str(module),
      names: JSON.parse(str(names)) as ExtractedImport['names'],
      reexport: num(reexport) !== 0,
      line: num(line),
      ...(ns !== null ? { namespace: ns } : {}),
    };
    const list = out.get(num(fileId));
    if (list === undefined) out.set(num(fileId), [entry]);
    else list.push(entry);
  });
  return out;
}

/** Updates a file's size and mtime after a content check proved it unchanged. */
export function touchFile(db: SqliteDb, path: string, size: number, mtimeMs: number): void {
  db.run(`UPDATE files SET size = ?, mtime_ms = ? WHERE path = ?`, [size, mtimeMs, path]);
}
