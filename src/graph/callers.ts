/**
 * Callers and callees of one definition group: the nodes one `calls`, `references` or `imports`
 * edge away, limited per definition with the full count kept so the answer can say what it hid.
 */
import type { EdgeKind } from '../model.js';
import { neighboursOfSets } from '../store/index.js';
import type { GraphStore, Neighbour } from '../store/index.js';
import type { DefinitionGroup } from './lookup.js';

/** The edges callers and callees follow, strongest relation first. */
export const CALL_EDGE_KINDS: readonly EdgeKind[] = ['calls', 'instantiates', 'references', 'imports'];

/** One definition's callers (or callees): the first `limit` of `total`, by path and line. */
export interface NeighbourList {
  readonly group: DefinitionGroup;
  readonly total: number;
  readonly shown: readonly Neighbour[];
}

/** Who calls, references or imports any node of `group`. */
export function callersOf(store: GraphStore, group: DefinitionGroup, limit: number): NeighbourList {
  return listAll(store, [group], 'in', limit)[0] ?? { group, total: 0, shown: [] };
}

/** What any node of `group` calls, references or imports. */
export function calleesOf(store: GraphStore, group: DefinitionGroup, limit: number): NeighbourList {
  return listAll(store, [group], 'out', limit)[0] ?? { group, total: 0, shown: [] };
}

/** `callersOf` for every group, read in shared batches; result `i` belongs to `groups[i]`. */
export function callersOfAll(store: GraphStore, groups: readonly DefinitionGroup[], limit: number): NeighbourList[] {
  return listAll(store, groups, 'in', limit);
}

/** `calleesOf` for every group, read in shared batches; result `i` belongs to `groups[i]`. */
export function calleesOfAll(store: GraphStore, groups: readonly DefinitionGroup[], limit: number): NeighbourList[] {
  return listAll(store, groups, 'out', limit);
}

function listAll(store: GraphStore, groups: readonly DefinitionGroup[], direction: 'in' | 'out', limit: number): NeighbourList[] {
  const found = neighboursOfSets(store, groups.map((g) => g.nodes.map((n) => n.id)), direction, CALL_EDGE_KINDS);
  const keep = Math.max(0, Math.floor(limit));
  return groups.map((group, i) => {
    const rows = found[i] ?? [];
    return { group, total: rows.length, shown: rows.slice(0, keep) };
  });
}
