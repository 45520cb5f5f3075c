/**
 * "Did you mean": close names offered when a tool is asked about a symbol the index does not
 * know, from the one search ranker (typos tolerated). The graph tools (callers, callees, impact)
 * take them as `Suggestion` rows, codegraph_node as matches.
 */
import type { GraphStore } from '../store/index.js';
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

/** Names close to an unknown `symbol` for the graph tools. */
export function suggestNames(store: GraphStore, symbol: string, limit = 5): Suggestion[] {
  return similarSymbols(store, symbol, limit).map(({ node }) => ({
    name: node.name, qualifiedName: node.qualifiedName, kind: node.kind, path: node.path, line: node.startLine,
  }));
}

/** Symbols similar to an unknown `symbol` (typos tolerated; a misspelt tail falls back to the name's head). */
export function similarSymbols(store: GraphStore, symbol: string, limit = 5): readonly SymbolMatch[] {
  const query = normalizeSymbol(symbol).trim();
  if (query === '') return [];
  const found = searchSymbols(store, query, { limit }).matches;
  if (found.length > 0 || query.length <= 3 || /\s/.test(query)) return found;
  // A misspelt tail ("emitt", "priceOff") still shares its head with the wanted name.
  return searchSymbols(store, query.slice(0, Math.max(3, Math.ceil(query.length * 0.6))), { limit }).matches;
}
