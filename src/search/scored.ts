/** A candidate as the ranker scores and orders it (symbol-search.ts, sentence-order.ts). */
import type { Candidate } from './candidates.js';

/** One scored candidate. */
export interface Scored {
  readonly c: Candidate;
  readonly demoted: boolean;
  /** Named by a path the query writes (written-names.ts): first among the rest. */
  readonly written: boolean;
  readonly score: number;
  /** Edges pointing at the symbol, read only to order equal scores at the cut. */
  uses: number;
}
