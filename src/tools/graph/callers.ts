/**
 * codegraph_callers and codegraph_callees: who calls (references, imports) a symbol and what it
 * calls, one section per definition when several share the name.
 */
import {
  calleesOfAll, callersOfAll, callersThroughAll, lookupSymbol, type GraphNode, type Neighbour, type NeighbourList, type ThroughList,
} from '../../graph/index.js';
import type { GraphStore } from '../../store/index.js';
import { FreshnessProbe } from '../../project/freshness.js';
import type { ToolHandler, ToolOutput } from '../service.js';
import type { ToolArgs } from '../schema.js';
import type { ProjectIndex } from '../../project/index-cache.js';
import {
  MAX_SECTIONS, OUTPUT_CAP, ambiguityNote, blankSymbol, capText, definitionJson, definitionLabel, filterNote, numberArg, outsideFileFilter, sectionsNote,
  stringArg, unknownSymbol,
} from './text.js';

/** Default rows per definition, as in the tool schema. */
export const DEFAULT_LIMIT = 20;
/** Largest `limit` the schema allows; the hint never suggests more. */
export const MAX_LIMIT = 100;

type Direction = 'callers' | 'callees';

const WORDING = {
  callers: { title: 'Callers of', noun: 'caller', none: 'No callers found: nothing in the index calls, references or imports it.' },
  callees: { title: 'Callees of', noun: 'callee', none: 'No callees found: it calls, references or imports nothing the index resolved.' },
} as const;

/** codegraph_callers. */
export const callersHandler: ToolHandler = async (args, index) => answer('callers', args, index);

/** codegraph_callees. */
export const calleesHandler: ToolHandler = async (args, index) => answer('callees', args, index);

function answer(direction: Direction, args: ToolArgs, index: ProjectIndex): ToolOutput {
  const store: GraphStore = index.store;
  const symbol = stringArg(args, 'symbol');
  if (symbol === undefined) return blankSymbol();
  const outside = outsideFileFilter(index.root, stringArg(args, 'file'));
  if (outside !== undefined) return outside;
  const limit = Math.min(MAX_LIMIT, numberArg(args, 'limit', DEFAULT_LIMIT));
  const lookup = lookupSymbol(store, symbol, stringArg(args, 'file'));
  if (lookup.groups.length === 0) return unknownSymbol(index.root, store, direction, symbol);

  const groups = lookup.groups.slice(0, MAX_SECTIONS);
  const lists: NeighbourList[] = direction === 'callers' ? callersOfAll(store, groups, limit) : calleesOfAll(store, groups, limit);
  const through: ThroughList[][] = direction === 'callers' ? callersThroughAll(store, lists, limit) : lists.map(() => []);
  const words = WORDING[direction];
  const total = lists.reduce((sum, l) => sum + l.total, 0);
  const throughTotal = through.flat().reduce((sum, t) => sum + t.total, 0);
  const probe = new FreshnessProbe(index.root, store);
  const lines = [`${words.title} ${symbol} (${total} found${throughTotal > 0 ? `; ${throughTotal} more through what it overrides or implements` : ''})`];
  const filter = filterNote(lookup);
  if (filter !== undefined) lines.push(filter);
  const ambiguous = ambiguityNote(lookup);
  if (ambiguous !== undefined && lookup.filter.kind !== 'matched') lines.push(ambiguous);
  const partial = sectionsNote(groups.length, lookup.groups.length);
  if (partial !== undefined) lines.push(partial);
  const sectioned = lists.length > 1;
  lists.forEach((list, i) => {
    lines.push('');
    if (sectioned) {
      probe.cite(list.group.path);
      lines.push(`${definitionLabel(list.group)} — ${list.total} ${words.noun}${list.total === 1 ? '' : 's'}`);
    }
    const indirect = through[i] ?? [];
    if (list.total === 0) lines.push(indirect.length > 0 ? NO_DIRECT_CALLERS : words.none);
    for (const row of list.shown) {
      probe.cite(row.node.path);
      lines.push(rowText(row));
    }
    if (list.shown.length < list.total) lines.push(moreHint(list.shown.length, list.total, limit, words.noun));
    for (const t of indirect) {
      probe.cite(t.declaration.path);
      lines.push(`Through ${nodeText(t.declaration)}, which it overrides or implements — ${t.total} ${words.noun}${t.total === 1 ? '' : 's'}:`);
      for (const row of t.shown) {
        probe.cite(row.node.path);
        lines.push(rowText(row));
      }
      if (t.shown.length < t.total) lines.push(moreHint(t.shown.length, t.total, limit, words.noun));
    }
  });
  const banner = probe.banner();
  const text = banner + capText(`${lines.join('\n')}\n`, OUTPUT_CAP - banner.length);
  return {
    text,
    json: {
      tool: direction,
      symbol,
      ...(lookup.filter.kind === 'none' ? {} : { file: lookup.filter.value, fileMatched: lookup.filter.kind === 'matched' }),
      total,
      definitionsFound: lookup.groups.length,
      definitions: lists.map((l, i) => ({
        ...definitionJson(l.group),
        total: l.total,
        [direction]: l.shown.map(rowJson),
        ...((through[i] ?? []).length === 0 ? {} : {
          through: (through[i] ?? []).map((t) => ({ ...nodeJson(t.declaration), total: t.total, [direction]: t.shown.map(rowJson) })),
        }),
      })),
      stale: probe.driftedCitations(),
    },
  };
}

/**
 * Said instead of "No callers found" when nothing calls the definition itself but something calls
 * a declaration it overrides or implements (an interface's method): those calls may run it.
 */
const NO_DIRECT_CALLERS = 'No direct callers: nothing in the index calls, references or imports this definition itself.';

/** `name (kind) - path:line`; members show their qualified name (`Cart.add`). */
function nodeText(n: GraphNode): string {
  const name = n.kind === 'file' || n.qualifiedName === '' ? n.name : n.qualifiedName;
  return `${name} (${n.kind}) - ${n.path}:${n.startLine}`;
}

/** `- name (kind) - path:line`. */
function rowText(row: Neighbour): string {
  return `- ${nodeText(row.node)}`;
}

function nodeJson(n: GraphNode): Record<string, unknown> {
  return { name: n.name, qualifiedName: n.qualifiedName, kind: n.kind, file: n.path, line: n.startLine };
}

function rowJson(row: Neighbour): Record<string, unknown> {
  return { ...nodeJson(row.node), relation: row.relation, ...(row.line === null ? {} : { atLine: row.line }) };
}

function moreHint(shown: number, total: number, limit: number, noun: string): string {
  if (limit >= MAX_LIMIT) return `Showing ${shown} of ${total} ${noun}s (limit is at its maximum of ${MAX_LIMIT}); narrow with file or use codegraph_impact for the whole set.`;
  return `Showing ${shown} of ${total} ${noun}s; pass a larger limit (up to ${MAX_LIMIT}) to see more.`;
}
