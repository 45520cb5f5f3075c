/**
 * Circular dependencies between files. Tarjan's algorithm (iterative, so deep graphs cannot
 * overflow the stack) finds the strongly connected components of the file dependency graph; each
 * component of two or more files is then reported as concrete cycles: for each of its files not
 * yet on a reported cycle, in path order, the shortest cycle through it. Every file of a
 * component therefore appears on at least one reported cycle, and the output is deterministic.
 */
import { fileDependencies } from '../store/index.js';
import type { GraphStore } from '../store/index.js';

/** One cycle as file paths; the first file is repeated at the end (`a -> b -> a` when printed). */
export type Cycle = readonly string[];

/** The cycles of a project. */
export interface CycleReport {
  readonly cycles: readonly Cycle[];
  /** Files that take part in some cycle. */
  readonly filesInCycles: number;
  /** True when `maxCycles` stopped the search before every such file was covered. */
  readonly truncated: boolean;
}

/** Most cycles reported (more than a 30,000-character answer can show); beyond this the report says it stopped. */
export const MAX_CYCLES = 500;

/** File-level cycles of the graph in `store`. */
export function findCycles(store: GraphStore, maxCycles = MAX_CYCLES): CycleReport {
  const { files, edges } = fileDependencies(store);
  return cyclesOf(files, edges, maxCycles);
}

/**
 * Cycles of the directed graph with vertices `names` (already in the wanted order) and `edges`
 * as index pairs; self-loops are ignored. Exposed for tests and other graphs.
 */
export function cyclesOf(names: readonly string[], edges: readonly (readonly [number, number])[], maxCycles = MAX_CYCLES): CycleReport {
  const adjacency: number[][] = names.map(() => []);
  for (const [a, b] of edges) if (a !== b) adjacency[a]?.push(b);
  for (const list of adjacency) list.sort((x, y) => x - y);
  const components = stronglyConnected(adjacency).filter((c) => c.length > 1);
  const component = new Int32Array(names.length).fill(-1);
  components.forEach((c, i) => {
    for (const v of c) component[v] = i;
  });
  const cycles: number[][] = [];
  const seen = new Set<string>();
  let truncated = false;
  const ordered = components.map((c) => [...c].sort((x, y) => x - y)).sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0));
  outer: for (const members of ordered) {
    const covered = new Set<number>();
    for (const start of members) {
      if (covered.has(start)) continue;
      if (cycles.length >= maxCycles) {
        truncated = true;
        break outer;
      }
      const path = shortestCycle(adjacency, component, start);
      if (path === undefined) continue;
      for (const v of path) covered.add(v);
      const rotated = rotateToSmallest(path);
      const key = rotated.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      cycles.push(rotated);
    }
  }
  cycles.sort((a, b) => compareCycles(a, b));
  const filesInCycles = components.reduce((sum, c) => sum + c.length, 0);
  return {
    cycles: cycles.map((c) => [...c, c[0] ?? 0].map((v) => names[v] ?? '')),
    filesInCycles,
    truncated,
  };
}

/** Strongly connected components (Tarjan), each as a list of vertices. */
export function stronglyConnected(adjacency: readonly (readonly number[])[]): number[][] {
  const n = adjacency.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: number[][] = [];
  const callStack: { v: number; next: number }[] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    callStack.push({ v: root, next: 0 });
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (callStack.length > 0) {
      const frame = callStack[callStack.length - 1];
      if (frame === undefined) break;
      const { v } = frame;
      const list = adjacency[v] ?? [];
      if (frame.next < list.length) {
        const w = list[frame.next++] ?? 0;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          callStack.push({ v: w, next: 0 });
        } else if (onStack[w] === 1) {
          low[v] = Math.min(low[v] ?? 0, index[w] ?? 0);
        }
        continue;
      }
      callStack.pop();
      const parent = callStack[callStack.length - 1];
      if (parent !== undefined) low[parent.v] = Math.min(low[parent.v] ?? 0, low[v] ?? 0);
      if (low[v] === index[v]) {
        const members: number[] = [];
        for (;;) {
          const w = stack.pop();
          if (w === undefined) break;
          onStack[w] = 0;
          members.push(w);
          if (w === v) break;
        }
        out.push(members);
      }
    }
  }
  return out;
}

/** Shortest path start → … → start inside start's component (breadth first), without the closing vertex. */
function shortestCycle(adjacency: readonly (readonly number[])[], component: Int32Array, start: number): number[] | undefined {
  const own = component[start];
  const previous = new Map<number, number>();
  let frontier = [start];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const v of frontier) {
      for (const w of adjacency[v] ?? []) {
        if (component[w] !== own) continue;
        if (w === start) {
          const path = [v];
          let at = v;
          while (at !== start) {
            at = previous.get(at) ?? start;
            path.push(at);
          }
          return path.reverse();
        }
        if (previous.has(w)) continue;
        previous.set(w, v);
        next.push(w);
      }
    }
    frontier = next;
  }
  return undefined;
}

function rotateToSmallest(path: readonly number[]): number[] {
  let best = 0;
  for (let i = 1; i < path.length; i++) if ((path[i] ?? 0) < (path[best] ?? 0)) best = i;
  return [...path.slice(best), ...path.slice(0, best)];
}

function compareCycles(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}
