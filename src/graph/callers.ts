/**
 * Callers and callees of one definition group: the nodes one `calls`, `references` or `imports`
 * edge away, limited per definition with the full count kept so the answer can say what it hid.
 */
import type { EdgeKind } from '../model.js';
import { neighboursOfSets } from '../store/index.js';
import type { GraphNode, GraphStore, Neighbour } from '../store/index.js';
import type { DefinitionGroup } from './lookup.js';

/** The edges callers and callees follow, strongest relation first. */
export const CALL_EDGE_KINDS: readonly EdgeKind[] = ['calls', 'instantiates', 'references', 'imports'];

/** One definition's callers (or callees): the first `limit` of `total`, by path and line. */
export interface NeighbourList {
  readonly group: DefinitionGroup;
  readonly total: number;
  readonly shown: readonly Neighbour[];
  /** Every listed node's id, shown or not. */
  readonly ids: ReadonlySet<number>;
}

/** A declaration a definition overrides or implements, with the callers it has of its own. */
export interface ThroughList {
  readonly declaration: GraphNode;
  readonly total: number;
  readonly shown: readonly Neighbour[];
}

/** Who calls, references or imports any node of `group`. */
export function callersOf(store: GraphStore, group: DefinitionGroup, limit: number): NeighbourList {
  return listAll(store, [group], 'in', limit)[0] ?? { group, total: 0, shown: [], ids: new Set() };
}

/** What any node of `group` calls, references or imports. */
export function calleesOf(store: GraphStore, group: DefinitionGroup, limit: number): NeighbourList {
  return listAll(store, [group], 'out', limit)[0] ?? { group, total: 0, shown: [], ids: new Set() };
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
    return { group, total: rows.length, shown: rows.slice(0, keep), ids: new Set(rows.map((r) => r.node.id)) };
  });
}

/**
 * Overridden declarations followed up from a definition at most this many steps (a method, the
 * base class's, the interface's), and at most this many kept per definition.
 */
export const MAX_OVERRIDE_DEPTH = 4;
export const MAX_DECLARATIONS = 16;

/**
 * For each of `lists` (the callers of a definition group): the declarations its definitions
 * override or implement, and those up from them (the base class's method, the interface's), each
 * with those of its own callers that neither are the group nor call it directly, the first
 * `limit` of them. A call made through such a declaration may run the definition: an interface
 * method's implementation otherwise has no caller at all. Declarations without such callers are
 * left out.
 */
export function callersThroughAll(store: GraphStore, lists: readonly NeighbourList[], limit: number): ThroughList[][] {
  const declared = overriddenAll(store, lists.map((l) => l.group.nodes.map((n) => n.id)));
  const declarations = [...new Map(declared.flat().map((d) => [d.id, d])).values()];
  const callers = neighboursOfSets(store, declarations.map((d) => [d.id]), 'in', CALL_EDGE_KINDS);
  const callersOf = new Map(declarations.map((d, i) => [d.id, callers[i] ?? []]));
  const keep = Math.max(0, Math.floor(limit));
  return lists.map((list, i) => {
    const own = new Set(list.group.nodes.map((n) => n.id));
    const seen = new Set<number>();
    const through: ThroughList[] = [];
    for (const d of declared[i] ?? []) {
      const rows = (callersOf.get(d.id) ?? []).filter((r) => !own.has(r.node.id) && !list.ids.has(r.node.id) && !seen.has(r.node.id));
      for (const r of rows) seen.add(r.node.id);
      if (rows.length > 0) through.push({ declaration: d, total: rows.length, shown: rows.slice(0, keep) });
    }
    return through;
  });
}

/** For each set of ids, the declarations they override, then those these override, nearest first. */
function overriddenAll(store: GraphStore, sets: readonly (readonly number[])[]): GraphNode[][] {
  const found = sets.map(() => [] as GraphNode[]);
  const seen = sets.map((set) => new Set(set));
  let frontier = sets;
  for (let depth = 0; depth < MAX_OVERRIDE_DEPTH && frontier.some((f) => f.length > 0); depth++) {
    const up = neighboursOfSets(store, frontier, 'out', ['overrides']);
    frontier = up.map((rows, i) => {
      const next: number[] = [];
      for (const { node } of rows) {
        if (seen[i]!.has(node.id) || found[i]!.length >= MAX_DECLARATIONS) continue;
        seen[i]!.add(node.id);
        found[i]!.push(node);
        next.push(node.id);
      }
      return next;
    });
  }
  return found;
}
