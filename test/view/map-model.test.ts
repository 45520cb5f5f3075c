import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildMapIndex, projectMap, type MapFile, type MapFileLink } from '../../src/view/map-model.js';

const file = (path: string, symbols = 2): MapFile => ({ path, language: 'typescript', symbols, isTest: false });
const FILES = [file('a/x.ts', 3), file('a/y.ts'), file('b/c/z.ts', 5), file('top.ts', 1)];
const LINKS: MapFileLink[] = [
  { from: 0, to: 1, kind: 'imports', count: 1 },
  { from: 1, to: 0, kind: 'imports', count: 2 },
  { from: 0, to: 2, kind: 'calls', count: 4 },
  { from: 1, to: 2, kind: 'calls', count: 1 },
  { from: 3, to: 2, kind: 'imports', count: 1 },
];

describe('the map model', () => {
  test('a small project opens every folder and draws file-to-file links', () => {
    const view = projectMap(buildMapIndex(FILES, LINKS), new Set(), 10);
    assert.equal(view.collapsed, false);
    assert.deepEqual(view.nodes.map((n) => `${n.kind}:${n.id}:${n.symbols}:${n.open}`), [
      'folder::11:true', 'folder:a:5:true', 'file:a/x.ts:3:false', 'file:a/y.ts:2:false', 'folder:b:5:true', 'folder:b/c:5:true',
      'file:b/c/z.ts:5:false', 'file:top.ts:1:false',
    ]);
    assert.deepEqual(view.links.map((l) => `${l.from}>${l.to} ${l.kind} ${l.count}${l.cycle ? ' cycle' : ''}`), [
      'a/x.ts>a/y.ts imports 1 cycle', 'a/x.ts>b/c/z.ts calls 4', 'a/y.ts>a/x.ts imports 2 cycle', 'a/y.ts>b/c/z.ts calls 1', 'top.ts>b/c/z.ts imports 1',
    ]);
    assert.deepEqual(view.cycles, [['a/x.ts', 'a/y.ts', 'a/x.ts']]);
    assert.equal(view.nodes.find((n) => n.id === 'a/x.ts')?.inCycle, true);
  });

  test('past the threshold folders collapse and links merge between the boxes that hold their files', () => {
    const view = projectMap(buildMapIndex(FILES, LINKS), new Set(), 3);
    assert.equal(view.collapsed, true);
    assert.deepEqual(view.nodes.map((n) => `${n.id}:${n.open}:${n.files}`), [':true:4', 'a:false:2', 'b:false:1', 'top.ts:false:1']);
    assert.equal(view.nodes.find((n) => n.id === 'a')?.inCycle, true);
    assert.deepEqual(view.links.map((l) => `${l.from}>${l.to} ${l.kind} ${l.count}`), ['a>b calls 5', 'top.ts>b imports 1']);
  });

  test('an opened folder shows its children; one whose parent is closed stays hidden', () => {
    const index = buildMapIndex(FILES, LINKS);
    assert.deepEqual(projectMap(index, new Set(['b']), 3).nodes.map((n) => n.id), ['', 'a', 'b', 'b/c', 'top.ts']);
    assert.deepEqual(projectMap(index, new Set(['b/c']), 3).nodes.map((n) => n.id), ['', 'a', 'b', 'top.ts']);
    assert.deepEqual(projectMap(index, new Set(['b', 'b/c']), 3).links.map((l) => `${l.from}>${l.to}`), ['a>b/c/z.ts', 'top.ts>b/c/z.ts']);
  });

  test('the same files and links give the same map', () => {
    const one = projectMap(buildMapIndex(FILES, LINKS), new Set(['a']), 3);
    const two = projectMap(buildMapIndex(FILES, [...LINKS].reverse()), new Set(['a']), 3);
    assert.deepEqual(two, one);
  });
});
