import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../src/index/extract/extract.js';
import type { FileExtraction } from '../../src/model.js';
import type { RefTable } from '../../src/store/columnar.js';
import { StoredRows } from '../../src/index/stored-rows.js';
import { GraphStore } from '../../src/store/graph-store.js';
import { readRefs, readSymbols } from '../../src/store/bulk.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { StringPool } from '../../src/store/string-pool.js';
import { fileInfo, mainExtraction, userExtraction } from '../store/fixtures/sample.js';

const SOURCES: readonly (readonly [string, string, string])[] = [
  ['src/lib.rs', 'rust', 'pub struct Pool { size: usize }\nimpl Pool {\n    pub fn new(size: usize) -> Self { Pool { size } }\n    fn grow(&mut self) { self.size = helper(self.size); }\n}\nfn helper(n: usize) -> usize { n * 2 }\nmod inner { pub fn f() { super::helper(1); } }\n'],
  ['pkg/app.py', 'python', 'import os\nfrom .util import load\n\nclass App(Base):\n    def run(self, x):\n        return self.step(load(x), os.sep)\n\n    def step(self, a, b):\n        return a\n'],
  ['src/Shop.java', 'java', 'package shop;\nimport java.util.List;\npublic class Shop extends Base implements Api {\n  void add(int a) { add(a, 1); }\n  void add(int a, int b) { List.of(a, b); }\n}\n'],
];

/** Every row as resolution reads it. */
function refRows(table: RefTable): unknown[] {
  return Array.from({ length: table.length }, (_, i) => table.at(i));
}

test('rows gathered while a first index stores its files equal what resolution would read back', async () => {
  const extractions: [string, string, FileExtraction][] = [];
  for (const [path, language, source] of SOURCES) extractions.push([path, language, await extractSource(language, source, path)]);
  // Hand-made shapes the extractors rarely give: a child listed before its parent, a parent index
  // past the end, a method under an impl block, a file-level reference.
  const odd: FileExtraction = {
    language: 'rust', parseErrors: 0, isTest: false,
    symbols: [
      { kind: 'method', name: 'late', qualifiedName: 'T.late', startLine: 3, startCol: 4, endLine: 3, endCol: 20, parent: 1, exported: false },
      { kind: 'impl', name: 'T', qualifiedName: 'T', startLine: 1, startCol: 0, endLine: 5, endCol: 1, parent: -1, exported: false },
      { kind: 'function', name: 'lost', qualifiedName: 'lost', startLine: 7, startCol: 0, endLine: 7, endCol: 9, parent: 99, exported: true, arity: 3 },
      { kind: 'struct', name: 'T', qualifiedName: 'T', startLine: 8, startCol: 0, endLine: 8, endCol: 9, parent: -1, exported: true },
      { kind: 'field', name: 'x', qualifiedName: 'T.x', startLine: 8, startCol: 4, endLine: 8, endCol: 8, parent: 3, exported: false },
    ],
    refs: [
      { kind: 'calls', from: 0, name: 'late', receiver: '', line: 3, col: 8, args: 2 },
      { kind: 'references', from: -1, name: 'T', line: 1, col: 5 },
      { kind: 'calls', from: 42, name: 'nowhere', receiver: 'self', line: 9, col: 1 },
    ],
    imports: [],
  };
  const db = await SqliteDb.open();
  try {
    const store = GraphStore.open(db);
    store.deferIndexes();
    const rows = new StoredRows(new StringPool());
    const all: [string, string, FileExtraction][] = [
      ...extractions, ['src/odd.rs', 'rust', odd], ['src/user.ts', 'typescript', userExtraction], ['src/main.ts', 'typescript', mainExtraction],
    ];
    all.forEach(([path, language, extraction], i) => {
      const written = store.transaction(() => store.replaceFile(fileInfo(path, i + 1, language), extraction));
      rows.add(written.fileId, written.fileNodeId, written.nodeIds, extraction);
    });
    const gathered = rows.gathered;
    assert.ok(gathered !== undefined);
    assert.deepEqual(refRows(gathered.refs), refRows(readRefs(store)));
    assert.deepEqual([...gathered.symbols.values()].flat(), readSymbols(store));
    assert.ok(gathered.refs.length > 12, `only ${gathered.refs.length} references compared`);
  } finally {
    db.close();
  }
});

test('past its limit the gathered rows are given up, so the caller reads them back', async () => {
  const rows = new StoredRows(new StringPool(), 3);
  rows.add(1, 1, [2, 3, 4, 5, 6], userExtraction);
  assert.equal(rows.gathered?.refs.length, 3);
  assert.equal(rows.gathered?.symbols.get(1)?.length, userExtraction.symbols.length);
  rows.add(2, 7, [8], mainExtraction);
  assert.equal(rows.gathered, undefined);
  rows.add(3, 9, [10], mainExtraction);
  assert.equal(rows.gathered, undefined);
});
