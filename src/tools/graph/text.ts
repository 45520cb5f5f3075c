/**
 * Shared text pieces of the graph tools: the output ceiling and its truncation note, argument
 * reading, definition labels, and the answers for an unknown symbol or an unmatched file filter.
 */
import type { DefinitionGroup, SymbolLookup } from '../../graph/index.js';
import { FreshnessProbe, lexicalProjectPath } from '../../project/freshness.js';
import { suggestNames } from '../../search/index.js';
import type { Suggestion } from '../../search/index.js';
import type { GraphStore } from '../../store/index.js';
import type { ToolArgs } from '../schema.js';
import type { ToolOutput } from '../service.js';

/** Ceiling of every graph tool's text, in characters (the non-explore output cap). */
export const OUTPUT_CAP = 30_000;

/**
 * `text` when it fits in `cap` characters; otherwise its longest prefix that ends at a line
 * boundary and leaves room for the closing `… output truncated (N more lines)` line (plus
 * `hint` on the line after, when given).
 */
export function capText(text: string, cap = OUTPUT_CAP, hint?: string): string {
  if (text.length <= cap) return text;
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const totalLines = body.split('\n').length;
  const reserve = 80 + (hint === undefined ? 0 : hint.length + 1);
  let cut = body.lastIndexOf('\n', Math.max(0, cap - reserve));
  if (cut < 0) cut = 0;
  const kept = body.slice(0, cut);
  const keptLines = cut === 0 ? 0 : kept.split('\n').length;
  const more = totalLines - keptLines;
  const note = `… output truncated (${more} more line${more === 1 ? '' : 's'})`;
  return `${kept}${kept === '' ? '' : '\n'}${note}${hint === undefined ? '' : `\n${hint}`}\n`;
}

/**
 * Most definition sections one answer renders; a name defined more often than this (`__init__`,
 * `get`) is answered for the first ones in path order, with a note on how to pick one.
 */
export const MAX_SECTIONS = 50;

/** The note for definitions beyond MAX_SECTIONS; undefined when all are shown. */
export function sectionsNote(shown: number, total: number): string | undefined {
  if (shown >= total) return undefined;
  return `Only the first ${shown} of ${total} definitions (by path) are answered below; pass file to pick one.`;
}

/** A string argument, or undefined when absent or blank. */
export function stringArg(args: ToolArgs, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A numeric argument (already clamped by the validator) or `fallback`, as an integer. */
export function numberArg(args: ToolArgs, name: string, fallback: number): number {
  const value = args[name];
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, Math.floor(value)) : fallback;
}

/** `name (kind) - path:line` for a definition group (overloads list every line). */
export function definitionLabel(group: DefinitionGroup): string {
  const first = group.nodes[0];
  const lines = group.nodes.map((n) => n.startLine).join(', ');
  return `${group.qualifiedName === '' ? (first?.name ?? '') : group.qualifiedName} (${first?.kind ?? 'symbol'}) - ${group.path}:${lines}`;
}

/** Definition data for `json` output. */
export function definitionJson(group: DefinitionGroup): Record<string, unknown> {
  const first = group.nodes[0];
  return {
    name: first?.name ?? '',
    qualifiedName: group.qualifiedName,
    kind: first?.kind ?? 'symbol',
    file: group.path,
    lines: group.nodes.map((n) => n.startLine),
  };
}

/** The note for a `file` filter that matched no definition; undefined when there is nothing to say. */
export function filterNote(lookup: SymbolLookup): string | undefined {
  if (lookup.filter.kind !== 'unmatched') return undefined;
  const n = lookup.groups.length;
  return `No definition of "${lookup.symbol}" is in a file matching "${lookup.filter.value}"; showing all ${n} definition${n === 1 ? '' : 's'} instead.`;
}

/** The hint shown when several definitions share the name and no filter picked one. */
export function ambiguityNote(lookup: SymbolLookup): string | undefined {
  if (lookup.groups.length < 2) return undefined;
  const example = lookup.groups[0]?.path ?? '';
  return `${lookup.groups.length} definitions are named "${lookup.symbol}"; pass file (a path or path suffix, e.g. "${example}") to pick one.`;
}

/**
 * The refusal of a `file` filter naming a place outside the project (`/etc/passwd`,
 * `../../x.ts`), or undefined when it is inside or absent. Every tool refuses such a path alike
 * rather than ignoring the filter.
 */
export function outsideFileFilter(root: string, file: string | undefined): ToolOutput | undefined {
  if (file === undefined || file.trim() === '') return undefined;
  // `path:line` and `path#L..` forms name the same file.
  const path = file.replace(/(?::\d+(?:-\d+)?|#L\d+(?:-L?\d+)?)$/, '');
  if (lexicalProjectPath(root, path) !== undefined) return undefined;
  return { text: `Error: file ${JSON.stringify(file)} is outside the project; only files under the project root can be named`, isError: true };
}

/** The answer for a blank `symbol` (the schema cannot require non-blank text): an argument error. */
export function blankSymbol(): ToolOutput {
  return { text: 'Error: symbol must be a non-empty name, qualified name or file path', isError: true };
}

/** The answer for a symbol the index does not know: close names, never an error. */
export function unknownSymbol(root: string, store: GraphStore, tool: string, symbol: string): ToolOutput {
  const suggestions: Suggestion[] = suggestNames(store, symbol);
  const probe = new FreshnessProbe(root, store);
  for (const s of suggestions) probe.cite(s.path);
  const lines = [`No symbol named "${symbol}" is in the index.`];
  if (suggestions.length > 0) {
    lines.push('', 'Close names:');
    for (const s of suggestions) lines.push(`- ${s.qualifiedName || s.name} (${s.kind}) - ${s.path}:${s.line}`);
  }
  lines.push('', 'Use codegraph_search with part of the name to find the exact spelling; qualified names (Class.method) are accepted.');
  const banner = probe.banner();
  return {
    text: banner + capText(`${lines.join('\n')}\n`, OUTPUT_CAP - banner.length),
    json: { tool, symbol, found: false, suggestions, stale: probe.driftedCitations() },
  };
}
