/**
 * Functions local to another's body, where the family's extractor marks those that escape as
 * properties of their own name exported (`FamilyTraits.scopedLocals`): a call on an object binds
 * by name only to those (steps/name-step.ts), and their mark says nothing of which same-named
 * definition a call means (steps/proximity.ts).
 */
import { FUNCTION_KINDS } from '../../model.js';
import { traitsOf } from './languages.js';
import type { ProjectIndex } from './project-index.js';
import type { ResolverSymbol } from './types.js';

/** Whether `s` is a function declared in a function's, method's or constructor's body, in a family that marks locals. */
export function isScopedLocal(project: ProjectIndex, s: ResolverSymbol): boolean {
  if (s.kind !== 'function' || s.parentId === null || traitsOf(project.family(s.fileId)).scopedLocals !== true) return false;
  const scope = project.symbol(s.parentId);
  return scope !== undefined && FUNCTION_KINDS.has(scope.kind);
}
