/** Reference resolution: plain data in (files, symbols, references), edges with confidence out. */
export { DEFAULT_MAX_CANDIDATES, resolveReferences } from './resolve-references.js';
export { ProjectIndex } from './project-index.js';
export type {
  BaseLinks, BaseLinksByFile, DefinitionSource, LanguageStats, MethodCounts, ResolveData, ResolveInput, ResolveOptions, ResolveResult, ResolveStats, ResolvedEdge,
  ResolverFile, ResolverRef, ResolverSymbol,
} from './types.js';
