/**
 * codegraph_export and the CLI's streaming export. Over MCP the node-link JSON is returned whole
 * when it fits the output ceiling (EXPORT_MCP_CAP); a larger graph is answered as the top nodes by
 * PageRank and the links among them, still one valid node-link document (its `graph` holds
 * `truncated`, `nodes_total` and `links_total`), with a pointer to `codegraph export --out FILE`
 * in a second content item so the first stays parseable. The call reports its phases (collect,
 * rank, write) as progress.
 */
import type { Writable } from 'node:stream';
import { collectGraph, rankGraph, writeNodeLink, writeTopNodeLink, type ExportSummary, type TopNodeLink } from '../../graph/index.js';
import type { ProjectIndex } from '../../project/index-cache.js';
import type { ToolCallContext } from '../../mcp/tool-service.js';
import type { ToolHandler, ToolOutput } from '../service.js';
import { OUTPUT_CAP } from './text.js';

/** Largest export text served over MCP, in characters: the graph tools' common ceiling. */
export const EXPORT_MCP_CAP = OUTPUT_CAP;

/** How to get the whole graph, said after a truncated MCP export. */
export const EXPORT_CLI_HINT =
  'Write the complete graph to a file with `codegraph export --out FILE` (add --no-centrality to skip PageRank).';

/** The second content item of a truncated MCP export: what was kept, then EXPORT_CLI_HINT. */
export function exportHint(top: TopNodeLink, summary: ExportSummary): string {
  return `The graph (${summary.nodes} nodes, ${summary.links} links) is too large for one tool answer: the JSON above holds the ${top.nodes} nodes of highest PageRank and the ${top.links} links among them. ${EXPORT_CLI_HINT}`;
}

/** Progress steps of an MCP export: collect, rank, write. */
const EXPORT_PHASES = 3;

/** Options of `exportGraph`. */
export interface ExportGraphOptions {
  /** Add pagerank, in_degree and out_degree per node (default true; the CLI's --no-centrality turns it off). */
  readonly centrality?: boolean;
  readonly signal?: AbortSignal;
}

/**
 * Streams the project's graph as NetworkX node-link JSON into `writable`, waiting for `drain`
 * whenever the stream asks for it. Does not end the stream.
 */
export async function exportGraph(index: ProjectIndex, writable: Writable, options: ExportGraphOptions = {}): Promise<ExportSummary> {
  return writeNodeLink(
    index.store,
    (chunk) => {
      if (writable.write(chunk)) return true;
      return new Promise<boolean>((resolve, reject) => {
        const done = (error?: Error): void => {
          writable.off('drain', onDrain);
          writable.off('error', onError);
          writable.off('close', onClose);
          if (error === undefined) resolve(true);
          else reject(error);
        };
        const onDrain = (): void => done();
        const onError = (error: Error): void => done(error);
        const onClose = (): void => done(new Error('the output stream closed before the export finished'));
        writable.on('drain', onDrain);
        writable.on('error', onError);
        writable.on('close', onClose);
      });
    },
    { centrality: options.centrality ?? true, ...(options.signal === undefined ? {} : { signal: options.signal }) },
  );
}

/** codegraph_export: the whole graph when it fits EXPORT_MCP_CAP, else its top by PageRank. */
export const exportHandler: ToolHandler = async (_args, index, context) => exportAnswer(index, context, EXPORT_MCP_CAP);

/** The MCP answer of an export under `cap` characters (the handler's, with the cap a parameter for tests). */
export async function exportAnswer(index: ProjectIndex, context: ToolCallContext, cap: number): Promise<ToolOutput> {
  await phase(context, 0, 'collecting the graph');
  const tables = collectGraph(index.store);
  await phase(context, 1, 'ranking nodes by PageRank');
  const ranks = rankGraph(tables);
  await phase(context, 2, 'writing node-link JSON');
  const parts: string[] = [];
  let size = 0;
  const summary = await writeNodeLink(
    index.store,
    (chunk) => {
      parts.push(chunk);
      size += chunk.length;
      // Collection stops at the ceiling: a graph that does not fit is answered by its top instead.
      return size <= cap;
    },
    { graph: { tables, ranks }, signal: context.signal, chunkChars: 8 * 1024 },
  );
  const json = { tool: 'export', format: 'networkx-node-link', nodes: summary.nodes, links: summary.links };
  if (summary.complete && size <= cap) return { text: parts.join(''), json: { ...json, truncated: false } };
  context.signal.throwIfAborted();
  const top = writeTopNodeLink(index.store, tables, ranks, cap);
  return { text: top.text, moreText: [exportHint(top, summary)], json: { ...json, truncated: true, nodesShown: top.nodes, linksShown: top.links } };
}

/** Reports phase `step` of three, then yields a turn so the notification leaves before the synchronous work. */
async function phase(context: ToolCallContext, step: number, message: string): Promise<void> {
  context.progress(step, EXPORT_PHASES, message);
  await new Promise(setImmediate);
}
