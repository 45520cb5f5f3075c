/**
 * Blast radius: the transitive set of nodes that depend on a definition group, following every
 * incoming edge except `contains`, breadth first up to a depth. A queried container (file,
 * module, class …) stands for its members too, since changing a class changes its methods'
 * contract; containers reached along the way are not expanded, which would pull in whole files.
 */
import type { NodeKind } from '../model.js';
import { compareNodes, dependents, members, nodesById } from '../store/index.js';
import type { GraphNode, GraphStore } from '../store/index.js';
import type { DefinitionGroup } from './lookup.js';

/** Node kinds whose members count as part of them for impact. */
export const CONTAINER_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>([
  'file', 'module', 'namespace', 'class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'union', 'impl',
]);

/** A node that depends on the queried definition. */
export interface ImpactedNode {
  readonly node: GraphNode;
  /** Hops from the definition (1 = a direct dependent). */
  readonly depth: number;
  /** Line of the edge that reached it (where it uses the dependency), when known. */
  readonly line: number | null;
}

/** One file's impacted nodes, by line. */
export interface ImpactFile {
  readonly path: string;
  readonly nodes: readonly ImpactedNode[];
}

/** The blast radius of one definition group. */
export interface Impact {
  readonly group: DefinitionGroup;
  readonly depth: number;
  /** Every impacted node (not counting the definition and its members). */
  readonly count: number;
  /** Impacted nodes grouped by file, files by path. */
  readonly files: readonly ImpactFile[];
}

/** Everything that transitively depends on `group`, at most `depth` hops away. */
export function impactOf(store: GraphStore, group: DefinitionGroup, depth: number): Impact {
  const roots = group.nodes.map((n) => n.id);
  const containers = group.nodes.filter((n) => CONTAINER_KINDS.has(n.kind)).map((n) => n.id);
  const start = [...roots, ...members(store, containers)];
  const seen = new Set<number>(start);
  const reached = new Map<number, { depth: number; line: number | null }>();
  let frontier = start;
  for (let hop = 1; hop <= depth && frontier.length > 0; hop++) {
    const next: number[] = [];
    for (const [id, line] of dependents(store, frontier)) {
      if (seen.has(id)) continue;
      seen.add(id);
      reached.set(id, { depth: hop, line });
      next.push(id);
    }
    frontier = next;
  }
  const byFile = new Map<string, ImpactedNode[]>();
  for (const node of nodesById(store, [...reached.keys()]).sort(compareNodes)) {
    const info = reached.get(node.id);
    if (info === undefined) continue;
    const list = byFile.get(node.path);
    const item: ImpactedNode = { node, depth: info.depth, line: info.line };
    if (list === undefined) byFile.set(node.path, [item]);
    else list.push(item);
  }
  const files = [...byFile].map(([path, nodes]) => ({ path, nodes }));
  return { group, depth, count: reached.size, files };
}
