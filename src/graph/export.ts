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
 *
 * `writeTopNodeLink` answers a graph too large for one message: the highest-ranked nodes that fit
 * a character budget and the links among them, in the same layout, with the totals in `graph`.
 */
import { edgeKindOf, readNodeLinkPage, readNodeLinkTables } from '../store/index.js';
import type { GraphReader, NodeLinkRow, NodeLinkTables } from '../store/index.js';
import { centrality as computeCentrality, type Centrality } from './pagerank.js';

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
  /**
   * The graph already read (and ranked) by `collectGraph` and `rankGraph`, for a caller that
   * reports those phases itself; its `ranks` then decide centrality.
   */
  readonly graph?: ExportGraph;
}

/** The graph as an export reads it: its tables and, with centrality, each node's rank. */
export interface ExportGraph {
  readonly tables: NodeLinkTables;
  readonly ranks: Centrality | undefined;
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

/** Streams the node-link document of `store` to `sink`. */
export async function writeNodeLink(store: GraphReader, sink: ExportSink, options: ExportOptions = {}): Promise<ExportSummary> {
  const tables = options.graph?.tables ?? collectGraph(store);
  const ranks = options.graph !== undefined ? options.graph.ranks : (options.centrality ?? true) ? rankGraph(tables) : undefined;
  const out = new ChunkWriter(sink, options.chunkChars ?? 64 * 1024, options.signal);
  out.push('{"directed":true,"multigraph":true,"graph":{},"nodes":[\n');
  await writeNodes(store, tables, ranks, out);
  out.push('],"links":[\n');
  const links = tables.links;
  for (let i = 0; i < links && !out.stopped; i++) {
    if (out.push(`${linkLine(tables, i)}${i + 1 < links ? ',' : ''}\n`)) await out.flush();
  }
  out.push(']}\n');
  await out.flush();
  return { nodes: tables.nodeCount, links, lines: tables.nodeCount + links + 3, complete: !out.stopped };
}

/** What `writeTopNodeLink` kept. */
export interface TopNodeLink {
  /** A complete node-link document of at most the budget's length. */
  readonly text: string;
  readonly nodes: number;
  readonly links: number;
}

/**
 * The nodes of highest PageRank (ties to the lower id) that fit in `cap` characters together
 * with every link among them, as one node-link document whose `graph` says it is truncated and
 * gives the totals. Nodes are taken in rank order while the next one still fits, so the kept set
 * is always the top of the ranking; they are written in id order and the links in export order.
 */
export function writeTopNodeLink(store: GraphReader, tables: NodeLinkTables, ranks: Centrality, cap: number): TopNodeLink {
  const head = `{"directed":true,"multigraph":true,"graph":{"truncated":true,"nodes_total":${tables.nodeCount},"links_total":${tables.links}},"nodes":[\n`;
  const middle = '],"links":[\n';
  const tail = ']}\n';
  // No node line is shorter than an empty one of a shortest kind ('file'), so no more candidates can fit.
  const shortest = nodeLine({ id: 0, fileId: -1, kind: 'file', name: '', qualifiedName: '', startLine: 0, endLine: 0 }, tables, ranks).length;
  const candidates = topIds(tables, ranks.pagerank, Math.ceil(cap / shortest));
  const rows = new Map(store.nodesByIds(candidates).map((node) => [node.id, node]));
  const lines = candidates.map((id) => {
    const row = rows.get(id);
    return row === undefined ? '' : nodeLine(row, tables, ranks);
  });
  // A link enters with the later-ranked of its two endpoints, once both are in.
  const position = new Int32Array(tables.indexOf.length).fill(-1);
  candidates.forEach((id, k) => (position[id] = k));
  const linksAt: number[][] = candidates.map(() => []);
  for (let i = 0; i < tables.links; i++) {
    const a = position[tables.sources[i] ?? 0] ?? -1;
    const b = position[tables.targets[i] ?? 0] ?? -1;
    if (a >= 0 && b >= 0) linksAt[Math.max(a, b)]?.push(i);
  }
  let size = head.length + middle.length + tail.length;
  let kept = 0;
  for (; kept < candidates.length; kept++) {
    // Two characters per line for `,\n`: the last line of each list needs one less.
    let cost = (lines[kept] ?? '').length + 2;
    for (const i of linksAt[kept] ?? []) cost += linkLine(tables, i).length + 2;
    if (lines[kept] === '' || size + cost > cap) break;
    size += cost;
  }
  const byId = [...Array(kept).keys()].sort((x, y) => (candidates[x] ?? 0) - (candidates[y] ?? 0));
  const links = linksAt.slice(0, kept).flat().sort((x, y) => x - y);
  const list = (items: readonly string[]): string => (items.length === 0 ? '' : `${items.join(',\n')}\n`);
  const text = head + list(byId.map((k) => lines[k] ?? '')) + middle + list(links.map((i) => linkLine(tables, i))) + tail;
  return { text, nodes: kept, links: links.length };
}

/** The ids of the `k` nodes of highest rank, best first (ties to the lower id). */
function topIds(tables: NodeLinkTables, pagerank: Float64Array, k: number): number[] {
  const idOf = new Int32Array(tables.nodeCount);
  tables.indexOf.forEach((index, id) => {
    if (index >= 0) idOf[index] = id;
  });
  // Node indexes follow id order, so scanning upwards and inserting after equal ranks breaks ties by id.
  const best: number[] = [];
  const rankOf = (v: number): number => pagerank[v] ?? 0;
  for (let v = 0; v < tables.nodeCount; v++) {
    const r = rankOf(v);
    if (best.length >= k && r <= rankOf(best[best.length - 1] ?? 0)) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rankOf(best[mid] ?? 0) >= r) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, v);
    if (best.length > k) best.pop();
  }
  return best.map((v) => idOf[v] ?? 0);
}

