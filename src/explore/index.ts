/** Public API of explore: the engine shared by the MCP tool and the CLI, its source reader contract, and its result types. */
export { explore } from './explore.js';
export type { ExploreOptions, ExploreResult, ExploreSources } from './explore.js';
export type { SourceFreshness, SourceReader } from './source-reader.js';
export type { ExploreJson, JsonSymbol } from './result-json.js';
export { budgetFor } from './budget.js';
export type { ExploreBudget } from './budget.js';
