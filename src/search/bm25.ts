/**
 * Scoring for the full-text ranking: the query's terms as the FTS tokenizer sees them, Okapi BM25
 * from the index's match statistics, and a bonus when the name itself matches.
 */
import { splitIdentifierWords } from '../store/index.js';
import type { FullTextTerm } from '../store/index.js';

/** Column weights in `SEARCH_COLUMNS` order: a hit in the name counts most. */
export const SEARCH_WEIGHTS: readonly number[] = [10, 4, 2, 1];

const K1 = 1.2;
const B = 0.75;

/**
 * The query's terms: split on anything that is not a letter or digit (as the FTS "simple"
 * tokenizer does); each term keeps its camelCase words too, so `getUser` matches the indexed
 * token `getuser…` or the words `get` and `user` (a name split at indexing time).
 */
export function queryTerms(query: string): FullTextTerm[] {
  const terms: FullTextTerm[] = [];
  const seen = new Set<string>();
  for (const token of query.split(/[^A-Za-z0-9\u0080-\uFFFF]+/)) {
    const whole = token.toLowerCase();
    if (whole === '' || seen.has(whole)) continue;
    seen.add(whole);
    const split = splitIdentifierWords(token);
    const words = split === '' ? [] : split.toLowerCase().split(' ').filter((w) => w !== '');
    terms.push({ whole, words });
  }
  return terms;
}

/**
 * Okapi BM25 summed over phrases and weighted by column, from decoded 'pcnalx' matchinfo:
 * p phrases, c columns, n rows, a[c] average tokens, l[c] this row's tokens, then for each
 * phrase and column x = (hits in this row, hits in all rows, rows with a hit).
 */
export function bm25(info: Uint32Array, weights: readonly number[] = SEARCH_WEIGHTS): number {
  const p = info[0] ?? 0;
  const c = info[1] ?? 0;
  const n = info[2] ?? 0;
  const avgOffset = 3;
  const lenOffset = 3 + c;
  const hitsOffset = 3 + 2 * c;
  let score = 0;
  for (let i = 0; i < p; i += 1) {
    for (let j = 0; j < c; j += 1) {
      const base = hitsOffset + 3 * (i * c + j);
      const tf = info[base] ?? 0;
      if (tf === 0) continue;
      const df = info[base + 2] ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const avg = Math.max(info[avgOffset + j] ?? 1, 1);
      const len = info[lenOffset + j] ?? 0;
      const norm = tf + K1 * (1 - B + (B * len) / avg);
      score += (weights[j] ?? 1) * idf * ((tf * (K1 + 1)) / norm);
    }
  }
  return score;
}

/**
 * Extra score for the name itself matching the query, so `parse` ranks a function named `parse`
 * above `parseArgs` and above a docstring that mentions parsing; `Engine.serve` matches a
 * qualified name the same way.
 */
export function nameBonus(name: string, qualifiedName: string, query: string): number {
  const q = query.trim().toLowerCase();
  if (q === '') return 0;
  const n = name.toLowerCase();
  if (n === q || qualifiedName.toLowerCase() === q) return 100;
  if (n.startsWith(q)) return 20;
  return 0;
}
