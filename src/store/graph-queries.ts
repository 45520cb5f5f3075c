/**
 * The indexed reads the graph traversals need, each answering one traversal step in a single
 * statement. The reader's per-row API (`edgesTo` then `getNode` per neighbour) would prepare one
 * statement per neighbour; these joins use the same indexes (edges by target or source and kind,
 * nodes by id) and return compact rows.
 */
import type { EdgeKind, NodeKind } from '../model.js';
import { connectionOf } from './graph-reader.js';
import type { GraphReader } from './graph-reader.js';
import { EDGE_CODE, code, edgeKindOf, nodeKindOf } from './records.js';
import { edgeRelation, qualifiedNameOf } from './schema.js';
import type { SqlValue } from './sqlite.js';

/** A node as the graph tools show it. */
export interface GraphNode {
  readonly id: number;
  readonly kind: NodeKind;
  readonly name: string;
  readonly qualifiedName: string;
  readonly path: string;
  readonly startLine: number;
  readonly endLine: number;
}

/** A neighbour one edge away, with the strongest relation and the first line it occurs on. */
export interface Neighbour {
  readonly node: GraphNode;
  readonly relation: EdgeKind;
  /** Line of the first such edge in the source file (the call site), when the edge has one. */
  readonly line: number | null;
}

/** Most ids bound in one statement (SQLite's default limit is 999 parameters before 3.32). */
const BATCH = 500;

const num = (v: SqlValue | undefined): number => Number(v ?? 0);
const text = (v: SqlValue | undefined): string => (typeof v === 'string' ? v : String(v ?? ''));

function placeholders(n: number): string {
  return new Array<string>(n).fill('?').join(',');
}

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

interface Found {
  node: GraphNode;
  rank: number;
  relation: EdgeKind;
  line: number | null;
}

/**
 * Nodes one edge away from each id set (one set per definition) along edges of `kinds`: the
 * sources of incoming edges (`direction: 'in'`) or the targets of outgoing ones (`'out'`). One row
 * per neighbour, ordered by path, line and id; the relation is the kind listed first in `kinds`
 * among its edges. The sets are read in shared batches, so a name with hundreds of definitions
 * costs a few statements, not one per definition. Result `i` belongs to `sets[i]`.
 */
export function neighboursOfSets(
  reader: GraphReader,
  sets: readonly (readonly number[])[],
  direction: 'in' | 'out',
  kinds: readonly EdgeKind[],
): Neighbour[][] {
  const db = connectionOf(reader);
  const results = sets.map(() => new Map<number, Found>());
  const owners = new Map<number, number[]>();
  sets.forEach((set, i) => {
    for (const id of set) {
      const list = owners.get(id);
      if (list === undefined) owners.set(id, [i]);
      else if (!list.includes(i)) list.push(i);
    }
  });
  if (owners.size > 0 && kinds.length > 0) {
    const [near, far] = direction === 'in' ? ['target_id', 'source_id'] : ['source_id', 'target_id'];
    const rank = new Map<number, number>(kinds.map((k, i) => [code(EDGE_CODE, k), i]));
    const kindList = [...rank.keys()].join(',');
    for (const batch of batches([...owners.keys()])) {
      db.each(
        `SELECT e.${near}, e.${far}, e.kind, e.line, n.kind, n.name, ${qualifiedNameOf('n')}, f.path, n.start_line, n.end_line
         FROM ${edgeRelation(kinds)} e JOIN nodes n ON n.id = e.${far} JOIN files f ON f.id = n.file_id
         WHERE e.${near} IN (${placeholders(batch.length)}) AND e.kind IN (${kindList})`,
        batch,
        ([nearId, id, edgeKind, line, kind, name, qualifiedName, path, startLine, endLine]) => {
          const nodeId = num(id);
          const r = rank.get(num(edgeKind)) ?? kinds.length;
          const at = line === null || line === undefined ? null : num(line);
          for (const owner of owners.get(num(nearId)) ?? []) {
            const found = results[owner];
            if (found === undefined) continue;
            const seen = found.get(nodeId);
            if (seen === undefined) {
              found.set(nodeId, {
                node: {
                  id: nodeId, kind: nodeKindOf(num(kind)), name: text(name), qualifiedName: text(qualifiedName), path: text(path),
                  startLine: num(startLine), endLine: num(endLine),
                },
                rank: r, relation: edgeKindOf(num(edgeKind)), line: at,
              });
              continue;
            }
            if (r < seen.rank) {
              seen.rank = r;
              seen.relation = edgeKindOf(num(edgeKind));
            }
            if (at !== null && (seen.line === null || at < seen.line)) seen.line = at;
          }
        },
      );
    }
  }
  return results.map((found) =>
    [...found.values()].map(({ node, relation, line }) => ({ node, relation, line })).sort((a, b) => compareNodes(a.node, b.node)),
  );
}

/** Orders nodes by path, then line, then id. */
export function compareNodes(a: GraphNode, b: GraphNode): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine || a.id - b.id;
}

