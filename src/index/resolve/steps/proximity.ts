import type { ResolveContext } from '../context.js';
import { isScopedLocal } from '../locals.js';
import { topFolder } from '../paths.js';
import type { ResolverSymbol } from '../types.js';

/** The pick of `closest`: a single target and how near it is (3 same dir … 0 elsewhere). */
export interface ClosestPick {
  readonly target: ResolverSymbol;
  readonly tier: number;
}

/**
 * How near a candidate's file is to the referencing file: 3 same directory, 2 same package,
 * 1 same top-level folder, 0 elsewhere.
 */
export function proximityTier(ctx: ResolveContext, fromFile: number, candidateFile: number): number {
  const { project } = ctx;
  const fromDir = project.dir(fromFile);
  const dir = project.dir(candidateFile);
  if (dir === fromDir) return 3;
  const key = project.packageKey(candidateFile);
  if (key !== undefined && key === project.packageKey(fromFile)) return 2;
  return topFolder(dir) === topFolder(fromDir) && topFolder(dir) !== '' ? 1 : 0;
}

/**
 * The one candidate clearly closest to `fromFile`: alone in the best proximity tier, or (when
 * `preferOwnFile`) the only one there in `fromFile` itself, or the only exported one there (a
 * local function's mark aside, locals.ts).
 * Undefined when the best tier holds several equals: binding one of them would be a guess, and
 * binding all would merge distinct definitions.
 */
export function closest(
  ctx: ResolveContext,
  fromFile: number,
  candidates: readonly ResolverSymbol[],
  preferOwnFile: boolean,
): ClosestPick | undefined {
  let bestTier = -1;
  let best: ResolverSymbol[] = [];
  for (const c of candidates) {
    const tier = proximityTier(ctx, fromFile, c.fileId);
    if (tier > bestTier) {
      bestTier = tier;
      best = [c];
    } else if (tier === bestTier) {
      best.push(c);
    }
  }
  if (best.length === 1 && best[0] !== undefined) return { target: best[0], tier: bestTier };
  // The referencing file's own definition is nearer than its neighbours' (`Semaphore` in
  // sync/semaphore.rs, not sync/batch_semaphore.rs).
  const own = preferOwnFile ? best.filter((c) => c.fileId === fromFile) : [];
  if (own.length === 1 && own[0] !== undefined) return { target: own[0], tier: bestTier };
  // A local's mark says it escapes its factory, not that a call of its name means it.
  const exported = best.filter((c) => c.exported && !isScopedLocal(ctx.project, c));
  if (exported.length === 1 && exported[0] !== undefined) return { target: exported[0], tier: bestTier };
  return undefined;
}
