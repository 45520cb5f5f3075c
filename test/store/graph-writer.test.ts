/**
 * The writer's own guarantees, each at the boundary it keeps: a write that runs out of memory
 * poisons the writer and names what it was doing; the size limit; the bulk-load index deferral;
 * totals kept current by tallying the files a change touches; diagnostics rewritten path by path.
 */
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { FileExtraction } from '../../src/model.js';
import { CapacityError } from '../../src/store/errors.js';
import { countTotals } from '../../src/store/graph-stats.js';
import { GraphStore } from '../../src/store/graph-store.js';
import { DEFAULT_MAX_DATABASE_BYTES, GraphWriter } from '../../src/store/graph-writer.js';
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

/** Makes the next call of `method` on the database throw what sql.js throws when its heap is full. */
function failNext(method: 'transaction' | 'run' | 'export'): void {
  const target = db as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = target[method]!.bind(db);
  target[method] = () => {
    target[method] = original;
    throw Object.assign(new Error('out of memory'), { code: 'SQLITE_NOMEM' });
  };
}

function secondaryIndexCount(): number {
  return Number(db.value(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN (${SECONDARY_INDEXES.map((i) => `'${i.name}'`).join(',')})`));
}

describe('a write that runs out of memory', () => {
  const cases: readonly [string, RegExp, () => void, 'transaction' | 'run'][] = [
    ['transaction', /while writing a batch of files\./, () => store.transaction(() => undefined), 'transaction'],
    ['replaceFile', /while storing src\/user\.ts \(5 symbols, \d+ references\)\./, () => store.replaceFile(fileInfo('src/user.ts'), userExtraction), 'transaction'],
    ['removeFile', /while removing src\/user\.ts\./, () => store.removeFile('src/user.ts'), 'transaction'],
    ['addResolvedEdges', /while storing 1 resolved edges\./, () => store.addResolvedEdges([callEdge(1, 2, 3, 4)]), 'transaction'],
    ['clearResolvedEdges', /while clearing resolved edges\./, () => store.clearResolvedEdges(), 'transaction'],
    ['replaceResolvedEdges for some files', /while storing 2 resolved edges\./, () => store.replaceResolvedEdges([callEdge(1, 2, 3, 4), callEdge(1, 2, 5, 6)], [1]), 'transaction'],
    ['setDiagnostics', /while storing diagnostics\./, () => store.setDiagnostics([{ path: 'a', reason: 'r', detail: 'd' }]), 'transaction'],
    ['setMeta', /while storing metadata\./, () => store.setMeta('indexed_at', 'now'), 'run'],
    ['storeTotals', /while storing the totals\./, () => store.storeTotals(), 'run'],
  ];
  for (const [name, message, write, method] of cases) {
    test(`${name} is refused with a CapacityError naming what it was doing, and poisons the writer`, async () => {
      loadSample(store);
      const before = store.revision;
      failNext(method);
      assert.throws(write, (e: unknown) => e instanceof CapacityError && message.test(e.message) && /The index held 2 files and \d+ nodes\./.test(e.message) && (e.cause as { code?: string }).code === 'SQLITE_NOMEM');
      assert.equal(store.revision, before + 1, 'the failed write counted as one');
      // Poisoned: nothing more is written, and nothing is exported.
      assert.throws(() => store.setMeta('indexed_at', 'later'), (e: unknown) => e instanceof CapacityError && message.test(e.message));
      assert.throws(() => store.exportBytes(), CapacityError);
      await assert.rejects(store.appendChanges(tmpdir(), { path: '', size: 0, mtimeMs: 0, ino: 0 }), CapacityError, 'nor appended to a change log');
      assert.equal(store.revision, before + 1, 'a refused write does not count');
    });
  }

  test('dropping the indexes for a bulk load names itself when it runs out of memory', () => {
    failNext('transaction');
    assert.throws(() => store.deferIndexes(), (e: unknown) => e instanceof CapacityError && /while dropping indexes for a bulk load\./.test(e.message));
  });

  test('building the deferred indexes names itself when it runs out of memory', () => {
    store.deferIndexes();
    loadSample(store);
    failNext('transaction');
    assert.throws(() => store.restoreIndexes(SECONDARY_INDEXES.map((i) => i.name)), (e: unknown) => e instanceof CapacityError && /while building the indexes\./.test(e.message));
  });

  test('rebuilding the deferred search index names itself when it runs out of memory', () => {
    store.deferIndexes();
    loadSample(store);
    store.restoreIndexes(SECONDARY_INDEXES.map((i) => i.name));
    failNext('run');
    assert.throws(() => store.restoreSearch(), (e: unknown) => e instanceof CapacityError && /while rebuilding the search index\./.test(e.message));
  });

  test('when even counting fails, the refusal still says what to do, without the counts', () => {
    loadSample(store);
    failNext('transaction');
    const target = db as unknown as { value: (...args: unknown[]) => unknown };
    target.value = () => {
      throw Object.assign(new Error('out of memory'), { code: 'SQLITE_NOMEM' });
    };
    assert.throws(() => store.removeFile('src/user.ts'), (e: unknown) => e instanceof CapacityError
      && e.message === 'The code graph is too large for the in-memory database while removing src/user.ts. Exclude generated, vendored or test folders in .codegraph/config.json (for example "exclude": ["vendor/**", "dist/**"]) and index again. Nothing was saved.');
  });

  test('an error that is not about memory passes through and poisons nothing', () => {
    const target = db as unknown as { run: (...args: unknown[]) => unknown };
    const original = target.run.bind(db);
    target.run = () => {
      target.run = original;
      throw new TypeError('a plain bug');
    };
    assert.throws(() => store.setMeta('indexed_at', 'now'), TypeError);
    store.setMeta('indexed_at', 'now');
    assert.ok(store.exportBytes().length > 0);
  });

  test('running out of memory while exporting is a CapacityError saying so', () => {
    loadSample(store);
    failNext('export');
    assert.throws(() => store.exportBytes(), (e: unknown) => e instanceof CapacityError && /while saving the index\./.test(e.message));
  });
});

describe('the size limit', () => {
  test('is under 2 GiB, where sql.js and Node buffers stop', () => {
    assert.ok(DEFAULT_MAX_DATABASE_BYTES < 2 ** 31);
    assert.ok(DEFAULT_MAX_DATABASE_BYTES >= 2 ** 31 - 2 ** 20);
  });

  test('a database exactly at the limit is saved; one page over is refused, with its size in MiB', () => {
    loadSample(store);
    const size = store.exportSize();
    assert.equal(size, Number(db.value('PRAGMA page_count')) * Number(db.value('PRAGMA page_size')));
    assert.equal(new GraphWriter(db, size).exportSize(), size);
    assert.equal(new GraphWriter(db, size).exportBytes().length, size);
    assert.throws(() => new GraphWriter(db, size - 1).exportSize(), (e: unknown) => e instanceof CapacityError && new RegExp(`while saving the index \\(${(size / 2 ** 20).toFixed(0)} MiB\\)`).test(e.message));
  });
});

describe('migration bookkeeping', () => {
  test('a fresh writer has nothing unsaved; a migrated one until its next export', () => {
    const writer = new GraphWriter(db);
    assert.equal(writer.migratedUnsaved, false);
    writer.markMigrated();
    assert.equal(writer.migratedUnsaved, true);
    writer.exportBytes();
    assert.equal(writer.migratedUnsaved, false);
  });

  test('every schema key is refused by setMeta', () => {
    for (const key of ['schema_version', 'node_kinds', 'edge_kinds', 'resolution_methods']) {
      assert.throws(() => store.setMeta(key, 'x'), { name: 'TypeError', message: `meta key ${key} is managed by the schema` });
    }
    store.setMeta('root', '/p');
    store.setMeta('root', '/q');
    assert.equal(db.value(`SELECT value FROM meta WHERE key = 'root'`), '/q');
  });
});

describe('bulk-load deferral', () => {
  test('an empty store drops its secondary indexes and gets them back, some now and the rest later', () => {
    const all = SECONDARY_INDEXES.length;
    assert.equal(secondaryIndexCount(), all);
    store.deferIndexes();
    assert.equal(secondaryIndexCount(), 0);
    store.deferIndexes();
    assert.equal(secondaryIndexCount(), 0, 'a second deferral changes nothing');
    const first = SECONDARY_INDEXES[0]!.name;
    store.restoreIndexes([first]);
    assert.equal(secondaryIndexCount(), 1);
    const revision = store.revision;
    store.restoreIndexes([first]);
    assert.equal(store.revision, revision, 'nothing left to build for that name: no write');
    store.restoreIndexes();
    assert.equal(secondaryIndexCount(), all);
  });

  test('a store holding files keeps its indexes while deferring search', () => {
    loadSample(store);
    store.deferIndexes();
    assert.equal(secondaryIndexCount(), SECONDARY_INDEXES.length);
  });

  test('search is rebuilt once after the load and maintained again afterwards', () => {
    const matches = (word: string): number => Number(db.value(`SELECT count(*) FROM node_search WHERE node_search MATCH ?`, [word]));
    store.deferIndexes();
    store.replaceFile(fileInfo('src/user.ts'), userExtraction);
    store.restoreSearch();
    assert.ok(matches('userservice') > 0, 'the deferred file is found after the rebuild');
    const revision = store.revision;
    store.restoreSearch();
    assert.equal(store.revision, revision, 'nothing deferred: no rebuild');
    store.replaceFile(fileInfo('src/main.ts', 2), mainExtraction);
    assert.ok(matches('main') > 0, 'a file written after the rebuild is indexed as it is written');
  });
});

/** A file of `n` functions, each calling the first function of `target` when given. */
function fileOf(path: string, n: number): FileExtraction {
  return {
    language: 'typescript', parseErrors: 0, isTest: false,
    symbols: Array.from({ length: n }, (_, i) => ({ kind: 'function' as const, name: `${path.replace(/\W/g, '_')}_${i}`, qualifiedName: `${path}_${i}`, startLine: i + 1, startCol: 0, endLine: i + 1, endCol: 10, parent: -1, exported: true })),
    refs: [],
    imports: [],
  };
}

describe('totals kept current', () => {
  function assertTotalsMatchCount(): void {
    store.refreshTotals();
    assert.deepEqual(store.storedTotals(), countTotals(db));
  }

  test('after adding, replacing and removing files, and clearing edges, the tallied totals equal a fresh count', () => {
    const a = store.replaceFile(fileInfo('a.ts', 1), fileOf('a.ts', 3));
    const b = store.replaceFile(fileInfo('b.ts', 2), fileOf('b.ts', 2));
    store.addResolvedEdges([callEdge(b.nodeIds[0]!, a.nodeIds[0]!, 1, 1), callEdge(b.nodeIds[1]!, a.nodeIds[1]!, 2, 1)]);
    store.storeTotals();
    store.replaceFile(fileInfo('c.ts', 3), fileOf('c.ts', 4));
    assertTotalsMatchCount();
    store.replaceFile(fileInfo('a.ts', 4), fileOf('a.ts', 1));
    assertTotalsMatchCount();
    const c = store.replaceFile(fileInfo('c.ts', 5), fileOf('c.ts', 2));
    store.addResolvedEdges([callEdge(c.nodeIds[0]!, c.nodeIds[1]!, 1, 1)]);
    store.storeTotals();
    // Removing the target of another file's edges changes that file's share too.
    const b2 = store.replaceFile(fileInfo('b.ts', 6), fileOf('b.ts', 2));
    store.addResolvedEdges([callEdge(c.nodeIds[0]!, b2.nodeIds[0]!, 3, 1)]);
    store.storeTotals();
    store.removeFile('b.ts');
    assertTotalsMatchCount();
    store.storeTotals();
    const fileIdOfC = Number(db.value(`SELECT id FROM files WHERE path = 'c.ts'`));
    store.clearResolvedEdges([fileIdOfC]);
    assertTotalsMatchCount();
    store.storeTotals();
    store.clearResolvedEdges();
    assertTotalsMatchCount();
  });

  test('refreshTotals with no change since the totals were stored writes nothing', () => {
    loadSample(store);
    store.storeTotals();
    const revision = store.revision;
    store.refreshTotals();
    assert.equal(store.revision, revision);
  });
});

describe('diagnostics', () => {
  const d = (path: string, reason: string, detail = ''): { path: string; reason: string; detail: string } => ({ path, reason, detail });

  test('a path-by-path update reads back as the full list would', () => {
    const first = [d('a', 'too-large'), d('b', 'parse-error', 'x'), d('b', 'binary'), d('c', 'skipped')];
    store.setDiagnostics(first);
    assert.deepEqual(store.diagnostics(), first);
    // b's list changes (order of its entries too), c goes, d comes, a stays.
    const second = [d('a', 'too-large'), d('b', 'binary'), d('b', 'parse-error', 'x'), d('d', 'invalid-name')];
    store.setDiagnostics(second, first);
    assert.deepEqual(store.diagnostics(), second);
    // Same reasons, other detail: a change too.
    const third = [d('a', 'too-large', 'now 2 MB'), d('b', 'binary'), d('b', 'parse-error', 'x'), d('d', 'invalid-name')];
    store.setDiagnostics(third, second);
    assert.deepEqual(store.diagnostics(), third);
  });

  test('many changed paths are rewritten whole, with the same result', () => {
    const before = Array.from({ length: 40 }, (_, i) => d(`p${String(i).padStart(2, '0')}`, 'too-large'));
    store.setDiagnostics(before);
    const after = Array.from({ length: 40 }, (_, i) => d(`p${String(i).padStart(2, '0')}`, 'binary'));
    store.setDiagnostics(after, before);
    assert.deepEqual(store.diagnostics(), after);
  });
});

test('touchFile updates a file\'s size and modification time, nothing else', () => {
  loadSample(store);
  const before = Number(db.value(`SELECT count(*) FROM nodes`));
  store.touchFile('src/user.ts', 4321, 1_800_000_000_000);
  assert.deepEqual(db.all(`SELECT size, mtime_ms FROM files WHERE path = 'src/user.ts'`), [{ size: 4321, mtime_ms: 1_800_000_000_000 }]);
  assert.equal(Number(db.value(`SELECT count(*) FROM nodes`)), before);
});

describe('the rest of the writes name themselves when memory runs out', () => {
  test('dropping the indexes for a bulk load', () => {
    failNext('transaction');
    assert.throws(() => store.deferIndexes(), (e: unknown) => e instanceof CapacityError && /while dropping indexes for a bulk load\./.test(e.message));
  });

  test('building the deferred indexes', () => {
    store.deferIndexes();
    failNext('transaction');
    assert.throws(() => store.restoreIndexes(), (e: unknown) => e instanceof CapacityError && /while building the indexes\./.test(e.message));
  });

  test('rebuilding the search index', () => {
    store.deferIndexes();
    store.restoreIndexes([]);
    failNext('run');
    assert.throws(() => store.restoreSearch(), (e: unknown) => e instanceof CapacityError && /while rebuilding the search index\./.test(e.message));
  });

  test('refreshing the totals after a change', () => {
    loadSample(store);
    store.storeTotals();
    store.replaceFile(fileInfo('src/extra.ts', 9), fileOf('src/extra.ts', 2));
    failNext('run');
    assert.throws(() => store.refreshTotals(), (e: unknown) => e instanceof CapacityError && /while storing the totals\./.test(e.message));
  });

  test('when even counting fails, the message goes without the counts', () => {
    loadSample(store);
    failNext('transaction');
    const target = db as unknown as { value: (...args: unknown[]) => unknown };
    const original = target.value.bind(db);
    target.value = () => {
      throw new Error('out of memory');
    };
    try {
      assert.throws(() => store.transaction(() => undefined), (e: unknown) => e instanceof CapacityError && /while writing a batch of files\. Exclude generated/.test(e.message));
    } finally {
      target.value = original;
    }
  });
});

test('an export that fails for another reason than memory is not a capacity error', () => {
  const target = db as unknown as { export: () => unknown };
  target.export = () => {
    throw new TypeError('disk trouble');
  };
  assert.throws(() => store.exportBytes(), (e: unknown) => e instanceof TypeError && e.message === 'disk trouble');
});

test('a refused save gives its size in MiB', () => {
  store.setMeta('padding', 'x'.repeat(3 * 2 ** 20));
  const size = store.exportSize();
  assert.ok(size > 3 * 2 ** 20);
  assert.throws(() => new GraphWriter(db, 2 ** 20).exportSize(), (e: unknown) => e instanceof CapacityError && new RegExp(`\\(${(size / 2 ** 20).toFixed(0)} MiB\\)`).test(e.message));
});

test('totals stay right when a new file is written after every edge was cleared', () => {
  loadSample(store);
  store.storeTotals();
  store.clearResolvedEdges();
  store.replaceFile(fileInfo('src/new.ts', 7), fileOf('src/new.ts', 3));
  store.refreshTotals();
  assert.deepEqual(store.storedTotals(), countTotals(db));
});

test('a change to the first of two diagnostics of a path is seen', () => {
  const before = [{ path: 'a', reason: 'too-large', detail: '1' }, { path: 'a', reason: 'binary', detail: '' }];
  store.setDiagnostics(before);
  const after = [{ path: 'a', reason: 'too-large', detail: '2' }, { path: 'a', reason: 'binary', detail: '' }];
  store.setDiagnostics(after, before);
  assert.deepEqual(store.diagnostics(), after);
});
