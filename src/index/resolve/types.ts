import type { EdgeTable } from '../../store/columnar.js';
import type { ExtractedImport, NodeKind, RefList, ResolutionMethod, ResolverSymbol } from '../../model.js';
import type { ProjectIndex } from './project-index.js';

export type { RefList, ResolvedEdge, ResolverRef, ResolverSymbol } from '../../model.js';

/** One indexed file as resolution sees it. */
export interface ResolverFile {
  readonly id: number;
  /** Id of the file's own graph node; import edges and file-level references start here. */
  readonly nodeId: number;
  /** Project-relative path with `/` separators. */
  readonly path: string;
  readonly language: string;
  /** The file's package/namespace declaration (Go, Java, Kotlin, Scala, C#, PHP …), when any. */
  readonly packageName?: string;
  readonly imports: readonly ExtractedImport[];
  readonly isTest: boolean;
}

/**
 * Definitions read as they are asked for (`ProjectIndex.over`): each list in id order, and the
 * same definition always the same object until the source is told its rows changed.
 */
export interface DefinitionSource {
  symbol(id: number): ResolverSymbol | undefined;
  /** Definitions named exactly `name`. */
  named(name: string): readonly ResolverSymbol[];
  /** Definitions of one file. */
  symbolsOf(fileId: number): readonly ResolverSymbol[];
}

/**
 * Everything resolution needs: plain data, no I/O. The files and definitions come as they are, or
 * as lookup tables already built over them (a session's kept index, patched since).
 */
export type ResolveInput = ResolveData | { readonly project: ProjectIndex; readonly refs: RefList };

/** The files and definitions of a project and the references to bind, as plain data. */
export interface ResolveData {
  readonly files: readonly ResolverFile[];
  readonly symbols: readonly ResolverSymbol[];
  readonly refs: RefList;
  readonly project?: undefined;
}

/** Tuning knobs for `resolveReferences`. */
export interface ResolveOptions {
  /**
   * Name-based matching refuses a reference when more candidates than this remain after filtering
   * by language and kind: a name like `get` or `init` says nothing about which one is meant.
   */
  readonly maxCandidates?: number;
  /**
   * Emit edges (and report unresolved references) only for these file ids. Incremental sync passes
   * every inheritance reference (so class hierarchies stay complete) but wants edges only for the
   * files it is re-resolving.
   */
  readonly emitFiles?: ReadonlySet<number>;
  /**
   * Per-file name tables kept at once (default 4096); past this many they are dropped and rebuilt
   * when next needed. Bounds memory on very large trees without changing any result.
   */
  readonly maxFileTables?: number;
  /**
   * Base-class links found by an earlier run, for files none of whose references are in `refs`:
   * a long-lived session re-resolves a few files and takes every other file's class hierarchy from
   * here instead of resolving each inheritance reference again. They must be what resolving those
   * files would find now, which holds for the files a change does not affect.
   */
  readonly knownBases?: BaseLinksByFile;
}

/** One file's base-class links in the order resolution found them: `[owner id, base id]` pairs. */
export type BaseLinks = readonly (readonly [owner: number, base: number])[];

/** Base-class links by file id. */
export type BaseLinksByFile = ReadonlyMap<number, BaseLinks>;

/** Counts per resolution method. */
export type MethodCounts = Record<ResolutionMethod, number>;

/** Per-language counts. */
export interface LanguageStats {
  refs: number;
  resolved: number;
  unresolved: number;
  byMethod: MethodCounts;
}

/** What resolution did, for status output and regression checks. */
export interface ResolveStats {
  refs: number;
  resolved: number;
  unresolved: number;
  /** Unresolved because the name is bound by an import of a module outside the project. */
  external: number;
  /** Unresolved because name matching found too many or equally close candidates. */
  ambiguous: number;
  /** File-to-file `imports` edges emitted. */
  importEdges: number;
  byMethod: MethodCounts;
  /** Keyed by `ResolverFile.language`, in order of first appearance among the files. */
  byLanguage: Record<string, LanguageStats>;
}

/** Result of `resolveReferences`: edges in a deterministic order plus what stayed unresolved. */
export interface ResolveResult {
  /** File `imports` edges first (file order, then statement order), then reference edges in ref order. */
  readonly edges: EdgeTable;
  /** Indexes into `input.refs` that were not bound, ascending. */
  readonly unresolved: number[];
  readonly stats: ResolveStats;
  /** The base-class links of every file whose references were in `refs` (files with none left out). */
  readonly bases: BaseLinksByFile;
}

/** Receives the kind of a symbol, for lookups filtered by what a reference may point at. */
export type KindFilter = (kind: NodeKind) => boolean;
