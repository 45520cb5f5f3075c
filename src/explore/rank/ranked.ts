/** The shapes of a ranking, and the one order ranked symbols are kept in. */
import type { StoredNode } from '../../store/index.js';

/** A ranked symbol. */
export interface RankedSymbol {
  readonly node: StoredNode;
  readonly score: number;
  /** The score without the exact/named bonuses, comparable across files. */
  readonly base: number;
  /** Seed strength from the query text (0 when only the graph reached it). */
  readonly text: number;
  /** An exact target or one of the query's named definitions. */
  readonly exact: boolean;
  readonly named: boolean;
}

/** A ranked file with its relevant symbols, best first. */
export interface RankedFile {
  readonly path: string;
  readonly score: number;
  /** The score from the files' symbols without bonuses, for dropping incidental files. */
  readonly base: number;
  readonly symbols: readonly RankedSymbol[];
  readonly pinned: boolean;
  /** Named by the query: by path, by an exact target, or by defining a named symbol. */
  readonly named: boolean;
}

/** The ranking of one query. */
export interface Ranking {
  readonly symbols: readonly RankedSymbol[];
  /** Definitions whose every name segment the prose names ("apply discount" -> `applyDiscount`). */
  readonly prose: readonly StoredNode[];
  readonly files: readonly RankedFile[];
}

/** Best first; ties by path, line, id so equal scores never reorder between runs. */
export function bySymbolRank(a: RankedSymbol, b: RankedSymbol): number {
  return b.score - a.score || (a.node.path < b.node.path ? -1 : a.node.path > b.node.path ? 1 : 0) || a.node.startLine - b.node.startLine || a.node.id - b.node.id;
}
