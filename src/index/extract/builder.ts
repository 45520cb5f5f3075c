import type { Node } from 'web-tree-sitter';
import { LiteralWords } from './literals.js';
import { ownerSegment } from './names.js';
import { returnedType } from './return-types.js';
import { trimEndWhile } from './trim.js';
import type {
  ExtractedImport, ExtractedRef, ExtractedSymbol, FileExtraction, MountTarget, NodeKind, RefKind, RouteLocator, RouteMount, RouteTemplate,
} from '../../model.js';

/** Options for one definition; `exported` defaults to false. */
export interface SymbolOptions {
  readonly signature?: string | undefined;
  readonly docstring?: string | undefined;
  readonly exported?: boolean;
  /** Override the qualified name (e.g. Go methods qualify by receiver type, not by nesting). */
  readonly qualifiedName?: string;
  /** Override the node used for the span (defaults to the node passed in). */
  readonly span?: Node;
  /**
   * The node the span ends with, when a definition is a run of sibling nodes rather than one node
   * (an item written as tokens inside a Rust macro body).
   */
  readonly until?: Node;
  /** Accepted argument counts (`packArity`), for languages that overload by them. */
  readonly arity?: number | undefined;
  /**
   * The enclosing symbol's index when it is not the current scope (-1 for file level): for a
   * definition the grammar recovered inside one it cannot really belong to.
   */
  readonly parent?: number;
  /** The type a function returns, when the language's extractor knows better than `returnedType`. */
  readonly returns?: string;
}

/** Kinds of definition that return a value a call can be made on. */
const RETURNING: ReadonlySet<NodeKind> = new Set(['function', 'method']);

const MAX_SIGNATURE = 200;
/** Longest docstring kept, in characters after whitespace is collapsed. */
export const MAX_DOCSTRING = 500;

/**
 * Collects one file's symbols, references and imports while a language extractor walks its tree.
 * Keeps the scope stack so that parents and qualified names come out right without each language
 * re-implementing them.
 */
export class ExtractionBuilder {
  private readonly symbols: ExtractedSymbol[] = [];
  private readonly refs: ExtractedRef[] = [];
  private readonly imports: ExtractedImport[] = [];
  private readonly pendingMounts: { prefix: string; target: MountTarget; line: number }[] = [];
  private readonly locators: RouteLocator[] = [];
  private readonly routeTemplates: RouteTemplate[] = [];
  private readonly scope: number[] = [];
  private readonly literals = new LiteralWords();
  private packageName: string | undefined;
  private readonly languageId: string;

  constructor(languageId: string) {
    this.languageId = languageId;
  }

  /** Index of the innermost open symbol, or -1 at file level. */
  get current(): number {
    return this.scope.length === 0 ? -1 : (this.scope[this.scope.length - 1] ?? -1);
  }

  /** Qualified name of the innermost open symbol ('' at file level). */
  get currentQualifiedName(): string {
    const i = this.current;
    return i < 0 ? '' : (this.symbols[i]?.qualifiedName ?? '');
  }

  /** The symbol at `index`, for extractors that need to look at what they already recorded. */
  symbolAt(index: number): ExtractedSymbol | undefined {
    return this.symbols[index];
  }

  /** Records a definition nested in the current scope and returns its index (does not open it). */
  define(kind: NodeKind, name: string, node: Node, options: SymbolOptions = {}): number {
    const span = options.span ?? node;
    // Some grammars (C preprocessor lines, Ruby, Bash) end a node after its newline; such a span
    // really ends on the line before.
    // Each position getter is a call into the runtime: read each once.
    const start = span.startPosition;
    const last = options.until ?? span;
    const end = last.endPosition;
    let endRow = end.row;
    let endCol = end.column;
    if (endCol === 0 && endRow > start.row) {
      endRow--;
      endCol = Number.MAX_SAFE_INTEGER;
    }
    const parent = options.parent ?? this.current;
    const parentQn = parent < 0 ? '' : (this.symbols[parent]?.qualifiedName ?? '');
    const qualifiedName = options.qualifiedName ?? (parentQn === '' ? name : `${parentQn}.${name}`);
    const returns = options.returns ?? (RETURNING.has(kind) ? returnedType(this.languageId, node, ownerSegment(qualifiedName)) : undefined);
    const symbol: ExtractedSymbol = {
      kind,
      name,
      qualifiedName,
      startLine: start.row + 1,
      startCol: start.column,
      endLine: endRow + 1,
      endCol: endCol === Number.MAX_SAFE_INTEGER ? lineLength(last, endRow) : endCol,
      parent,
      exported: options.exported ?? false,
      ...(options.signature !== undefined && options.signature !== '' ? { signature: clip(options.signature, MAX_SIGNATURE) } : {}),
      ...(options.docstring !== undefined && options.docstring !== '' ? { docstring: withoutEmphasis(clip(options.docstring, MAX_DOCSTRING)) } : {}),
      ...(options.arity !== undefined ? { arity: options.arity } : {}),
      ...(returns !== undefined ? { returns } : {}),
    };
    this.symbols.push(symbol);
    return this.symbols.length - 1;
  }

