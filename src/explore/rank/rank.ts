/**
 * Ranking: seeds from the parsed query (exact targets, named symbols, name segments, text
 * search), spread over the graph by a personalized PageRank, weighted by kind and by path
 * (tests, generated and vendored code rank lower unless the query asks about tests).
 */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import type { ParsedQuery } from '../query/understand.js';
import { CALLER_KINDS } from '../data/edges.js';
import { textSearch } from './text-search.js';
import { personalizedPageRank } from './walk.js';
import { kindWeight, pathPenalty } from './weights.js';

/** A ranked symbol. */
export interface RankedSymbol {
  readonly node: StoredNode;
  readonly score: number;
  /** The score without the exact/named bonuses, comparable across files. */
  readonly base: number;
  /** Seed strength from the query text (0 when only the graph reached it). */
  readonly text: number;
  /** An exact target or one of the query's named definitions. */
  readonly exact: boolean;
  readonly named: boolean;
}

/** A ranked file with its relevant symbols, best first. */
export interface RankedFile {
  readonly path: string;
  readonly score: number;
  /** The score from the files' symbols without bonuses, for dropping incidental files. */
  readonly base: number;
  readonly symbols: readonly RankedSymbol[];
  readonly pinned: boolean;
  /** Named by the query: by path, by an exact target, or by defining a named symbol. */
  readonly named: boolean;
}

/** The ranking of one query. */
export interface Ranking {
  readonly symbols: readonly RankedSymbol[];
  /** Definitions whose every name segment the prose names ("apply discount" -> `applyDiscount`). */
  readonly prose: readonly StoredNode[];
  readonly files: readonly RankedFile[];
}

const MAX_DEFINITIONS_PER_NAME = 12;
/** Definitions taken from the term index, and the seed weight of the best of them. */
const TERM_HITS = 40;
const TERM_WEIGHT = 0.6;
/** How many times `TERM_HITS` term matches are weighed by path before the cut. */
const TERM_CANDIDATES = 4;
/** Definitions whose every name segment the prose names, for the flow block. */
const MAX_PROSE = 6;
const TEXT_HITS = 30;
const PINNED_FILE_SEEDS = 30;
const EXACT_BONUS = 10;
/** Callables whose cross-file helpers are promoted, the helpers' share of their rank, and how widely called a helper may be. */
const HELPER_LEADERS = 3;
const HELPER_SHARE = 0.6;
const HELPER_MAX_CALLERS = 16;
const LEADER_KINDS = new Set(['function', 'method', 'constructor']);
const NAMED_BONUS = 1;
/** The bonus of a definition named only by a plain word of a sentence, which may be just a word. */
const PROSE_NAMED_BONUS = 0.5;

/** Ranks symbols and files for `query`. */
export function rank(query: ParsedQuery, data: IndexData): Ranking {
  const seeds = new Map<number, number>();
  const nodes = new Map<number, StoredNode>();
  const exact = new Set<number>();
  const named = new Set<number>();
  // Named by code somewhere in the query, not only by a plain word of a sentence.
  const namedAsCode = new Set<number>();
  const penaltyOf = (node: StoredNode): number => pathPenalty(node.path, data.byPath.get(node.path)?.isTest ?? false, query.wantsTests);
  const seed = (node: StoredNode, weight: number): void => {
    if (node.kind === 'file' || weight <= 0) return;
    nodes.set(node.id, node);
    seeds.set(node.id, Math.max(seeds.get(node.id) ?? 0, weight));
  };

  for (const t of query.exact) {
    if (t.node !== undefined) {
      seed(t.node, 1);
      exact.add(t.node.id);
      continue;
    }
    // A span: the symbols it overlaps, innermost (shortest) first.
    const inside = data.nodes.inFile(t.path).filter((n) => n.kind !== 'file' && n.startLine <= t.end && n.endLine >= t.start);
    inside.sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine) || a.startLine - b.startLine);
    for (const n of inside.slice(0, 10)) seed(n, 0.6);
  }
  for (const n of query.named) {
    const defs = n.nodes.slice(0, MAX_DEFINITIONS_PER_NAME);
    const base = n.codeShaped || n.qualified ? 0.9 : n.specific ? 0.5 : 0.2;
    const weight = base / Math.sqrt(Math.max(1, n.nodes.length));
    for (const d of defs) {
      seed(d, weight);
      if (n.nodes.length <= 3 && n.specific) {
        named.add(d.id);
        if (n.prose !== true) namedAsCode.add(d.id);
      }
    }
  }
  const prose: StoredNode[] = [];
  if (query.terms.length > 0) {
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
    for (const hit of textSearch(data.store, query.words, TEXT_HITS)) seed(hit.node, 0.3 * hit.relevance);
  }
  for (const path of query.paths.pinned) {
    let count = 0;
    for (const n of data.nodes.inFile(path)) {
      if (n.kind === 'file' || n.parentId === null) continue;
      if (count++ >= PINNED_FILE_SEEDS) break;
      if (!seeds.has(n.id)) seed(n, 0.05);
    }
  }

  const walk = personalizedPageRank(seeds, data.edges);
  const maxWalk = Math.max(0, ...walk.values()) || 1;
  const missing = [...walk.keys()].filter((id) => !nodes.has(id));
  for (const [id, node] of data.nodes.many(missing)) nodes.set(id, node);

  const symbols: RankedSymbol[] = [];
  for (const [id, node] of nodes) {
    if (node.kind === 'file') continue;
    const text = seeds.get(id) ?? 0;
    const graph = (walk.get(id) ?? 0) / maxWalk;
    const penalty = penaltyOf(node);
    const base = (0.6 * text + 0.4 * graph) * kindWeight(node.kind) * penalty;
    let score = base;
    if (exact.has(id)) score += EXACT_BONUS;
    else if (named.has(id)) score += (namedAsCode.has(id) ? NAMED_BONUS : PROSE_NAMED_BONUS) * penalty;
    if (score < 0.01) continue;
    symbols.push({ node, score, base, text, exact: exact.has(id), named: named.has(id) });
  }
  symbols.sort(bySymbolRank);
  const promoted = withHelpers(symbols, data, query);
  return { symbols: promoted, prose, files: rankFiles(promoted, query) };
}

