/**
 * `/view/api/symbol?id=`: a symbol's neighbourhood, its callers and callees to depth 2. Callers
 * follow every incoming call, instantiation, reference and import (a route calling its handler is
 * a caller), the methods that override it and the types that extend or implement it; callees the
 * outgoing ones, the declarations it overrides and the types it extends or implements. Nodes come in the graph's order (path, line, id), so the same graph
 * gives the same answer.
 */
import { CALL_EDGE_KINDS } from '../../graph/index.js';
import type { EdgeKind } from '../../model.js';
import { neighboursOfSets } from '../../store/index.js';
import type { GraphNode, GraphStore } from '../../store/index.js';
import type { HoodEdge, HoodNode } from '../answers.js';
import { ViewStatus } from '../request-plan.js';
import { fail, intParam, ok, type ApiAnswer } from './answer.js';

/**
 * The edges a neighbourhood follows: the callers tools', overrides, and a type's bases and the
 * types built on it (implementations and subclasses one way, declarations and bases the other).
 */
export const NEIGHBOURHOOD_KINDS: readonly EdgeKind[] = [...CALL_EDGE_KINDS, 'overrides', 'extends', 'implements'];

/** Neighbours kept per node at depth 1 and at depth 2. */
export const NEIGHBOURS_PER_NODE = [16, 6] as const;

/** Parses `id` and answers the neighbourhood of that node. */
export function symbolAnswer(store: GraphStore, query: URLSearchParams): ApiAnswer {
  const id = intParam(query, 'id', -1, 0, 2 ** 31 - 1);
  if (typeof id === 'string' || id < 0) return fail(ViewStatus.BadRequest, 'id must be a symbol id, as a search result gives it');
  const center = store.getNode(id);
  if (center === undefined) return fail(ViewStatus.NotFound, `no symbol with id ${id} in the index (it may have changed since; search again)`);
  return ok(neighbourhood(store, center));
}

/** The centre, its callers and callees to depth 2, and the edges between them. */
export function neighbourhood(store: GraphStore, center: GraphNode): { readonly nodes: HoodNode[]; readonly edges: HoodEdge[] } {
  const nodes = new Map<number, HoodNode>([[center.id, toHood(center, 'center', 0, 0)]]);
  const edges = new Map<string, HoodEdge>();
  for (const side of ['in', 'out'] as const) {
    let frontier = [center.id];
    for (let depth = 1; depth <= NEIGHBOURS_PER_NODE.length && frontier.length > 0; depth++) {
      const limit = NEIGHBOURS_PER_NODE[depth - 1] ?? 0;
      const found = neighboursOfSets(store, frontier.map((f) => [f]), side, NEIGHBOURHOOD_KINDS);
      const next: number[] = [];
      frontier.forEach((near, i) => {
        const rows = found[i] ?? [];
        const kept = rows.slice(0, limit);
        const parent = nodes.get(near);
        if (parent !== undefined && rows.length > kept.length) nodes.set(near, { ...parent, hidden: parent.hidden + rows.length - kept.length });
        for (const row of kept) {
          const [from, to] = side === 'in' ? [row.node.id, near] : [near, row.node.id];
          edges.set(`${from} ${to}`, { from, to, relation: row.relation });
          if (nodes.has(row.node.id)) continue;
          nodes.set(row.node.id, toHood(row.node, side, depth, 0));
          next.push(row.node.id);
        }
      });
      frontier = next;
    }
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

function toHood(node: GraphNode, side: HoodNode['side'], depth: number, hidden: number): HoodNode {
  return {
    id: node.id, name: node.name, qualifiedName: node.qualifiedName, kind: node.kind, path: node.path, line: node.startLine,
    endLine: node.endLine, side, depth, hidden,
  };
}
