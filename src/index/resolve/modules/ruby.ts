import { basename, dirname, joinPath } from '../paths.js';
import type { ModuleResolver } from './types.js';
import { WILDCARD, resolvedImport } from './types.js';

/** Ruby: `require_relative` against the file's directory, `require` by unique path suffix. */
export const rubyModules: ModuleResolver = {
  importsReexport: true,
  resolve(file, imp, project) {
    const spec = imp.module.endsWith('.rb') ? imp.module : `${imp.module}.rb`;
    const local = joinPath(dirname(file.path), spec);
    let target = local === undefined ? undefined : project.fileAt(local);
    if (target === undefined && !spec.startsWith('.')) {
      const matches = project.filesNamed(basename(spec)).filter((id) => {
        const path = project.file(id)?.path ?? '';
        return path === spec || path.endsWith(`/${spec}`);
      });
      if (matches.length === 1) target = matches[0];
    }
    return target === undefined ? undefined : resolvedImport(imp, [target], WILDCARD, undefined);
  },
};