/**
 * Sources of incoming non-`contains` edges into `ids`, each with the first line of such an edge,
 * for the breadth-first impact walk. No node details: those are read once at the end.
 */
export function dependents(reader: GraphReader, ids: readonly number[]): Map<number, number | null> {
  const db = connectionOf(reader);
  const out = new Map<number, number | null>();
  for (const batch of batches(ids)) {
    db.each(
      `SELECT source_id, min(line) FROM edges WHERE target_id IN (${placeholders(batch.length)})
       GROUP BY source_id`,
      batch,
      ([id, line]) => {
        const nodeId = num(id);
        const at = line === null || line === undefined ? null : num(line);
        const seen = out.get(nodeId);
        if (seen === undefined || (at !== null && (seen === null || at < seen))) out.set(nodeId, at);
      },
    );
  }
  return out;
}

/** Every node nested (through `contains`, at any depth) inside the nodes `ids`. */
export function members(reader: GraphReader, ids: readonly number[]): number[] {
  const db = connectionOf(reader);
  const out: number[] = [];
  const seen = new Set<number>(ids);
  let frontier = [...ids];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const batch of batches(frontier)) {
      db.each(
        `SELECT id FROM nodes WHERE parent_id IN (${placeholders(batch.length)})`,
        batch,
        ([id]) => {
          const nodeId = num(id);
          if (seen.has(nodeId)) return;
          seen.add(nodeId);
          next.push(nodeId);
          out.push(nodeId);
        },
      );
    }
    frontier = next;
  }
  return out;
}

/** The nodes with these ids (missing ids are skipped), in no particular order. */
export function nodesById(reader: GraphReader, ids: readonly number[]): GraphNode[] {
  const db = connectionOf(reader);
  const out: GraphNode[] = [];
  for (const batch of batches(ids)) {
    db.each(
      `SELECT n.id, n.kind, n.name, ${qualifiedNameOf('n')}, f.path, n.start_line, n.end_line
       FROM nodes n JOIN files f ON f.id = n.file_id WHERE n.id IN (${placeholders(batch.length)})`,
      batch,
      ([id, kind, name, qualifiedName, path, startLine, endLine]) => {
        out.push({
          id: num(id), kind: nodeKindOf(num(kind)), name: text(name), qualifiedName: text(qualifiedName), path: text(path),
          startLine: num(startLine), endLine: num(endLine),
        });
      },
    );
  }
  return out;
}

/**
 * Distinct (source file, target file) pairs joined by a non-`contains` edge between nodes of two
 * different files, with file paths: the file dependency graph `check` looks for cycles in.
 */
export function fileDependencies(reader: GraphReader): { readonly files: string[]; readonly edges: [number, number][] } {
  const db = connectionOf(reader);
  const files: string[] = [];
  const indexOf = new Map<number, number>();
  db.each(`SELECT id, path FROM files ORDER BY path`, [], ([id, path]) => {
    indexOf.set(num(id), files.length);
    files.push(text(path));
  });
  // Plain scans and a JS-side dedupe: about three times faster in sql.js than a DISTINCT join.
  const maxId = num(db.value(`SELECT coalesce(max(id), 0) FROM nodes`));
  const fileOfNode = new Int32Array(maxId + 1).fill(-1);
  db.each(`SELECT id, file_id FROM nodes`, [], ([id, fileId]) => {
    const index = indexOf.get(num(fileId));
    if (index !== undefined) fileOfNode[num(id)] = index;
  });
  const pairs = new Set<number>();
  const edges: [number, number][] = [];
  const width = files.length + 1;
  // The stored edges: nesting (`contains`) is not among them.
  db.each(`SELECT source_id, target_id FROM edges`, [], ([s, t]) => {
    const a = fileOfNode[num(s)] ?? -1;
    const b = fileOfNode[num(t)] ?? -1;
    if (a < 0 || b < 0 || a === b) return;
    const key = a * width + b;
    if (pairs.has(key)) return;
    pairs.add(key);
    edges.push([a, b]);
  });
  return { files, edges };
}

/** Every node (the file's own node included) of each indexed path in `paths`, by path; paths not indexed are absent. */
export function nodesOfFiles(reader: GraphReader, paths: readonly string[]): Map<string, number[]> {
  const db = connectionOf(reader);
  const out = new Map<string, number[]>();
  for (const batch of batches(paths)) {
    db.each(`SELECT f.path, n.id FROM files f JOIN nodes n ON n.file_id = f.id WHERE f.path IN (${placeholders(batch.length)})`, batch, ([path, id]) => {
      const key = text(path);
      const list = out.get(key);
      if (list === undefined) out.set(key, [num(id)]);
      else list.push(num(id));
    });
  }
  return out;
}

/** The paths of the files extraction marked as tests. */
export function testFilePaths(reader: GraphReader): Set<string> {
  const out = new Set<string>();
  connectionOf(reader).each(`SELECT path FROM files WHERE is_test = 1`, [], ([path]) => {
    out.add(text(path));
  });
  return out;
}
