import type { ModuleResolver } from './types.js';
import { WILDCARD, resolvedImport } from './types.js';

/** C#: `using A.B;` makes namespace `A.B` visible; `using X = A.B;` binds `X` to it (or to type `A.B`). */
export const csharpModules: ModuleResolver = {
  resolve(_file, imp, project) {
    const spec = imp.module.replace(/^global::/, '').replace(/^static\s+/, '');
    const files = project.filesInPackage(`csharp:${spec}`);
    if (imp.namespace !== undefined) {
      if (files.length > 0) return resolvedImport(imp, files, [], imp.namespace);
      const dot = spec.lastIndexOf('.');
      if (dot < 0) return undefined;
      const typeFiles = project.filesInPackage(`csharp:${spec.slice(0, dot)}`);
      if (typeFiles.length === 0) return undefined;
      return resolvedImport(imp, typeFiles, [{ imported: spec.slice(dot + 1), local: imp.namespace }], undefined);
    }
    return files.length > 0 ? resolvedImport(imp, files, WILDCARD, undefined) : undefined;
  },
};
