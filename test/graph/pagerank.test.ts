import assert from 'node:assert/strict';
import { test } from 'node:test';
import { centrality } from '../../src/graph/index.js';

const edges = (pairs: [number, number][]): [Int32Array, Int32Array] => [
  Int32Array.from(pairs.map((p) => p[0])),
  Int32Array.from(pairs.map((p) => p[1])),
];

test('centrality ranks sum to one', () => {
  const [s, t] = edges([[0, 1], [1, 2], [2, 0], [3, 0]]);
  const sum = centrality(4, s, t).pagerank.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - 1) < 1e-9, String(sum));
});

test('centrality spreads a dangling node rank uniformly', () => {
  // 0 -> 1, and 1 has no outgoing edge: without redistribution the total would leak.
  const [s, t] = edges([[0, 1]]);
  const { pagerank } = centrality(2, s, t);
  assert.ok(Math.abs((pagerank[0] ?? 0) + (pagerank[1] ?? 0) - 1) < 1e-9);
  assert.ok((pagerank[1] ?? 0) > (pagerank[0] ?? 0));
});

test('centrality gives every node of a ring the same rank', () => {
  const [s, t] = edges([[0, 1], [1, 2], [2, 0]]);
  const { pagerank } = centrality(3, s, t);
  assert.equal(pagerank.length, 3);
  for (const r of pagerank) assert.ok(Math.abs(r - 1 / 3) < 1e-9);
});

test('centrality ranks the most depended-on node first', () => {
  const [s, t] = edges([[1, 0], [2, 0], [3, 0], [0, 1]]);
  const { pagerank } = centrality(4, s, t);
  const best = [...pagerank].indexOf(Math.max(...pagerank));
  assert.equal(best, 0);
});

test('centrality counts in and out degree per edge, parallel edges included', () => {
  const [s, t] = edges([[0, 1], [0, 1], [2, 1]]);
  const { inDegree, outDegree } = centrality(3, s, t);
  assert.deepEqual([...inDegree], [0, 3, 0]);
  assert.deepEqual([...outDegree], [2, 0, 1]);
});
