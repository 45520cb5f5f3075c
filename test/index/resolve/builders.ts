import type { ExtractedImport, NodeKind, RefKind } from '../../../src/model.js';
import { resolveReferences } from '../../../src/index/resolve/resolve-references.js';
import type {
  ResolveOptions, ResolveResult, ResolvedEdge, ResolverFile, ResolverRef, ResolverSymbol,
} from '../../../src/index/resolve/types.js';

const LANGUAGE_BY_EXT: Readonly<Record<string, string>> = {
  ts: 'typescript', tsx: 'tsx', js: 'javascript', py: 'python', go: 'go', rs: 'rust', java: 'java',
  kt: 'kotlin', c: 'c', h: 'c', cpp: 'cpp', cs: 'csharp', php: 'php', rb: 'ruby',
};

/** Options for a test file. */
export interface FileOptions {
  language?: string;
  packageName?: string;
  imports?: ExtractedImport[];
  isTest?: boolean;
}

/** Options for a test symbol; `qualifiedName` defaults to the parent chain plus the name. */
export interface SymbolOptions {
  kind?: NodeKind;
  parent?: number;
  exported?: boolean;
  qualifiedName?: string;
  /** Packed by `packArity`. */
  arity?: number;
  /** The type the function returns. */
  returns?: string;
  /** The signature kept for an interface's method. */
  signature?: string;
}

/** Options for a test reference; `from` defaults to the file node. */
export interface RefOptions {
  kind?: RefKind;
  from?: number;
  receiver?: string;
  args?: number;
}

/** Builds resolver input by hand; every reference gets its own line so its edge can be found. */
export class ProjectBuilder {
  readonly files: ResolverFile[] = [];
  readonly symbols: ResolverSymbol[] = [];
  readonly refs: ResolverRef[] = [];
  private nextId = 1;

  /** Adds a file and returns its id (its node id is `nodeOf(id)`). */
  file(path: string, options: FileOptions = {}): number {
    const id = this.nextId++;
    const ext = path.slice(path.lastIndexOf('.') + 1);
    this.files.push({
      id, nodeId: nodeOf(id), path, language: options.language ?? LANGUAGE_BY_EXT[ext] ?? ext,
      imports: options.imports ?? [], isTest: options.isTest ?? false,
      ...(options.packageName !== undefined ? { packageName: options.packageName } : {}),
    });
    return id;
  }

  /** Adds a symbol and returns its id. Top-level symbols default to exported functions. */
  sym(fileId: number, name: string, options: SymbolOptions = {}): number {
    const id = this.nextId++;
    const parent = options.parent === undefined ? undefined : this.symbols.find((s) => s.id === options.parent);
    const qualifiedName = options.qualifiedName ?? (parent === undefined ? name : `${parent.qualifiedName}.${name}`);
    this.symbols.push({
      id, fileId, name, qualifiedName, kind: options.kind ?? (parent === undefined ? 'function' : 'method'),
      parentId: options.parent ?? null, exported: options.exported ?? true,
      ...(options.arity !== undefined ? { arity: options.arity } : {}),
      ...(options.returns !== undefined ? { returns: options.returns } : {}),
      ...(options.signature !== undefined ? { signature: options.signature } : {}),
    });
    return id;
  }

  /** Adds a reference and returns its index in `refs`. */
  ref(fileId: number, name: string, options: RefOptions = {}): number {
    this.refs.push({
      fileId, fromId: options.from ?? nodeOf(fileId), kind: options.kind ?? 'calls', name,
      line: this.refs.length + 1, col: 0,
      ...(options.receiver !== undefined ? { receiver: options.receiver } : {}),
      ...(options.args !== undefined ? { args: options.args } : {}),
    });
    return this.refs.length - 1;
  }

  /** The qualified name of symbol `id` (`#id` when there is none). */
  nameOf(id: number): string {
    return this.symbols.find((s) => s.id === id)?.qualifiedName ?? `#${id}`;
  }

  /** The `implements` and `overrides` edges of `result` (those `keep` accepts) as `kind source->target` lines. */
  linkLines(result: ResolveResult, keep: (edge: ResolvedEdge) => boolean = () => true): string[] {
    return [...result.edges]
      .filter((e) => (e.kind === 'implements' || e.kind === 'overrides') && keep(e))
      .map((e) => `${e.kind} ${this.nameOf(e.source)}->${this.nameOf(e.target)}`);
  }

  /** Runs resolution over what was built. */
  resolve(options: ResolveOptions = {}): ResolveResult {
    return resolveReferences({ files: this.files, symbols: this.symbols, refs: this.refs }, options);
  }
}

/** The node id the builder gives a file. */
export function nodeOf(fileId: number): number {
  return 100_000 + fileId;
}

/** An import statement; names as `'a'` or `['imported', 'local']`. */
export function imp(
  module: string, names: readonly (string | readonly [string, string])[] = [],
  options: { namespace?: string; reexport?: boolean } = {},
): ExtractedImport {
  return {
    module,
    names: names.map((n) => (typeof n === 'string' ? { imported: n, local: n } : { imported: n[0], local: n[1] })),
    reexport: options.reexport ?? false,
    line: 1,
    ...(options.namespace !== undefined ? { namespace: options.namespace } : {}),
  };
}

/** The edge a reference produced, found by its unique line. */
export function edgeOf(result: ResolveResult, builder: ProjectBuilder, refIndex: number): ResolvedEdge | undefined {
  const ref = builder.refs[refIndex];
  if (ref === undefined) return undefined;
  return [...result.edges].find((e) => e.kind !== 'imports' && e.line === ref.line && e.source === ref.fromId);
}

/** The target id a reference resolved to, or undefined. */
export function targetOf(result: ResolveResult, builder: ProjectBuilder, refIndex: number): number | undefined {
  return edgeOf(result, builder, refIndex)?.target;
}
