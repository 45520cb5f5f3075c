/**
 * The ranking's seeds: how strongly the query's text points at each definition — exact
 * targets, named symbols, term and text matches, and the definitions of pinned files.
 */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import { MAX_DEFINITIONS } from '../query/definitions.js';
import type { ParsedQuery } from '../query/understand.js';
import { routePath } from '../../index/extract/routes.js';
import { termsOf } from '../data/terms.js';
import { textSearch } from './text-search.js';
import { sayersOf } from '../../search/index.js';

/** Seed weights by node id, with the nodes and what the query said of them. */
export interface Seeds {
  readonly weights: ReadonlyMap<number, number>;
  readonly nodes: Map<number, StoredNode>;
  /** Exact targets. */
  readonly exact: ReadonlySet<number>;
  /** Definitions of a specific name with few definitions. */
  readonly named: ReadonlySet<number>;
  /** Named by code somewhere in the query, not only by a plain word of a sentence. */
  readonly namedAsCode: ReadonlySet<number>;
  /** Definitions whose every name segment the prose names ("apply discount" -> `applyDiscount`). */
  readonly prose: readonly StoredNode[];
}

/** Most definitions of one name seeded. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 216 at 8, 217 at 16. */
const MAX_DEFINITIONS_PER_NAME = 12;
/**
 * The seed weight of a name written as code, of a specific plain word, and of a common word,
 * shared among the name's definitions (divided by the root of their count). Tuning half of the
 * eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at these values; 217 with the first at 0.7, 216 at
 * 1.1; 217 with the second at 0.35, 215 at 0.7; 216 with the third at 0.1, 217 at 0.3.
 */
const CODE_NAME_WEIGHT = 0.9;
const SPECIFIC_WORD_WEIGHT = 0.5;
const PLAIN_WORD_WEIGHT = 0.2;
/** Definitions taken from the term index. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 213 at 30, 213 at 60. */
const TERM_HITS = 40;
/**
 * The seed weight of the best term match (tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore
 * targets at this value; 0.5 gave 215, 0.7 216).
 */
const TERM_WEIGHT = 0.6;
/** How many times `TERM_HITS` term matches are weighed by path before the cut. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 215 at 2, 217 at 6. */
const TERM_CANDIDATES = 4;
/** Definitions whose every name segment the prose names, for the flow block. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 4, 217 at 8. */
const MAX_PROSE = 6;
/**
 * Full-text matches seeded, and the seed weight of a full relevance (tuning half of the eval,
 * 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at these values; 20 or 45 matches gave 214, a weight of
 * 0.2 or 0.4 gave 215).
 */
const TEXT_HITS = 30;
const TEXT_WEIGHT = 0.3;
/** A pinned file's first this many nested definitions get a token seed. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets as set; 217 with `PINNED_FILE_SEEDS` at 20, 217 at 45; 217 with `PINNED_WEIGHT` at 0.025, 217 at 0.1. */
const PINNED_FILE_SEEDS = 30;
const PINNED_WEIGHT = 0.05;
/** The innermost symbols an anchored span seeds, and their weight. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets as set; 217 with `SPAN_SEEDS` at 6, 217 at 15; 217 with `SPAN_WEIGHT` at 0.45, 217 at 0.8. */
const SPAN_SEEDS = 10;
const SPAN_WEIGHT = 0.6;

/** The seeds of `query`; `penaltyOf` is the path penalty that orders term matches before their cut. */
export function querySeeds(query: ParsedQuery, data: IndexData, penaltyOf: (node: StoredNode) => number): Seeds {
  const weights = new Map<number, number>();
  const nodes = new Map<number, StoredNode>();
  const seeds = { weights, nodes, exact: new Set<number>(), named: new Set<number>(), namedAsCode: new Set<number>(), prose: [] as StoredNode[] };
  const seed = (node: StoredNode, weight: number): void => {
    if (node.kind === 'file' || weight <= 0) return;
    nodes.set(node.id, node);
    weights.set(node.id, Math.max(weights.get(node.id) ?? 0, weight));
  };
  for (const t of query.exact) {
    if (t.node !== undefined) {
      seed(t.node, 1);
      seeds.exact.add(t.node.id);
      continue;
    }
    // A span: the symbols it overlaps, innermost (shortest) first.
    const inside = data.nodes.inFile(t.path).filter((n) => n.kind !== 'file' && n.startLine <= t.end && n.endLine >= t.start);
    inside.sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine) || a.startLine - b.startLine);
    for (const n of inside.slice(0, SPAN_SEEDS)) seed(n, SPAN_WEIGHT);
  }
  seedNames(query, seed, seeds);
  // A pasted message names the code that says it (search/sayers.ts), as a name written as code does.
  for (const node of data.store.nodesByIds(sayersOf(data.store, query.raw))) {
    seed(node, CODE_NAME_WEIGHT);
    seeds.named.add(node.id);
  }
  if (query.terms.length > 0) {
    seedTerms(query, data, penaltyOf, seed, seeds.prose);
    for (const hit of textSearch(data.store, query.words, TEXT_HITS)) seed(hit.node, TEXT_WEIGHT * hit.relevance);
  }
  seedHandlers(query, data, seeds, seed);
  for (const path of query.paths.pinned) {
    let count = 0;
    for (const n of data.nodes.inFile(path)) {
      if (n.kind === 'file' || n.parentId === null) continue;
      if (count++ >= PINNED_FILE_SEEDS) break;
      if (!weights.has(n.id)) seed(n, PINNED_WEIGHT);
    }
  }
  return seeds;
}

