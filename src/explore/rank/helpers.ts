/** Cross-file helpers of the leading callables, ranked just below them. */
import { FUNCTION_KINDS } from '../../model.js';
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import { CALLER_KINDS } from '../data/edges.js';
import type { ParsedQuery } from '../query/understand.js';
import { bySymbolRank, type RankedSymbol } from './ranked.js';

/** Callables whose cross-file helpers are promoted. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 2, 217 at 4. */
const HELPER_LEADERS = 3;
/** The helpers' share of their leader's rank. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 214 at 0.45, 215 at 0.8. */
const HELPER_SHARE = 0.6;
/** A helper with more callers than this is a utility, not promoted. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 216 at 8, 216 at 32. */
const HELPER_MAX_CALLERS = 16;

/**
 * The helpers the leading callables delegate to in other files (`ArrayList.grow` ->
 * `ArraysSupport.newLength`) rank just below them: "how does X do Y" is answered by X and what it
 * calls, and the helper's own name rarely carries the question's words. Only specific helpers
 * count (few callers); a utility called from everywhere explains nothing about X.
 */
export function withHelpers(symbols: readonly RankedSymbol[], data: IndexData, query: ParsedQuery): RankedSymbol[] {
  const isTest = (n: StoredNode): boolean => data.byPath.get(n.path)?.isTest === true;
  const leaders = symbols.filter((s) => FUNCTION_KINDS.has(s.node.kind) && s.text > 0 && (query.wantsTests || !isTest(s.node))).slice(0, HELPER_LEADERS);
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
    return node !== undefined && FUNCTION_KINDS.has(node.kind) && leaders.some((l) => l.node.path === node.path);
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
    if (node === undefined || !FUNCTION_KINDS.has(node.kind) || fanIn > HELPER_MAX_CALLERS || (isTest(node) && !query.wantsTests)) continue;
    if (leaders.some((l) => l.node.path === node.path)) continue;
    const current = byId.get(id);
    if (current !== undefined && current.base >= base) continue;
    const bonus = (current?.score ?? 0) - (current?.base ?? 0);
    byId.set(id, { node, score: base + bonus, base, text: current?.text ?? 0, exact: current?.exact ?? false, named: current?.named ?? false });
  }
  return [...byId.values()].sort(bySymbolRank);
}
