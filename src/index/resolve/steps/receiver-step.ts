import type { ResolveContext, StepOutcome } from '../context.js';
import { CLAIMED, bound } from '../context.js';
import type { FileScope } from '../file-scope.js';
import { traitsOf } from '../languages.js';
import { enclosingType, findMember, foreignImpl, foreignImplItem } from '../members.js';
import type { Receiver } from '../receivers.js';
import type { KindFilter, ResolverRef, ResolverSymbol } from '../types.js';

function inBases(ctx: ResolveContext, type: ResolverSymbol, name: string, filter: KindFilter): ResolverSymbol | undefined {
  const seen = new Set<number>([type.id]);
  for (const base of ctx.bases.get(type.id) ?? []) {
    const hit = findMember(ctx, base, name, filter, 1, seen);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/**
 * `self.x()` in an impl block for a type outside the project: an item of the block, or of a trait
 * the block implements. Otherwise, for a concrete type (`self.reserve()` in `impl BufMut for
 * Vec<u8>` is `Vec::reserve`) the method is the type's own, which no project-wide guess may stand
 * in for; so is one of the caller's own name (`self.kill()` in `impl Kill for Child` calls
 * `Child::kill`, which Rust picks before the trait's). A type parameter or a pointer may pass the
 * call on to what it wraps, so there the usual steps go on.
 */
function inForeignImpl(ctx: ResolveContext, ref: ResolverRef, filter: KindFilter): StepOutcome | undefined {
  const found = foreignImpl(ctx, ref.fromId);
  if (found === undefined) return undefined;
  const item = foreignImplItem(ctx, found, ref.name, filter, ref.fromId);
  if (item !== undefined) return bound(item, 'receiver', 0.85);
  if (found.concrete && ctx.project.symbol(ref.fromId)?.name === ref.name) return CLAIMED;
  const hit = inBases(ctx, found.impl, ref.name, filter);
  if (hit !== undefined) return bound(hit, 'receiver', 0.85);
  return found.concrete ? CLAIMED : undefined;
}

/**
 * Step 3: `self.x()`, `this.x()`, `cls.x()` bind to member `x` of the enclosing type or its bases;
 * `super.x()` starts at the bases. Languages with an implicit `this` (Java, C#, C++ …) try the
 * same for bare names. A `self` member that is not found stops here: it is most likely inherited
 * from a class outside the project, and a project-wide guess would be wrong. A Rust impl block
 * for a type outside the project has no enclosing type: `inForeignImpl` decides there.
 */
export function receiverStep(
  ctx: ResolveContext, scope: FileScope, ref: ResolverRef, receiver: Receiver | undefined, filter: KindFilter,
): StepOutcome | undefined {
  const implicit = receiver === undefined;
  if (implicit && !traitsOf(scope.family).implicitThis) return undefined;
  if (receiver !== undefined && receiver.kind !== 'self' && receiver.kind !== 'super') return undefined;
  const type = enclosingType(ctx, ref.fromId);
  if (type === undefined) return implicit || receiver?.kind !== 'self' ? undefined : inForeignImpl(ctx, ref, filter);
  const hit = receiver?.kind === 'super' ? inBases(ctx, type, ref.name, filter) : findMember(ctx, type, ref.name, filter);
  if (hit !== undefined) return bound(hit, 'receiver', implicit ? 0.8 : 0.85);
  return implicit ? undefined : CLAIMED;
}
