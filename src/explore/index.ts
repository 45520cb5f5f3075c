/** Public API of explore: the engine shared by the MCP handler and the CLI, and its result types. */
export { explore } from './explore.js';
export type { ExploreOptions, ExploreResult } from './explore.js';
export type { ExploreJson, JsonSymbol } from './result-json.js';
export { budgetFor } from './budget.js';
export type { ExploreBudget } from './budget.js';
export { EXPLORE_HANDLERS } from './handler.js';
