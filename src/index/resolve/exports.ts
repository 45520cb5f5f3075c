import { MAX_DEPTH } from './context.js';
import type { ResolveContext } from './context.js';
import type { KindFilter, ResolverSymbol } from './types.js';

/** The first file-level symbol named `name` passing `filter`, exported ones first. */
export function topLevelIn(
  ctx: ResolveContext, files: readonly number[], name: string, filter: KindFilter,
): ResolverSymbol | undefined {
  let fallback: ResolverSymbol | undefined;
  for (const file of files) {
    for (const symbol of ctx.project.topLevel(file, name)) {
      if (!filter(symbol.kind)) continue;
      if (symbol.exported) return symbol;
      fallback ??= symbol;
    }
  }
  // An import that names a non-exported symbol still means that symbol (Python has no export
  // marker, and a stale export list should not sever the edge).
  return fallback;
}

/**
 * What `name` means when imported from the module made of `files`: a file-level symbol of those
 * files, else whatever their re-exports (`export … from`, `export *`, `pub use`, Python imports,
 * C includes) bring in, up to `MAX_DEPTH` hops. `seen` guards against re-export cycles.
 */
export function findExport(
  ctx: ResolveContext, files: readonly number[], name: string, filter: KindFilter,
  depth = 0, seen?: Set<number>,
): ResolverSymbol | undefined {
  const direct = topLevelIn(ctx, files, name, filter);
  if (direct !== undefined || depth >= MAX_DEPTH) return direct;
  // Allocated only here: most lookups hit directly and never follow a re-export.
  seen ??= new Set();
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    const all = ctx.imports.resolverOf(file)?.importsReexport === true;
    for (const imp of ctx.imports.of(file)) {
      if (!imp.reexport && !all) continue;
      for (const { imported, local } of imp.names) {
        let hit: ResolverSymbol | undefined;
        if (imported === '*') {
          // `export * as ns` re-exports a namespace, not the module's names.
          if (local === '*') hit = findExport(ctx, imp.files, name, filter, depth + 1, seen);
        } else if (local === name) hit = findExport(ctx, imp.files, imported, filter, depth + 1, seen);
        if (hit !== undefined) return hit;
      }
    }
  }
  return undefined;
}
