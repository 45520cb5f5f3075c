import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { FileExtraction } from '../../src/model.js';
import { fullTextSearch } from '../../src/search/index.js';
import { CapacityError } from '../../src/store/errors.js';
import { GraphStore } from '../../src/store/graph-store.js';
import { SECONDARY_INDEXES } from '../../src/store/schema.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { callEdge, fileInfo, loadSample, mainExtraction, userExtraction } from './fixtures/sample.js';

let db: SqliteDb;
let store: GraphStore;

beforeEach(async () => {
  db = await SqliteDb.open();
  store = GraphStore.open(db);
});

afterEach(() => {
  db.close();
});

/** Stores both fixture files and returns their node ids. */
function loadFixture(): ReturnType<typeof loadSample> {
  return loadSample(store);
}

const edge = callEdge;

/** Row counts of every table that hangs off a file. */
function tableCounts(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const table of ['files', 'nodes', 'edges', 'refs', 'imports']) {
    // Edges as the graph has them: stored ones plus the nesting derived from parent ids.
    out[table] = Number(db.value(`SELECT count(*) FROM ${table === 'edges' ? 'graph_edges' : table}`));
  }
  return out;
}

/** Rows that point at a node or file that no longer exists. */
function orphanCount(): number {
  return Number(
    db.value(`SELECT
      (SELECT count(*) FROM nodes WHERE file_id NOT IN (SELECT id FROM files)) +
      (SELECT count(*) FROM graph_edges WHERE source_id NOT IN (SELECT id FROM nodes) OR target_id NOT IN (SELECT id FROM nodes)) +
      (SELECT count(*) FROM refs WHERE file_id NOT IN (SELECT id FROM files) OR from_node_id NOT IN (SELECT id FROM nodes)) +
      (SELECT count(*) FROM imports WHERE file_id NOT IN (SELECT id FROM files))`),
  );
}

function ftsIntact(): void {
  db.exec(`INSERT INTO node_search(node_search) VALUES('integrity-check')`);
}

