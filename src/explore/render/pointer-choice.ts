/**
 * Which definitions that no section shows the also-relevant block quotes: the best ranked ones,
 * and, after them, callables the shown code calls (the code to read next once "how does X do Y"
 * shows X): those of the symbols the question names first, then those the fewest others call
 * (the helpers the shown code has to itself, not the utilities everything calls). The callees
 * come last, so a full answer drops them first.
 */
import type { StoredNode } from '../../store/index.js';
import { CALLABLE_KINDS } from '../kinds.js';
import type { RankedSymbol } from '../rank/rank.js';

/**
 * Most callees quoted after the best ranked: what the tail's room holds besides them and the
 * notes (a declaration line takes about 70 characters; the tail keeps up to 2,400).
 */
const MAX_CALLEES = 5;

/** The definitions to quote: the best ranked, then the callees of the shown code. */
export interface PointerChoice {
  readonly best: readonly RankedSymbol[];
  readonly called: readonly StoredNode[];
}

/** What the choice reads of the graph. */
export interface CallGraph {
  /** What each of the given definitions calls, where the call was bound by more than its name alone (a guess is no pointer). */
  readonly callees: (ids: readonly number[]) => ReadonlyMap<number, readonly StoredNode[]>;
  /** How many calls from other definitions reach each of the given ones. */
  readonly callerCounts: (ids: readonly number[]) => ReadonlyMap<number, number>;
}

/**
 * The first `max` of `ranked` (best first) not in `shown` that `keep` passes, and up to
 * MAX_CALLEES callables, neither shown nor among those, that the shown functions and methods
 * call: those the named ones (`exact`, `named`) call first, then the fewest called, then by rank
 * (unranked last). A shown route is left out: what it calls is its handler, the entry of a
 * table, not code it delegates to.
 */
export function chosenPointers(
  ranked: readonly RankedSymbol[], shown: ReadonlySet<number>, graph: CallGraph, keep: (node: StoredNode) => boolean, max: number,
): PointerChoice {
  const best = ranked.filter((s) => !shown.has(s.node.id) && keep(s.node)).slice(0, max);
  const callers = ranked.filter((s) => shown.has(s.node.id) && CALLABLE_KINDS.has(s.node.kind) && s.node.kind !== 'route');
  if (callers.length === 0) return { best, called: [] };
  const taken = new Set([...shown, ...best.map((s) => s.node.id)]);
  const reached = graph.callees(callers.map((s) => s.node.id));
  const open = new Map<number, StoredNode>();
  // What the symbols the question names (exactly or by name) call comes before the rest.
  const first = new Set<number>();
  for (const caller of callers) {
    for (const node of reached.get(caller.node.id) ?? []) {
      if (taken.has(node.id) || !CALLABLE_KINDS.has(node.kind) || !keep(node)) continue;
      open.set(node.id, node);
      if (caller.exact || caller.named) first.add(node.id);
    }
  }
  const fanIn = graph.callerCounts([...open.keys()]);
  const rank = new Map(ranked.map((s, i) => [s.node.id, i]));
  const called = [...open.values()].sort((a, b) =>
    Number(first.has(b.id)) - Number(first.has(a.id)) || (fanIn.get(a.id) ?? 0) - (fanIn.get(b.id) ?? 0) ||
    (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || a.id - b.id);
  return { best, called: called.slice(0, MAX_CALLEES) };
}
