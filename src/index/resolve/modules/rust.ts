import { childPath, dirname, joinPath } from '../paths.js';
import type { ProjectIndex } from '../project-index.js';
import type { ResolverFile } from '../types.js';
import type { ImportName, ModuleResolver } from './types.js';
import { resolvedImport } from './types.js';

const crateDirCache = new WeakMap<ProjectIndex, Map<string, string | null>>();

/** The crate's source directory: the nearest ancestor holding `lib.rs` or `main.rs`. */
function crateDir(fileDir: string, project: ProjectIndex): string | undefined {
  let cache = crateDirCache.get(project);
  if (cache === undefined) {
    cache = new Map();
    crateDirCache.set(project, cache);
  }
  const hit = cache.get(fileDir);
  if (hit !== undefined) return hit ?? undefined;
  let dir = fileDir;
  let found: string | null = null;
  for (;;) {
    if (project.fileAt(childPath(dir, 'lib.rs')) !== undefined || project.fileAt(childPath(dir, 'main.rs')) !== undefined) {
      found = dir;
      break;
    }
    if (dir === '') break;
    dir = dirname(dir);
  }
  cache.set(fileDir, found);
  return found ?? undefined;
}

/** The package's library crate: `src` below the nearest folder at or above `fileDir` that has `src/lib.rs`. */
function libraryRoot(fileDir: string, project: ProjectIndex): string | undefined {
  let dir = fileDir;
  for (;;) {
    const src = childPath(dir, 'src');
    if (project.fileAt(childPath(src, 'lib.rs')) !== undefined) return src;
    if (dir === '') return undefined;
    dir = dirname(dir);
  }
}

/** The module path of a file below its crate dir: `src/a/b.rs` and `src/a/b/mod.rs` are `[a, b]`. */
function modulePathOf(path: string, root: string): string[] {
  let rel = root === '' ? path : path.slice(root.length + 1);
  if (rel.endsWith('.rs')) rel = rel.slice(0, -3);
  const segs = rel.split('/');
  const last = segs[segs.length - 1];
  if (last === 'mod' || (segs.length === 1 && (last === 'lib' || last === 'main'))) segs.pop();
  return segs;
}

/**
 * The file of module `segs` in the crate rooted at `root`: each segment in the directory of the
 * one before (`a.rs` or `a/mod.rs`, then `a/b.rs` …), unless the module that declares it names its
 * file with `#[path]`; a module loaded that way holds its own submodules beside it, as `mod.rs`
 * does. A missing module file on the way leaves its directory to look in.
 */
function moduleFile(root: string, segs: readonly string[], project: ProjectIndex): number | undefined {
  let file = project.fileAt(childPath(root, 'lib.rs')) ?? project.fileAt(childPath(root, 'main.rs'));
  let dir = root;
  for (const seg of segs) {
    const declared = file === undefined ? undefined : pathModules(project).get(pathKey(file, seg));
    // Declared twice with different files (`#[cfg(unix)]` and `#[cfg(windows)]` halves): not guessed.
    if (declared === null) return undefined;
    if (declared !== undefined) {
      file = declared;
      dir = dirname(project.file(declared)?.path ?? '');
      continue;
    }
    dir = childPath(dir, seg);
    file = project.fileAt(`${dir}.rs`) ?? project.fileAt(`${dir}/mod.rs`);
  }
  return file;
}

/** True for an import the extractor made of a `#[path = "…"] mod name;` declaration: a file path, not a `::` path. */
function isPathModule(module: string): boolean {
  return module.endsWith('.rs') || module.includes('/');
}

function pathKey(declaringFile: number, name: string): string {
  return `${declaringFile}/${name}`;
}

/**
 * Per file list (a new one for each resolution run): the `#[path]` modules, `declaring file
 * id/name` -> file id, or null for a name declared with different files.
 */
const pathModuleCache = new WeakMap<readonly ResolverFile[], ReadonlyMap<string, number | null>>();

function pathModules(project: ProjectIndex): ReadonlyMap<string, number | null> {
  const files = project.files;
  let found = pathModuleCache.get(files);
  if (found === undefined) {
    const map = new Map<string, number | null>();
    for (const file of files) {
      if (file.language !== 'rust') continue;
      for (const imp of file.imports) {
        const target = imp.namespace !== undefined && isPathModule(imp.module) ? pathTarget(file, imp.module, project) : undefined;
        if (target === undefined || imp.namespace === undefined) continue;
        const key = pathKey(file.id, imp.namespace);
        const before = map.get(key);
        map.set(key, before === undefined || before === target ? target : null);
      }
    }
    found = map;
    pathModuleCache.set(files, found);
  }
  return found;
}

/** The file a `#[path]` names, relative to the declaring file's directory. */
function pathTarget(file: ResolverFile, path: string, project: ProjectIndex): number | undefined {
  const joined = joinPath(dirname(file.path), path);
  return joined === undefined ? undefined : project.fileAt(joined);
}

interface RustPath {
  readonly root: string;
  /** Absolute module segments of the path's start (`crate` -> [], `self` -> this module …). */
  readonly base: readonly string[];
  readonly rest: readonly string[];
}

/**
 * Anchors a `::` path at the crate, or at the package's library when it starts with the crate
 * name the package's manifest gives (`use tokio::task::JoinSet` in `tests/`, a crate of its own);
 * undefined when it names another crate (external).
 */
