/**
 * Whole-graph reads for resolution: every symbol and every reference as compact plain records,
 * read row-by-row as arrays (not objects) because they run over the entire repository.
 */
import { EDGE_KINDS, NODE_KINDS } from '../model.js';
import type { ExtractedImport, NodeKind, RefKind } from '../model.js';
import type { ResolverRef, ResolverSymbol } from '../model.js';
import { RefTable } from './columnar.js';
import { NODE_CODE, code, num, str, strOrNull } from './records.js';
import { qualifiedNameOf } from './schema.js';
import { StringPool } from './string-pool.js';
import { connectionOf } from './graph-reader.js';
import type { GraphReader } from './graph-reader.js';
import type { SqlValue } from './sqlite.js';

const FILE_KIND = code(NODE_CODE, 'file');
const METHOD_KIND = code(NODE_CODE, 'method');
const INTERFACE_KIND = code(NODE_CODE, 'interface');

/**
 * Kinds of node that are no scope to the definitions directly inside them: resolution reads those
 * at file level. A Rust impl block's items are qualified `Type.item`, as Go methods are: the block
 * is not a scope a bare name reaches into, and the type is found by that name.
 */
const SCOPELESS_PARENTS: readonly NodeKind[] = ['file', 'impl'];

/** Whether a definition directly inside a node of `kind` has that node as its parent for resolution. */
export function opensScope(kind: NodeKind): boolean {
  return !SCOPELESS_PARENTS.includes(kind);
}

/** A definition as resolution reads it (the resolver's own input shape); `parentId` is null at file level. */
export type BulkSymbol = ResolverSymbol;

/** A reference as resolution reads it; `fromId` is the enclosing symbol or the file node. */
export type BulkRef = ResolverRef;

/** Every non-file node, in id order. Parents that are file nodes are reported as null. */
export function readSymbols(reader: GraphReader, pool = new StringPool()): BulkSymbol[] {
  const db = connectionOf(reader);
  const out: BulkSymbol[] = [];
  db.each(`${SYMBOL_SELECT} ORDER BY n.id`, [], (row) => out.push(toBulkSymbol(row, pool)));
  return out;
}

/** At most `limit` non-file nodes with ids above `afterId`, in id order: `readSymbols` a slice at a time. */
export function readSymbolsAfter(reader: GraphReader, afterId: number, limit: number, pool = new StringPool()): BulkSymbol[] {
  const db = connectionOf(reader);
  const out: BulkSymbol[] = [];
  db.each(`${SYMBOL_SELECT} AND n.id > ? ORDER BY n.id LIMIT ?`, [afterId, limit], (row) => out.push(toBulkSymbol(row, pool)));
  return out;
}

/** The non-file nodes of `fileIds`, in id order. */
export function readSymbolsOfFiles(reader: GraphReader, fileIds: readonly number[], pool = new StringPool()): BulkSymbol[] {
  const db = connectionOf(reader);
  const out: BulkSymbol[] = [];
  for (const part of chunks(fileIds)) {
    db.each(`${SYMBOL_SELECT} AND n.file_id IN (${placeholders(part.length)})`, part, (row) => out.push(toBulkSymbol(row, pool)));
  }
  return out.sort((a, b) => a.id - b.id);
}

/** The highest node id stored (0 when there is none): about the number of definitions, since ids are dense. */
export function highestNodeId(reader: GraphReader): number {
  return Number(connectionOf(reader).value('SELECT coalesce(max(id), 0) FROM nodes') ?? 0);
}

/** The non-file node with this id, when there is one. */
export function readSymbolById(reader: GraphReader, id: number, pool = new StringPool()): BulkSymbol | undefined {
  let out: BulkSymbol | undefined;
  connectionOf(reader).each(`${SYMBOL_SELECT} AND n.id = ?`, [id], (row) => (out = toBulkSymbol(row, pool)));
  return out;
}

/** The non-file nodes named exactly `name`, in id order (found through the case-folded name index). */
export function readSymbolsNamed(reader: GraphReader, name: string, pool = new StringPool()): BulkSymbol[] {
  const out: BulkSymbol[] = [];
  connectionOf(reader).each(`${SYMBOL_SELECT} AND lower(n.name) = lower(?) AND n.name = ? ORDER BY n.id`, [name, name], (row) => out.push(toBulkSymbol(row, pool)));
  return out;
}

/** The signature resolution keeps (`keepsSignature`), of `n` whose parent is `p`: what structural matching compares. */
const KEPT_SIGNATURE = `CASE WHEN n.kind = ${METHOD_KIND} AND (p.kind = ${INTERFACE_KIND} OR n.signature LIKE 'func %') THEN n.signature END`;

