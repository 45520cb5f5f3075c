/**
 * The tree walk every extractor shares. One native `descendantsOfType` call finds the nodes an
 * extractor cares about, so JavaScript never touches the punctuation and identifiers that make up
 * most of a tree (per-node cursor calls into WASM cost more than the parse). Nesting is rebuilt
 * from byte ranges, so there is no recursion per tree level either: minified and generated
 * sources nest expressions thousands of levels deep.
 *
 * The walk of a whole tree also asks for the grammar's string literal types, whose nodes go to
 * the builder as literals (literals.ts), not to the visitor; a literal type the visitor asks for
 * itself is its own to read.
 *
 * Extractors often walk a part of the node they are visiting again (an impl body, a call's
 * arguments). Such a nested walk over the same node types reuses the enclosing walk's node list:
 * the subtree's nodes are a contiguous run of it, so no second native query is made and no node
 * is materialized twice.
 */
import type { Language, Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from './builder.js';
import { literalTypes } from './literals.js';

/**
 * Called for each named node whose type is in the visitor's set, in document order. Return false
 * to skip the node's descendants. Scopes opened with `builder.open` inside the callback close when
 * the walk moves past the node, so a definition's subtree is attributed to it without the
 * callback recursing.
 */
export type EnterNode = (node: Node, type: string) => boolean | void;

interface TypeQuery {
  readonly list: string[];
  readonly set: ReadonlySet<string>;
  /** String literal types the extractor did not ask for: handed to the builder, not to the visitor (literals.ts). */
  readonly literals: ReadonlySet<string>;
  /** Types that also name an anonymous token (TS `module`, Python `type`): those need an isNamed check. */
  readonly ambiguous: ReadonlySet<string>;
}

/** A walk in progress: its node list, and the node its callback is visiting now. */
interface Frame {
  readonly nodes: readonly (Node | null)[];
  readonly query: TypeQuery;
  /** Index in `nodes` of the node being visited; -1 between visits. */
  visiting: number;
}

const queries = new WeakMap<Language, WeakMap<ReadonlySet<string>, TypeQuery>>();
const plainQueries = new WeakMap<Language, WeakMap<ReadonlySet<string>, TypeQuery>>();
const active: Frame[] = [];

/**
 * Most walks in progress at once. An extractor walks again a part of the node it visits (a Java
 * class's body, a route's handler), which costs the stack a few frames per level: a file nesting
 * those deeper overflowed it at about 700 levels (route calls each inside the last's handler,
 * Java classes, Go route groups), and the whole file was lost. What lies deeper than this is not
 * walked; the rest of the file is extracted. Real code nests a few levels.
 */
const MAX_NESTED_WALKS = 200;

/**
 * Most definitions open around a node that is still visited; a node deeper is skipped with its
 * subtree, and the rest of the file is extracted. An extractor asks a definition's node for its
 * parent several times (its export, its comment, its overloads), and the runtime finds a parent
 * by walking down from the root, so each definition costs its depth: 5,000 TypeScript namespaces
 * nested in one another took 35 s, 5,000 nested Ruby classes 23 s. Real code nests a few levels.
 */
const MAX_DEFINITION_DEPTH = 128;

/**
 * Longest tree whose string literals are read (bytes): a larger file is generated or a table of
 * data (200,000 literals in a 1.5 MB array cost 0.6 s and 90 MB more to materialize), and a
 * hand-written source file is far smaller.
 */
const MAX_LITERAL_SOURCE = 512 * 1024;

/**
 * The query of `types`, with the grammar's string literal types added when `withLiterals` (the
 * walk of a whole tree: a nested walk of other types reads no literals, the outer walk meets them
 * in the part it skips).
 */
function queryFor(language: Language, types: ReadonlySet<string>, withLiterals: boolean): TypeQuery {
  const cache = withLiterals ? queries : plainQueries;
  let byTypes = cache.get(language);
  if (byTypes === undefined) {
    byTypes = new WeakMap();
    cache.set(language, byTypes);
  }
  let query = byTypes.get(types);
  if (query === undefined) {
    const literals = new Set(withLiterals ? literalTypes(language).filter((t) => !types.has(t)) : []);
    const ambiguous = new Set<string>();
    for (const type of [...types, ...literals]) if (language.idForNodeType(type, false) !== null) ambiguous.add(type);
    query = { list: [...types, ...literals], set: types, literals, ambiguous };
    byTypes.set(types, query);
  }
  return query;
}

/**
 * The run of the enclosing walk's list that `root`'s own query would return, as [from, to), or
 * undefined when that cannot be told from start offsets alone (then the native query runs).
 */
function runWithin(frame: Frame, root: Node): [number, number] | undefined {
  const nodes = frame.nodes;
  const current = nodes[frame.visiting];
  if (current == null || current.tree !== root.tree) return undefined;
  const start = root.startIndex;
  const end = root.endIndex;
  if (start < current.startIndex || end > current.endIndex) return undefined;
  const rootListed = frame.query.set.has(root.type);
  let from = frame.visiting;
  // Nodes before `root` in document order start before it, or start with it and enclose it.
  while (from < nodes.length && (nodes[from]?.startIndex ?? end) < start) from++;
  if (rootListed) {
    // `root` is listed: it is the last of the nodes starting where it starts that enclose it.
    let at = from;
    while (at < nodes.length && nodes[at]?.startIndex === start && nodes[at]?.id !== root.id) at++;
    if (nodes[at]?.id !== root.id) return undefined;
    from = at;
  } else {
    // Nodes starting where `root` starts may enclose it: tell by their end, refuse when equal.
    while (from < nodes.length && nodes[from]?.startIndex === start) {
      const otherEnd = nodes[from]?.endIndex ?? 0;
      if (otherEnd === end) return undefined;
      if (otherEnd < end) break;
      from++;
    }
  }
  let to = from;
  while (to < nodes.length && (nodes[to]?.startIndex ?? end) < end) to++;
  // A zero-width node where `root` ends belongs to it: the native query would return it too.
  if (start === end || (to < nodes.length && nodes[to]?.startIndex === end)) return undefined;
  return [from, to];
}

/** Visits `root` and its descendants whose types are in `types` (the native call includes the root). */
export function walk(root: Node, builder: ExtractionBuilder, types: ReadonlySet<string>, enter: EnterNode): void {
  if (active.length >= MAX_NESTED_WALKS) return;
  const outer = active[active.length - 1];
  // A nested walk of the same types shares the outer's query, and so its node list.
  const query = outer !== undefined && outer.query.set === types ? outer.query : queryFor(root.tree.language, types, outer === undefined && root.endIndex <= MAX_LITERAL_SOURCE);
  const run = outer !== undefined && outer.query === query && outer.visiting >= 0 ? runWithin(outer, root) : undefined;
  const nodes = run !== undefined && outer !== undefined ? outer.nodes : root.descendantsOfType(query.list);
  const [from, to] = run ?? [0, nodes.length];
  const frame: Frame = { nodes, query, visiting: -1 };
  active.push(frame);
  // Open ancestors: where each ends, the scope depth to restore then, and whether it is skipped.
  const ends: number[] = [];
  const marks: number[] = [];
  const skips: boolean[] = [];
  const base = builder.depth;
  try {
    for (let i = from; i < to; i++) {
      const node = nodes[i];
      if (node == null) continue;
      const start = node.startIndex;
      while (ends.length > 0 && (ends[ends.length - 1] ?? 0) <= start) {
        ends.pop();
        skips.pop();
        builder.restore(marks.pop() ?? base);
      }
      const type = node.type;
      if (query.literals.has(type)) {
        // Read in a part the visitor skipped too: a nested walk of other types reads none.
        if (!query.ambiguous.has(type) || node.isNamed) builder.literal(node);
        continue;
      }
      if (skips.length > 0 && skips[skips.length - 1] === true) continue;
      const mark = builder.depth;
      if (mark >= MAX_DEFINITION_DEPTH) {
        ends.push(node.endIndex);
        marks.push(mark);
        skips.push(true);
        continue;
      }
      if (query.ambiguous.has(type) && !node.isNamed) continue;
      frame.visiting = i;
      const descend = enter(node, type) !== false;
      frame.visiting = -1;
      if (!descend || builder.depth !== mark) {
        ends.push(node.endIndex);
        marks.push(mark);
        skips.push(!descend);
      }
    }
  } finally {
    active.pop();
    builder.restore(base);
  }
}

/**
 * The nodes of `types` under `root`, in document order, that lie inside at most
 * MAX_DEFINITION_DEPTH nodes of `bodies` (class bodies, say): what a pass over a whole file reads
 * before asking each node for its parent, which costs the node's depth. Nesting is told from byte
 * ranges, as the walk tells it.
 */
export function shallowNodes(root: Node, types: readonly string[], bodies: readonly string[]): Node[] {
  const wanted = new Set(types);
  const containers = new Set(bodies);
  const ends: number[] = [];
  const out: Node[] = [];
  for (const node of root.descendantsOfType([...new Set([...types, ...bodies])])) {
    if (node == null) continue;
    while (ends.length > 0 && (ends[ends.length - 1] ?? 0) <= node.startIndex) ends.pop();
    if (wanted.has(node.type) && ends.length <= MAX_DEFINITION_DEPTH) out.push(node);
    if (containers.has(node.type)) ends.push(node.endIndex);
  }
  return out;
}

/** Same as `walk`; reads better where the node itself, not only its subtree, is the point. */
export const walkNode = walk;
