import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cyclesOf, findCycles, stronglyConnected } from '../../src/graph/index.js';
import { openFixture, type OpenFixture } from './open-fixture.js';

const NAMES = ['a', 'b', 'c', 'd', 'e'];

test('cyclesOf finds no cycle in a dag', () => {
  assert.deepEqual(cyclesOf(NAMES, [[0, 1], [1, 2], [0, 2]]).cycles, []);
});

test('cyclesOf ignores self-loops', () => {
  assert.deepEqual(cyclesOf(NAMES, [[0, 0]]).cycles, []);
});

test('cyclesOf reports a two-file cycle as a closed path starting at the first file', () => {
  assert.deepEqual(cyclesOf(NAMES, [[1, 0], [0, 1]]).cycles, [['a', 'b', 'a']]);
});

test('cyclesOf puts every file of a component on some reported cycle', () => {
  // a <-> b, a <-> c: one component, two elementary cycles through a.
  const report = cyclesOf(NAMES, [[0, 1], [1, 0], [0, 2], [2, 0]]);
  assert.deepEqual(report.cycles, [['a', 'b', 'a'], ['a', 'c', 'a']]);
  assert.equal(report.filesInCycles, 3);
});

test('cyclesOf reports the shortest cycle through each file not yet covered', () => {
  // a -> b -> c -> a and a -> c -> a: a's shortest is a-c-a; b is only on the longer one.
  const report = cyclesOf(NAMES, [[0, 1], [1, 2], [2, 0], [0, 2]]);
  assert.deepEqual(report.cycles, [['a', 'b', 'c', 'a'], ['a', 'c', 'a']]);
});

test('cyclesOf reports separate components separately, in path order', () => {
  const report = cyclesOf(NAMES, [[3, 4], [4, 3], [0, 1], [1, 0]]);
  assert.deepEqual(report.cycles, [['a', 'b', 'a'], ['d', 'e', 'd']]);
});

test('cyclesOf stops at maxCycles and says so', () => {
  const report = cyclesOf(NAMES, [[3, 4], [4, 3], [0, 1], [1, 0]], 1);
  assert.equal(report.cycles.length, 1);
  assert.equal(report.truncated, true);
});

test('stronglyConnected handles a 200,000-vertex chain without recursion', () => {
  const n = 200_000;
  const adjacency = Array.from({ length: n }, (_, i) => (i + 1 < n ? [i + 1] : [0]));
  const components = stronglyConnected(adjacency);
  assert.equal(components.length, 1);
  assert.equal(components[0]?.length, n);
});

describe('findCycles', () => {
  let shop: OpenFixture;
  before(async () => {
    shop = await openFixture('shop', import.meta.url);
  });
  after(() => shop.close());

  test('finds the cart/events and cart/repo import cycles of the shop fixture', () => {
    assert.deepEqual(findCycles(shop.index.store).cycles, [
      ['src/cart.ts', 'src/db/repo.ts', 'src/cart.ts'],
      ['src/cart.ts', 'src/events.ts', 'src/cart.ts'],
    ]);
  });
});