const SYMBOL_SELECT = `SELECT n.id, n.file_id, n.kind, n.name, ${qualifiedNameOf('n')},
            CASE WHEN p.kind IN (${SCOPELESS_PARENTS.map((k) => code(NODE_CODE, k)).join(', ')}) THEN NULL ELSE n.parent_id END, n.exported, n.arity,
            ${KEPT_SIGNATURE}, n.returns
     FROM nodes n LEFT JOIN nodes p ON p.id = n.parent_id
     WHERE n.kind <> ${FILE_KIND}`;

function toBulkSymbol([id, fileId, kind, name, qualifiedName, parentId, exported, arity, signature, returns]: SqlValue[], pool: StringPool): BulkSymbol {
  return bulkSymbol(
    num(id), num(fileId), (NODE_KINDS[num(kind)] ?? 'variable') as NodeKind, str(name), str(qualifiedName),
    parentId === null || parentId === undefined ? null : num(parentId), num(exported) !== 0, typeof arity === 'number' ? arity : undefined, pool,
    typeof signature === 'string' ? signature : undefined, typeof returns === 'string' ? returns : undefined,
  );
}

/**
 * Whether resolution keeps a definition's signature: a method written outside its type
 * (`func (s *Square) Area() int`) or one of an interface's, which structural typing compares.
 */
export function keepsSignature(kind: NodeKind, parentKind: NodeKind | undefined, signature: string | undefined): boolean {
  return kind === 'method' && signature !== undefined && (parentKind === 'interface' || signature.startsWith('func '));
}

/**
 * A definition as resolution reads it, from the stored row or from the extraction being stored:
 * its name interned in `pool`, and a qualified name equal to it sharing that string.
 */
export function bulkSymbol(
  id: number, fileId: number, kind: NodeKind, name: string, qualifiedName: string, parentId: number | null, exported: boolean,
  arity: number | undefined, pool: StringPool, signature?: string, returns?: string,
): BulkSymbol {
  const text = pool.intern(name);
  return {
    id, fileId, kind, name: text, qualifiedName: qualifiedName === text ? text : qualifiedName, parentId, exported,
    ...(arity !== undefined ? { arity } : {}),
    ...(signature !== undefined ? { signature } : {}),
    ...(returns !== undefined ? { returns: pool.intern(returns) } : {}),
  };
}

/** Every stored reference, in id order, in a columnar table. */
export function readRefs(reader: GraphReader, pool = new StringPool()): RefTable {
  const db = connectionOf(reader);
  const out = new RefTable();
  db.each(`SELECT ${REF_COLUMNS} FROM refs ORDER BY id`, [], (row) => out.push(toBulkRef(row, pool)));
  return out;
}

// `id` first: callers merging several queries sort by it.
const REF_COLUMNS = 'id, file_id, from_node_id, kind, name, receiver, line, col, args';

function toBulkRef([, fileId, fromId, kind, name, receiver, line, col, args]: SqlValue[], pool: StringPool): BulkRef {
  return bulkRef(
    num(fileId ?? null), num(fromId ?? null), (EDGE_KINDS[num(kind ?? null)] ?? 'references') as RefKind, str(name ?? null),
    strOrNull(receiver ?? null) ?? undefined, num(line ?? null), num(col ?? null), typeof args === 'number' ? args : undefined, pool,
  );
}

/** A reference as resolution reads it, from the stored row or from the extraction being stored: names interned in `pool`. */
export function bulkRef(
  fileId: number, fromId: number, kind: RefKind, name: string, receiver: string | undefined, line: number, col: number,
  args: number | undefined, pool: StringPool,
): BulkRef {
  return {
    fileId, fromId, kind, name: pool.intern(name), line, col, ...(receiver !== undefined ? { receiver: pool.intern(receiver) } : {}),
    ...(args !== undefined ? { args } : {}),
  };
}

/** Every import statement grouped by file id, in statement order. */
export function readImportsByFile(reader: GraphReader): Map<number, ExtractedImport[]> {
  const db = connectionOf(reader);
  const out = new Map<number, ExtractedImport[]>();
  db.each(`${IMPORT_ROWS} ORDER BY id`, [], (row) => addImport(out, row));
  return out;
}

/** The import statements of `fileIds` grouped by file id, in statement order. */
export function readImportsOfFiles(reader: GraphReader, fileIds: readonly number[]): Map<number, ExtractedImport[]> {
  const db = connectionOf(reader);
  const out = new Map<number, ExtractedImport[]>();
  for (const part of chunks(fileIds)) {
    db.each(`${IMPORT_ROWS} WHERE file_id IN (${placeholders(part.length)}) ORDER BY id`, part, (row) => addImport(out, row));
  }
  return out;
}

