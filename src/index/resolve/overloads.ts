/**
 * Overloads: definitions of one name in one scope (Java, C#, C++, Kotlin methods that differ by
 * parameters). Resolution finds a name first; this picks the overload a call's argument count
 * fits, and keeps name matching from counting one overloaded method as several candidates.
 */
import { acceptsArgs } from '../arity.js';
import type { ProjectIndex } from './project-index.js';
import type { ResolverSymbol } from './types.js';

/** The definitions sharing `target`'s scope and qualified name, `target` included, in input order. */
export function overloadsOf(project: ProjectIndex, target: ResolverSymbol): readonly ResolverSymbol[] {
  const parent = target.parentId === null ? undefined : project.symbol(target.parentId);
  const same = parent !== undefined ? project.members(parent, target.name) : project.topLevel(target.fileId, target.name);
  return same.filter((s) => s.qualifiedName === target.qualifiedName && s.kind === target.kind);
}

/**
 * The overload of `target` a call with `args` arguments can mean: `target` itself when it fits
 * or when either count is unknown, else the first same-scope overload that fits, else `target`
 * (a miscounted call still binds to the method it names).
 */
export function pickOverload(project: ProjectIndex, target: ResolverSymbol, args: number | undefined): ResolverSymbol {
  if (args === undefined || target.arity === undefined || acceptsArgs(target.arity, args)) return target;
  for (const s of overloadsOf(project, target)) {
    if (s.arity !== undefined && acceptsArgs(s.arity, args)) return s;
  }
  return target;
}

/**
 * True when `a` and `b` are overloads of one method: same file, kind and qualified name, in a
 * language that records parameter counts. Elsewhere two same-named definitions in one scope are
 * alternatives (Python `if py2: def items …`), and name matching keeps them ambiguous.
 */
export function isOverloadOf(a: ResolverSymbol, b: ResolverSymbol): boolean {
  return a.arity !== undefined && b.arity !== undefined
    && a.fileId === b.fileId && a.kind === b.kind && a.qualifiedName === b.qualifiedName;
}

/** `candidates` with each overload set reduced to its first member. */
export function collapseOverloads(candidates: ResolverSymbol[]): ResolverSymbol[] {
  if (candidates.length < 2) return candidates;
  const out: ResolverSymbol[] = [];
  for (const c of candidates) if (!out.some((o) => isOverloadOf(o, c))) out.push(c);
  return out;
}
