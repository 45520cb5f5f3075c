/**
 * What a file's leading callables call in the same file comes right after them: the answer to
 * "how does X do Y" is usually X and the helpers it delegates to (`_save_table` ->
 * `_do_update`, `_do_insert`).
 */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import { CALLABLE_KINDS } from '../kinds.js';
import { byPriority, NAMED_PRIORITY, type PrioritySymbol } from './priority.js';

/** The leading callables of a file whose same-file callees follow them. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 213 at 1, 214 at 3. */
const CALLEE_LEADERS = 2;
/** The share of a leading callable's priority its same-file callees get. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.25, 212 at 0.6. */
const CALLEE_SHARE = 0.4;
/**
 * How many of the lead's same-file helpers (the best ranked) are lifted to just after it. Set
 * by the eval of commit 8880805 that added it: recall (`npm run eval`) 89.4% -> 90.2%, no target lost.
 */
const LEAD_HELPERS = 1;

/** `ordered` with the same-file callees of its leading callables raised (or added) behind them. */
export function withCallees(ordered: readonly PrioritySymbol[], fileNodes: ReadonlyMap<number, StoredNode>, data: IndexData): PrioritySymbol[] {
  const leaders = ordered.filter((p) => CALLABLE_KINDS.has(p.symbol.node.kind)).slice(0, CALLEE_LEADERS);
  if (leaders.length === 0) return [...ordered];
  const out = data.edges.outgoing(leaders.map((p) => p.symbol.node.id));
  const bonus = new Map<number, number>();
  for (const leader of leaders) {
    // The leader's own share-based priority, without its exact or named tier.
    const base = Math.min(1, leader.priority % NAMED_PRIORITY);
    for (const adj of out.get(leader.symbol.node.id) ?? []) {
      if (adj.kind !== 'calls' || !fileNodes.has(adj.id) || adj.id === leader.symbol.node.id) continue;
      bonus.set(adj.id, Math.max(bonus.get(adj.id) ?? 0, CALLEE_SHARE * base));
    }
  }
  const seen = new Set(ordered.map((p) => p.symbol.node.id));
  const all: PrioritySymbol[] = ordered.map((p) => ({ ...p, priority: p.priority + (bonus.get(p.symbol.node.id) ?? 0) }));
  for (const [id, extra] of bonus) {
    const node = fileNodes.get(id);
    if (seen.has(id) || node === undefined || !CALLABLE_KINDS.has(node.kind)) continue;
    all.push({ symbol: { node, score: 0, base: 0, text: 0, exact: false, named: false }, priority: extra });
  }
  // The file's lead is why the file is shown: its best-ranked own helper comes right after it.
  const lead = ordered.find((p) => p.lead === true)?.symbol.node;
  if (lead === undefined || !CALLABLE_KINDS.has(lead.kind)) return all.sort(byPriority);
  const helpers = new Set((out.get(lead.id) ?? []).filter((a) => a.kind === 'calls' && fileNodes.has(a.id) && a.id !== lead.id).map((a) => a.id));
  const lifted = new Set(all.filter((p) => helpers.has(p.symbol.node.id) && p.priority < NAMED_PRIORITY).sort(byPriority).slice(0, LEAD_HELPERS).map((p) => p.symbol.node.id));
  const top = Math.max(0, ...all.filter((p) => p.priority < NAMED_PRIORITY && p.lead !== true).map((p) => p.priority));
  return all.map((p) => (lifted.has(p.symbol.node.id) ? { ...p, priority: Math.max(p.priority, top) } : p)).sort(byPriority);
}
