import type { ModuleResolver } from './types.js';
import { WILDCARD, resolvedImport } from './types.js';

/**
 * Java/Kotlin/Scala: `import a.b.C` binds `C` from the files declaring package `a.b`;
 * `import a.b.*` makes the whole package visible. Static member imports bind nothing.
 */
export const jvmModules: ModuleResolver = {
  resolve(_file, imp, project) {
    let spec = imp.module;
    const star = spec.endsWith('.*') || spec.endsWith('._');
    if (star) spec = spec.slice(0, -2);
    if (star || imp.names.some((n) => n.imported === '*')) {
      return resolvedImport(imp, project.filesInPackage(`jvm:${spec}`), WILDCARD, undefined);
    }
    if (imp.names.length > 0) {
      const files = project.filesInPackage(`jvm:${spec}`);
      // No such package: `import static a.b.C.m` style, a member of a class; do not claim `m`.
      return files.length > 0 ? resolvedImport(imp, files) : undefined;
    }
    const dot = spec.lastIndexOf('.');
    if (dot < 0) return undefined;
    const type = spec.slice(dot + 1);
    const files = project.filesInPackage(`jvm:${spec.slice(0, dot)}`);
    return resolvedImport(imp, files, [{ imported: type, local: imp.namespace ?? type }], undefined);
  },
};
