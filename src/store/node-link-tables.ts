/**
 * The whole graph as compact tables for the node-link export: files by id, a dense index per
 * node id, and every edge (nesting first, then the stored ones) in typed arrays, plus the node
 * rows read a page at a time so a large graph is never one giant array of records.
 */
import type { NodeKind } from '../model.js';
import { connectionOf } from './graph-reader.js';
import type { GraphReader } from './graph-reader.js';
import { EDGE_CODE, code, nodeKindOf } from './records.js';
import { qualifiedNameOf } from './schema.js';
import type { SqlValue } from './sqlite.js';

const CONTAINS_CODE = code(EDGE_CODE, 'contains');

/** A file as the export labels its nodes. */
export interface NodeLinkFile {
  readonly path: string;
  readonly language: string;
}

/** Every edge of the graph and a dense index of its nodes. */
export interface NodeLinkTables {
  readonly files: ReadonlyMap<number, NodeLinkFile>;
  /** Position of each node id in id order (-1 for ids with no node); arrays beat a Map for small integer ids. */
  readonly indexOf: Int32Array;
  readonly nodeCount: number;
  /** Edge `i` runs `sources[i] -> targets[i]` with kind code `kinds[i]`, for `i < links`. */
  readonly sources: Int32Array;
  readonly targets: Int32Array;
  readonly kinds: Uint8Array;
  readonly links: number;
  /** Edges before this position are nesting (`contains`) edges by child; the rest are stored dependencies in storage order. */
  readonly nesting: number;
}

/** One node as the export writes it. */
export interface NodeLinkRow {
  readonly id: number;
  readonly fileId: number;
  readonly kind: NodeKind;
  readonly name: string;
  readonly qualifiedName: string;
  readonly startLine: number;
  readonly endLine: number;
}

const num = (v: SqlValue | undefined): number => Number(v ?? 0);
const text = (v: SqlValue | undefined): string => (typeof v === 'string' ? v : String(v ?? ''));

/** Reads the files, the node index and every edge of the graph. */
export function readNodeLinkTables(reader: GraphReader): NodeLinkTables {
  const db = connectionOf(reader);
  const files = new Map<number, NodeLinkFile>();
  db.each(`SELECT id, path, language FROM files`, [], ([id, path, language]) => {
    files.set(num(id), { path: text(path), language: text(language) });
  });
  const maxId = num(db.value(`SELECT coalesce(max(id), 0) FROM nodes`));
  const indexOf = new Int32Array(maxId + 1).fill(-1);
  let nodeCount = 0;
  db.each(`SELECT id FROM nodes ORDER BY id`, [], ([id]) => {
    indexOf[num(id)] = nodeCount++;
  });
  // Nesting edges by child, then the stored edges in the order they were stored.
  const edgeCount = num(db.value(`SELECT count(*) FROM graph_edges`));
  const sources = new Int32Array(edgeCount);
  const targets = new Int32Array(edgeCount);
  const kinds = new Uint8Array(edgeCount);
  let links = 0;
  const read = ([s, t, k]: SqlValue[]): void => {
    if (links >= edgeCount) return;
    sources[links] = num(s);
    targets[links] = num(t);
    kinds[links] = num(k);
    links += 1;
  };
  db.each(`SELECT parent_id, id, ${CONTAINS_CODE} FROM nodes WHERE parent_id IS NOT NULL ORDER BY id`, [], read);
  const nesting = links;
  db.each(`SELECT source_id, target_id, kind FROM edges ORDER BY rowid`, [], read);
  return { files, indexOf, nodeCount, sources, targets, kinds, links, nesting };
}

/** Up to `limit` nodes with ids above `after`, in id order. */
export function readNodeLinkPage(reader: GraphReader, after: number, limit: number): NodeLinkRow[] {
  const page: NodeLinkRow[] = [];
  connectionOf(reader).each(
    `SELECT id, file_id, kind, name, ${qualifiedNameOf('nodes')}, start_line, end_line FROM nodes WHERE id > ? ORDER BY id LIMIT ?`,
    [after, limit],
    ([id, fileId, kind, name, qualifiedName, startLine, endLine]) => {
      page.push({
        id: num(id), fileId: num(fileId), kind: nodeKindOf(num(kind)), name: text(name), qualifiedName: text(qualifiedName),
        startLine: num(startLine), endLine: num(endLine),
      });
    },
  );
  return page;
}
