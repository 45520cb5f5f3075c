import type { ProjectIndex } from '../project-index.js';
import type { ModuleResolver } from './types.js';
import { WILDCARD, resolvedImport } from './types.js';

const dirsCache = new WeakMap<ProjectIndex, ReadonlyMap<string, readonly string[]>>();

/** Directories holding Go files, keyed by their last segment. */
function goDirsByLeaf(project: ProjectIndex): ReadonlyMap<string, readonly string[]> {
  const cached = dirsCache.get(project);
  if (cached !== undefined) return cached;
  const map = new Map<string, string[]>();
  for (const dir of project.allDirs()) {
    if (!project.filesIn(dir).some((id) => project.family(id) === 'go')) continue;
    const leaf = dir.slice(dir.lastIndexOf('/') + 1);
    const list = map.get(leaf);
    if (list === undefined) map.set(leaf, [dir]);
    else list.push(dir);
  }
  for (const list of map.values()) list.sort();
  dirsCache.set(project, map);
  return map;
}

/** Number of trailing segments `a` and `b` share. */
function sharedTail(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/**
 * The project directory an import path names. Best: the whole directory path ends the import path
 * after a module prefix (`example.com/app/pkg/util` -> `pkg/util`). Else, for module-style paths
 * (a dot in the first segment), the longest match of at least two trailing segments (the module
 * sits below the project root). Paths without a dot in the first segment and without a module
 * prefix are the standard library (`errors`, `path/filepath`) and never bind to project folders.
 */
export function goPackageDir(importPath: string, project: ProjectIndex): string | undefined {
  const segs = importPath.split('/').filter((s) => s !== '');
  const leaf = segs[segs.length - 1];
  if (leaf === undefined) return undefined;
  const moduleStyle = (segs[0] ?? '').includes('.');
  let best: string | undefined;
  let bestScore = 0;
  for (const dir of goDirsByLeaf(project).get(leaf) ?? []) {
    const dirSegs = dir.split('/');
    const shared = sharedTail(segs, dirSegs);
    const consumed = shared === dirSegs.length && (segs.length > dirSegs.length || moduleStyle);
    const score = consumed ? 1000 + shared : moduleStyle && shared >= 2 ? shared : 0;
    if (score > bestScore) {
      best = dir;
      bestScore = score;
    }
  }
  return best ?? (moduleStyle ? moduleRoot(leaf, project) : undefined);
}

/**
 * The project's root folder when its Go files are package `name`: a module's own root package,
 * imported by its module path (`github.com/spf13/cobra` from cobra's `doc/`), which no folder's
 * name matches.
 */
function moduleRoot(name: string, project: ProjectIndex): string | undefined {
  const files = project.filesIn('').filter((id) => project.family(id) === 'go');
  return files.length > 0 && files.some((id) => project.file(id)?.packageName === name) ? '' : undefined;
}

/** Go: an import path is a package directory; tests see the package's test files, others don't. */
export const goModules: ModuleResolver = {
  resolve(file, imp, project) {
    const dir = goPackageDir(imp.module, project);
    const files = dir === undefined
      ? []
      : project.filesIn(dir).filter((id) => project.family(id) === 'go' && (file.isTest || project.file(id)?.isTest !== true));
    if (imp.namespace === '_') return resolvedImport(imp, files, [], undefined);
    if (imp.namespace === '.') return resolvedImport(imp, files, WILDCARD, undefined);
    const segs = imp.module.split('/');
    let leaf = segs[segs.length - 1] ?? '';
    // `example.com/x/v2` is package `x`.
    if (/^v\d+$/.test(leaf) && segs.length > 1) leaf = segs[segs.length - 2] ?? leaf;
    return resolvedImport(imp, files, imp.names, imp.namespace ?? leaf);
  },
};
