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
 * The key shared by the overloads of a method, or undefined when `s` cannot be overloaded: only
 * definitions with recorded parameter counts whose parent is a type. Two anonymous classes'
 * `run` in one method share a qualified name but are different methods; and elsewhere two
 * same-named definitions in one scope are alternatives (Python `if py2: def items …`).
 */
export function overloadKey(project: ProjectIndex, s: ResolverSymbol): string | undefined {
  if (s.arity === undefined || s.parentId === null) return undefined;
  const parent = project.symbol(s.parentId);
  if (parent === undefined || !isClassLike(parent.kind)) return undefined;
  return `${s.parentId}\0${s.kind}\0${s.name}`;
}

/**
 * The overload of `target` a call with `args` arguments can mean: `target` itself when it fits
 * or when either count is unknown, else the first overload in its type that fits, else `target`
 * (a miscounted call still binds to the method it names).
 */
export function pickOverload(project: ProjectIndex, target: ResolverSymbol, args: number | undefined): ResolverSymbol {
  if (args === undefined || target.arity === undefined || acceptsArgs(target.arity, args)) return target;
  const key = overloadKey(project, target);
  const parent = target.parentId === null ? undefined : project.symbol(target.parentId);
  if (key === undefined || parent === undefined) return target;
  for (const s of project.members(parent, target.name)) {
    if (s.kind === target.kind && s.arity !== undefined && acceptsArgs(s.arity, args)) return s;
  }
  return target;
}
