import { basename, childPath, dirname, joinPath } from '../paths.js';
import type { ProjectIndex } from '../project-index.js';
import type { ModuleResolver } from './types.js';
import { resolvedImport } from './types.js';

const rootsCache = new WeakMap<ProjectIndex, readonly string[]>();

function isPackageDir(dir: string, project: ProjectIndex): boolean {
  return project.fileAt(childPath(dir, '__init__.py')) !== undefined;
}

/**
 * Import roots: the project root, `src/`, and the parent of every outermost package (the top of
 * each contiguous chain of `__init__.py` directories), so `repo/lib/pkg/mod.py` imports as `pkg.mod`.
 */
function importRoots(project: ProjectIndex): readonly string[] {
  const cached = rootsCache.get(project);
  if (cached !== undefined) return cached;
  const roots = new Set<string>(['', 'src']);
  for (const dir of project.allDirs()) {
    if (!isPackageDir(dir, project)) continue;
    let top = dir;
    while (dirname(top) !== '' && isPackageDir(dirname(top), project)) top = dirname(top);
    roots.add(dirname(top));
  }
  const sorted = [...roots].sort();
  rootsCache.set(project, sorted);
  return sorted;
}

/** The file for module path `path` (no extension): a module file or a package's `__init__`. */
function moduleFile(path: string, project: ProjectIndex): number | undefined {
  return project.fileAt(`${path}.py`)
    ?? project.fileAt(childPath(path, '__init__.py'))
    ?? project.fileAt(`${path}.pyi`)
    ?? project.fileAt(childPath(path, '__init__.pyi'));
}

function hasFilesUnder(dir: string, project: ProjectIndex): boolean {
  return project.filesIn(dir).length > 0;
}

/** Python: absolute dotted modules against the import roots, and relative `.x` / `..y` imports. */
export const pythonModules: ModuleResolver = {
  importsReexport: true,
  resolve(file, imp, project) {
    const spec = imp.module;
    let dots = 0;
    while (dots < spec.length && spec.charCodeAt(dots) === 46) dots++;
    const rest = spec.slice(dots).split('.').filter((s) => s !== '').join('/');
    const candidates: string[] = [];
    if (dots > 0) {
      let base: string | undefined = dirname(file.path);
      for (let i = 1; i < dots && base !== undefined; i++) base = joinPath(base, '..');
      if (base !== undefined) candidates.push(rest === '' ? base : childPath(base, rest));
    } else if (rest !== '') {
      // A script's own directory is on sys.path when it runs; a package module's is not (Python 3).
      const own = dirname(file.path);
      const ownIsPackage = isPackageDir(own, project);
      if (!ownIsPackage) candidates.push(childPath(own, rest));
      for (const root of importRoots(project)) candidates.push(childPath(root, rest));
      if (ownIsPackage) candidates.push(childPath(own, rest));
    }
    let moduleDir: string | undefined;
    let target: number | undefined;
    for (const path of candidates) {
      target = moduleFile(path, project);
      if (target !== undefined) {
        moduleDir = basename(project.file(target)?.path ?? '').startsWith('__init__.') ? path : undefined;
        break;
      }
      if (moduleDir === undefined && hasFilesUnder(path, project)) moduleDir = path;
    }
    const submodules = new Map<string, number>();
    if (moduleDir !== undefined) {
      for (const { imported, local } of imp.names) {
        if (imported === '*') continue;
        const sub = moduleFile(childPath(moduleDir, imported), project);
        if (sub !== undefined) submodules.set(local, sub);
      }
    }
    // `import a.b` binds `a.b` usable as a receiver prefix; `import a.b as c` binds `c`.
    const namespace = imp.namespace ?? (imp.names.length === 0 && dots === 0 ? spec : undefined);
    return resolvedImport(imp, target === undefined ? [] : [target], imp.names, namespace, submodules);
  },
  submodule(fileId, name, project) {
    const path = project.file(fileId)?.path;
    if (path === undefined || !basename(path).startsWith('__init__.')) return undefined;
    return moduleFile(childPath(dirname(path), name), project);
  },
};