describe('GraphStore writes', () => {
  test('replaceFile returns one node id per symbol, in order', () => {
    const { user } = loadFixture();
    assert.deepEqual(
      user.map((id) => store.getNode(id)?.name),
      userExtraction.symbols.map((s) => s.name),
    );
  });

  test('replaceFile adds a file node named after the basename with the path as qualified name', () => {
    const { userFileNode } = loadFixture();
    const node = store.getNode(userFileNode);
    assert.equal(node?.kind, 'file');
    assert.equal(node?.name, 'user.ts');
    assert.equal(node?.qualifiedName, 'src/user.ts');
  });

  test('nesting edges are derived from parent ids, not stored as rows', () => {
    const { user, userFileNode } = loadFixture();
    assert.equal(db.value(`SELECT count(*) FROM edges`), 0, 'nothing resolved yet, and nesting is not stored');
    assert.deepEqual(
      store.edgesTo(user[1]!, ['contains']).map((e) => [e.sourceId, e.kind, e.line, e.confidence]),
      [[user[0]!, 'contains', null, 1]],
    );
    assert.ok(store.edgesFrom(userFileNode).every((e) => e.kind === 'contains'));
    const plan = db.all<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT target_id FROM graph_edges WHERE source_id = ?`, [user[0]!]);
    assert.ok(plan.some((p) => /INDEX nodes_parent/.test(p.detail)), JSON.stringify(plan));
  });

  test('replaceFile stores contains edges from nesting, with the file node for top-level symbols', () => {
    const { user, userFileNode } = loadFixture();
    const fromFile = store.edgesFrom(userFileNode, ['contains']).map((e) => e.targetId).sort((a, b) => a - b);
    assert.deepEqual(fromFile, [user[0], user[3], user[4]]);
    const fromClass = store.edgesFrom(user[0]!, ['contains']).map((e) => e.targetId).sort((a, b) => a - b);
    assert.deepEqual(fromClass, [user[1], user[2]]);
  });

  test('replaceFile sets parent ids even when a parent comes after its child', () => {
    const reversed: FileExtraction = {
      ...mainExtraction,
      refs: [],
      symbols: [
        { kind: 'method', name: 'run', qualifiedName: 'Job.run', startLine: 2, startCol: 2, endLine: 3, endCol: 3, parent: 1, exported: false },
        { kind: 'class', name: 'Job', qualifiedName: 'Job', startLine: 1, startCol: 0, endLine: 4, endCol: 1, parent: -1, exported: true },
      ],
    };
    const { nodeIds } = store.replaceFile(fileInfo('src/job.ts'), reversed);
    assert.equal(store.getNode(nodeIds[0]!)?.parentId, nodeIds[1]);
  });

  test('replaceFile keeps the file id and leaves no trace of the old version', () => {
    const first = loadFixture();
    store.addResolvedEdges([edge(first.main[0]!, first.user[1]!, 5, 2)]);
    const before = tableCounts();
    const again = store.replaceFile(fileInfo('src/user.ts', 2), userExtraction);
    assert.equal(again.fileId, store.getFile('src/user.ts')?.id);
    assert.equal(store.getNode(first.user[1]!), undefined);
    assert.deepEqual(tableCounts(), { ...before, edges: before['edges']! - 1 });
    assert.equal(orphanCount(), 0);
  });

  test('replaceFile updates the file metadata', () => {
    loadFixture();
    store.replaceFile(fileInfo('src/user.ts', 7, 'javascript'), { ...userExtraction, parseErrors: 3, isTest: true });
    const file = store.getFile('src/user.ts');
    assert.deepEqual(
      [file?.language, file?.size, file?.parseErrors, file?.isTest, file?.sha256.endsWith('07')],
      ['javascript', 700, 3, true, true],
    );
  });

  test('replaceFile keeps the full-text index consistent after replacement', () => {
    loadFixture();
    store.replaceFile(fileInfo('src/user.ts', 2), { ...userExtraction, symbols: userExtraction.symbols.slice(3) });
    ftsIntact();
    assert.ok(!fullTextSearch(store, 'UserService').some((h) => h.node.name === 'UserService'));
  });

  test('a deferred full-text index is left behind by writes and rebuilt whole, matching per-file indexing', async () => {
    store.deferIndexes();
    loadFixture();
    store.replaceFile(fileInfo('src/user.ts', 2), { ...userExtraction, symbols: userExtraction.symbols.slice(1) });
    store.removeFile('src/main.ts');
    assert.throws(ftsIntact, /corrupt|malformed/i, 'writes while deferred must not touch the full-text index');
    store.restoreIndexes();
    ftsIntact();
    const deferred = fullTextSearch(store, 'user').map((h) => h.node.qualifiedName);
    // The same end state written file by file into a database of its own.
    const freshDb = await SqliteDb.open();
    try {
      const fresh = GraphStore.open(freshDb);
      fresh.replaceFile(fileInfo('src/user.ts', 2), { ...userExtraction, symbols: userExtraction.symbols.slice(1) });
      assert.ok(deferred.length > 0);
      assert.deepEqual(fullTextSearch(fresh, 'user').map((h) => h.node.qualifiedName), deferred);
    } finally {
      freshDb.close();
    }
  });

  test('searching or exporting rebuilds a deferred full-text index first', () => {
    store.deferIndexes();
    loadFixture();
    assert.ok(fullTextSearch(store, 'getUserId').some((h) => h.node.name === 'getUserId'));
    ftsIntact();
    store.deferIndexes();
    store.removeFile('src/main.ts');
    const copy = store.exportBytes();
    ftsIntact();
    assert.ok(copy.length > 0);
  });

  test('a bulk load into an empty store drops the b-tree indexes and restores exactly the schema\'s set', () => {
    const indexSql = (): string[] =>
      db
        .all<{ sql: string }>(`SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`)
        .map((r) => r.sql);
    const before = indexSql();
    assert.equal(before.length, SECONDARY_INDEXES.length);
    store.deferIndexes();
    assert.deepEqual(indexSql(), [], 'an empty store loads without secondary indexes');
    loadFixture();
    store.restoreIndexes();
    assert.deepEqual(indexSql(), before);
    ftsIntact();
    assert.equal(db.value(`PRAGMA integrity_check`), 'ok');
    // Lookups use them again.
    const plan = db.all<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT id FROM nodes WHERE lower(name) = lower('getUserId') AND name = 'getUserId'`);
    assert.ok(plan.some((p) => /USING (COVERING )?INDEX nodes_name_lower/.test(p.detail)), JSON.stringify(plan));
  });

  test('a partial restore builds only the named b-tree indexes and leaves search deferred', () => {
    store.deferIndexes();
    loadFixture();
    const names = (): string[] =>
      db.all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`).map((r) => r.name);
    store.restoreIndexes(['nodes_file']);
    assert.deepEqual(names(), ['nodes_file']);
    assert.equal(db.value(`SELECT count(*) FROM node_search WHERE node_search MATCH 'getUserId'`), 0, 'search not rebuilt yet');
    store.restoreSearch();
    assert.ok(Number(db.value(`SELECT count(*) FROM node_search WHERE node_search MATCH 'getUserId'`)) > 0);
    store.restoreIndexes();
    assert.equal(names().length, SECONDARY_INDEXES.length);
    assert.equal(db.value(`PRAGMA integrity_check`), 'ok');
  });

  test('exact-name lookups go through the case-folded index', () => {
    loadFixture();
    const plan = db.all<{ detail: string }>(
      `EXPLAIN QUERY PLAN SELECT id FROM nodes n WHERE lower(n.name) = lower(?) AND n.name = ?`, ['getUserId', 'getUserId'],
    );
    assert.ok(plan.some((p) => /INDEX nodes_name_lower/.test(p.detail)), JSON.stringify(plan));
    assert.deepEqual(store.nodesByQualifiedName('getUserId').map((n) => n.qualifiedName), ['UserService.getUserId']);
  });

  test('a bulk load into a store with files keeps its b-tree indexes, and exporting restores dropped ones', () => {
    loadFixture();
    store.deferIndexes();
    const count = (): number => Number(db.value(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`));
    assert.equal(count(), SECONDARY_INDEXES.length, 'replacing a file must find its old rows through them');
    store.restoreIndexes();
    for (const path of ['src/user.ts', 'src/main.ts']) store.removeFile(path);
    store.deferIndexes();
    assert.equal(count(), 0);
    const bytes = store.exportBytes();
    assert.equal(count(), SECONDARY_INDEXES.length);
    assert.ok(bytes.length > 0);
  });

  test('replaceFile rolls back completely when the extraction is invalid', () => {
    loadFixture();
    const before = tableCounts();
    const bad = { ...mainExtraction, symbols: [{ ...mainExtraction.symbols[0]!, kind: 'gadget' }] } as unknown as FileExtraction;
    assert.throws(() => store.replaceFile(fileInfo('src/main.ts', 3), bad), /unknown kind/);
    assert.deepEqual(tableCounts(), before);
    assert.equal(store.getFile('src/main.ts')?.size, 100);
  });

  test('removeFile deletes the file, its nodes, refs, imports and every edge touching them', () => {
    const ids = loadFixture();
    store.addResolvedEdges([edge(ids.main[0]!, ids.user[1]!, 5, 2), edge(ids.user[1]!, ids.user[3]!, 6, 4)]);
    assert.equal(store.removeFile('src/user.ts'), true);
    assert.deepEqual(tableCounts(), { files: 1, nodes: 2, edges: 1, refs: 1, imports: 1 });
    assert.equal(orphanCount(), 0);
    ftsIntact();
  });

  test('removeFile returns false for an unknown path', () => {
    assert.equal(store.removeFile('nope.ts'), false);
  });

  test('clearResolvedEdges for some files keeps contains edges and other files\' edges', () => {
    const ids = loadFixture();
    store.addResolvedEdges([edge(ids.main[0]!, ids.user[1]!, 5, 2), edge(ids.user[1]!, ids.user[3]!, 6, 4)]);
    const mainFile = store.getFile('src/main.ts')!;
    assert.equal(store.clearResolvedEdges([mainFile.id]), 1);
    assert.deepEqual(store.counts().edgesByKind, { contains: 6, calls: 1 });
  });

  test('replaceResolvedEdges swaps all resolved edges atomically', () => {
    const ids = loadFixture();
    store.addResolvedEdges([edge(ids.main[0]!, ids.user[1]!, 5, 2)]);
    store.replaceResolvedEdges([edge(ids.user[1]!, ids.user[3]!, 6, 4)]);
    assert.deepEqual(store.edgesTo(ids.user[1]!, ['calls']), []);
    assert.equal(store.edgesFrom(ids.user[1]!, ['calls'])[0]?.targetId, ids.user[3]);
  });

  test('replaceResolvedEdges for some files writes only the difference: equal edges keep their rows, a duplicate goes once, other files\' edges stay', () => {
    const ids = loadFixture();
    const mainFile = store.getFile('src/main.ts')!;
    const kept = edge(ids.main[0]!, ids.user[1]!, 5, 2);
    const twice = edge(ids.main[0]!, ids.user[3]!, 7, 1);
    const other = edge(ids.user[1]!, ids.user[3]!, 6, 4);
    store.addResolvedEdges([kept, twice, twice, other]);
    const rowsOf = (): string[] => {
      const out: string[] = [];
      db.each(`SELECT rowid, source_id, target_id, line FROM edges ORDER BY rowid`, [], (row) => out.push(row.join(':')));
      return out;
    };
    const before = rowsOf();
    assert.equal(before.length, 4);
    const added = edge(ids.main[0]!, ids.user[2]!, 9, 3);
    store.replaceResolvedEdges([twice, kept, added], [mainFile.id]);
    const after = rowsOf();
    // `kept` and the other file's edge keep their rows, one copy of `twice` its row, `added` a new one.
    assert.equal(after.length, 4);
    assert.ok(after.includes(before[0]!) && after.includes(before[3]!));
    assert.equal(after.filter((row) => row === before[1] || row === before[2]).length, 1);
    assert.match(after[3]!, new RegExp(`^\\d+:${ids.main[0]}:${ids.user[2]}:9$`));
    assert.ok(Number(after[3]!.split(':')[0]) > Number(before[3]!.split(':')[0]), 'the new edge is a new row');
    // Nothing stored for the files: all of their edges go; the other file's stay.
    store.replaceResolvedEdges([], [mainFile.id]);
    assert.deepEqual(rowsOf(), [before[3]]);
    // An edge asked for twice where one is stored: the stored row stays and one more is added.
    store.replaceResolvedEdges([kept], [mainFile.id]);
    store.replaceResolvedEdges([kept, kept], [mainFile.id]);
    assert.equal(rowsOf().length, 3);
  });

  test('setDiagnostics replaces the previous list', () => {
    store.setDiagnostics([{ path: 'a.ts', reason: 'too-large', detail: '3 MB' }]);
    store.setDiagnostics([{ path: 'b.ts', reason: 'parse-failed', detail: 'timeout' }]);
    assert.deepEqual(store.diagnostics(), [{ path: 'b.ts', reason: 'parse-failed', detail: 'timeout' }]);
  });

  test('setDiagnostics given the stored list rewrites only the paths that differ, and reads as a full rewrite would', () => {
    const d = (path: string, reason: string, detail: string): { path: string; reason: string; detail: string } => ({ path, reason, detail });
    const first = [d('c.ts', 'parse-errors', '2'), d('a.ts', 'too-large', '3 MB'), d('b.ts', 'parse-errors', '1'), d('b.ts', 'binary', 'x')];
    store.setDiagnostics(first);
    // b.ts's two entries swap places, a.ts goes, d.ts comes, c.ts stays as it was.
    const next = [d('d.ts', 'parse-errors', '5'), d('b.ts', 'binary', 'x'), d('c.ts', 'parse-errors', '2'), d('b.ts', 'parse-errors', '1')];
    store.setDiagnostics(next, store.diagnostics());
    const pathwise = store.diagnostics();
    store.setDiagnostics(next);
    assert.deepEqual(pathwise, store.diagnostics());
    assert.deepEqual(pathwise.map((x) => `${x.path}:${x.reason}`), ['b.ts:binary', 'b.ts:parse-errors', 'c.ts:parse-errors', 'd.ts:parse-errors']);
  });

  test('setMeta and getMeta round-trip, overwriting the previous value', () => {
    store.setMeta('indexed_at', '1');
    store.setMeta('indexed_at', '2');
    assert.equal(store.getMeta('indexed_at'), '2');
  });

  test('setMeta refuses keys that the schema manages', () => {
    assert.throws(() => store.setMeta('schema_version', '99'), /managed by the schema/);
  });
});

