import type { ExtractedImport } from '../../../model.js';
import type { ProjectIndex } from '../project-index.js';
import type { ResolverFile } from '../types.js';

/** One name an import binds: `imported` is `*` for a wildcard and `default` for a default import. */
export interface ImportName {
  readonly imported: string;
  readonly local: string;
}

/** An import statement after its module was looked up in the project. */
export interface ResolvedImport {
  /** Project files the module stands for; empty means the module is outside the project. */
  readonly files: readonly number[];
  /** The bindings, normalized (e.g. Java `import a.b.C` becomes `C` from package `a.b`). */
  readonly names: readonly ImportName[];
  /** Local name bound to the whole module. */
  readonly namespace?: string;
  /** Imported names that are modules themselves (`from pkg import mod`): local name -> file id. */
  readonly submodules?: ReadonlyMap<string, number>;
  readonly reexport: boolean;
  readonly line: number;
}

/**
 * Module resolution for one language family. `resolve` returns undefined for statements the family
 * cannot interpret; those bind nothing, so they never hide a name from later steps.
 */
export interface ModuleResolver {
  resolve(file: ResolverFile, imp: ExtractedImport, project: ProjectIndex): ResolvedImport | undefined;
  /** The file of submodule `name` of the module in `fileId`, for chains like `pkg.sub.f()`. */
  submodule?(fileId: number, name: string, project: ProjectIndex): number | undefined;
  /**
   * Files of a module named by a path written without an import (`crate::a` in `crate::a::f()`),
   * or none for a path into a crate outside the project; `text` is the receiver as written.
   */
  pathModule?(file: ResolverFile, segments: readonly string[], project: ProjectIndex, text: string): readonly number[] | undefined;
  /** True when every import of the family re-exports what it binds (Python modules, C includes). */
  readonly importsReexport?: boolean;
}

/** Builds a `ResolvedImport`, leaving optional fields out rather than undefined. */
export function resolvedImport(
  imp: ExtractedImport,
  files: readonly number[],
  names: readonly ImportName[] = imp.names,
  namespace: string | undefined = imp.namespace,
  submodules?: ReadonlyMap<string, number>,
): ResolvedImport {
  return {
    files,
    names,
    reexport: imp.reexport,
    line: imp.line,
    ...(namespace !== undefined && namespace !== '' ? { namespace } : {}),
    ...(submodules !== undefined && submodules.size > 0 ? { submodules } : {}),
  };
}

/** The single wildcard binding. */
export const WILDCARD: readonly ImportName[] = [{ imported: '*', local: '*' }];
