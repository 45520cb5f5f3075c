/**
 * The tree walk every extractor shares. One native `descendantsOfType` call finds the nodes an
 * extractor cares about, so JavaScript never touches the punctuation and identifiers that make up
 * most of a tree (per-node cursor calls into WASM cost more than the parse). Nesting is rebuilt
 * from byte ranges, so there is no recursion per tree level either: minified and generated
 * sources nest expressions thousands of levels deep.
 */
import type { Language, Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from './builder.js';

/**
 * Called for each named node whose type is in the visitor's set, in document order. Return false
 * to skip the node's descendants. Scopes opened with `builder.open` inside the callback close when
 * the walk moves past the node, so a definition's subtree is attributed to it without the
 * callback recursing.
 */
export type EnterNode = (node: Node, type: string) => boolean | void;

interface TypeQuery {
  readonly list: string[];
  /** Types that also name an anonymous token (TS `module`, Python `type`): those need an isNamed check. */
  readonly ambiguous: ReadonlySet<string>;
}

const queries = new WeakMap<Language, WeakMap<ReadonlySet<string>, TypeQuery>>();

function queryFor(language: Language, types: ReadonlySet<string>): TypeQuery {
  let byTypes = queries.get(language);
  if (byTypes === undefined) {
    byTypes = new WeakMap();
    queries.set(language, byTypes);
  }
  let query = byTypes.get(types);
  if (query === undefined) {
    const ambiguous = new Set<string>();
    for (const type of types) if (language.idForNodeType(type, false) !== null) ambiguous.add(type);
    query = { list: [...types], ambiguous };
    byTypes.set(types, query);
  }
  return query;
}

/** Visits `root` and its descendants whose types are in `types` (the native call includes the root). */
export function walk(root: Node, builder: ExtractionBuilder, types: ReadonlySet<string>, enter: EnterNode): void {
  const query = queryFor(root.tree.language, types);
  const nodes = root.descendantsOfType(query.list);
  // Open ancestors: where each ends, the scope depth to restore then, and whether it is skipped.
  const ends: number[] = [];
  const marks: number[] = [];
  const skips: boolean[] = [];
  const base = builder.depth;
  try {
    for (const node of nodes) {
      if (node === null) continue;
      const start = node.startIndex;
      while (ends.length > 0 && (ends[ends.length - 1] ?? 0) <= start) {
        ends.pop();
        skips.pop();
        builder.restore(marks.pop() ?? base);
      }
      if (skips.length > 0 && skips[skips.length - 1] === true) continue;
      const type = node.type;
      if (query.ambiguous.has(type) && !node.isNamed) continue;
      const mark = builder.depth;
      const descend = enter(node, type) !== false;
      const end = node.endIndex;
      if (!descend || builder.depth !== mark) {
        ends.push(end);
        marks.push(mark);
        skips.push(!descend);
      }
    }
  } finally {
    builder.restore(base);
  }
}

/** Same as `walk`; reads better where the node itself, not only its subtree, is the point. */
export const walkNode = walk;
