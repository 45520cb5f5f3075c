/** The lines that open an answer: its title and what the query was understood to ask. */
import type { ParsedQuery } from '../query/understand.js';
import type { Ranking } from '../rank/rank.js';

/** The query is quoted in the title up to this many characters. */
const TITLE_QUERY_CHARS = 160;

/** The answer's first line, quoting the query (cut when long). */
export function titleLine(query: string): string {
  return `Explore: ${JSON.stringify(query.length > TITLE_QUERY_CHARS ? `${query.slice(0, TITLE_QUERY_CHARS)}…` : query)}`;
}

/** Pinned files, exact targets, set-aside, ambiguous and unknown paths, or that nothing matched. */
export function summaryLines(parsed: ParsedQuery, ranking: Ranking): string[] {
  const out: string[] = [];
  const p = parsed.paths;
  if (p.pinned.length > 0) out.push(`Pinned from the query: ${p.pinned.map((x) => `\`${x}\``).join(', ')}.`);
  for (const t of parsed.exact) {
    const what = t.node !== undefined ? `\`${t.node.qualifiedName || t.node.name}\` (${t.path}:${t.node.startLine}-${t.node.endLine})` : `${t.path}:${t.start}-${t.end}`;
    out.push(`Exact target: ${what}${t.line !== undefined && t.node !== undefined ? `, enclosing line ${t.line}` : ''}.`);
  }
  if (p.setAside.length > 0) out.push(`Set aside (same path, but defining none of the named symbols): ${p.setAside.slice(0, 4).map((x) => `\`${x}\``).join(', ')}${p.setAside.length > 4 ? ` +${p.setAside.length - 4} more` : ''}.`);
  for (const a of p.ambiguous) out.push(`\`${a.written}\` matches ${a.count} indexed files; give more of its path or name a symbol it defines.`);
  if (p.unresolved.length > 0) out.push(`Not in the index: ${p.unresolved.map((x) => `\`${x}\``).join(', ')}.`);
  if (ranking.symbols.length === 0 && p.pinned.length === 0) {
    out.push('No relevant code found. Try an exact symbol name, a file path, or codegraph_search for partial names.');
  }
  return out;
}
