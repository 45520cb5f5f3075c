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
import { edgeKindOf, readNodeLinkPage, readNodeLinkTables } from '../store/index.js';
import type { GraphReader, NodeLinkTables } from '../store/index.js';
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
  const tables = readNodeLinkTables(store);
  const ranks = (options.centrality ?? true) ? rankNodes(tables) : undefined;
  const out = new ChunkWriter(sink, options.chunkChars ?? 64 * 1024, options.signal);
  out.push('{"directed":true,"multigraph":true,"graph":{},"nodes":[\n');
  await writeNodes(store, tables, ranks, out);
  out.push('],"links":[\n');
  const { sources, targets, kinds, links } = tables;
  for (let i = 0; i < links && !out.stopped; i++) {
    const full = out.push(
      `{"source":${sources[i] ?? 0},"target":${targets[i] ?? 0},"relation":"${edgeKindOf(kinds[i] ?? 0)}"}${i + 1 < links ? ',' : ''}\n`,
    );
    if (full) await out.flush();
  }
  out.push(']}\n');
  await out.flush();
  return { nodes: tables.nodeCount, links, lines: tables.nodeCount + links + 3, complete: !out.stopped };
}

/** Centrality over the dependency edges (every edge after the nesting ones) between known nodes. */
function rankNodes(tables: NodeLinkTables): Centrality {
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
      const file = tables.files.get(row.fileId);
      let line =
        `{"id":${row.id},"label":${JSON.stringify(row.name)},"kind":"${row.kind}",` +
        `"source_file":${JSON.stringify(file?.path ?? '')},"qualified_name":${JSON.stringify(row.qualifiedName)},` +
        `"language":${JSON.stringify(file?.language ?? '')},"start_line":${row.startLine},"end_line":${row.endLine}`;
      if (ranks !== undefined) {
        const i = tables.indexOf[row.id] ?? -1;
        line += `,"pagerank":${roundRank(ranks.pagerank[i] ?? 0)},"in_degree":${ranks.inDegree[i] ?? 0},"out_degree":${ranks.outDegree[i] ?? 0}`;
      }
      written += 1;
      page.push(`${line}}${written < tables.nodeCount ? ',' : ''}\n`);
    }
    for (const line of page) if (out.push(line)) await out.flush();
    if (rows.length < PAGE) break;
  }
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
