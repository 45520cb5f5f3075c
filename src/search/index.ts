/**
 * Public API of the search engine, the one place symbols are ranked for a query. Two rankings
 * exist today and are kept exactly as they answer: `searchSymbols` (name index plus full-text
 * candidates, re-scored on name signals, tests last) serves codegraph_search, codegraph_node's
 * similar symbols and explore's text seeds; `fullTextSearch` (BM25 over the full-text index plus
 * a name bonus) serves the graph tools' close names. Reads go through the store.
 */
export { searchSymbols } from './symbol-search.js';
export type { SymbolMatch, SymbolSearch, SymbolSearchOptions } from './symbol-search.js';
export { fullTextSearch } from './full-text.js';
export type { FullTextHit, FullTextOptions } from './full-text.js';
export { SEARCH_WEIGHTS, bm25, nameBonus, queryTerms } from './bm25.js';
export { similarSymbols, suggestNames } from './suggestions.js';
export type { Suggestion } from './suggestions.js';
export { KIND_FILTERS, kindsFor, normalizeRequestedPath, normalizeSymbol, parseSearchQuery } from './query.js';
export type { ParsedSearchQuery } from './query.js';
export { editVariants } from './candidates.js';
export { identifierWords, isDemotedPath, keysWithPrefix, symbolIndex } from './symbol-index.js';
export type { FileEntry, SymbolEntry, SymbolIndex } from './symbol-index.js';
