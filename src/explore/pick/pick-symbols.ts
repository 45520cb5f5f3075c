/** The pick stage: which of a file's ordered symbols one rendering of the file tries. */
import type { RankedSymbol } from '../rank/rank.js';
import { NAMED_PRIORITY, type PrioritySymbol } from './priority.js';

/** How much of a file a rendering tries: its core first, everything worthwhile later. */
export type PickMode = 'core' | 'full';

/** The first pass shows at most this many of a file's symbols beyond exact and named ones. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 215 at 3, 214 at 6. */
const CORE_SYMBOLS = 4;
/** … each at least this share of the file's best. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 216 at 0.3, 217 at 0.6. */
const CORE_SHARE = 0.45;
/** The second pass shows symbols of at least this share of the file's best. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.06, 216 at 0.2. */
const FULL_SHARE = 0.12;

/**
 * The symbols a rendering tries, best first: `core` takes the exact and named ones and the few
 * best others; `full` everything of at least a small share of the file's best.
 */
export function pickSymbols(ordered: readonly PrioritySymbol[], mode: PickMode): RankedSymbol[] {
  const top = ordered.find((p) => p.priority < NAMED_PRIORITY && p.lead !== true)?.priority ?? 0;
  const out: RankedSymbol[] = [];
  let others = 0;
  for (const p of ordered) {
    if (p.priority >= NAMED_PRIORITY || p.lead === true) out.push(p.symbol);
    else if (mode === 'core' ? others < CORE_SYMBOLS && p.priority >= top * CORE_SHARE : p.priority >= top * FULL_SHARE) {
      out.push(p.symbol);
      others++;
    }
  }
  return out;
}
