import type { ResolveContext, StepOutcome } from '../context.js';
import { bound } from '../context.js';
import type { FileScope } from '../file-scope.js';
import type { Receiver } from '../receivers.js';
import type { KindFilter, ResolverRef, ResolverSymbol } from '../types.js';
import { callerOwnName } from './delegation.js';

/**
 * How many scopes out from `fromId` the scope `parentId` is (0 = the enclosing symbol itself), or
 * -1 when it does not enclose the reference. Walks parents instead of building the chain: there
 * are rarely more than two same-named definitions in a file.
 */
function scopeDistance(ctx: ResolveContext, fromId: number, parentId: number): number {
  let symbol = ctx.project.symbol(fromId);
  for (let depth = 0; symbol !== undefined && depth < 64; depth++) {
    if (symbol.id === parentId) return depth;
    symbol = symbol.parentId === null ? undefined : ctx.project.symbol(symbol.parentId);
  }
  return -1;
}

/**
 * Step 4: a definition in the same file. A bare name takes the definition in the innermost
 * enclosing scope (nested function over module-level one); same-scope overloads take the first.
 * A name with an unknown receiver (`obj.save()`) takes the file's only member of that name, not
 * counting the caller's own (`delegation.ts`).
 */
export function sameFileStep(
  ctx: ResolveContext, scope: FileScope, ref: ResolverRef, receiver: Receiver | undefined, filter: KindFilter,
): StepOutcome | undefined {
  const locals = scope.local(ref.name);
  if (locals.length === 0) return undefined;
  if (receiver === undefined) {
    let best: ResolverSymbol | undefined;
    let bestRank = Infinity;
    for (const s of locals) {
      if (!filter(s.kind)) continue;
      // Go methods are file-level but qualified `Type.method`: not reachable by a bare name.
      // File level ranks after every enclosing scope.
      const rank = s.parentId === null ? (s.qualifiedName === s.name ? 64 : -1) : scopeDistance(ctx, ref.fromId, s.parentId);
      if (rank >= 0 && rank < bestRank) {
        best = s;
        bestRank = rank;
      }
    }
    return best === undefined ? undefined : bound(best, 'same-file', 0.8);
  }
  if (receiver.kind === 'self' || receiver.kind === 'super') return undefined;
  const own = callerOwnName(ctx, ref, receiver);
  let only: ResolverSymbol | undefined;
  for (const s of locals) {
    if (!filter(s.kind) || (s.parentId === null && s.qualifiedName === s.name) || own?.(s) === true) continue;
    if (only !== undefined) return undefined;
    only = s;
  }
  return only === undefined ? undefined : bound(only, 'same-file', 0.6);
}
