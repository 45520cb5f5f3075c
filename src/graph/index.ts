/**
 * Public API of the graph queries: symbol lookup, callers and callees, impact, file cycles,
 * centrality and the node-link export. I/O-free: everything reads the store passed in, through
 * the store's query modules. (Close names for an unknown symbol come from the search engine.)
 */
export { lookupSymbol, ownClasses } from './lookup.js';
export type { DefinitionGroup, FileFilterOutcome, SymbolLookup } from './lookup.js';
export { CALL_EDGE_KINDS, MAX_OVERRIDE_DEPTH, calleesOf, calleesOfAll, callersOf, callersOfAll, callersThroughAll } from './callers.js';
export type { NeighbourList, ThroughList } from './callers.js';
export { CONTAINER_KINDS, impactOf } from './impact.js';
export { affectedTests, DEFAULT_AFFECTED_DEPTH, MAX_AFFECTED_DEPTH } from './affected.js';
export type { Affected, AffectedTestFile } from './affected.js';
export type { Impact, ImpactFile, ImpactedNode } from './impact.js';
export { MAX_CYCLES, cyclesOf, findCycles, stronglyConnected } from './cycles.js';
export type { Cycle, CycleReport } from './cycles.js';
export { DAMPING, PAGERANK_ITERATIONS, centrality } from './pagerank.js';
export type { Centrality } from './pagerank.js';
export { collectGraph, rankGraph, writeNodeLink, writeTopNodeLink } from './export.js';
export type { ExportGraph, ExportOptions, ExportSink, ExportSummary, TopNodeLink } from './export.js';
export type { GraphNode, Neighbour } from '../store/index.js';
