import type { ResolveContext } from './context.js';
import { MAX_DEPTH } from './context.js';
import type { ResolvedImport } from './modules/types.js';
import type { KindFilter, ResolverSymbol } from './types.js';

/** A name bound by a named import: look `imported` up in `files` (or use the submodule file). */
export interface Binding {
  readonly files: readonly number[];
  readonly imported: string;
  readonly submodule: number | undefined;
}

/** A namespace whose key has separators (`import a.b` binds `a.b`), `.`-joined, matched against receivers. */
export interface DottedNamespace {
  readonly key: string;
  readonly files: readonly number[];
}

const PACKAGE_FAMILIES: ReadonlySet<string> = new Set(['go', 'jvm', 'csharp', 'php']);

/**
 * What names one file can see through its imports: named bindings, namespaces, and the files and
 * packages made visible wholesale (wildcards, includes, same package). Built when the file's first
 * reference is resolved and dropped after its last, so memory stays bounded on huge projects.
 */
export class FileScope {
  readonly fileId: number;
  readonly family: string;
  readonly named = new Map<string, Binding[]>();
  readonly namespaces = new Map<string, readonly number[]>();
  readonly dotted: DottedNamespace[] = [];
  /** Wildcard imports that reached project files, for following their re-exports. */
  readonly wildcards: ResolvedImport[] = [];
  readonly visibleFiles = new Set<number>();
  readonly visiblePackages = new Set<string>();
  /** The file has import statements at all (an ES module rather than a classic script). */
  readonly hasImports: boolean;
  private localByName: Map<string, ResolverSymbol[]> | undefined;
  private fileCount: number | undefined;
  private readonly ctx: ResolveContext;

  constructor(ctx: ResolveContext, fileId: number) {
    this.ctx = ctx;
    this.fileId = fileId;
    const { project } = ctx;
    this.family = project.family(fileId);
    this.hasImports = (project.file(fileId)?.imports.length ?? 0) > 0;
    const own = project.packageKey(fileId);
    if (own !== undefined) {
      this.visiblePackages.add(own);
      // C# code sees the types of every enclosing namespace.
      if (this.family === 'csharp') {
        for (let key = own, dot = key.lastIndexOf('.'); dot > 0; dot = key.lastIndexOf('.')) {
          key = key.slice(0, dot);
          this.visiblePackages.add(key);
        }
      }
    }
    for (const imp of ctx.imports.of(fileId)) this.add(imp);
  }

  private add(imp: ResolvedImport): void {
    if (imp.namespace !== undefined) {
      if (imp.namespace.includes('.') || imp.namespace.includes('::')) {
        this.dotted.push({ key: imp.namespace.replaceAll('::', '.'), files: imp.files });
      }
      else if (!this.namespaces.has(imp.namespace)) this.namespaces.set(imp.namespace, imp.files);
    }
    for (const { imported, local } of imp.names) {
      if (imported === '*' && local !== '*') {
        // `export * as ns from` binds a namespace, not every name.
        if (!this.namespaces.has(local)) this.namespaces.set(local, imp.files);
      } else if (imported !== '*') {
        const binding: Binding = { files: imp.files, imported, submodule: imp.submodules?.get(local) };
        const list = this.named.get(local);
        if (list === undefined) this.named.set(local, [binding]);
        else list.push(binding);
      } else if (imp.files.length > 0) {
        this.wildcards.push(imp);
        this.makeVisible(imp.files);
      }
    }
  }

  private makeVisible(files: readonly number[]): void {
    const { project, imports } = this.ctx;
    const first = files[0];
    const key = first === undefined ? undefined : project.packageKey(first);
    if (PACKAGE_FAMILIES.has(this.family) && key !== undefined) {
      this.visiblePackages.add(key);
      return;
    }
    // Includes (and Ruby requires) are transitive: what a header includes is visible too.
    let frontier = [...files];
    for (let depth = 0; depth <= MAX_DEPTH && frontier.length > 0; depth++) {
      const next: number[] = [];
      for (const file of frontier) {
        if (this.visibleFiles.has(file)) continue;
        this.visibleFiles.add(file);
        if (imports.resolverOf(file)?.importsReexport !== true) continue;
        for (const imp of imports.of(file)) {
          if (imp.names.some((n) => n.imported === '*')) next.push(...imp.files);
        }
      }
      frontier = next;
    }
  }

  /**
   * A file-level symbol named `name` in the files and packages this file sees wholesale: own file
   * first, then exported, then input order.
   */
  visible(name: string, filter: KindFilter): ResolverSymbol | undefined {
    if (this.visibleFiles.size === 0 && this.visiblePackages.size === 0) return undefined;
    const { project } = this.ctx;
    let best: ResolverSymbol | undefined;
    let bestRank = Infinity;
    const consider = (s: ResolverSymbol): void => {
      // Go methods are file-level with a `Type.method` qualified name; a bare name never means one.
      if (s.parentId !== null || s.qualifiedName !== s.name || !filter(s.kind)) return;
      const rank = (s.fileId === this.fileId ? 0 : s.exported ? 1 : 2) * 1e9 + (project.position(s.fileId) ?? 0);
      if (rank < bestRank) {
        best = s;
        bestRank = rank;
      }
    };
    // Walk whichever side is smaller: the visible files, or the symbols carrying the name.
    const candidates = project.named(name);
    if (this.visibleFileCount() < candidates.length) {
      for (const file of this.visibleFiles) for (const s of project.topLevel(file, name)) consider(s);
      for (const key of this.visiblePackages) {
        for (const file of project.filesInPackage(key)) for (const s of project.topLevel(file, name)) consider(s);
      }
    } else {
      for (const s of candidates) {
        if (this.visibleFiles.has(s.fileId)) consider(s);
        else {
          const key = project.packageKey(s.fileId);
          if (key !== undefined && this.visiblePackages.has(key)) consider(s);
        }
      }
    }
    return best;
  }

  private visibleFileCount(): number {
    if (this.fileCount === undefined) {
      let n = this.visibleFiles.size;
      for (const key of this.visiblePackages) n += this.ctx.project.filesInPackage(key).length;
      this.fileCount = n;
    }
    return this.fileCount;
  }

  /** Every symbol of this file named `name`, in input order. */
  local(name: string): readonly ResolverSymbol[] {
    if (this.localByName === undefined) {
      this.localByName = new Map();
      for (const s of this.ctx.project.symbolsOf(this.fileId)) {
        const list = this.localByName.get(s.name);
        if (list === undefined) this.localByName.set(s.name, [s]);
        else list.push(s);
      }
    }
    return this.localByName.get(name) ?? [];
  }
}
