/**
 * PageRank and degrees over a graph given as parallel edge arrays. Damping 0.85 and a fixed
 * number of iterations (so the result and its cost are predictable); a node without outgoing
 * edges spreads its rank uniformly over all nodes. Parallel edges count once each, as NetworkX
 * does for a multigraph.
 */

/** The damping factor. */
export const DAMPING = 0.85;
/** Power iterations run, whatever the convergence. */
export const PAGERANK_ITERATIONS = 30;

/** Rank and degree per node index. */
export interface Centrality {
  readonly pagerank: Float64Array;
  readonly inDegree: Int32Array;
  readonly outDegree: Int32Array;
}

/**
 * Centrality of nodes `0..n-1` over the edges `sources[i] → targets[i]` (the caller leaves out
 * `contains` edges). Ranks sum to 1.
 */
export function centrality(n: number, sources: Int32Array, targets: Int32Array, iterations = PAGERANK_ITERATIONS): Centrality {
  const inDegree = new Int32Array(n);
  const outDegree = new Int32Array(n);
  const m = Math.min(sources.length, targets.length);
  for (let i = 0; i < m; i++) {
    outDegree[sources[i] ?? 0]! += 1;
    inDegree[targets[i] ?? 0]! += 1;
  }
  let rank = new Float64Array(n).fill(n > 0 ? 1 / n : 0);
  let next = new Float64Array(n);
  const share = new Float64Array(n);
  for (let iteration = 0; iteration < iterations && n > 0; iteration++) {
    let dangling = 0;
    for (let v = 0; v < n; v++) {
      const out = outDegree[v] ?? 0;
      if (out === 0) dangling += rank[v] ?? 0;
      else share[v] = (rank[v] ?? 0) / out;
    }
    const base = (1 - DAMPING) / n + (DAMPING * dangling) / n;
    next.fill(base);
    for (let i = 0; i < m; i++) {
      const s = sources[i] ?? 0;
      next[targets[i] ?? 0]! += DAMPING * (share[s] ?? 0);
    }
    [rank, next] = [next, rank];
  }
  return { pagerank: rank, inDegree, outDegree };
}