const IMPORT_ROWS = `SELECT file_id, module, names, namespace, reexport, line FROM imports`;

function addImport(out: Map<number, ExtractedImport[]>, [fileId, module, names, namespace, reexport, line]: SqlValue[]): void {
  const ns = strOrNull(namespace ?? null);
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
}

const INHERITANCE_CODES = [EDGE_KINDS.indexOf('extends'), EDGE_KINDS.indexOf('implements')];
const CHUNK = 500;

/** Parameters per query when each query is a full scan (SQLite allows 32,766). */
const SCAN_CHUNK = 20_000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function placeholders(n: number): string {
  return new Array<string>(n).fill('?').join(',');
}

/** Files owning the sources of resolved edges that point into any of `fileIds` (old graph). */
export function dependentFileIds(reader: GraphReader, fileIds: readonly number[], kinds?: readonly number[]): Set<number> {
  const db = connectionOf(reader);
  const out = new Set<number>();
  // Stored edges are all resolved ones (nesting is derived, not stored).
  const kindClause = kinds === undefined ? '' : `AND e.kind IN (${kinds.join(',')})`;
  for (const part of chunks(fileIds)) {
    db.each(
      `SELECT DISTINCT s.file_id FROM nodes t JOIN edges e ON e.target_id = t.id JOIN nodes s ON s.id = e.source_id
       WHERE t.file_id IN (${placeholders(part.length)}) ${kindClause}`,
      part,
      ([id]) => out.add(num(id)),
    );
  }
  return out;
}

/** Files of every class that extends or implements, directly or not, a type defined in `fileIds`. */
export function subclassFileIds(reader: GraphReader, fileIds: readonly number[], maxDepth = 16): Set<number> {
  const out = new Set<number>();
  let frontier = [...fileIds];
  for (let depth = 0; depth < maxDepth && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const id of dependentFileIds(reader, frontier, INHERITANCE_CODES)) {
      if (!out.has(id)) {
        out.add(id);
        next.push(id);
      }
    }
    frontier = next;
  }
  return out;
}

/**
 * Files holding a reference to any of `names`. There is no index on reference names (it would be
 * a twentieth of the file), so each query scans the references: few, large batches.
 */
export function fileIdsReferencing(reader: GraphReader, names: readonly string[]): Set<number> {
  const db = connectionOf(reader);
  const out = new Set<number>();
  for (const part of chunks(names, SCAN_CHUNK)) {
    db.each(`SELECT DISTINCT file_id FROM refs WHERE name IN (${placeholders(part.length)})`, part, ([id]) => out.add(num(id)));
  }
  return out;
}

/** Files of `language` that define a method named one of `names` (found through the lowercase name index). */
export function fileIdsDefiningMethods(reader: GraphReader, names: readonly string[], language: string): Set<number> {
  const db = connectionOf(reader);
  const out = new Set<number>();
  for (const part of chunks(names, SCAN_CHUNK)) {
    db.each(
      `SELECT DISTINCT n.file_id FROM nodes n JOIN files f ON f.id = n.file_id
       WHERE lower(n.name) IN (${placeholders(part.length)}) AND n.name IN (${placeholders(part.length)}) AND n.kind = ${METHOD_KIND} AND f.language = ?`,
      [...part.map((n) => n.toLowerCase()), ...part, language],
      ([id]) => out.add(num(id)),
    );
  }
  return out;
}

/** The names of the methods the interfaces of `fileIds` declare. */
export function interfaceMethodNames(reader: GraphReader, fileIds: readonly number[]): Set<string> {
  const db = connectionOf(reader);
  const out = new Set<string>();
  for (const part of chunks(fileIds)) {
    db.each(
      `SELECT DISTINCT n.name FROM nodes n JOIN nodes p ON p.id = n.parent_id
       WHERE n.file_id IN (${placeholders(part.length)}) AND n.kind = ${METHOD_KIND} AND p.kind = ${INTERFACE_KIND}`,
      part,
      ([name]) => out.add(str(name)),
    );
  }
  return out;
}

/** The distinct names each file references: of every file, or of `fileIds` only. */
export function readReferencedNames(reader: GraphReader, fileIds?: readonly number[], pool = new StringPool()): Map<number, Set<string>> {
  const db = connectionOf(reader);
  const out = new Map<number, Set<string>>();
  const add = namesInto(out, pool);
  if (fileIds === undefined) db.each(`SELECT file_id, name FROM refs`, [], add);
  else for (const part of chunks(fileIds)) db.each(`SELECT file_id, name FROM refs WHERE file_id IN (${placeholders(part.length)})`, part, add);
  return out;
}

