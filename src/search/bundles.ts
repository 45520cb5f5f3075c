/**
 * Bundled copies. A published JavaScript package often ships its modules and, beside them,
 * bundles that concatenate those modules (zod 3.22: `lib/types.js`, `lib/ZodError.js` … and again
 * in `lib/index.mjs` and `lib/index.umd.js`). Every definition is then found once per copy, and
 * the copies crowd an answer. A module is contained in its bundles, never the other way
 * round: a file is a bundle when at least two smaller files, of at least three definitions each,
 * have nearly all their functions, methods and classes (the same name and signature) in it.
 */
import type { NodeKind } from '../model.js';
import { eachDefinitionShape, type GraphStore } from '../store/index.js';

/** The languages whose packages ship bundles of their own modules. */
export const BUNDLE_LANGUAGES: readonly string[] = ['javascript', 'typescript', 'tsx'];
/**
 * The definitions compared: functions, methods and classes. Modules repeat their constants and
 * variables (lodash's `var argsTag = '[object Arguments]'` in a dozen modules), not their code.
 */
const COMPARED: readonly NodeKind[] = ['function', 'method', 'constructor', 'class'];
// The four limits below were set by hand and checked on zod, lodash, date-fns, ws, qs, send and
// the eval's JavaScript and TypeScript corpora: they find zod's two bundles and lodash.js, and
// nothing else there (docs/benchmarks.md).
/** A file with fewer definitions says too little to be called contained. */
const MIN_DEFINITIONS = 3;
/** The share of a file's definitions a bundle holds. */
const CONTAINED_SHARE = 0.8;
/** Whole files a bundle holds at least. */
const MIN_CONTAINED_FILES = 2;
/** A definition more files than this hold (`constructor()`, `toString()`) tells no copy apart. */
const MAX_HOLDERS = 16;

/** The bundles of each store, for the revision they were found at. */
const FOUND = new WeakMap<GraphStore, { readonly revision: number; readonly paths: ReadonlySet<string> }>();

/**
 * The paths of the bundles among `store`'s JavaScript and TypeScript files, found once per store
 * revision (22 ms on zod, 38 ms on lodash, 4 ms on django).
 */
export function bundledFiles(store: GraphStore): ReadonlySet<string> {
  const known = FOUND.get(store);
  if (known !== undefined && known.revision === store.revision) return known.paths;
  const paths = findBundles(store);
  FOUND.set(store, { revision: store.revision, paths });
  return paths;
}

function findBundles(store: GraphStore): Set<string> {
  const keysOf = new Map<string, Set<string>>();
  // Names, not qualified names: a bundle may wrap the modules in a function (lodash's
  // `runInContext`), which qualifies every name it holds.
  eachDefinitionShape(store, BUNDLE_LANGUAGES, COMPARED, (path, name, signature) => {
    let keys = keysOf.get(path);
    if (keys === undefined) keysOf.set(path, (keys = new Set()));
    keys.add(`${name}\u0000${signature}`);
  });
  return bundlesAmong(keysOf);
}

/** The files of `keysOf` (path -> its definitions' keys) that hold whole other files. */
export function bundlesAmong(keysOf: ReadonlyMap<string, ReadonlySet<string>>): Set<string> {
  const holders = new Map<string, string[]>();
  for (const [path, keys] of keysOf) {
    for (const key of keys) {
      const list = holders.get(key);
      if (list === undefined) holders.set(key, [path]);
      else list.push(path);
    }
  }
  const whole = new Map<string, number>();
  for (const [path, keys] of keysOf) {
    if (keys.size < MIN_DEFINITIONS) continue;
    const held = new Map<string, number>();
    for (const key of keys) {
      const list = holders.get(key) ?? [];
      if (list.length > MAX_HOLDERS) continue;
      for (const other of list) if (other !== path) held.set(other, (held.get(other) ?? 0) + 1);
    }
    for (const [other, count] of held) {
      // A bundle is larger than each module it holds (a module may hold most of a small bundle).
      if (count >= CONTAINED_SHARE * keys.size && (keysOf.get(other)?.size ?? 0) > keys.size) whole.set(other, (whole.get(other) ?? 0) + 1);
    }
  }
  return new Set([...whole].filter(([, count]) => count >= MIN_CONTAINED_FILES).map(([path]) => path));
}
