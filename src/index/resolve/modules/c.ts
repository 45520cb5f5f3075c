import { basename, dirname, joinPath } from '../paths.js';
import type { ModuleResolver } from './types.js';
import { WILDCARD, resolvedImport } from './types.js';

/**
 * C/C++: `#include "x.h"` relative to the including file, else the one project file whose path
 * ends with the written path (ambiguous suffixes such as per-architecture headers stay unresolved).
 * An include exposes everything the header declares, transitively.
 */
export const cModules: ModuleResolver = {
  importsReexport: true,
  resolve(file, imp, project) {
    const spec = imp.module.replace(/^[<"]|[>"]$/g, '');
    if (spec === '') return undefined;
    const local = joinPath(dirname(file.path), spec);
    let target = local === undefined ? undefined : project.fileAt(local);
    if (target === undefined) {
      const tail = spec.replace(/^(\.\.?\/)+/, '');
      const matches = project.filesNamed(basename(tail)).filter((id) => {
        const path = project.file(id)?.path ?? '';
        return path === tail || path.endsWith(`/${tail}`);
      });
      if (matches.length === 1) target = matches[0];
    }
    return target === undefined ? undefined : resolvedImport(imp, [target], WILDCARD, undefined);
  },
};
