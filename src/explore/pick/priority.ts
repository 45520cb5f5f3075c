/** A file's symbol with its in-file priority, and the order the pick stage shows them in. */
import type { RankedSymbol } from '../rank/rank.js';

/** A file's symbol with its in-file priority (exact 100+, named 10+, else 0..1). */
export interface PrioritySymbol {
  readonly symbol: RankedSymbol;
  readonly priority: number;
  /** The file's best-ranked definition (not exact or named): why the file is in the answer. */
  readonly lead?: boolean;
}

/** Priority an exact target starts from: above every other tier. */
export const EXACT_PRIORITY = 100;
/** Priority a named definition starts from: above any share-based priority (at most a few units). */
export const NAMED_PRIORITY = 10;

/** Exact and named definitions, then the file's lead, then by priority; ties by position. */
export function byPriority(a: PrioritySymbol, b: PrioritySymbol): number {
  const tier = (p: PrioritySymbol): number => (p.priority >= NAMED_PRIORITY ? 2 : p.lead === true ? 1 : 0);
  return tier(b) - tier(a) || b.priority - a.priority || a.symbol.node.startLine - b.symbol.node.startLine || a.symbol.node.id - b.symbol.node.id;
}
