import { dirname, joinPath } from '../paths.js';
import type { ModuleResolver } from './types.js';
import { resolvedImport } from './types.js';
import type { ProjectIndex } from '../project-index.js';

/**
 * Probed in order. A declaration file comes after every file of code: a compiled package ships
 * `middleware.js` beside `middleware.d.ts`, and a call through `require('./middleware')` is a
 * call of the function in the `.js`, not of its declared signature.
 */
const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.vue', '.d.ts'];

// TypeScript with ESM output imports `./x.js` while the source is `./x.ts`.
const SOURCE_FOR_OUTPUT: ReadonlyMap<string, readonly string[]> = new Map([
  ['.js', ['.ts', '.tsx']], ['.jsx', ['.tsx']], ['.mjs', ['.mts']], ['.cjs', ['.cts']],
]);

// Common alias prefixes that point at the source root; tsconfig `paths` are not read.
const ALIASES: readonly (readonly [string, string])[] = [['@/', 'src/'], ['~/', 'src/']];

/** Finds the project file a resolved path stands for, probing extensions and index files. */
export function probeJsPath(base: string, project: ProjectIndex): number | undefined {
  const exact = project.fileAt(base);
  if (exact !== undefined) return exact;
  const dot = base.lastIndexOf('.');
  if (dot > base.lastIndexOf('/')) {
    const sources = SOURCE_FOR_OUTPUT.get(base.slice(dot));
    for (const ext of sources ?? []) {
      const hit = project.fileAt(base.slice(0, dot) + ext);
      if (hit !== undefined) return hit;
    }
  }
  for (const ext of EXTENSIONS) {
    const hit = project.fileAt(base + ext);
    if (hit !== undefined) return hit;
  }
  for (const ext of EXTENSIONS) {
    const hit = project.fileAt(`${base}/index${ext}`);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** JavaScript/TypeScript/Vue: relative specifiers and `@/`/`~/` aliases; bare packages are external. */
export const jsModules: ModuleResolver = {
  resolve(file, imp, project) {
    const spec = imp.module;
    let base: string | undefined;
    if (spec.startsWith('.')) base = joinPath(dirname(file.path), spec);
    else if (spec.startsWith('/')) base = joinPath('', spec);
    else {
      for (const [prefix, target] of ALIASES) {
        if (spec.startsWith(prefix)) base = joinPath('', target + spec.slice(prefix.length));
      }
    }
    const target = base === undefined ? undefined : probeJsPath(base, project);
    return resolvedImport(imp, target === undefined ? [] : [target]);
  },
};
