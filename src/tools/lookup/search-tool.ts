/**
 * codegraph_search: the search engine's ranked symbol search, its arguments read and its matches
 * rendered. Each match cites a file's line, so a file changed since indexing gets the stale banner.
 */
import { FreshnessProbe } from '../../project/freshness.js';
import { searchSymbols } from '../../search/index.js';
import type { SymbolSearch } from '../../search/index.js';
import type { ToolHandler } from '../service.js';
import { MAX_OUTPUT_CHARS, displaySignature, truncateOutput } from './text.js';

/** Handler of codegraph_search. */
export const searchHandler: ToolHandler = async (args, index) => {
  const query = typeof args['query'] === 'string' ? args['query'] : '';
  const limit = typeof args['limit'] === 'number' ? args['limit'] : 10;
  const kind = typeof args['kind'] === 'string' ? args['kind'] : undefined;
  const parsed = query.trim();
  if (parsed === '') return { text: 'Error: query must be a non-empty string', isError: true };
  const result = searchSymbols(index.store, parsed, { limit, ...(kind === undefined ? {} : { kind }) });
  const probe = new FreshnessProbe(index.root, index.store);
  for (const m of result.matches) probe.cite(m.node.path);
  const banner = probe.banner();
  return {
    text: banner + truncateOutput(formatSearch(kind, result), MAX_OUTPUT_CHARS - banner.length),
    json: { ...searchJson(result), stale: probe.driftedCitations() },
  };
};

function describeFilters(kind: string | undefined, result: SymbolSearch): string {
  const q = result.query;
  const parts: string[] = [];
  if (kind !== undefined) parts.push(`kind ${kind}`);
  else if (q.kinds !== undefined) parts.push(`kind ${q.kinds.join('/')}`);
  if (q.languages !== undefined) parts.push(`language ${q.languages.join('/')}`);
  if (q.paths.length > 0) parts.push(`path ${q.paths.join(' or ')}`);
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

/** The text answer of a search. */
export function formatSearch(kind: string | undefined, result: SymbolSearch): string {
  const lines: string[] = [];
  const shown = result.matches.length;
  const filters = describeFilters(kind, result);
  const what = result.query.text === '' ? 'symbols' : `symbols for "${result.query.text}"`;
  if (result.query.ignored.length > 0) lines.push(`Ignored filters: ${result.query.ignored.join(', ')}`);
  if (shown === 0) {
    lines.push(`No ${what}${filters}.`);
    lines.push('Try fewer or shorter words, a different kind, or codegraph_explore for a question in prose.');
    return `${lines.join('\n')}\n`;
  }
  if (result.fuzzy) lines.push(`No exact match for "${result.query.text}"; showing names one edit away.`);
  const total = result.total > shown ? `${shown} of ${result.total}` : `${shown}`;
  lines.push(`Found ${total} ${what.replace(/^symbols/, shown === 1 && result.total === 1 ? 'symbol' : 'symbols')}${filters}:`);
  for (const m of result.matches) {
    const n = m.node;
    lines.push('');
    lines.push(`${n.qualifiedName !== n.name && n.qualifiedName !== '' ? n.qualifiedName : n.name} (${n.kind})`);
    lines.push(`  ${n.path}:${n.startLine}`);
    const signature = displaySignature(n);
    if (signature !== undefined) lines.push(`  ${signature}`);
  }
  if (result.total > shown) {
    lines.push('');
    lines.push(`Showing ${shown} of ${result.total}; raise limit (up to 100) or add kind:, lang: or path: to narrow.`);
  }
  return `${lines.join('\n')}\n`;
}

function searchJson(result: SymbolSearch): Record<string, unknown> {
  return {
    query: result.query.text,
    filters: { kinds: result.query.kinds ?? null, languages: result.query.languages ?? null, paths: result.query.paths },
    ignoredFilters: result.query.ignored,
    total: result.total,
    fuzzy: result.fuzzy,
    results: result.matches.map((m) => ({
      id: m.node.id,
      name: m.node.name,
      qualifiedName: m.node.qualifiedName,
      kind: m.node.kind,
      path: m.node.path,
      line: m.node.startLine,
      endLine: m.node.endLine,
      signature: displaySignature(m.node, Infinity) ?? null,
      score: m.score,
      demoted: m.demoted,
      fuzzy: m.fuzzy,
    })),
  };
}
