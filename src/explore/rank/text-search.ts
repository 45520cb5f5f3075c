/**
 * Text relevance: the search engine's ranked symbol search (name index + full-text, as
 * codegraph_search uses it), run on the query's content words. Kept behind this function so
 * explore's ranking does not depend on how search scores internally: scores come back
 * normalized to 0..1.
 */
import { searchSymbols, STOP_WORDS } from '../../search/index.js';
import type { GraphStore, StoredNode } from '../../store/index.js';

/** A text match with its score relative to the best match (1 for the best). */
export interface TextHit {
  readonly node: StoredNode;
  readonly relevance: number;
}

const MAX_WORDS = 8;

/** Symbols matching the words, best first; empty for no words. */
export function textSearch(store: GraphStore, words: readonly string[], limit: number): TextHit[] {
  const plain = words.filter((w) => /^[a-z0-9]+$/i.test(w));
  // A list of words, never a sentence: a stop word search knows and explore does not (`whose`,
  // `must`) would make search read it as one, with a sentence's rules and column weights. Words
  // that are all such stop words (`either`, for Rust's `Either`) are sent as they are, one name.
  const content = plain.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
  const text = (content.length > 0 ? content : plain).slice(0, MAX_WORDS).join(' ');
  if (text === '') return [];
  const found = searchSymbols(store, text, { limit, fuzzy: false }).matches;
  const best = Math.max(...found.map((m) => m.score), 0);
  return found
    .filter((m) => m.node.kind !== 'file')
    .map((m) => ({ node: m.node, relevance: best > 0 ? Math.max(0, m.score) / best : 0.5 }));
}
