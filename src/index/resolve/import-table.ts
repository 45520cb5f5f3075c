import { moduleResolverFor } from './modules/registry.js';
import type { ModuleResolver, ResolvedImport } from './modules/types.js';
import type { ProjectIndex } from './project-index.js';

const NONE: readonly ResolvedImport[] = [];

/**
 * Every file's import statements resolved once, up front: reference resolution and re-export
 * chains read them many times, and the file-level `imports` edges come from the same table.
 */
export class ImportTable {
  private readonly byFile = new Map<number, readonly ResolvedImport[]>();
  private readonly resolvers = new Map<number, ModuleResolver>();

  constructor(project: ProjectIndex) {
    for (const file of project.files) {
      if (project.position(file.id) === undefined || this.byFile.has(file.id)) continue;
      const resolver = moduleResolverFor(project.family(file.id));
      if (resolver === undefined) continue;
      this.resolvers.set(file.id, resolver);
      const list: ResolvedImport[] = [];
      for (const imp of file.imports) {
        const resolved = resolver.resolve(file, imp, project);
        if (resolved !== undefined) list.push(resolved);
      }
      if (list.length > 0) this.byFile.set(file.id, list);
    }
  }

  /** The file's resolved imports in statement order (statements the family could not read are left out). */
  of(fileId: number): readonly ResolvedImport[] {
    return this.byFile.get(fileId) ?? NONE;
  }

  /** The module resolver of the file's family, when the family has module rules. */
  resolverOf(fileId: number): ModuleResolver | undefined {
    return this.resolvers.get(fileId);
  }
}
