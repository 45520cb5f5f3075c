/**
 * codegraph_callers and codegraph_callees: who calls (references, imports) a symbol and what it
 * calls, one section per definition when several share the name.
 */
import { calleesOfAll, callersOfAll, lookupSymbol, type Neighbour, type NeighbourList } from '../../graph/index.js';
import type { GraphStore } from '../../store/index.js';
import { FreshnessProbe } from '../../project/freshness.js';
import type { ToolHandler, ToolOutput } from '../service.js';
import type { ToolArgs } from '../schema.js';
import type { ProjectIndex } from '../../project/index-cache.js';
import {
  MAX_SECTIONS, OUTPUT_CAP, ambiguityNote, blankSymbol, capText, definitionJson, definitionLabel, filterNote, numberArg, sectionsNote, stringArg,
  unknownSymbol,
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
  const limit = Math.min(MAX_LIMIT, numberArg(args, 'limit', DEFAULT_LIMIT));
  const lookup = lookupSymbol(store, symbol, stringArg(args, 'file'));
  if (lookup.groups.length === 0) return unknownSymbol(index.root, store, direction, symbol);

  const groups = lookup.groups.slice(0, MAX_SECTIONS);
  const lists: NeighbourList[] = direction === 'callers' ? callersOfAll(store, groups, limit) : calleesOfAll(store, groups, limit);
  const words = WORDING[direction];
  const total = lists.reduce((sum, l) => sum + l.total, 0);
  const probe = new FreshnessProbe(index.root, store);
  const lines = [`${words.title} ${symbol} (${total} found)`];
  const filter = filterNote(lookup);
  if (filter !== undefined) lines.push(filter);
  const ambiguous = ambiguityNote(lookup);
  if (ambiguous !== undefined && lookup.filter.kind !== 'matched') lines.push(ambiguous);
  const partial = sectionsNote(groups.length, lookup.groups.length);
  if (partial !== undefined) lines.push(partial);
  const sectioned = lists.length > 1;
  for (const list of lists) {
    lines.push('');
    if (sectioned) {
      probe.cite(list.group.path);
      lines.push(`${definitionLabel(list.group)} — ${list.total} ${words.noun}${list.total === 1 ? '' : 's'}`);
    }
    if (list.total === 0) lines.push(words.none);
    for (const row of list.shown) {
      probe.cite(row.node.path);
      lines.push(rowText(row));
    }
    if (list.shown.length < list.total) lines.push(moreHint(list.shown.length, list.total, limit, words.noun));
  }
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
      definitions: lists.map((l) => ({
        ...definitionJson(l.group),
        total: l.total,
        [direction]: l.shown.map(rowJson),
      })),
      stale: probe.driftedCitations(),
    },
  };
}

/** `- name (kind) - path:line`; members show their qualified name (`Cart.add`). */
function rowText(row: Neighbour): string {
  const n = row.node;
  const name = n.kind === 'file' || n.qualifiedName === '' ? n.name : n.qualifiedName;
  return `- ${name} (${n.kind}) - ${n.path}:${n.startLine}`;
}

function rowJson(row: Neighbour): Record<string, unknown> {
  const n = row.node;
  return {
    name: n.name, qualifiedName: n.qualifiedName, kind: n.kind, file: n.path, line: n.startLine,
    relation: row.relation, ...(row.line === null ? {} : { atLine: row.line }),
  };
}

function moreHint(shown: number, total: number, limit: number, noun: string): string {
  if (limit >= MAX_LIMIT) return `Showing ${shown} of ${total} ${noun}s (limit is at its maximum of ${MAX_LIMIT}); narrow with file or use codegraph_impact for the whole set.`;
  return `Showing ${shown} of ${total} ${noun}s; pass a larger limit (up to ${MAX_LIMIT}) to see more.`;
}
