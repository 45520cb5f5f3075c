/**
 * codegraph_export and the CLI's streaming export. Over MCP the node-link JSON is returned whole
 * when it fits the output ceiling (EXPORT_MCP_CAP); a larger graph is cut at a line boundary with
 * an "output truncated" line and a pointer to `codegraph export --out FILE`, and collection stops
 * at the ceiling, so the rest of the graph is never serialized.
 */
import type { Writable } from 'node:stream';
import { writeNodeLink, type ExportSummary } from '../../graph/index.js';
import type { ProjectIndex } from '../../project/index-cache.js';
import type { ToolHandler } from '../service.js';
import { OUTPUT_CAP } from './text.js';

/** Largest export text served over MCP, in characters: the graph tools' common ceiling. */
export const EXPORT_MCP_CAP = OUTPUT_CAP;

/** The line that ends a truncated MCP export. */
export const EXPORT_CLI_HINT =
  'The complete graph is too large for one tool answer: write it to a file with `codegraph export --out FILE` (add --no-centrality to skip PageRank).';

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

/** codegraph_export. */
export const exportHandler: ToolHandler = async (_args, index, context) => {
  const parts: string[] = [];
  let size = 0;
  const summary = await writeNodeLink(
    index.store,
    (chunk) => {
      parts.push(chunk);
      size += chunk.length;
      // One chunk past the ceiling is enough to cut at a line boundary inside it.
      return size <= EXPORT_MCP_CAP;
    },
    { centrality: true, signal: context.signal, chunkChars: 8 * 1024 },
  );
  const collected = parts.join('');
  const json = {
    tool: 'export',
    format: 'networkx-node-link',
    nodes: summary.nodes,
    links: summary.links,
    truncated: !summary.complete || collected.length > EXPORT_MCP_CAP,
  };
  if (summary.complete && collected.length <= EXPORT_MCP_CAP) return { text: collected, json };
  return { text: truncateExport(collected, summary, EXPORT_MCP_CAP), json };
};

/**
 * The first complete lines of an export that did not fit, then the truncation line (counting
 * the lines of the complete document, known from the summary) and the CLI hint.
 */
function truncateExport(collected: string, summary: ExportSummary, cap: number): string {
  const room = Math.max(0, cap - EXPORT_CLI_HINT.length - 80);
  const end = collected.lastIndexOf('\n', room);
  const kept = end < 0 ? '' : collected.slice(0, end + 1);
  let keptLines = 0;
  for (let i = kept.indexOf('\n'); i >= 0; i = kept.indexOf('\n', i + 1)) keptLines += 1;
  const more = summary.lines - keptLines;
  return `${kept}… output truncated (${more} more line${more === 1 ? '' : 's'})\n${EXPORT_CLI_HINT}\n`;
}
