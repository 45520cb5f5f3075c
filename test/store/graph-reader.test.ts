import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { GraphStore } from '../../src/store/graph-store.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { callEdge as edge, fileInfo, loadSample, mainExtraction } from './fixtures/sample.js';

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

describe('GraphStore reads', () => {
  test('listFiles returns every file with metadata, ordered by path', () => {
    const ids = loadFixture();
    const files = store.listFiles();
    assert.deepEqual(files.map((f) => [f.path, f.nodeCount, f.fileNodeId, f.isTest, f.packageName]), [
      ['src/main.ts', 1, ids.mainFileNode, true, null],
      ['src/user.ts', 5, ids.userFileNode, false, 'app'],
    ]);
  });

  test('getFile returns undefined for a path that is not indexed', () => {
    loadFixture();
    assert.equal(store.getFile('src/missing.ts'), undefined);
  });

  test('fileRecords has every file as listFiles has it, without the file node id', () => {
    loadFixture();
    const records = store.fileRecords().sort((a, b) => a.path.localeCompare(b.path));
    assert.deepEqual(records, store.listFiles().map(({ fileNodeId: _, ...record }) => record));
  });

  test('fileStats and fileRecordsAt give the parts of fileRecords a sync compares and the rows it seeks', () => {
    loadFixture();
    const records = store.fileRecords();
    assert.deepEqual(store.fileStats(), records.map(({ path, language, size, mtimeMs, packageName }) => ({ path, language, size, mtimeMs, packageName })));
    const some = store.fileRecordsAt(['src/user.ts', 'src/missing.ts', 'src/main.ts']);
    assert.deepEqual(some, ['src/user.ts', 'src/main.ts'].map((p) => records.find((r) => r.path === p)));
  });

  test('fileDigests gives the size, mtime and hash of the indexed files among the paths, as getFile has them', () => {
    loadFixture();
    const digests = store.fileDigests(['src/user.ts', 'src/missing.ts', 'src/main.ts', 'src/user.ts']);
    assert.deepEqual([...digests.keys()].sort(), ['src/main.ts', 'src/user.ts']);
    for (const [path, digest] of digests) {
      const file = store.getFile(path);
      assert.ok(file !== undefined);
      assert.deepEqual(digest, { size: file.size, mtimeMs: file.mtimeMs, sha256: file.sha256 });
      assert.match(digest.sha256, /^[0-9a-f]{64}$/);
    }
    assert.equal(store.fileDigests([]).size, 0);
  });

  test('nodesInFile lists the file node first, then symbols in source order', () => {
    loadFixture();
    assert.deepEqual(store.nodesInFile('src/user.ts').map((n) => n.name), [
      'user.ts', 'MAX_USERS', 'UserService', 'getUserId', 'save', 'parse_config',
    ]);
  });

  test('getNode returns every stored field', () => {
    const { user } = loadFixture();
    assert.deepEqual(store.getNode(user[2]!), {
      id: user[2], fileId: 1, path: 'src/user.ts', kind: 'method', name: 'save', qualifiedName: 'UserService.save',
      startLine: 10, startCol: 2, endLine: 14, endCol: 3, parentId: user[0], signature: 'save(): void',
      docstring: 'Writes through to the repository.', exported: true,
    });
  });

  test('nodesByName matches case-sensitively', () => {
    loadFixture();
    assert.deepEqual(store.nodesByName('getUserId').map((n) => n.qualifiedName), ['UserService.getUserId']);
    assert.deepEqual(store.nodesByName('getuserid'), []);
  });

  test('nodesByNameIgnoreCase ignores case', () => {
    loadFixture();
    assert.deepEqual(store.nodesByNameIgnoreCase('GETUSERID').map((n) => n.name), ['getUserId']);
  });

  test('nodesByQualifiedName matches exactly and by dotted suffix', () => {
    loadFixture();
    assert.deepEqual(store.nodesByQualifiedName('UserService.save').map((n) => n.name), ['save']);
    store.replaceFile(fileInfo('lib/x.ts'), {
      ...mainExtraction,
      refs: [],
      symbols: [{ kind: 'method', name: 'save', qualifiedName: 'pkg.UserService.save', startLine: 1, startCol: 0, endLine: 1, endCol: 9, parent: -1, exported: true }],
    });
    assert.deepEqual(store.nodesByQualifiedName('UserService.save').map((n) => n.qualifiedName), [
      'pkg.UserService.save', 'UserService.save',
    ]);
    assert.deepEqual(store.nodesByQualifiedName('serService.save'), []);
  });

  test('iterateRefs yields every ref once across pages, with its file and source node', () => {
    const ids = loadFixture();
    const refs = [...store.iterateRefs(2)];
    assert.deepEqual(refs.map((r) => [r.path, r.name, r.fromNodeId, r.receiver]), [
      ['src/user.ts', 'write', ids.user[2], 'this.repo'],
      ['src/user.ts', 'parse_config', ids.user[1], null],
      ['src/user.ts', 'Logger', ids.userFileNode, null],
      ['src/main.ts', 'getUserId', ids.main[0], 'svc'],
    ]);
  });

  test('iterateRefs holds no statement open while the caller consumes items', () => {
    loadFixture();
    const iterator = store.iterateRefs(1);
    iterator.next();
    assert.equal(db.openStatements, 0);
    iterator.return(undefined);
  });

  test('refsInFile lists only that file\'s references', () => {
    loadFixture();
    assert.deepEqual(store.refsInFile('src/main.ts').map((r) => r.kind), ['calls']);
  });

  test('allImports returns names, namespace and re-export flags', () => {
    loadFixture();
    assert.deepEqual(store.allImports().map((i) => [i.path, i.module, i.names, i.namespace, i.reexport]), [
      ['src/user.ts', './repo', [{ imported: 'Repo', local: 'Repo' }], null, false],
      ['src/user.ts', 'node:path', [], 'path', false],
      ['src/main.ts', './user', [{ imported: 'UserService', local: 'UserService' }], null, true],
    ]);
  });

  test('edgesTo filters by kind and reports confidence and method', () => {
    const ids = loadFixture();
    store.addResolvedEdges([edge(ids.main[0]!, ids.user[1]!, 5, 2)]);
    assert.deepEqual(store.edgesTo(ids.user[1]!, ['calls', 'references']), [
      { sourceId: ids.main[0], targetId: ids.user[1], kind: 'calls', line: 5, col: 2, confidence: 0.9, method: 'receiver' },
    ]);
    assert.deepEqual(store.edgesTo(ids.user[1]!, ['extends']), []);
  });

  test('counts reports totals by kind and language and counts unresolved refs', () => {
    const ids = loadFixture();
    store.addResolvedEdges([edge(ids.main[0]!, ids.user[1]!, 5, 2)]);
    assert.deepEqual(store.counts(), {
      files: 2, nodes: 8, edges: 7, refs: 4, unresolvedRefs: 3,
      nodesByKind: { file: 2, class: 1, function: 2, method: 2, constant: 1 },
      edgesByKind: { contains: 6, calls: 1 },
      filesByLanguage: { typescript: 2 },
    });
  });

  test('languageCounts splits the same totals by the language of each file', () => {
    const ids = loadFixture();
    store.addResolvedEdges([edge(ids.main[0]!, ids.user[1]!, 5, 2)]);
    assert.deepEqual(store.languageCounts(), [{ language: 'typescript', files: 2, nodes: 8, edges: 7, refs: 4, unresolvedRefs: 3 }]);
  });

  test('unresolvedRefs lists references that have no edge at their position', () => {
    const ids = loadFixture();
    store.addResolvedEdges([edge(ids.main[0]!, ids.user[1]!, 5, 2)]);
    assert.deepEqual(store.unresolvedRefs().map((r) => r.name), ['write', 'parse_config', 'Logger']);
  });
});
