/**
 * The call flow among the symbols a query names: shortest forward call paths (at most four
 * hops) from one named symbol to another, longest coverage first.
 */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';

const FLOW_KINDS = new Set(['calls', 'instantiates']);
const MAX_HOPS = 4;
const MAX_VISITED = 300;
const MAX_PATHS = 3;
const MAX_NAMED = 6;

/** Call paths (as node lists, caller first) among `named`. */
export function callFlows(named: readonly StoredNode[], data: IndexData): StoredNode[][] {
  const symbols = named.slice(0, MAX_NAMED);
  if (symbols.length < 2) return [];
  const targets = new Set(symbols.map((n) => n.id));
  const paths: number[][] = [];
  for (const source of symbols) {
    const parent = new Map<number, number>([[source.id, -1]]);
    let frontier = [source.id];
    for (let hop = 0; hop < MAX_HOPS && frontier.length > 0 && parent.size < MAX_VISITED; hop++) {
      const out = data.edges.outgoing(frontier);
      const next: number[] = [];
      for (const id of frontier) {
        for (const adj of out.get(id) ?? []) {
          if (!FLOW_KINDS.has(adj.kind) || parent.has(adj.id) || parent.size >= MAX_VISITED) continue;
          parent.set(adj.id, id);
          next.push(adj.id);
        }
      }
      frontier = next;
    }
    for (const target of symbols) {
      if (target.id === source.id || !parent.has(target.id)) continue;
      const path: number[] = [];
      for (let at = target.id; at !== -1; at = parent.get(at) ?? -1) path.unshift(at);
      paths.push(path);
    }
  }
  const covered = (p: readonly number[]): number => p.filter((id) => targets.has(id)).length;
  const nodes = data.nodes.many(paths.flat());
  // Ties go by where the symbols are, not by their ids: a fresh index and a synced one number rows apart.
  const place = (p: readonly number[]): string => p.map((id) => placeOf(nodes.get(id))).join('\u0001');
  paths.sort((a, b) => covered(b) - covered(a) || a.length - b.length || compareText(place(a), place(b)));
  const chosen: number[][] = [];
  for (const p of paths) {
    if (chosen.length >= MAX_PATHS) break;
    const key = p.join(',');
    if (chosen.some((c) => c.join(',').includes(key))) continue;
    chosen.push(p);
  }
  return chosen.map((p) => p.flatMap((id) => nodes.get(id) ?? []));
}

/** A symbol's place, ordered by path, then line (zero-padded), then name. */
function placeOf(node: StoredNode | undefined): string {
  return node === undefined ? '' : `${node.path}\u0000${String(node.startLine).padStart(9, '0')}\u0000${node.qualifiedName || node.name}`;
}

/** Code-unit order, the same in every locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One flow as `a` (file:line) → `b` (file:line). */
export function flowLine(path: readonly StoredNode[]): string {
  return `- ${path.map((n) => `\`${n.qualifiedName || n.name}\` (${n.path}:${n.startLine})`).join(' → ')}`;
}
