/**
 * Public API of the search engine, the one place symbols are ranked for a query: `searchSymbols`
 * serves codegraph_search, every "did you mean" (`suggestNames`, `similarSymbols`), explore's
 * text seeds and, through `fullTextSearch`, the prompt hook. Reads go through the store; the
 * terms and statistics the ranker needs live in the database (see store/full-text.ts).
 */
export { searchSymbols } from './symbol-search.js';
export type { SymbolMatch, SymbolSearch, SymbolSearchOptions } from './symbol-search.js';
export { fullTextSearch } from './full-text.js';
export type { FullTextHit, FullTextOptions } from './full-text.js';
export { FIELD_WEIGHTS, fieldScore } from './fields.js';
export type { FieldScore } from './fields.js';
export { MAX_QUERY_WORDS, STOP_WORDS, identifierWords, searchWords } from './terms.js';
export { similarSymbols, suggestNames } from './suggestions.js';
export type { Suggestion } from './suggestions.js';
export { KIND_FILTERS, kindsFor, normalizeRequestedPath, normalizeSymbol, parseSearchQuery } from './query.js';
export type { ParsedSearchQuery } from './query.js';
export { editVariants } from './candidates.js';
export { isDemotedPath, keysWithPrefix, symbolIndex } from './symbol-index.js';
export type { FileEntry, SymbolEntry, SymbolIndex } from './symbol-index.js';
export { bundledFiles } from './bundles.js';
export { implPhrases } from './written-names.js';
export { DEPRECATED_SHARE, isDeprecatedDoc } from './deprecation.js';
export { sayersOf } from './sayers.js';
export { COMPOUND_KINDS, MAX_COMPOUND_DEFINITIONS, MAX_COMPOUND_LOOKUPS } from './compound-names.js';
export { hasRouteAt } from './route-candidates.js';