/**
 * The helpers the leading callables delegate to in other files (`ArrayList.grow` ->
 * `ArraysSupport.newLength`) rank just below them: "how does X do Y" is answered by X and what it
 * calls, and the helper's own name rarely carries the question's words. Only specific helpers
 * count (few callers); a utility called from everywhere explains nothing about X.
 */
function withHelpers(symbols: readonly RankedSymbol[], data: IndexData, query: ParsedQuery): RankedSymbol[] {
  const isTest = (n: StoredNode): boolean => data.byPath.get(n.path)?.isTest === true;
  const leaders = symbols.filter((s) => LEADER_KINDS.has(s.node.kind) && s.text > 0 && (query.wantsTests || !isTest(s.node))).slice(0, HELPER_LEADERS);
  if (leaders.length === 0) return [...symbols];
  const out = data.edges.outgoing(leaders.map((l) => l.node.id));
  const boost = new Map<number, number>();
  for (const leader of leaders) {
    for (const adj of out.get(leader.node.id) ?? []) {
      if (adj.kind !== 'calls' || adj.id === leader.node.id) continue;
      boost.set(adj.id, Math.max(boost.get(adj.id) ?? 0, HELPER_SHARE * leader.base));
    }
  }
  // A leader that only delegates (`flush` -> `_flush`) is looked through: its same-file callees'
  // own helpers count too, one step weaker.
  const direct = new Map(boost);
  const directNodes = data.nodes.many([...direct.keys()]);
  const sameFile = [...direct.keys()].filter((id) => {
    const node = directNodes.get(id);
    return node !== undefined && LEADER_KINDS.has(node.kind) && leaders.some((l) => l.node.path === node.path);
  });
  const further = data.edges.outgoing(sameFile);
  for (const id of sameFile) {
    const share = HELPER_SHARE * (direct.get(id) ?? 0);
    for (const adj of further.get(id) ?? []) {
      if (adj.kind !== 'calls' || adj.id === id) continue;
      boost.set(adj.id, Math.max(boost.get(adj.id) ?? 0, share));
    }
  }
  const callers = data.edges.incoming(boost.keys());
  const nodes = data.nodes.many([...boost.keys()]);
  const byId = new Map(symbols.map((s) => [s.node.id, s]));
  for (const [id, base] of boost) {
    const node = nodes.get(id);
    const fanIn = (callers.get(id) ?? []).filter((a) => CALLER_KINDS.has(a.kind)).length;
    if (node === undefined || !LEADER_KINDS.has(node.kind) || fanIn > HELPER_MAX_CALLERS || (isTest(node) && !query.wantsTests)) continue;
    if (leaders.some((l) => l.node.path === node.path)) continue;
    const current = byId.get(id);
    if (current !== undefined && current.base >= base) continue;
    const bonus = (current?.score ?? 0) - (current?.base ?? 0);
    byId.set(id, { node, score: base + bonus, base, text: current?.text ?? 0, exact: current?.exact ?? false, named: current?.named ?? false });
  }
  return [...byId.values()].sort(bySymbolRank);
}

function rankFiles(symbols: readonly RankedSymbol[], query: ParsedQuery): RankedFile[] {
  const byPath = new Map<string, RankedSymbol[]>();
  for (const s of symbols) {
    const list = byPath.get(s.node.path);
    if (list === undefined) byPath.set(s.node.path, [s]);
    else list.push(s);
  }
  const pinned = query.paths.pinned;
  const exactPaths = query.exact.map((t) => t.path);
  const namedPaths = new Set<string>([...pinned, ...exactPaths]);
  for (const n of query.named) if ((n.codeShaped || n.qualified) && n.nodes.length <= 3) for (const d of n.nodes) namedPaths.add(d.path);
  for (const p of [...pinned, ...exactPaths]) if (!byPath.has(p)) byPath.set(p, []);
  const files: RankedFile[] = [...byPath].map(([path, list]) => {
    const [top, ...rest] = list;
    const score = (top?.score ?? 0) + 0.25 * rest.slice(0, 4).reduce((s, x) => s + x.score, 0);
    const bases = list.map((x) => x.base).sort((a, b) => b - a);
    const base = (bases[0] ?? 0) + 0.25 * bases.slice(1, 5).reduce((s, x) => s + x, 0);
    return { path, score, base, symbols: list, pinned: pinned.includes(path), named: namedPaths.has(path) };
  });
  const order = (f: RankedFile): number => {
    const p = pinned.indexOf(f.path);
    if (p >= 0) return p;
    const e = exactPaths.indexOf(f.path);
    return e >= 0 ? 100 + e : 1000;
  };
  files.sort((a, b) => order(a) - order(b) || b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return files;
}

/** Best first; ties by path, line, id so equal scores never reorder between runs. */
export function bySymbolRank(a: RankedSymbol, b: RankedSymbol): number {
  return b.score - a.score || (a.node.path < b.node.path ? -1 : a.node.path > b.node.path ? 1 : 0) || a.node.startLine - b.node.startLine || a.node.id - b.node.id;
}
