import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveReferences } from '../../src/index/resolve/index.js';
import { EdgeTable, RefTable } from '../../src/store/columnar.js';
import type { ResolveData, ResolveResult, ResolvedEdge, ResolverRef } from '../../src/index/resolve/types.js';
import { syntheticProject } from '../index/resolve/synthetic.js';

test('RefTable hands back each reference as it went in, optional fields included only when set', () => {
  const refs: ResolverRef[] = [
    { fileId: 1, fromId: 10, kind: 'calls', name: 'run', line: 3, col: 4 },
    { fileId: 2, fromId: 20, kind: 'extends', name: 'Base', line: 1, col: 0, receiver: 'pkg.mod' },
    { fileId: 2, fromId: 21, kind: 'calls', name: 'indexOf', line: 9, col: 2, args: 0 },
  ];
  const table = RefTable.of(refs);
  assert.equal(table.length, 3);
  assert.deepEqual([0, 1, 2].map((i) => table.at(i)), refs);
  assert.deepEqual([table.fileIdAt(0), table.fileIdAt(2)], [1, 2]);
  assert.equal(table.at(3), undefined);
  assert.equal(table.at(-1), undefined);
});

test('RefTable grows past its first allocation without losing rows', () => {
  const table = new RefTable();
  for (let i = 0; i < 1000; i++) table.push({ fileId: i, fromId: i + 1, kind: 'references', name: `n${i}`, line: i, col: 0 });
  assert.equal(table.length, 1000);
  assert.deepEqual(table.at(999), { fileId: 999, fromId: 1000, kind: 'references', name: 'n999', line: 999, col: 0 });
  assert.equal(table.at(500)?.name, 'n500');
});

test('EdgeTable iterates its edges in insertion order with every field intact', () => {
  const edges: ResolvedEdge[] = [
    { source: 5, target: 9, kind: 'imports', line: 1, col: 0, confidence: 0.95, method: 'import' },
    { source: 6, target: 7, kind: 'calls', line: 12, col: 8, confidence: 0.7, method: 'name' },
  ];
  const table = new EdgeTable();
  for (const e of edges) table.push(e);
  assert.equal(table.length, 2);
  assert.deepEqual([...table], edges);
  assert.deepEqual(table.at(1), edges[1]);
  assert.equal(table.at(2), undefined);
});

function summary(result: ResolveResult): unknown {
  return { edges: [...result.edges], unresolved: result.unresolved, stats: result.stats };
}

test('resolution gives the same result from a reference array and from a RefTable', () => {
  const input = syntheticProject(3000);
  const plain = resolveReferences(input);
  assert.ok(plain.edges.length > 1000, 'the project binds plenty of references');
  const columnar = resolveReferences({ ...input, refs: RefTable.of(Array.from({ length: input.refs.length }, (_, i) => input.refs.at(i) as ResolverRef)) });
  assert.deepEqual(summary(columnar), summary(plain));
});

test('resolution gives the same result with one per-file name table at a time as with many', () => {
  const input = syntheticProject(3000);
  assert.deepEqual(summary(resolveReferences(input, { maxFileTables: 1 })), summary(resolveReferences(input)));
});

test('resolution gives the same result when symbol ids are sparse (looked up through a map)', () => {
  const input = syntheticProject(2000);
  const spread = (id: number): number => id * 1000 + 7;
  const refs = Array.from({ length: input.refs.length }, (_, i) => input.refs.at(i) as ResolverRef);
  // File and file-node ids stay; only definition ids (and references made from them) spread out.
  const symbolIds = new Set(input.symbols.map((s) => s.id));
  const move = (id: number): number => (symbolIds.has(id) ? spread(id) : id);
  const sparse: ResolveData = {
    files: input.files,
    symbols: input.symbols.map((s) => ({ ...s, id: spread(s.id), parentId: s.parentId === null ? null : spread(s.parentId) })),
    refs: refs.map((r) => ({ ...r, fromId: move(r.fromId) })),
  };
  const back = (id: number): number => ((id - 7) % 1000 === 0 && symbolIds.has((id - 7) / 1000) ? (id - 7) / 1000 : id);
  const dense = resolveReferences(input);
  const moved = resolveReferences(sparse);
  assert.deepEqual(
    [...moved.edges].map((e) => ({ ...e, source: back(e.source), target: back(e.target) })),
    [...dense.edges],
  );
  assert.deepEqual(moved.stats, dense.stats);
});