describe('GraphStore statements', () => {
  test('every read and write leaves no statement open', () => {
    const ids = loadFixture();
    const calls: (() => unknown)[] = [
      () => store.listFiles(), () => store.getFile('src/user.ts'), () => store.nodesInFile('src/user.ts'),
      () => store.getNode(ids.user[0]!), () => store.nodesByName('save'), () => store.nodesByNameIgnoreCase('SAVE'),
      () => store.nodesByQualifiedName('UserService.save'), () => [...store.iterateRefs(1)],
      () => store.allImports(), () => store.edgesFrom(ids.user[0]!), () => store.counts(),
      () => fullTextSearch(store, 'user'), () => store.unresolvedRefs(), () => store.getMeta('x'),
      () => store.addResolvedEdges([edge(ids.main[0]!, ids.user[1]!, 5, 2)]), () => store.clearResolvedEdges(),
      () => store.removeFile('src/main.ts'), () => store.exportBytes(),
      () => assert.throws(() => store.nodesByName(undefined as unknown as string)),
    ];
    for (const call of calls) {
      call();
      assert.equal(db.openStatements, 0, String(call));
    }
  });
});

describe('GraphStore capacity', () => {
  test('exportBytes refuses a database larger than the limit with a CapacityError', async () => {
    const small = await SqliteDb.open();
    try {
      const limited = GraphStore.open(small, { maxDatabaseBytes: 4096 });
      limited.replaceFile(fileInfo('src/user.ts'), userExtraction);
      assert.throws(() => limited.exportBytes(), (e: unknown) => e instanceof CapacityError && /config\.json/.test(e.message));
    } finally {
      small.close();
    }
  });

  test('exportBytes returns a database that reopens with the same graph', async () => {
    loadFixture();
    const copy = await SqliteDb.open(store.exportBytes());
    try {
      assert.deepEqual(GraphStore.open(copy).counts(), store.counts());
    } finally {
      copy.close();
    }
  });
});
