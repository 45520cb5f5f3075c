/**
 * Overloads: methods of one name declared in one type (Java and C# methods that differ by
 * parameters). Resolution finds a name first; this picks the overload a call's argument count
 * fits, and keeps name matching from counting one overloaded method as several candidates.
 */
import { acceptsArgs } from '../arity.js';
import { isClassLike } from './kinds.js';
import type { ProjectIndex } from './project-index.js';
import type { ResolverSymbol } from './types.js';

/**
 * The type `s` is declared in when `s` can be overloaded: a definition with recorded parameter
 * counts whose parent is a type. Two anonymous classes' `run` in one method share a qualified
 * name but are different methods; and elsewhere two same-named definitions in one scope are
 * alternatives (Python `if py2: def items …`).
 */
function overloadOwner(project: ProjectIndex, s: ResolverSymbol): ResolverSymbol | undefined {
  if (s.arity === undefined || s.parentId === null) return undefined;
  const parent = project.symbol(s.parentId);
  return parent !== undefined && isClassLike(parent.kind) ? parent : undefined;
}

/** The key shared by the overloads of a method, or undefined when `s` cannot be overloaded. */
export function overloadKey(project: ProjectIndex, s: ResolverSymbol): string | undefined {
  return overloadOwner(project, s) === undefined ? undefined : `${s.parentId}\0${s.kind}\0${s.name}`;
}

/**
 * The overload of `target` a call with `args` arguments can mean: `target` itself when it fits
 * or when either count is unknown, else the first overload in its type that fits, else `target`
 * (a miscounted call still binds to the method it names).
 */
export function pickOverload(project: ProjectIndex, target: ResolverSymbol, args: number | undefined): ResolverSymbol {
  if (args === undefined || target.arity === undefined || acceptsArgs(target.arity, args)) return target;
  const owner = overloadOwner(project, target);
  if (owner === undefined) return target;
  for (const s of project.members(owner, target.name)) {
    if (s.kind === target.kind && s.arity !== undefined && acceptsArgs(s.arity, args)) return s;
  }
  return target;
}
