/**
 * Public API of the graph queries: symbol lookup, callers and callees, impact, file cycles,
 * centrality and the node-link export. I/O-free: everything reads the store passed in.
 */
export { lookupSymbol, normalizeSymbol, suggestNames } from './lookup.js';
export type { DefinitionGroup, FileFilterOutcome, Suggestion, SymbolLookup } from './lookup.js';
export { CALL_EDGE_KINDS, calleesOf, calleesOfAll, callersOf, callersOfAll } from './callers.js';
export type { NeighbourList } from './callers.js';
export { CONTAINER_KINDS, impactOf } from './impact.js';
export type { Impact, ImpactFile, ImpactedNode } from './impact.js';
export { MAX_CYCLES, cyclesOf, findCycles, stronglyConnected } from './cycles.js';
export type { Cycle, CycleReport } from './cycles.js';
export { DAMPING, PAGERANK_ITERATIONS, centrality } from './pagerank.js';
export type { Centrality } from './pagerank.js';
export { writeNodeLink } from './export.js';
export type { ExportOptions, ExportSink, ExportSummary } from './export.js';
export type { GraphNode, Neighbour } from './queries.js';
