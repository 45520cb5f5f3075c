/**
 * The search ranker for callers that want nodes and scores only (the prompt hook's phrase
 * lookup): the same ranking as codegraph_search, without typo tolerance.
 */
import type { GraphStore, StoredNode } from '../store/index.js';
import { searchSymbols } from './symbol-search.js';

/** One result; higher scores rank first. */
export interface FullTextHit {
  readonly node: StoredNode;
  readonly score: number;
}

/** Options of `fullTextSearch`. */
export interface FullTextOptions {
  /** Most hits (default 10, at most 100). */
  readonly limit?: number;
}

/** Symbols (never file nodes) for the words of `query`, best first. */
export function fullTextSearch(store: GraphStore, query: string, options: FullTextOptions = {}): FullTextHit[] {
  return searchSymbols(store, query, { limit: options.limit ?? 10, fuzzy: false }).matches.map(({ node, score }) => ({ node, score }));
}
