/**
 * "Did you mean": close names offered when a tool is asked about a symbol the index does not
 * know. Two rankings answer today and both are kept byte for byte: the graph tools (callers,
 * callees, impact) rank by full-text BM25 (`fullTextSearch`), codegraph_node by the ranked symbol
 * search (`searchSymbols`). Both live here so the ranker has one home when it is rebuilt.
 */
import type { GraphStore } from '../store/index.js';
import { fullTextSearch } from './full-text.js';
import { normalizeSymbol } from './query.js';
import { searchSymbols } from './symbol-search.js';
import type { SymbolMatch } from './symbol-search.js';

/** A close name offered when a symbol is unknown. */
export interface Suggestion {
  readonly name: string;
  readonly qualifiedName: string;
  readonly kind: string;
  readonly path: string;
  readonly line: number;
}

/** Names close to an unknown `symbol` for the graph tools, from the full-text ranking (prefix and word matches). */
export function suggestNames(store: GraphStore, symbol: string, limit = 5): Suggestion[] {
  const query = normalizeSymbol(symbol).replace(/\./g, ' ').trim();
  if (query === '') return [];
  let hits = fullTextSearch(store, query, { limit });
  if (hits.length === 0 && query.length > 3) {
    // A misspelt tail ("emitt", "priceOff") still shares its head with the wanted name.
    hits = fullTextSearch(store, query.slice(0, Math.max(3, Math.ceil(query.length * 0.6))), { limit });
  }
  return hits.map(({ node }) => ({
    name: node.name, qualifiedName: node.qualifiedName, kind: node.kind, path: node.path, line: node.startLine,
  }));
}

/** Symbols similar to an unknown `symbol` for codegraph_node, from the ranked symbol search (typos tolerated). */
export function similarSymbols(store: GraphStore, symbol: string, limit = 5): readonly SymbolMatch[] {
  return searchSymbols(store, symbol, { limit }).matches;
}