  /** Number of open scopes; pair with `restore` to close everything opened after this point. */
  get depth(): number {
    return this.scope.length;
  }

  /**
   * Opens symbol `index` as the current scope until `restore` drops it. This is the non-callback
   * form of `within`, for iterative walkers that leave a node long after entering it.
   */
  open(index: number): void {
    this.scope.push(index);
  }

  /** Closes scopes opened after `depth` was read. */
  restore(depth: number): void {
    if (this.scope.length > depth) this.scope.length = depth;
  }

  /**
   * Changes the kind or exported flag of a recorded symbol, for facts learnt after its definition
   * (a later `export { name }`, JSX inside what looked like a plain function).
   */
  amend(index: number, patch: { readonly kind?: NodeKind; readonly exported?: boolean }): void {
    const symbol = this.symbols[index];
    if (symbol === undefined) return;
    this.symbols[index] = {
      ...symbol,
      ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
      ...(patch.exported !== undefined ? { exported: patch.exported } : {}),
    };
  }

  /** Number of symbols recorded so far. */
  get symbolCount(): number {
    return this.symbols.length;
  }

  /** Runs `body` with symbol `index` as the current scope. */
  within<T>(index: number, body: () => T): T {
    this.scope.push(index);
    try {
      return body();
    } finally {
      this.scope.pop();
    }
  }

  /**
   * Records a reference from the current scope, positioned at `node`; `args` is a call's argument
   * count where the language overloads by it.
   */
  ref(kind: RefKind, name: string, node: Node, receiver?: string, args?: number): void {
    this.#addRef(kind, name, node, receiver, args, false);
  }

  /** Records a call the framework makes for the current scope, written at `node` elsewhere (`ExtractedRef.implicit`). */
  implicitCall(name: string, node: Node): void {
    this.#addRef('calls', name, node, undefined, undefined, true);
  }

  /** Records a reference from the symbol of index `from` (-1: the file), written at `line`:`col`, found apart from the walk. */
  refFrom(kind: RefKind, name: string, from: number, line: number, col: number): void {
    if (name !== '') this.refs.push({ kind, from, name, line, col });
  }

  #addRef(kind: RefKind, name: string, node: Node, receiver: string | undefined, args: number | undefined, implicit: boolean): void {
    if (name === '') return;
    this.refs.push({
      kind,
      from: this.current,
      name,
      line: node.startPosition.row + 1,
      col: node.startPosition.column,
      ...(receiver !== undefined && receiver !== '' ? { receiver } : {}),
      ...(args !== undefined ? { args } : {}),
      ...(implicit ? { implicit: true as const } : {}),
    });
  }

  /** Records an import or re-export statement. */
  addImport(entry: ExtractedImport): void {
    this.imports.push(entry);
  }

  /** The module an import recorded so far binds as a namespace to `local` (`const x = require('y')`). */
  namespaceModule(local: string): string | undefined {
    for (let i = this.imports.length - 1; i >= 0; i--) {
      const imp = this.imports[i];
      if (imp?.namespace === local) return imp.module;
    }
    return undefined;
  }

  /**
   * Records a mount of the module bound to `local` (or imported as `module`) under `prefix`,
   * at `line`; it is tied to that import when the file is finished, and dropped when none binds it.
   */
  mount(prefix: string, target: MountTarget, line: number): void {
    this.pendingMounts.push({ prefix, target, line });
  }

  /** Records a sub-resource locator: the routes of the class `typeName` are served under `prefix`. */
  locate(prefix: string, typeName: string, line: number): void {
    this.locators.push({ prefix, typeName, line });
  }

  /**
   * Records a controller class for the route templates classes inherit: one with a template of its
   * own, one that gives none (neither given), or one whose routes are under its base's name (`base`).
   */
  routeTemplate(className: string, template: string | undefined, line: number, base?: string): void {
    this.routeTemplates.push({ className, line, ...(template === undefined ? {} : { template }), ...(base === undefined ? {} : { base }) });
  }

  /** The line of the import that binds `local` (or imports `module`), the latest before `line`, else the first after. */
  private importLineOf(target: MountTarget, line: number): number | undefined {
    let found: number | undefined;
    for (const imp of this.imports) {
      const binds = 'local' in target
        ? imp.namespace === target.local || imp.names.some((n) => n.local === target.local && n.imported !== '*')
        : imp.module === target.module;
      if (!binds) continue;
      if (imp.line <= line) found = imp.line;
      else return found ?? imp.line;
    }
    return found;
  }

  /** Records the file's package/namespace declaration. */
  setPackage(name: string): void {
    if (name !== '') this.packageName = name;
  }

  /**
   * Reads a string literal met in the current scope (the walk hands each over, literals.ts), or
   * in the definition recorded last when that one holds it without being opened: a constant's
   * value (`var ErrNotFound = errors.New("not found")`), a class attribute.
   */
  literal(node: Node): void {
    const last = this.symbols.length - 1;
    const symbol = this.symbols[last];
    const inLast = last > this.current && symbol !== undefined && holds(symbol, node.startPosition);
    const owner = inLast ? last : this.current;
    this.literals.add(owner, node, this.symbols[owner]?.startLine === node.startPosition.row + 1);
  }

  /** Produces the plain-data result. */
  finish(parseErrors: number, isTest: boolean): FileExtraction {
    const mounts: RouteMount[] = [];
    for (const m of this.pendingMounts) {
      const importLine = this.importLineOf(m.target, m.line);
      if (importLine !== undefined) mounts.push({ prefix: m.prefix, importLine });
    }
    const strings = this.literals.result(this.symbols);
    return {
      language: this.languageId,
      symbols: this.symbols,
      refs: this.refs,
      imports: this.imports,
      ...(mounts.length > 0 ? { mounts } : {}),
      ...(this.locators.length > 0 ? { locators: this.locators } : {}),
      ...(this.routeTemplates.length > 0 ? { routeTemplates: this.routeTemplates } : {}),
      ...(strings.length > 0 ? { strings } : {}),
      parseErrors,
      isTest,
      ...(this.packageName !== undefined ? { packageName: this.packageName } : {}),
    };
  }
}

