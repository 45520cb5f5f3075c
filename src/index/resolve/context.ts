import type { ImportTable } from './import-table.js';
import type { ProjectIndex } from './project-index.js';
import type { ResolutionMethod } from '../../model.js';
import type { ResolverSymbol } from './types.js';

/** Shared state of one resolution run. */
export interface ResolveContext {
  readonly project: ProjectIndex;
  readonly imports: ImportTable;
  readonly maxCandidates: number;
  /** Class symbol id -> resolved base classes/interfaces, filled by the first pass. */
  readonly bases: Map<number, ResolverSymbol[]>;
  /** Types with a base the first pass could not bind (one from outside): their members are not all known. */
  readonly openBases: Set<number>;
}

/** A step's verdict on one reference. */
export type StepOutcome =
  | { readonly kind: 'bound'; readonly target: ResolverSymbol; readonly method: ResolutionMethod; readonly confidence: number }
  /** The name is bound by an import of a module outside the project: stop, do not guess. */
  | { readonly kind: 'external' }
  /** The name is bound by a project import, but what it names was not found: stop. */
  | { readonly kind: 'claimed' }
  /** Too many or equally close candidates: stop. */
  | { readonly kind: 'ambiguous' };

/** Builds a bound outcome. */
export function bound(target: ResolverSymbol, method: ResolutionMethod, confidence: number): StepOutcome {
  return { kind: 'bound', target, method, confidence };
}

// The stop outcomes are shared constants: no allocation per unresolved reference.
/** Stop: bound by an import of a module outside the project. */
export const EXTERNAL: StepOutcome = { kind: 'external' };
/** Stop: bound by a project import whose target was not found. */
export const CLAIMED: StepOutcome = { kind: 'claimed' };
/** Stop: too many or equally close candidates. */
export const AMBIGUOUS: StepOutcome = { kind: 'ambiguous' };

/** How deep re-export chains, include closures and base-class walks go. */
export const MAX_DEPTH = 5;