function anchor(file: ResolverFile, segs: readonly string[], project: ProjectIndex): RustPath | undefined {
  const first = segs[0];
  if (first !== undefined && first === file.packageName) {
    const library = libraryRoot(dirname(file.path), project);
    if (library !== undefined) return { root: library, base: [], rest: segs.slice(1) };
  }
  const root = crateDir(dirname(file.path), project);
  if (root === undefined) return undefined;
  if (first === 'crate') return { root, base: [], rest: segs.slice(1) };
  if (first === 'self' || first === 'super') {
    const base = modulePathOf(file.path, root);
    let i = 0;
    if (first === 'self') i = 1;
    while (segs[i] === 'super') {
      if (base.length === 0) return undefined;
      base.pop();
      i++;
    }
    return { root, base, rest: segs.slice(i) };
  }
  // 2015-edition paths and `use a::b` of a module declared at the crate root.
  if (first !== undefined && moduleFile(root, [first], project) !== undefined) return { root, base: [], rest: segs };
  return undefined;
}

/** Primitive types, whose associated items a path may name (`u32::MAX`, `str::from_utf8`). */
const PRIMITIVES: ReadonlySet<string> = new Set([
  'bool', 'char', 'str', 'f32', 'f64', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'u8', 'u16', 'u32', 'u64', 'u128', 'usize',
]);

const crateNamesCache = new WeakMap<readonly ResolverFile[], ReadonlySet<string>>();

/** The crate names of the project's own packages (their manifests' names), per file list. */
function projectCrates(project: ProjectIndex): ReadonlySet<string> {
  const files = project.files;
  let names = crateNamesCache.get(files);
  if (names === undefined) {
    const found = new Set<string>();
    for (const f of files) if (f.packageName !== undefined && f.language === 'rust') found.add(f.packageName);
    names = found;
    crateNamesCache.set(files, names);
  }
  return names;
}

/**
 * Whether a `::` path starting with `first` (`parking_lot::Mutex::new`) names a crate from
 * outside the project: a lowercase name that is no primitive type, no crate of the project, and
 * no module of the project (one may be in scope through a glob import) and no item of the file
 * itself (the file's imports were looked at first). Its items are never the project's, whatever names they share with project types.
 */
function namesOtherCrate(file: ResolverFile, first: string, project: ProjectIndex, text: string): boolean {
  if (!text.startsWith(`${first}::`) || !/^[a-z][a-z0-9_]*$/.test(first) || PRIMITIVES.has(first)) return false;
  if (first === 'crate' || first === 'self' || first === 'super' || first === file.packageName || projectCrates(project).has(first)) return false;
  const root = crateDir(dirname(file.path), project);
  if (root === undefined || project.topLevel(file.id, first).length > 0) return false;
  // A module of that name anywhere in the project may be in scope through a glob import (`use super::*`).
  if (project.named(first).some((s) => s.kind === 'module' && project.family(s.fileId) === 'rust')) return false;
  return moduleFile(root, [first], project) === undefined && moduleFile(root, [...modulePathOf(file.path, root), first], project) === undefined;
}

/** Crates every Rust file can name that are never the project's. */
const STD_CRATES: ReadonlySet<string> = new Set(['std', 'core', 'alloc']);

function splitPath(spec: string): string[] {
  return spec.split('::').filter((s) => s !== '');
}

/** Rust: `crate::`, `self::`, `super::` and crate-root module paths, `a.rs` or `a/mod.rs`. */
export const rustModules: ModuleResolver = {
  resolve(file, imp, project) {
    if (isPathModule(imp.module)) {
      // A file not indexed binds nothing: the module stays to be found as if it had no `#[path]`.
      const target = pathTarget(file, imp.module, project);
      return target === undefined ? undefined : resolvedImport(imp, [target]);
    }
    const at = anchor(file, splitPath(imp.module), project);
    if (at === undefined) return resolvedImport(imp, []);
    // The longest prefix that is a module file; what follows can only be one item in it.
    let consumed = at.rest.length;
    let target: number | undefined;
    for (; consumed >= 0; consumed--) {
      target = moduleFile(at.root, [...at.base, ...at.rest.slice(0, consumed)], project);
      if (target !== undefined) break;
    }
    if (target === undefined) return undefined;
    const modSegs = [...at.base, ...at.rest.slice(0, consumed)];
    let names: readonly ImportName[] = imp.names;
    let namespace = imp.namespace;
    if (consumed === at.rest.length - 1 && imp.names.length === 0) {
      const item = at.rest[consumed] ?? '';
      names = [{ imported: item, local: imp.namespace ?? item }];
      namespace = undefined;
    } else if (consumed < at.rest.length) {
      return undefined;
    } else if (imp.names.length === 0 && namespace === undefined) {
      namespace = modSegs[modSegs.length - 1];
    }
    const submodules = new Map<string, number>();
    for (const { imported, local } of names) {
      if (imported === 'self') submodules.set(local, target);
      else if (imported !== '*') {
        const sub = moduleFile(at.root, [...modSegs, imported], project);
        if (sub !== undefined) submodules.set(local, sub);
      }
    }
    return resolvedImport(imp, [target], names, namespace, submodules);
  },
  submodule(fileId, name, project) {
    const file = project.file(fileId);
    if (file === undefined) return undefined;
    const root = crateDir(dirname(file.path), project);
    if (root === undefined) return undefined;
    return moduleFile(root, [...modulePathOf(file.path, root), name], project);
  },
  pathModule(file, segments, project, text) {
    const first = segments[0];
    // `std::sync::Arc::new(…)`: a standard crate's, never the project's (a local `core.queue` is no path).
    if (first !== undefined && STD_CRATES.has(first) && text.startsWith(`${first}::`)) return [];
    if (first !== undefined && namesOtherCrate(file, first, project, text)) return [];
    if (first !== 'crate' && first !== 'self' && first !== 'super' && first !== file.packageName) return undefined;
    const at = anchor(file, segments, project);
    if (at === undefined) return undefined;
    const target = moduleFile(at.root, [...at.base, ...at.rest], project);
    return target === undefined ? undefined : [target];
  },
};