/**
 * `readReferencedNames` of the files with ids in `from`..`to` (inclusive) added to `out`: the
 * whole table a range of files at a time.
 */
export function readReferencedNamesBetween(reader: GraphReader, from: number, to: number, out: Map<number, Set<string>>, pool = new StringPool()): void {
  connectionOf(reader).each(`SELECT file_id, name FROM refs WHERE file_id BETWEEN ? AND ?`, [from, to], namesInto(out, pool));
}

/** A row callback adding each `(file_id, name)` row to `out`, names pooled. */
function namesInto(out: Map<number, Set<string>>, pool: StringPool): (row: SqlValue[]) => void {
  return ([fileId, name]) => {
    const id = num(fileId ?? null);
    let names = out.get(id);
    if (names === undefined) out.set(id, (names = new Set()));
    names.add(pool.intern(str(name ?? null)));
  };
}

/** Files with an import whose specifier mentions any of `stems` (over-approximates on purpose). */
export function fileIdsImportingStems(reader: GraphReader, stems: readonly string[]): Set<number> {
  const db = connectionOf(reader);
  const out = new Set<number>();
  for (const stem of stems) {
    if (stem === '') continue;
    db.each(`SELECT DISTINCT file_id FROM imports WHERE instr(module, ?) > 0`, [stem], ([id]) => out.add(num(id)));
  }
  return out;
}

/**
 * A fingerprint per defined name in `fileIds` (kind, qualified name, exported flag and kept
 * signature of every definition carrying it): two fingerprints differ exactly when name-based
 * resolution could bind a reference to that name differently, or structural matching (an
 * interface method made optional, a Go method's types) match a type differently.
 */
export function nameFingerprints(reader: GraphReader, fileIds: readonly number[]): Map<string, string> {
  const db = connectionOf(reader);
  const parts = new Map<string, string[]>();
  for (const part of chunks(fileIds)) {
    db.each(
      `SELECT n.name, n.kind, ${qualifiedNameOf('n')}, n.exported, f.path, ${KEPT_SIGNATURE}
       FROM nodes n JOIN files f ON f.id = n.file_id LEFT JOIN nodes p ON p.id = n.parent_id
       WHERE n.file_id IN (${placeholders(part.length)}) AND n.kind <> ${FILE_KIND}`,
      part,
      ([name, kind, qualifiedName, exported, path, signature]) => {
        const key = str(name);
        const list = parts.get(key);
        const entry = `${str(path)}|${num(kind)}|${str(qualifiedName)}|${num(exported)}|${typeof signature === 'string' ? signature : ''}`;
        if (list === undefined) parts.set(key, [entry]);
        else list.push(entry);
      },
    );
  }
  const out = new Map<string, string>();
  for (const [name, list] of parts) out.set(name, list.sort().join('\n'));
  return out;
}

/** References of `fileIds` plus every inheritance reference of the project, in id order. */
export function readRefsForFiles(reader: GraphReader, fileIds: readonly number[], pool = new StringPool()): RefTable {
  return refsInIdOrder(reader, fileIds, pool, true);
}

/** References of `fileIds` only, in id order. */
export function readRefsOfFiles(reader: GraphReader, fileIds: readonly number[], pool = new StringPool()): RefTable {
  return refsInIdOrder(reader, fileIds, pool, false);
}

function refsInIdOrder(reader: GraphReader, fileIds: readonly number[], pool: StringPool, everyInheritance: boolean): RefTable {
  const db = connectionOf(reader);
  const rows: { id: number; ref: BulkRef }[] = [];
  const wanted = new Set(fileIds);
  const push = (row: SqlValue[]): void => {
    rows.push({ id: num(row[0] ?? null), ref: toBulkRef(row, pool) });
  };
  for (const part of chunks(fileIds)) db.each(`SELECT ${REF_COLUMNS} FROM refs WHERE file_id IN (${placeholders(part.length)})`, part, push);
  if (everyInheritance) {
    db.each(`SELECT ${REF_COLUMNS} FROM refs WHERE kind IN (${INHERITANCE_CODES.join(',')})`, [], (row) => {
      if (!wanted.has(num(row[1] ?? null))) push(row);
    });
  }
  rows.sort((a, b) => a.id - b.id);
  return RefTable.of(rows.map((r) => r.ref));
}