/** Reads every node position and edge of the graph in `store` (an export's first phase). */
export function collectGraph(store: GraphReader): NodeLinkTables {
  return readNodeLinkTables(store);
}

/** PageRank and degrees over the dependency edges (every edge after the nesting ones) between known nodes. */
export function rankGraph(tables: NodeLinkTables): Centrality {
  const { indexOf, sources, targets, links, nesting } = tables;
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
  return computeCentrality(tables.nodeCount, from.subarray(0, j), to.subarray(0, j));
}

/** One line per node, in id order, read a page at a time. */
async function writeNodes(store: GraphReader, tables: NodeLinkTables, ranks: Centrality | undefined, out: ChunkWriter): Promise<void> {
  let written = 0;
  let after = -1;
  while (!out.stopped) {
    const rows = readNodeLinkPage(store, after, PAGE);
    const page: string[] = [];
    for (const row of rows) {
      after = row.id;
      written += 1;
      page.push(`${nodeLine(row, tables, ranks)}${written < tables.nodeCount ? ',' : ''}\n`);
    }
    for (const line of page) if (out.push(line)) await out.flush();
    if (rows.length < PAGE) break;
  }
}

/** One node as JSON, without the separator. */
function nodeLine(row: NodeLinkRow, tables: NodeLinkTables, ranks: Centrality | undefined): string {
  const file = tables.files.get(row.fileId);
  let line =
    `{"id":${row.id},"label":${JSON.stringify(row.name)},"kind":"${row.kind}",` +
    `"source_file":${JSON.stringify(file?.path ?? '')},"qualified_name":${JSON.stringify(row.qualifiedName)},` +
    `"language":${JSON.stringify(file?.language ?? '')},"start_line":${row.startLine},"end_line":${row.endLine}`;
  if (ranks !== undefined) {
    const i = tables.indexOf[row.id] ?? -1;
    line += `,"pagerank":${roundRank(ranks.pagerank[i] ?? 0)},"in_degree":${ranks.inDegree[i] ?? 0},"out_degree":${ranks.outDegree[i] ?? 0}`;
  }
  return `${line}}`;
}

/** Edge `i` of the tables as JSON, without the separator. */
function linkLine(tables: NodeLinkTables, i: number): string {
  return `{"source":${tables.sources[i] ?? 0},"target":${tables.targets[i] ?? 0},"relation":"${edgeKindOf(tables.kinds[i] ?? 0)}"}`;
}

/** Collects lines into chunks of about `chunkChars` and hands each to the sink; stops when the sink says so. */
class ChunkWriter {
  readonly #sink: ExportSink;
  readonly #chunkChars: number;
  readonly #signal: AbortSignal | undefined;
  #buffer: string[] = [];
  #size = 0;
  /** True once the sink asked to stop. */
  stopped = false;

  constructor(sink: ExportSink, chunkChars: number, signal: AbortSignal | undefined) {
    this.#sink = sink;
    this.#chunkChars = chunkChars;
    this.#signal = signal;
  }

  /** Adds a line; true when the buffer is full and should be flushed (synchronous: only a full buffer awaits the sink). */
  push(line: string): boolean {
    this.#buffer.push(line);
    this.#size += line.length;
    return this.#size >= this.#chunkChars;
  }

  /** Hands the buffered lines to the sink as one chunk (nothing once stopped). */
  async flush(): Promise<void> {
    if (this.stopped || this.#buffer.length === 0) return;
    this.#signal?.throwIfAborted();
    const chunk = this.#buffer.join('');
    this.#buffer = [];
    this.#size = 0;
    if ((await this.#sink(chunk)) === false) this.stopped = true;
  }
}

/** Six significant digits: enough to rank, and stable across platforms' last-bit differences. */
function roundRank(value: number): string {
  return String(Number(value.toPrecision(6)));
}
