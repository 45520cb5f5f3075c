/**
 * A file's symbols in the order to show them, from their rank and from how strongly their
 * bodies and names use the query's terms.
 */
import type { StoredNode } from '../../store/index.js';
import type { BodyHit } from '../rank/body.js';
import type { NameHit } from '../rank/names.js';
import { CONTAINER_KINDS } from '../kinds.js';
import type { RankedSymbol } from '../rank/rank.js';
import { byPriority, EXACT_PRIORITY, NAMED_PRIORITY, type PrioritySymbol } from './priority.js';

/**
 * In a file, the weight of a symbol's rank against its body's use of the query's terms (tuning half
 * of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value; 0.4 gave 216, 0.6 215).
 */
const BODY_RANK_SHARE = 0.5;
/** In a file, the extra weight of a symbol named with the query's words (relative to the file's best name). Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 215 at 0.15, 216 at 0.5. */
const NAME_SHARE = 0.3;
/** A container too long to show whole is rendered as its head only, so it ranks at this share among a file's symbols. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.4, 217 at 0.8. */
const HEAD_ONLY_SHARE = 0.6;
/** A container longer than this many lines is shown as its head only. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 216 at 20, 217 at 45. */
const HEAD_ONLY_LINES = 30;
/** The share of a head-only container's rank its members that use the query's words inherit. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.15, 217 at 0.5. */
const CONTAINER_SHARE = 0.3;
/** The share of the file's best rank a definition found only by its body or name starts from. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.3, 217 at 0.7. */
const FOUND_SHARE = 0.5;

/**
 * A file's symbols in the order to show them: exact and named ones first, then by the mean of
 * their rank and of how strongly their bodies use the query's terms (both relative to the
 * file's best), so the definitions doing what the question asks come before incidental ones.
 */
export function withBodyHits(symbols: readonly RankedSymbol[], hits: readonly BodyHit[], names: readonly NameHit[], termCount: number): PrioritySymbol[] {
  // A body counts when it uses two of the query's terms (one, for a one-term query).
  const need = Math.min(2, termCount);
  const useful = hits.filter((h) => h.terms >= need);
  const topBase = Math.max(0, ...symbols.filter((s) => !s.exact).map((s) => s.base)) || 1;
  const topBody = Math.max(0, ...useful.map((h) => h.score)) || 1;
  const topName = Math.max(0, ...names.map((h) => h.score)) || 1;
  const body = new Map<number, number>(useful.map((h) => [h.node.id, h.score / topBody]));
  const name = new Map<number, number>(names.map((h) => [h.node.id, h.score / topName]));
  const all = [...symbols, ...foundOnly(symbols, useful, names, topBase, topBody, topName)];
  const share = useful.length === 0 ? 1 : BODY_RANK_SHARE;
  // A member named with the query's words inherits part of its head-only container's rank:
  // the class the question is about is shown as a head, so its relevant methods carry it.
  const containers = new Map<number, number>(all.filter((s) => headOnly(s.node) < 1).map((s) => [s.node.id, Math.min(1, s.base / topBase)]));
  // The file's best-ranked definition is why the file is in the answer: it always comes first.
  const lead = symbols.find((s) => !s.exact && !s.named)?.node.id;
  const out = all.map((s) => {
    const own = body.get(s.node.id) ?? 0;
    const named = name.get(s.node.id) ?? 0;
    const parent = s.node.parentId === null || named === 0 ? 0 : containers.get(s.node.parentId) ?? 0;
    const tier = s.exact ? EXACT_PRIORITY : s.named ? NAMED_PRIORITY : 0;
    return {
      symbol: s,
      lead: s.node.id === lead,
      priority: tier + headOnly(s.node) * (share * Math.min(1, s.base / topBase) + (1 - share) * own + NAME_SHARE * named) + CONTAINER_SHARE * parent,
    };
  });
  return out.sort(byPriority);
}

/** Definitions the ranking missed that the body or name hits found, ranked from how strongly they were found. */
function foundOnly(symbols: readonly RankedSymbol[], useful: readonly BodyHit[], names: readonly NameHit[], topBase: number, topBody: number, topName: number): RankedSymbol[] {
  const known = new Set(symbols.map((s) => s.node.id));
  const extra = new Map<number, number>();
  for (const h of useful) extra.set(h.node.id, h.score / topBody);
  for (const h of names) extra.set(h.node.id, Math.max(extra.get(h.node.id) ?? 0, h.score / topName));
  const nodes = new Map<number, StoredNode>([...useful, ...names].map((h) => [h.node.id, h.node]));
  const out: RankedSymbol[] = [];
  for (const [id, strength] of extra) {
    const node = nodes.get(id);
    if (known.has(id) || node === undefined) continue;
    const score = FOUND_SHARE * topBase * strength;
    out.push({ node, score, base: score, text: 0, exact: false, named: false });
  }
  return out;
}

/** The share a definition ranks at among its file's symbols: less when only its head is shown. */
function headOnly(node: StoredNode): number {
  return CONTAINER_KINDS.has(node.kind) && node.endLine - node.startLine + 1 > HEAD_ONLY_LINES ? HEAD_ONLY_SHARE : 1;
}
