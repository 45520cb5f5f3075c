/**
 * The full-text ranking: names (camelCase words included), qualified names, signatures and
 * docstrings matched by prefix, scored by column-weighted BM25 plus a bonus when the name itself
 * matches. It ranks differently from `searchSymbols` (no kind weights, no demotion of tests);
 * the graph tools' close names use it, and it stays as it is until the ranker is rebuilt.
 */
import { NODE_KINDS } from '../model.js';
import type { NodeKind } from '../model.js';
import { eachFullTextMatch } from '../store/index.js';
import type { GraphStore, StoredNode } from '../store/index.js';
import { bm25, nameBonus, queryTerms } from './bm25.js';

/** One full-text result; higher scores rank first. */
export interface FullTextHit {
  readonly node: StoredNode;
  readonly score: number;
}

/** Options of `fullTextSearch`. */
export interface FullTextOptions {
  /** Most hits (default 10). */
  readonly limit?: number;
  /** Only these kinds; file nodes are left out unless asked for here. */
  readonly kinds?: readonly NodeKind[];
}

/**
 * Nodes whose text matches every query word, falling back to any word when that finds nothing;
 * best first, ties by id.
 */
export function fullTextSearch(store: GraphStore, query: string, options: FullTextOptions = {}): FullTextHit[] {
  const limit = options.limit ?? 10;
  const terms = queryTerms(query);
  const kinds = options.kinds ?? NODE_KINDS.filter((k) => k !== 'file');
  const scored = new Map<number, number>();
  for (const mode of ['all', 'any'] as const) {
    const searched = eachFullTextMatch(store, terms, mode, kinds, (id, info, name, qualifiedName) => {
      scored.set(id, (info === undefined ? 0 : bm25(info)) + nameBonus(name, qualifiedName, query));
    });
    if (!searched) return [];
    if (scored.size > 0 || terms.length < 2) break;
  }
  const top = [...scored].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
  return top.flatMap(([id, score]) => {
    const node = store.getNode(id);
    return node === undefined ? [] : [{ node, score }];
  });
}
