/**
 * The reads explore's derived data is built from: relationship edges of many nodes at once (and,
 * for the callees it quotes, the calls bound by more than a name and how many calls reach each), the
 * file table, file paths, every definition's name, qualifier and docstring opening, and the
 * names and signatures of some languages' definitions. Whole-index reads hand rows to a callback
 * as they are read, never collected.
 */
import type { EdgeKind, NodeKind } from '../model.js';
import { IN_JSON_LIST, connectionOf } from './graph-reader.js';
import type { GraphReader } from './graph-reader.js';
import { EDGE_CODE, METHOD_CODE, NODE_CODE, code, edgeKindOf, nodeKindOf, shaHex } from './records.js';
import { qualifiedNameOf } from './schema.js';

const FILE_KIND = code(NODE_CODE, 'file');

/**
 * Calls `fn` for each stored edge of `kinds` leaving (`out`) or arriving at (`in`) one of `ids`,
 * grouped by that node and in source order (line, column, then the other end). One statement:
 * the caller bounds how many ids it passes.
 */
export function eachEdgeOf(
  reader: GraphReader, ids: readonly number[], direction: 'out' | 'in', kinds: readonly EdgeKind[],
  fn: (from: number, to: number, kind: EdgeKind, line: number | null) => void,
): void {
  const [key, other] = direction === 'out' ? ['source_id', 'target_id'] : ['target_id', 'source_id'];
  const kindList = kinds.map((k) => code(EDGE_CODE, k)).join(',');
  connectionOf(reader).each(
    `SELECT ${key}, ${other}, kind, line FROM edges WHERE ${key} IN (${ids.map(() => '?').join(',')})
     AND kind IN (${kindList}) ORDER BY ${key}, line, col, ${other}`,
    ids,
    ([from, to, kind, line]) => {
      fn(Number(from), Number(to), edgeKindOf(Number(kind)), typeof line === 'number' ? line : null);
    },
  );
}

const CALLS_KIND = code(EDGE_CODE, 'calls');
const NAME_METHOD = code(METHOD_CODE, 'name');

/**
 * What each of `ids` calls where the call was bound by more than the name alone (an import, a
 * qualified name, the receiver's type, the same file), in the order stored, through the edges'
 * (source, kind) index.
 */
export function boundCallees(reader: GraphReader, ids: readonly number[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  if (ids.length === 0) return out;
  connectionOf(reader).cached(
    `SELECT source_id, target_id FROM edges WHERE source_id ${IN_JSON_LIST} AND kind = ${CALLS_KIND} AND (method IS NULL OR method <> ${NAME_METHOD}) ORDER BY rowid`,
  ).each([JSON.stringify(ids)], ([source, target]) => {
    const list = out.get(Number(source));
    if (list === undefined) out.set(Number(source), [Number(target)]);
    else list.push(Number(target));
  });
  return out;
}

/**
 * How many calls from other definitions (a recursive call is none) reach each of `ids`, counted
 * through the edges' (target, kind) index, never read row by row: a utility may have a hundred
 * thousand callers. Ids no call reaches are absent.
 */
export function callerCounts(reader: GraphReader, ids: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  if (ids.length === 0) return counts;
  connectionOf(reader).cached(
    `SELECT target_id, count(*) FROM edges WHERE target_id ${IN_JSON_LIST} AND kind = ${CALLS_KIND} AND source_id <> target_id GROUP BY target_id`,
  ).each([JSON.stringify(ids)], ([id, count]) => counts.set(Number(id), Number(count)));
  return counts;
}

/** One file as explore keeps it. */
export interface ExploreFile {
  readonly path: string;
  readonly language: string;
  readonly isTest: boolean;
  readonly size: number;
  readonly mtimeMs: number;
  readonly sha256: string;
}

/** Calls `fn` for every file, by path: one pass over the file table, no per-file subquery (`listFiles` has one). */
export function eachExploreFile(reader: GraphReader, fn: (file: ExploreFile) => void): void {
  connectionOf(reader).each('SELECT path, language, is_test, size, mtime_ms, sha256 FROM files ORDER BY path', [], ([path, language, isTest, size, mtime, sha]) => {
    fn({
      path: String(path), language: String(language), isTest: isTest === 1, size: Number(size), mtimeMs: Number(mtime),
      sha256: shaHex(sha),
    });
  });
}

/** Calls `fn` for every file, in id order. */
export function eachFilePath(reader: GraphReader, fn: (id: number, path: string) => void): void {
  connectionOf(reader).each('SELECT id, path FROM files ORDER BY id', [], ([id, p]) => {
    fn(Number(id), String(p));
  });
}

/**
 * Calls `fn` for every definition (every node but file nodes), in id order, with its name,
 * qualified name and the first `docChars` characters of its docstring ('' when it has none).
 */
export function eachDefinitionText(
  reader: GraphReader, docChars: number,
  fn: (id: number, fileId: number, kind: NodeKind, name: string, qualifiedName: string, doc: string) => void,
): void {
  connectionOf(reader).each(
    `SELECT id, file_id, kind, name, ${qualifiedNameOf('nodes')}, substr(coalesce(docstring, ''), 1, ${docChars}) FROM nodes WHERE kind <> ? ORDER BY id`,
    [FILE_KIND],
    ([id, fileId, kind, name, qualifiedName, doc]) => {
      fn(Number(id), Number(fileId), nodeKindOf(Number(kind)), String(name ?? ''), String(qualifiedName ?? ''), String(doc ?? ''));
    },
  );
}

/**
 * Calls `fn` for every definition of `kinds` in a file of one of `languages`, with its file's
 * path, its name and its signature ('' when it has none).
 */
export function eachDefinitionShape(
  reader: GraphReader, languages: readonly string[], kinds: readonly NodeKind[],
  fn: (path: string, name: string, signature: string) => void,
): void {
  connectionOf(reader).each(
    // Files first (CROSS JOIN keeps the order), then their nodes through the file index: an index
    // without such files reads no node (the Linux kernel's 3.9 million).
    `SELECT f.path, n.name, coalesce(n.signature, '') FROM files f CROSS JOIN nodes n ON n.file_id = f.id
     WHERE f.language ${IN_JSON_LIST} AND n.kind ${IN_JSON_LIST}`,
    [JSON.stringify(languages), JSON.stringify(kinds.map((k) => code(NODE_CODE, k)))],
    ([path, name, signature]) => fn(String(path), String(name ?? ''), String(signature ?? '')),
  );
}
