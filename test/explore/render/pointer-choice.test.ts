import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chosenPointers } from '../../../src/explore/render/pointer-choice.js';
import type { RankedSymbol } from '../../../src/explore/rank/rank.js';
import type { StoredNode } from '../../../src/store/index.js';

function ranked(id: number, kind: StoredNode['kind'] = 'function', path = 'src/a.ts'): RankedSymbol {
  const node: StoredNode = {
    id, fileId: 1, path, kind, name: `f${id}`, qualifiedName: `f${id}`, startLine: id, startCol: 0,
    endLine: id, endCol: 0, parentId: null, signature: null, docstring: null, exported: true,
  };
  return { node, score: 100 - id, base: 100 - id, text: 0, exact: false, named: false };
}

const ids = (list: readonly RankedSymbol[]): number[] => list.map((s) => s.node.id);
const calls = (edges: Readonly<Record<number, readonly number[]>>) => (from: readonly number[]): ReadonlySet<number> =>
  new Set(from.flatMap((id) => edges[id] ?? []));
const all = (): boolean => true;

test('the best ranked definitions no section shows come first, up to the count asked for', () => {
  const list = [1, 2, 3, 4, 5, 6].map((id) => ranked(id));
  const chosen = chosenPointers(list, new Set([1, 3]), calls({}), all, 3);
  assert.deepEqual(ids(chosen.best), [2, 4, 5]);
  assert.deepEqual(ids(chosen.called), []);
});

test('after them, lower ranked callables that a shown callable calls, in rank order, at most five', () => {
  const list = Array.from({ length: 20 }, (_, i) => ranked(i + 1, i + 1 === 15 ? 'variable' : 'function'));
  // 1 is shown and calls 12, 9, 3 and 15 (a variable) and 13, 14, 16, 17, 18; 2 is shown and not callable.
  list[1] = ranked(2, 'class');
  const chosen = chosenPointers(list, new Set([1, 2]), calls({ 1: [12, 9, 3, 15, 13, 14, 16, 17, 18], 2: [19] }), all, 4);
  assert.deepEqual(ids(chosen.best), [3, 4, 5, 6]);
  assert.deepEqual(ids(chosen.called), [9, 12, 13, 14, 16], 'no callee among the best twice, no variable, no callee of a class');
});

test('nothing the filter refuses is quoted, and nothing is added when every open definition fits', () => {
  const list = [1, 2, 3, 4, 5].map((id) => ranked(id, 'function', id === 4 ? '.env.ts' : 'src/a.ts'));
  const chosen = chosenPointers(list, new Set([1]), calls({ 1: [4, 5] }), (s) => s.node.path !== '.env.ts', 2);
  assert.deepEqual(ids(chosen.best), [2, 3]);
  assert.deepEqual(ids(chosen.called), [5]);
  assert.deepEqual(ids(chosenPointers(list, new Set([1]), calls({ 1: [4, 5] }), all, 4).called), [], 'all four open ones are among the best');
});