/** Whether `symbol`'s span holds `at` (a 0-based row and column, as tree-sitter gives them). */
function holds(symbol: ExtractedSymbol, at: { readonly row: number; readonly column: number }): boolean {
  const line = at.row + 1;
  const afterStart = line > symbol.startLine || (line === symbol.startLine && at.column >= symbol.startCol);
  const beforeEnd = line < symbol.endLine || (line === symbol.endLine && at.column < symbol.endCol);
  return afterStart && beforeEnd;
}

/** Length of row `row` inside `node`'s text (the node ends on the following line). */
function lineLength(node: Node, row: number): number {
  const text = node.text;
  const end = text.endsWith('\r\n') ? text.length - 2 : text.length - 1;
  const lineStart = text.lastIndexOf('\n', end - 1) + 1;
  return row === node.startPosition.row ? node.startPosition.column + end - lineStart : end - lineStart;
}

// A word wrapped in single underscores (`_XMLHttpRequest_`, `_Content-Type_`): no `_` inside,
// a space, bracket, quote or the text's edge outside. `__init__` and `_private` are names.
const EMPHASIS = /(^|[\s([{"'])_([A-Za-z][\w.-]*?)_(?=$|[\s)\]}.,;:!?"'])/g;

/**
 * A docstring without Markdown's underscore emphasis: the search index reads `_` as part of a
 * word, and no query word has one, so an emphasized word could not be found.
 */
export function withoutEmphasis(text: string): string {
  return text.includes('_') ? text.replace(EMPHASIS, (whole, before: string, word: string) => (word.includes('_') ? whole : `${before}${word}`)) : text;
}

/** Collapses whitespace and cuts to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/**
 * The declaration head of `node`: its text up to where `body` starts (or its first line when there
 * is no body), whitespace collapsed.
 */
export function headText(node: Node, body: Node | null): string {
  const text = node.text;
  const end = body !== null ? body.startIndex - node.startIndex : text.indexOf('\n');
  const head = end >= 0 ? text.slice(0, end) : text;
  return clip(trimEndWhile(head, endsHead), MAX_SIGNATURE);
}

/** What ends a head before its body: whitespace, `{`, `:` and `=`. */
const endsHead = (ch: string): boolean => ch === '{' || ch === ':' || ch === '=' || /\s/u.test(ch);

/** Longest stretch of source read for a declaration head, so a huge node is never copied whole. */
const MAX_HEAD_SOURCE = 1000;

/**
 * Like `headText`, but slices the already-decoded `source` instead of asking the tree for the
 * node's text (cheaper on large nodes). `trailing` lists the characters trimmed from the end
 * (the body opener of the language: `{`, `=`, `;` …).
 */
export function sourceHead(source: string, node: Node, body: Node | null, trailing = '{;'): string {
  const start = node.startIndex;
  const limit = Math.min(body !== null ? body.startIndex : node.endIndex, start + MAX_HEAD_SOURCE);
  let text = source.slice(start, limit);
  if (body === null) {
    const nl = text.indexOf('\n');
    if (nl >= 0) text = text.slice(0, nl);
  }
  const escaped = trailing.replace(/[\]\\^-]/g, '\\$&');
  return clip(text.replace(new RegExp(`[\\s${escaped}]+$`, 'u'), ''), MAX_SIGNATURE);
}

/** Counts ERROR and MISSING nodes under `root` (stops descending into subtrees without errors). */
export function countParseErrors(root: Node): number {
  if (!root.hasError) return 0;
  let count = 0;
  const cursor = root.walk();
  try {
    let descend = true;
    for (;;) {
      const node = cursor.currentNode;
      if (descend) {
        if (node.isError || node.isMissing) count++;
        if (node.hasError && cursor.gotoFirstChild()) continue;
      }
      if (cursor.gotoNextSibling()) {
        descend = true;
        continue;
      }
      if (!cursor.gotoParent()) break;
      descend = false;
    }
  } finally {
    cursor.delete();
  }
  return count;
}
