/**
 * codegraph_impact: everything that transitively depends on a symbol, grouped by file, one blast
 * radius per definition when several share the name.
 */
import { impactOf, lookupSymbol, type Impact, type ImpactedNode } from '../../graph/index.js';
import { FreshnessProbe } from '../../project/freshness.js';
import type { ToolHandler } from '../service.js';
import {
  MAX_SECTIONS, OUTPUT_CAP, ambiguityNote, blankSymbol, capText, definitionJson, definitionLabel, filterNote, numberArg, outsideFileFilter, sectionsNote,
  stringArg, unknownSymbol,
} from './text.js';

/** Default hops, as in the tool schema. */
export const DEFAULT_DEPTH = 2;
/** Largest depth the schema allows. */
export const MAX_DEPTH = 10;

/** codegraph_impact. */
export const impactHandler: ToolHandler = async (args, index) => {
  const store = index.store;
  const symbol = stringArg(args, 'symbol');
  if (symbol === undefined) return blankSymbol();
  const outside = outsideFileFilter(index.root, stringArg(args, 'file'));
  if (outside !== undefined) return outside;
  const depth = Math.min(MAX_DEPTH, numberArg(args, 'depth', DEFAULT_DEPTH));
  const lookup = lookupSymbol(store, symbol, stringArg(args, 'file'));
  if (lookup.groups.length === 0) return unknownSymbol(index.root, store, 'impact', symbol);

  const impacts = lookup.groups.slice(0, MAX_SECTIONS).map((g) => impactOf(store, g, depth));
  const total = impacts.reduce((sum, i) => sum + i.count, 0);
  const probe = new FreshnessProbe(index.root, store);
  const sectioned = impacts.length > 1;
  const lines = [`Impact: "${symbol}" affects ${plural(total, 'symbol')}${sectioned ? ` across ${impacts.length} definitions` : ''}`];
  const filter = filterNote(lookup);
  if (filter !== undefined) lines.push(filter);
  const ambiguous = ambiguityNote(lookup);
  if (ambiguous !== undefined && lookup.filter.kind !== 'matched') lines.push(ambiguous);
  const partial = sectionsNote(impacts.length, lookup.groups.length);
  if (partial !== undefined) lines.push(partial);
  lines.push(`Dependents up to ${plural(depth, 'hop')} away along every edge but nesting, grouped by file as name:line.`);
  for (const impact of impacts) {
    lines.push('');
    if (sectioned) {
      probe.cite(impact.group.path);
      lines.push(`${definitionLabel(impact.group)} — affects ${plural(impact.count, 'symbol')}`);
    }
    if (impact.count === 0) lines.push(`Nothing in the index depends on it within ${plural(depth, 'hop')}.`);
    for (const file of impact.files) {
      probe.cite(file.path);
      lines.push(file.path, `  ${file.nodes.map(entry).join(', ')}`);
    }
  }
  const banner = probe.banner();
  return {
    text: banner + capText(`${lines.join('\n')}\n`, OUTPUT_CAP - banner.length),
    json: {
      tool: 'impact',
      symbol,
      depth,
      ...(lookup.filter.kind === 'none' ? {} : { file: lookup.filter.value, fileMatched: lookup.filter.kind === 'matched' }),
      total,
      definitionsFound: lookup.groups.length,
      definitions: impacts.map(impactJson),
      stale: probe.driftedCitations(),
    },
  };
};

/** `name:line`; file-level code shows as `(top level)` at the line that uses the symbol. */
function entry(item: ImpactedNode): string {
  const n = item.node;
  if (n.kind === 'file') return `(top level):${item.line ?? n.startLine}`;
  return `${n.name}:${n.startLine}`;
}

function impactJson(impact: Impact): Record<string, unknown> {
  return {
    ...definitionJson(impact.group),
    count: impact.count,
    files: impact.files.map((f) => ({
      file: f.path,
      symbols: f.nodes.map((item) => ({
        name: item.node.name, qualifiedName: item.node.qualifiedName, kind: item.node.kind, line: item.node.startLine, depth: item.depth,
      })),
    })),
  };
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
