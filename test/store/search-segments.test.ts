import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FileExtraction } from '../../src/model.js';
import { eachTextMatch } from '../../src/store/full-text.js';
import { connectionOf } from '../../src/store/graph-reader.js';
import { FULL_TEXT_TABLES } from '../../src/store/schema.js';
import type { FullTextTable } from '../../src/store/schema.js';
import { raiseRebuiltSegments, REBUILT_SEGMENT_LEVEL } from '../../src/store/search-segments.js';
import { storePerTest } from './fixtures/fresh-store.js';
import { fileInfo, loadSample } from './fixtures/sample.js';

const testStore = storePerTest();

/** A full-text index's segments as `level:idx` in the order FTS4 reads them (oldest first). */
function segments(table: FullTextTable = 'node_search'): string[] {
  return connectionOf(testStore()).all<{ level: number; idx: number }>(`SELECT level, idx FROM ${table}_segdir ORDER BY level DESC, idx ASC`)
    .map((s) => `${s.level}:${s.idx}`);
}

/** SQLite's own check of the full-text index against its content. */
function ftsIntact(): void {
  connectionOf(testStore()).exec(`INSERT INTO node_search(node_search) VALUES('integrity-check')`);
}

function matches(word: string): number[] {
  const ids: number[] = [];
  eachTextMatch(testStore(), { words: [word], mode: 'any', limit: 100 }, (id) => ids.push(id));
  return ids.sort((a, b) => a - b);
}

/** One file holding a single function named `name`. */
function oneFunction(name: string): FileExtraction {
  return {
    language: 'typescript', parseErrors: 0, isTest: false, refs: [], imports: [],
    symbols: [{ kind: 'function', name, qualifiedName: name, startLine: 1, startCol: 0, endLine: 2, endCol: 1, parent: -1, exported: true }],
  };
}

test('a rebuild leaves every segment of both indexes at the raised level, and searches find what they found', () => {
  const store = testStore();
  store.deferIndexes();
  const { user } = loadSample(store);
  store.replaceFile(fileInfo('src/said.ts', 3), { ...oneFunction('sayIt'), strings: [{ from: 0, words: 'unknown command' }] });
  store.restoreIndexes();
  for (const table of FULL_TEXT_TABLES) {
    assert.ok(segments(table).length > 0, table);
    assert.ok(segments(table).every((s) => s.startsWith(`${REBUILT_SEGMENT_LEVEL}:`)), `${table}: ${segments(table).join(' ')}`);
  }
  ftsIntact();
  assert.deepEqual(matches('saving'), [user[2]]);
});

test('raising keeps the segments\' order of age: a definition deleted in a newer segment stays deleted', () => {
  const store = testStore();
  const db = connectionOf(store);
  // Each write is its own transaction, so each leaves segments of its own at level 0.
  store.replaceFile(fileInfo('src/old.ts', 1), oneFunction('zebraHandler'));
  store.replaceFile(fileInfo('src/keep.ts', 2), oneFunction('zebraKeeper'));
  const kept = matches('zebrakeep');
  store.removeFile('src/old.ts');
  const before = segments();
  assert.ok(before.length >= 3, before.join(' '));
  raiseRebuiltSegments(db, 'node_search');
  assert.deepEqual(segments(), before.map((_, age) => `${REBUILT_SEGMENT_LEVEL}:${age}`));
  assert.deepEqual(matches('zebrahandl'), []);
  assert.deepEqual(matches('zebrakeep'), kept);
  ftsIntact();
});

/** A file of `count` documented functions: enough text that the rebuild's segment outweighs many small edits. */
function manyFunctions(count: number): FileExtraction {
  const symbols = Array.from({ length: count }, (_, i) => ({
    kind: 'function' as const, name: `handler${i}`, qualifiedName: `handler${i}`, startLine: i * 3 + 1, startCol: 0, endLine: i * 3 + 2, endCol: 1,
    parent: -1, exported: true, docstring: `Handles request kind ${i} by routing ${i % 7} payload ${i * 31} through queue ${i % 13} and logging outcome ${i * 17}.`,
  }));
  return { language: 'typescript', parseErrors: 0, isTest: false, refs: [], imports: [], symbols };
}

test('edits after a rebuild merge among their own segments and leave the raised ones as they are', () => {
  const store = testStore();
  const db = connectionOf(store);
  // FTS4 moves segments of higher levels down to a merge's level when all of them are smaller than
  // what the merge wrote; a rebuild's output outweighs the edits' segments on any real project.
  store.deferIndexes();
  store.replaceFile(fileInfo('src/handlers.ts', 1), manyFunctions(2000));
  store.restoreIndexes();
  const raised = db.all('SELECT level, idx, start_block, end_block, root FROM node_search_segdir ORDER BY idx');
  for (let i = 0; i < 40; i++) store.replaceFile(fileInfo(`src/f${i}.ts`, 10 + i), oneFunction(`walrusStep${i}`));
  assert.deepEqual(db.all(`SELECT level, idx, start_block, end_block, root FROM node_search_segdir WHERE level = ${REBUILT_SEGMENT_LEVEL} ORDER BY idx`), raised);
  assert.ok(db.all(`SELECT 1 FROM node_search_segdir WHERE level > 0 AND level < ${REBUILT_SEGMENT_LEVEL}`).length > 0, 'the 40 edits merged some of their own segments');
  assert.equal(matches('walrusstep39').length, 1);
  ftsIntact();
});

test('nothing moves when a segment is already at the raised level or above', () => {
  const store = testStore();
  const db = connectionOf(store);
  store.replaceFile(fileInfo('src/a.ts', 1), oneFunction('alpha'));
  store.replaceFile(fileInfo('src/b.ts', 2), oneFunction('beta'));
  db.run(`UPDATE node_search_segdir SET level = ${REBUILT_SEGMENT_LEVEL + 1} WHERE idx = 0`);
  const before = segments();
  raiseRebuiltSegments(db, 'node_search');
  assert.deepEqual(segments(), before);
});
