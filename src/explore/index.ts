/** Public API of explore: the engine shared by the MCP tool and the CLI, its source reader contract, and its result types. */
/** The engine and what it takes and gives. */
export { explore } from './explore.js';
export type { ExploreOptions, ExploreResult, ExploreSources } from './explore.js';
/** Whether the engine's per-index data is built yet (the first explore of an index builds it). */
export { hasIndexData } from './data/index-data.js';
/** What a caller implements to hand the engine source text. */
export type { SourceFreshness, SourceReader } from './source-reader.js';
/** The answer's data form. */
export type { ExploreJson, JsonSymbol } from './result-json.js';
/** The size tiers. */
export { budgetFor } from './budget.js';
export type { ExploreBudget } from './budget.js';