type Seed = (node: StoredNode, weight: number) => void;

/** Named symbols: code-shaped names seed strongly, plain words weakly, spread over their definitions. */
function seedNames(query: ParsedQuery, seed: Seed, seeds: { named: Set<number>; namedAsCode: Set<number> }): void {
  for (const n of query.named) {
    const defs = n.nodes.slice(0, MAX_DEFINITIONS_PER_NAME);
    const base = n.codeShaped || n.qualified ? CODE_NAME_WEIGHT : n.specific ? SPECIFIC_WORD_WEIGHT : PLAIN_WORD_WEIGHT;
    const weight = base / Math.sqrt(Math.max(1, n.nodes.length));
    for (const d of defs) {
      seed(d, weight);
      if (n.nodes.length <= MAX_DEFINITIONS && n.specific) {
        seeds.named.add(d.id);
        if (n.prose !== true) seeds.namedAsCode.add(d.id);
      }
    }
  }
}

/** Term-index matches, relative to the best; the whole-name ones are also collected in `prose`. */
function seedTerms(query: ParsedQuery, data: IndexData, penaltyOf: (node: StoredNode) => number, seed: Seed, prose: StoredNode[]): void {
  const namedTexts = new Set(query.named.filter((n) => n.specific).map((n) => n.text));
  // Candidates are weighed with the path penalty before the cut: a test suite that spells out
  // every word of the question (`FetchLimitOffsetTest.test_limit_offset…`) would otherwise
  // fill the whole list and leave no room for the code it tests.
  const candidates = data.terms().match(query.terms, TERM_HITS * TERM_CANDIDATES);
  const found = data.nodes.many(candidates.map((m) => m.id));
  const weighed = candidates.flatMap((m) => {
    const node = found.get(m.id);
    if (node === undefined) return [];
    return [{ m, node, score: m.score * penaltyOf(node) }];
  });
  weighed.sort((a, b) => b.score - a.score || a.m.id - b.m.id);
  const matches = weighed.slice(0, TERM_HITS);
  // The seeds themselves are unpenalized: the path penalty applies once, to the ranked score.
  const best = Math.max(0, ...matches.map((w) => w.m.score));
  for (const { m, node } of best > 0 ? matches : []) {
    if (m.nameSegments >= 2 && m.nameHits === m.nameSegments && !namedTexts.has(node.name) && prose.length < MAX_PROSE) prose.push(node);
    seed(node, TERM_WEIGHT * (m.score / best));
  }
}

/**
 * A route's handler takes the route's seed when the query names a word of the route's path: a
 * route is one declaration line whose words are its path and method, and the question that names
 * them ("which handler takes the POSTed preferences") asks for the function that serves it, whose
 * own name need not share a word with them.
 */
function seedHandlers(query: ParsedQuery, data: IndexData, seeds: Pick<Seeds, 'weights' | 'nodes'>, seed: Seed): void {
  // The method alone names no route: "GET" and "POST" are words of half of them.
  const terms = new Set(query.terms);
  const namesPath = (route: StoredNode): boolean => termsOf(routePath(route.name)).some((t) => terms.has(t));
  const routes = [...seeds.nodes.values()].filter((n) => n.kind === 'route' && namesPath(n));
  if (routes.length === 0) return;
  const out = data.edges.outgoing(routes.map((r) => r.id));
  const handlerOf = new Map<number, number>();
  for (const r of routes) {
    const handlers = (out.get(r.id) ?? []).filter((adj) => adj.kind === 'calls');
    // A chain of middleware shares the seed, as a name shares it among its definitions.
    const weight = (seeds.weights.get(r.id) ?? 0) / Math.sqrt(Math.max(1, handlers.length));
    for (const adj of handlers) handlerOf.set(adj.id, Math.max(handlerOf.get(adj.id) ?? 0, weight));
  }
  for (const [id, node] of data.nodes.many([...handlerOf.keys()])) seed(node, handlerOf.get(id) ?? 0);
}
