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
  private readonly project: ProjectIndex;

  constructor(project: ProjectIndex) {
    this.project = project;
  }

  /**
   * The file's resolved imports in statement order (statements the family could not read are left
   * out). Resolved on first use: an incremental run looks at a few files' imports, not all.
   */
  of(fileId: number): readonly ResolvedImport[] {
    const known = this.byFile.get(fileId);
    if (known !== undefined) return known;
    const list = this.resolve(fileId);
    this.byFile.set(fileId, list);
    return list;
  }

  /** The module resolver of the file's family, when the family has module rules. */
  resolverOf(fileId: number): ModuleResolver | undefined {
    if (this.project.position(fileId) === undefined) return undefined;
    return moduleResolverFor(this.project.family(fileId));
  }

  private resolve(fileId: number): readonly ResolvedImport[] {
    const resolver = this.resolverOf(fileId);
    const file = this.project.file(fileId);
    if (resolver === undefined || file === undefined) return NONE;
    const list: ResolvedImport[] = [];
    for (const imp of file.imports) {
      const resolved = resolver.resolve(file, imp, this.project);
      if (resolved !== undefined) list.push(resolved);
    }
    return list.length > 0 ? list : NONE;
  }
}
