import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chosenPointers, type CallGraph } from '../../../src/explore/render/pointer-choice.js';
import type { RankedSymbol } from '../../../src/explore/rank/rank.js';
import type { StoredNode } from '../../../src/store/index.js';

function node(id: number, kind: StoredNode['kind'] = 'function', path = 'src/a.ts'): StoredNode {
  return {
    id, fileId: 1, path, kind, name: `f${id}`, qualifiedName: `f${id}`, startLine: id, startCol: 0,
    endLine: id, endCol: 0, parentId: null, signature: null, docstring: null, exported: true,
  };
}

function ranked(n: StoredNode): RankedSymbol {
  return { node: n, score: 100 - n.id, base: 100 - n.id, text: 0, exact: false, named: false };
}

/** A call graph of `edges` (caller id -> callee ids) over `nodes`; a callee's callers are counted over every edge. */
function graph(nodes: readonly StoredNode[], edges: Readonly<Record<number, readonly number[]>>): CallGraph {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return {
    callees: (from) => new Map(from.map((id) => [id, (edges[id] ?? []).flatMap((to) => byId.get(to) ?? [])])),
    callerCounts: (ids) => new Map(ids.map((id) => [id, Object.values(edges).filter((to) => to.includes(id)).length])),
  };
}

const ids = (list: readonly { readonly id: number }[]): number[] => list.map((n) => n.id);
const all = (): boolean => true;

test('the best ranked definitions no section shows come first, up to the count asked for', () => {
  const nodes = [1, 2, 3, 4, 5, 6].map((id) => node(id));
  const chosen = chosenPointers(nodes.map(ranked), new Set([1, 3]), graph(nodes, {}), all, 3);
  assert.deepEqual(ids(chosen.best.map((s) => s.node)), [2, 4, 5]);
  assert.deepEqual(ids(chosen.called), []);
});

test('after them, callables the shown code calls, the fewest called first, then by rank, unranked last, at most five', () => {
  const nodes = Array.from({ length: 30 }, (_, i) => node(i + 1, i + 1 === 15 ? 'variable' : 'function'));
  const list = nodes.slice(0, 20).map(ranked);
  // 1 is shown and calls 3 (among the best), 15 (a variable), 9, 12, 13, 14, 16 and 25 (unranked);
  // 20 and 21 (unranked) also call 12, and 22 calls 9 and 13.
  const edges = { 1: [3, 15, 9, 12, 13, 14, 16, 25], 20: [12], 21: [12], 22: [9, 13] };
  const chosen = chosenPointers(list, new Set([1]), graph(nodes, edges), all, 4);
  assert.deepEqual(ids(chosen.best.map((s) => s.node)), [2, 3, 4, 5]);
  assert.deepEqual(ids(chosen.called), [14, 16, 25, 9, 13], 'called once: by rank, the unranked last; then twice; 12 (three callers) left out');
});

test('a shown route\'s handler is no callee; a shown class calls nothing; the filter holds for callees too', () => {
  const nodes = [node(1, 'route'), node(2, 'class'), node(3), node(4), node(5, 'function', '.env.ts'), node(6)];
  const chosen = chosenPointers(nodes.map(ranked), new Set([1, 2, 6]), graph(nodes, { 1: [4], 2: [4], 6: [5, 4] }), (n) => n.path !== '.env.ts', 1);
  assert.deepEqual(ids(chosen.best.map((s) => s.node)), [3]);
  assert.deepEqual(ids(chosen.called), [4], 'called by the shown function 6, not through the route or the class; 5 is refused');
  assert.deepEqual(ids(chosenPointers(nodes.map(ranked), new Set([1, 2]), graph(nodes, { 1: [4], 2: [4] }), all, 1).called), []);
});

test('what a symbol the question names calls comes before what the other shown code calls', () => {
  const nodes = Array.from({ length: 12 }, (_, i) => node(i + 1));
  const list = nodes.map(ranked);
  list[1] = { ...list[1]!, named: true };
  // 1 (shown) calls 10 (called once); 2 (shown, named by the question) calls 11 (five callers) and 12 (four).
  const edges = { 1: [10], 2: [11, 12], 3: [11], 4: [11], 5: [11], 6: [11], 7: [12], 8: [12], 9: [12] };
  const chosen = chosenPointers(list, new Set([1, 2]), graph(nodes, edges), all, 1);
  assert.deepEqual(ids(chosen.called), [12, 11, 10], 'the named one\'s callees first, each group the fewest called first');
});
