/**
 * Which ranked definitions that no section shows the also-relevant block quotes: the best ranked
 * ones, and, after them, lower ranked ones that a shown callable calls (the code to read next
 * once "how does X do Y" shows X). The callees come last, so a full answer drops them first.
 */
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
  readonly called: readonly RankedSymbol[];
}

/**
 * The first `max` of `ranked` (best first) not in `shown` that `keep` passes, and up to
 * MAX_CALLEES more of them that the shown callables call (`callees` of their ids).
 */
export function chosenPointers(
  ranked: readonly RankedSymbol[], shown: ReadonlySet<number>, callees: (ids: readonly number[]) => ReadonlySet<number>,
  keep: (s: RankedSymbol) => boolean, max: number,
): PointerChoice {
  const open = ranked.filter((s) => !shown.has(s.node.id) && keep(s));
  const best = open.slice(0, max);
  const callers = ranked.filter((s) => shown.has(s.node.id) && CALLABLE_KINDS.has(s.node.kind)).map((s) => s.node.id);
  if (callers.length === 0 || open.length <= max) return { best, called: [] };
  const reached = callees(callers);
  return { best, called: open.slice(max).filter((s) => reached.has(s.node.id) && CALLABLE_KINDS.has(s.node.kind)).slice(0, MAX_CALLEES) };
}
