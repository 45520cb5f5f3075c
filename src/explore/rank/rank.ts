/**
 * Ranking: seeds from the parsed query (exact targets, named symbols, name segments, text
 * search), spread over the graph by a personalized PageRank, weighted by kind and by path
 * (tests, generated and vendored code and bundles rank lower unless the query asks about tests).
 */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import type { ParsedQuery } from '../query/understand.js';
import { rankFiles } from './files.js';
import { withHelpers } from './helpers.js';
import { bySymbolRank, type RankedSymbol, type Ranking } from './ranked.js';
import { querySeeds } from './seeds.js';
import { personalizedPageRank } from './walk.js';
import { kindWeight, pathPenalty } from './weights.js';
import { DEPRECATED_SHARE, isDeprecatedDoc } from '../../search/index.js';

/** The ranking's shapes and order (defined in ranked.ts), importable beside the ranker. */
export { bySymbolRank } from './ranked.js';
export type { RankedFile, RankedSymbol, Ranking } from './ranked.js';

/**
 * A symbol's score mixes its seed strength and its walk score in these shares (tuning half of the
 * eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value; 0.5/0.5 gave 216, 0.7/0.3 213).
 */
const TEXT_SHARE = 0.6;
const GRAPH_SHARE = 0.4;
/** Bonus of an exact target: above any score without one. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 5, 217 at 20. */
const EXACT_BONUS = 10;
/**
 * Bonus of a named definition (tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at
 * this value; 0.5 gave 216, 2 the same 217).
 */
const NAMED_BONUS = 1;
/** The bonus of a definition named only by a plain word of a sentence, which may be just a word. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.25, 217 at 0.75. */
const PROSE_NAMED_BONUS = 0.5;
/** Symbols scoring below this are dropped. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.005, 215 at 0.02. */
const MIN_SCORE = 0.01;

/** Ranks symbols and files for `query`. */
export function rank(query: ParsedQuery, data: IndexData): Ranking {
  const bundles = data.bundles();
  const penaltyOf = (node: StoredNode): number => pathPenalty(node.path, data.byPath.get(node.path)?.isTest ?? false, query.wantsTests, bundles.has(node.path));
  const seeds = querySeeds(query, data, penaltyOf);
  const { nodes, exact, named, namedAsCode } = seeds;
  const walk = personalizedPageRank(seeds.weights, data.edges);
  const maxWalk = Math.max(0, ...walk.values()) || 1;
  const missing = [...walk.keys()].filter((id) => !nodes.has(id));
  for (const [id, node] of data.nodes.many(missing)) nodes.set(id, node);

  const symbols: RankedSymbol[] = [];
  for (const [id, node] of nodes) {
    if (node.kind === 'file') continue;
    const text = seeds.weights.get(id) ?? 0;
    const graph = (walk.get(id) ?? 0) / maxWalk;
    const penalty = penaltyOf(node) * (isDeprecatedDoc(node.docstring) ? DEPRECATED_SHARE : 1);
    const base = (TEXT_SHARE * text + GRAPH_SHARE * graph) * kindWeight(node.kind) * penalty;
    let score = base;
    if (exact.has(id)) score += EXACT_BONUS;
    else if (named.has(id)) score += (namedAsCode.has(id) ? NAMED_BONUS : PROSE_NAMED_BONUS) * penalty;
    if (score < MIN_SCORE) continue;
    symbols.push({ node, score, base, text, exact: exact.has(id), named: named.has(id) });
  }
  symbols.sort(bySymbolRank);
  const promoted = withHelpers(symbols, data, query);
  return { symbols: promoted, prose: seeds.prose, files: rankFiles(promoted, query) };
}
