import type { ModuleResolver } from './types.js';
import { resolvedImport } from './types.js';

/** PHP: `use A\B\C;` binds `C` from the files declaring namespace `A\B`. */
export const phpModules: ModuleResolver = {
  resolve(_file, imp, project) {
    const spec = imp.module.replace(/^\\/, '');
    if (imp.names.length > 0) return resolvedImport(imp, project.filesInPackage(`php:${spec}`));
    const cut = spec.lastIndexOf('\\');
    if (cut < 0) return undefined;
    const type = spec.slice(cut + 1);
    const files = project.filesInPackage(`php:${spec.slice(0, cut)}`);
    return resolvedImport(imp, files, [{ imported: type, local: imp.namespace ?? type }], undefined);
  },
};
