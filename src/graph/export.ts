/**
 * The whole graph as NetworkX node-link JSON, written in chunks to a sink so a large graph never
 * becomes one giant string. Layout: one node or link per line, so any prefix cut at a line
 * boundary is still readable and the line count is known in advance (`nodes + links + 3`):
 *
 *   {"directed":true,"multigraph":true,"graph":{},"nodes":[
 *   {"id":1,"label":"cart.ts",…},
 *   ],"links":[
 *   {"source":1,"target":7,"relation":"imports"},
 *   ]}
 *
 * Node ids are the index's node ids. With centrality, nodes carry `pagerank` (see pagerank.ts)
 * and `in_degree`/`out_degree`, all three computed over dependency edges (every kind but
 * `contains`); links include `contains` edges so the nesting is exported too.
 */
import type { GraphStore, SqlValue } from '../store/index.js';
import { centrality as computeCentrality, type Centrality } from './pagerank.js';
import { CONTAINS_CODE, edgeKindOf, nodeKindOf } from './queries.js';

/** Receives the export in order. May return a promise (back-pressure); `false` stops the export early. */
export type ExportSink = (chunk: string) => boolean | void | Promise<boolean | void>;

/** Options of an export. */
export interface ExportOptions {
  /** Add pagerank, in_degree and out_degree to every node (default true). */
  readonly centrality?: boolean;
  /** Checked between chunks; an aborted export stops writing and rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Characters collected before a chunk is handed to the sink (default 64 KiB). */
  readonly chunkChars?: number;
}

/** What an export wrote. */
export interface ExportSummary {
  readonly nodes: number;
  readonly links: number;
  /** Lines of the complete document: `nodes + links + 3`. */
  readonly lines: number;
  /** False when the sink asked to stop before the end. */
  readonly complete: boolean;
}

const PAGE = 5000;
const num = (v: SqlValue | undefined): number => Number(v ?? 0);
const text = (v: SqlValue | undefined): string => (typeof v === 'string' ? v : String(v ?? ''));

/** Streams the node-link document of `store` to `sink`. */
export async function writeNodeLink(store: GraphStore, sink: ExportSink, options: ExportOptions = {}): Promise<ExportSummary> {
  const db = store.db;
  const withCentrality = options.centrality ?? true;
  const chunkChars = options.chunkChars ?? 64 * 1024;

  const fileInfo = new Map<number, { path: string; language: string }>();
  db.each(`SELECT id, path, language FROM files`, [], ([id, path, language]) => {
    fileInfo.set(num(id), { path: text(path), language: text(language) });
  });
  // Dense indexes for the rank arrays, by node id (ids are small integers, so an array beats a Map).
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
  // Everything after the nesting edges is a dependency (a stored edge), which centrality ranks by.
  const nesting = links;
  db.each(`SELECT source_id, target_id, kind FROM edges ORDER BY rowid`, [], read);
  let ranks: Centrality | undefined;
  if (withCentrality) {
    const from = new Int32Array(links - nesting);
    const to = new Int32Array(links - nesting);
    let j = 0;
    for (let i = nesting; i < links; i++) {
      const a = indexOf[sources[i] ?? 0] ?? -1;
      const b = indexOf[targets[i] ?? 0] ?? -1;
      if (a < 0 || b < 0) continue;
      from[j] = a;
      to[j] = b;
      j += 1;
    }
    ranks = computeCentrality(nodeCount, from.subarray(0, j), to.subarray(0, j));
  }

  const summary = { nodes: nodeCount, links, lines: nodeCount + links + 3 };
  let buffer: string[] = [];
  let size = 0;
  let stopped = false;
  const flush = async (): Promise<void> => {
    if (stopped || buffer.length === 0) return;
    options.signal?.throwIfAborted();
    const chunk = buffer.join('');
    buffer = [];
    size = 0;
    if ((await sink(chunk)) === false) stopped = true;
  };
  // Synchronous: only a full buffer awaits the sink, not every line.
  const push = (line: string): boolean => {
    buffer.push(line);
    size += line.length;
    return size >= chunkChars;
  };

  push('{"directed":true,"multigraph":true,"graph":{},"nodes":[\n');
  let written = 0;
  let after = -1;
  while (!stopped) {
    const page: string[] = [];
    db.each(
      `SELECT id, file_id, kind, name, qualified_name, start_line, end_line FROM nodes WHERE id > ? ORDER BY id LIMIT ?`,
      [after, PAGE],
      ([id, fileId, kind, name, qualifiedName, startLine, endLine]) => {
        const nodeId = num(id);
        after = nodeId;
        const file = fileInfo.get(num(fileId));
        let line =
          `{"id":${nodeId},"label":${JSON.stringify(text(name))},"kind":"${nodeKindOf(num(kind))}",` +
          `"source_file":${JSON.stringify(file?.path ?? '')},"qualified_name":${JSON.stringify(text(qualifiedName))},` +
          `"language":${JSON.stringify(file?.language ?? '')},"start_line":${num(startLine)},"end_line":${num(endLine)}`;
        if (ranks !== undefined) {
          const i = indexOf[nodeId] ?? -1;
          line += `,"pagerank":${roundRank(ranks.pagerank[i] ?? 0)},"in_degree":${ranks.inDegree[i] ?? 0},"out_degree":${ranks.outDegree[i] ?? 0}`;
        }
        written += 1;
        page.push(`${line}}${written < nodeCount ? ',' : ''}\n`);
      },
    );
    for (const line of page) if (push(line)) await flush();
    if (page.length < PAGE) break;
  }
  push('],"links":[\n');
  for (let i = 0; i < links && !stopped; i++) {
    const full = push(
      `{"source":${sources[i] ?? 0},"target":${targets[i] ?? 0},"relation":"${edgeKindOf(kinds[i] ?? 0)}"}${i + 1 < links ? ',' : ''}\n`,
    );
    if (full) await flush();
  }
  push(']}\n');
  await flush();
  return { ...summary, complete: !stopped };
}

/** Six significant digits: enough to rank, and stable across platforms' last-bit differences. */
function roundRank(value: number): string {
  return String(Number(value.toPrecision(6)));
}
