/**
 * The data model shared by extraction, resolution and the store.
 *
 * Conventions: paths are project-relative with `/` separators; lines are 1-based and columns are
 * 0-based (UTF-16 code units of the decoded source, as tree-sitter reports them for JS strings);
 * qualified names join the container chain with `.` whatever the language (`Engine.serve`,
 * `pkg.Type.method`), so a query for `Engine::serve` or `Engine#serve` normalizes to the same key.
 */

/** Every kind of node the graph stores (`impl`: a Rust impl block). New kinds go at the end: stored codes are indexes. */
export const NODE_KINDS = [
  'file', 'module', 'namespace', 'class', 'struct', 'interface', 'trait', 'protocol', 'enum',
  'union', 'type_alias', 'function', 'method', 'constructor', 'property', 'field', 'variable',
  'constant', 'enum_member', 'macro', 'route', 'component', 'impl',
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** Every kind but `file`: the definitions a search looks among. */
export const SYMBOL_KINDS: readonly NodeKind[] = NODE_KINDS.filter((k) => k !== 'file');

/** Definitions with a body of statements, where locals are declared: functions, methods, constructors. */
export const FUNCTION_KINDS: ReadonlySet<NodeKind> = new Set(['function', 'method', 'constructor']);

/** Every kind of edge the graph stores. `contains` comes from nesting; the rest from references. */
export const EDGE_KINDS = [
  'contains', 'calls', 'imports', 'extends', 'implements', 'instantiates', 'references',
  'type_of', 'returns', 'overrides', 'decorates', 'exports',
] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

/** Kinds of reference an extractor records; each becomes an edge of the same kind once resolved. */
export type RefKind = Exclude<EdgeKind, 'contains'>;

/** One definition found in a file. */
export interface ExtractedSymbol {
  readonly kind: NodeKind;
  readonly name: string;
  /** Container chain joined with `.` (without the file), e.g. `Outer.Inner.method`. */
  readonly qualifiedName: string;
  readonly startLine: number;
  readonly startCol: number;
  readonly endLine: number;
  readonly endCol: number;
  /** Index of the enclosing symbol in the same array, or -1 when the file itself contains it. */
  readonly parent: number;
  /** The declaration head on one line, at most 200 characters (no body). */
  readonly signature?: string;
  /** The leading doc comment or docstring, trimmed, at most 500 characters. */
  readonly docstring?: string;
  /** Visible outside its file/module by the language's rules (export, pub, public, capitalized …). */
  readonly exported: boolean;
  /** Accepted argument counts, packed by `packArity` (Java and C#). */
  readonly arity?: number;
  /**
   * The type a function or method returns, as a path (`Client`, `models.Client`): its declared
   * return type with pointers, optionals and promises taken off, or the class every `return`
   * constructs. Absent when unknown, a builtin type or a type parameter.
   */
  readonly returns?: string;
}

/** The words of the string literals in one definition's own text, space-separated. */
export interface SymbolStrings {
  /** Index of the definition in the file's symbols. */
  readonly from: number;
  readonly words: string;
}

/** A use of a name that resolution turns into an edge (or keeps as unresolved). */
export interface ExtractedRef {
  readonly kind: RefKind;
  /** Index of the innermost enclosing symbol, or -1 for file level. */
  readonly from: number;
  /** The referenced name as written, last segment only (`save` for `self.repo.save()`). */
  readonly name: string;
  /**
   * The receiver or qualifier as written, when there is one: `self`, `this`, `super`, `Foo`,
   * `a.b` for `a.b.save()`, `pkg` for `pkg.Func()`, `Foo` for `Foo::new()`.
   */
  readonly receiver?: string;
  readonly line: number;
  readonly col: number;
  /** A call's argument count (Java and C#), for choosing among overloads. */
  readonly args?: number;
  /**
   * A call the framework makes for the symbol, written elsewhere (a Rails filter guarding an
   * action): a caller edge like any other, but no name the symbol's body uses.
   */
  readonly implicit?: true;
}

/** One import (or re-export) statement's bindings, for import-aware resolution. */
export interface ExtractedImport {
  /** The module specifier exactly as written: `./util`, `os.path`, `github.com/x/y`, `crate::a::b`. */
  readonly module: string;
  /**
   * Names bound by the statement: `{imported, local}` pairs. `imported` is `*` for wildcard
   * imports and `default` for default imports; an empty list imports the module for side effects.
   */
  readonly names: readonly { readonly imported: string; readonly local: string }[];
  /** The local name bound to the whole module (`import x as y`, `import * as ns`, Go's package name). */
  readonly namespace?: string;
  /** True for `export … from` style statements that re-export the names. */
  readonly reexport: boolean;
  readonly line: number;
}

/**
 * A router mounted under a path prefix (`app.use('/api', users)`, Django's
 * `path('api/', include('app.urls'))`): the routes of the module that the import at `importLine`
 * names are served under `prefix` (as written; '' for a mount without a path).
 */
export interface RouteMount {
  readonly prefix: string;
  readonly importLine: number;
}

/**
 * A JAX-RS sub-resource locator (`@Path("groups/{id}") GroupResource group(…)`): the routes of the
 * class it returns, `typeName`, are served under `prefix` (the locator's path, after its own
 * class's `@Path` when it has one). `line` is the locator's first line.
 */
export interface RouteLocator {
  readonly prefix: string;
  readonly typeName: string;
  readonly line: number;
}

/**
 * An ASP.NET controller class of the chain route templates are inherited along: one with its own
 * `[Route("api/[controller]")]` (`template`); one deriving from the framework's controller base
 * without one (neither); or one without a `[Route]` whose routes are written under its base
 * class's name in braces (`base`: `GET /{BaseApiController}/items`), which the stage after
 * resolution replaces by the nearest template above it (`GET /api/Orders/items`).
 */
export interface RouteTemplate {
  readonly className: string;
  readonly template?: string;
  readonly base?: string;
  readonly line: number;
}

/** What a mount names, as written where it is: a local name an import binds, or a module imported inline. */
export type MountTarget = { readonly local: string } | { readonly module: string };

/** Everything one file contributes before resolution. Plain data: crosses worker boundaries. */
export interface FileExtraction {
  readonly language: string;
  readonly symbols: readonly ExtractedSymbol[];
  readonly refs: readonly ExtractedRef[];
  readonly imports: readonly ExtractedImport[];
  /** Routers of other modules this file mounts; absent when none. */
  readonly mounts?: readonly RouteMount[];
  /** Sub-resource locators the file declares; absent when none. */
  readonly locators?: readonly RouteLocator[];
  /** ASP.NET controller classes that route templates are inherited from; absent when none. */
  readonly routeTemplates?: readonly RouteTemplate[];
  /** The words of each definition's string literals (literals.ts); absent when none. */
  readonly strings?: readonly SymbolStrings[];
  /** The file's own package/module/namespace declaration when the language has one (Go, Java, Kotlin, C#, PHP, Scala, Dart library). */
  readonly packageName?: string;
  /** Count of ERROR/MISSING nodes in the parse tree: a partial parse is still indexed. */
  readonly parseErrors: number;
  /** The file defines or is a test (by path convention or test attributes). */
  readonly isTest: boolean;
}

/** How a reference was bound to its target, strongest first. */
export const RESOLUTION_METHODS = ['import', 'qualified', 'receiver', 'same-file', 'name'] as const;
export type ResolutionMethod = (typeof RESOLUTION_METHODS)[number];

// ---- Records exchanged between the store and resolution ----

/** One definition as resolution sees it; `fileId` names a `ResolverFile.id`. */
export interface ResolverSymbol {
  readonly id: number;
  readonly fileId: number;
  readonly kind: NodeKind;
  readonly name: string;
  /** Container chain joined with `.` (without the file). */
  readonly qualifiedName: string;
  /** Enclosing symbol id, or null at file level. */
  readonly parentId: number | null;
  readonly exported: boolean;
  /** Accepted argument counts (`packArity`), where the language overloads by them. */
  readonly arity?: number;
  /**
   * The signature of a method written outside its type (Go's `func (s *Square) Area() int`) or of
   * an interface's method, whose types structural typing compares (resolve/structural.ts).
   */
  readonly signature?: string;
  /** The type a function returns (`ExtractedSymbol.returns`), which types a call on its result. */
  readonly returns?: string;
}

/** One reference to resolve. */
export interface ResolverRef {
  readonly fileId: number;
  /** Enclosing symbol id, or the file's `nodeId` for file-level references. */
  readonly fromId: number;
  readonly kind: RefKind;
  /** Last segment of the referenced name. */
  readonly name: string;
  /** Receiver or qualifier as written (`self`, `a.b`, `pkg`, `crate::a`). */
  readonly receiver?: string;
  readonly line: number;
  readonly col: number;
  /** A call's argument count, where the language overloads by it. */
  readonly args?: number;
}

/** References by position: a plain array, or the columnar `RefTable` a whole-project run reads. */
export interface RefList {
  readonly length: number;
  at(index: number): ResolverRef | undefined;
}

/** A resolved edge; `confidence` is in 0..1 and `method` says which step bound it. */
export interface ResolvedEdge {
  readonly source: number;
  readonly target: number;
  /** Never `contains`: nesting edges come from extraction, not resolution. */
  readonly kind: RefKind;
  readonly line: number;
  readonly col: number;
  readonly confidence: number;
  readonly method: ResolutionMethod;
}
