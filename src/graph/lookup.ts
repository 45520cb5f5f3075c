/**
 * Symbol lookup for the graph tools: finds every definition of a name and groups them by
 * (file, qualified name), so overloads stay together while two packages that each define
 * `handle` stay apart; copies in bundles come after the modules they copy. An optional `file`
 * narrows the groups; a filter that matches nothing is reported and ignored rather than answering
 * with an empty result.
 */
import { bundledFiles, normalizeSymbol } from '../search/index.js';
import type { GraphStore, StoredNode } from '../store/index.js';

/** The definitions of one (file, qualified name): one node, or several overloads. */
export interface DefinitionGroup {
  readonly path: string;
  readonly qualifiedName: string;
  /** In source order; never empty. */
  readonly nodes: readonly StoredNode[];
}

/** What a `file` filter did. */
export type FileFilterOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'matched'; readonly value: string }
  /** Nothing matched: every definition is returned and the caller must say so. */
  | { readonly kind: 'unmatched'; readonly value: string };

/** The definitions found for a symbol. `groups` is empty when the name is unknown. */
export interface SymbolLookup {
  readonly symbol: string;
  readonly groups: readonly DefinitionGroup[];
  /** Every group before the file filter (equals `groups` without a filter). */
  readonly total: number;
  readonly filter: FileFilterOutcome;
}

/**
 * Finds the definitions of `symbol`: a project-relative file path names its file node; a
 * qualified name (`Class.method`, `Engine::serve`, `Foo#bar`) matches by qualified-name suffix;
 * otherwise the exact name, then the name ignoring case.
 */
export function lookupSymbol(store: GraphStore, symbol: string, file?: string): SymbolLookup {
  const nodes = findNodes(store, symbol);
  const all = modulesFirst(store, groupDefinitions(nodes));
  if (file === undefined || file.trim() === '') return { symbol, groups: all, total: all.length, filter: { kind: 'none' } };
  const narrowed = filterByFile(all, file);
  if (narrowed.length === 0) return { symbol, groups: all, total: all.length, filter: { kind: 'unmatched', value: file } };
  return { symbol, groups: narrowed, total: all.length, filter: { kind: 'matched', value: file } };
}

function findNodes(store: GraphStore, symbol: string): StoredNode[] {
  const raw = symbol.trim();
  if (raw === '') return [];
  if (raw.includes('/') || raw.includes('\\')) {
    const file = store.getFile(normalizePath(raw));
    if (file !== undefined) {
      const node = store.getNode(file.fileNodeId);
      if (node !== undefined) return [node];
    }
  }
  const name = normalizeSymbol(raw);
  if (name.includes('.')) {
    const qualified = store.nodesByQualifiedName(name);
    if (qualified.length > 0) return qualified;
  }
  const exact = store.nodesByName(raw);
  if (exact.length > 0) return exact;
  return store.nodesByNameIgnoreCase(raw);
}

/**
 * For definitions found under one name: the class each constructor among them belongs to, when
 * that class was found too (a constructor named like its class in Java, C# or C++). `String` is
 * the class and its constructors, not a choice between them.
 */
export function ownClasses(nodes: readonly StoredNode[]): Map<number, StoredNode> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const classes = new Map<number, StoredNode>();
  for (const n of nodes) {
    const owner = n.kind === 'constructor' && n.parentId !== null ? byId.get(n.parentId) : undefined;
    if (owner !== undefined) classes.set(n.id, owner);
  }
  return classes;
}

/**
 * Groups by (file, qualified name); a constructor joins its class's group (`ownClasses`): the
 * callers of `String` are its uses and its instantiations, not two definitions in one file that
 * `file` cannot tell apart.
 */
function groupDefinitions(nodes: readonly StoredNode[]): DefinitionGroup[] {
  const classes = ownClasses(nodes);
  const groups = new Map<string, { path: string; qualifiedName: string; nodes: StoredNode[] }>();
  for (const found of nodes) {
    const node = classes.get(found.id) ?? found;
    const key = `${node.path}\0${node.qualifiedName}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { path: node.path, qualifiedName: node.qualifiedName, nodes: [found] });
    else group.nodes.push(found);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, nodes: g.nodes.sort((a, b) => a.startLine - b.startLine || a.id - b.id) }))
    .sort((a, b) => compareText(a.path, b.path) || (a.nodes[0]?.startLine ?? 0) - (b.nodes[0]?.startLine ?? 0) || compareText(a.qualifiedName, b.qualifiedName));
}

/**
 * The definitions in modules before their copies in bundles (`search/bundles.ts`): a package's
 * `moment.js` or `index.umd.js` holds the modules' functions again, and the module is the one
 * to read and to pass as `file`. Path order otherwise.
 */
function modulesFirst(store: GraphStore, groups: DefinitionGroup[]): DefinitionGroup[] {
  if (new Set(groups.map((g) => g.path)).size < 2) return groups;
  const bundles = bundledFiles(store);
  if (bundles.size === 0) return groups;
  return groups.sort((a, b) => Number(bundles.has(a.path)) - Number(bundles.has(b.path)));
}

/** Groups whose file is exactly `file`, else those whose path ends with `/` + `file`. */
function filterByFile(groups: readonly DefinitionGroup[], file: string): DefinitionGroup[] {
  const wanted = normalizePath(file);
  if (wanted === '') return [];
  const exact = groups.filter((g) => g.path === wanted);
  if (exact.length > 0) return exact;
  return groups.filter((g) => g.path.endsWith(`/${wanted}`));
}

function normalizePath(path: string): string {
  return path.trim().replace(/\\/g, '/').replace(/^(?:\.\/)+/, '').replace(/\/+$/, '');
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
