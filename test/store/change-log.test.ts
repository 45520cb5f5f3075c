import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  captureChanges, isCapturing, literalCount, recordedBytes, recordedChanges, forgetChanges, replayBatches, replayChanges, REPLAY_BATCH_CHARS, REPLAY_BATCH_ROWS, stopCapture,
} from '../../src/store/change-log.js';
import type { RowChange } from '../../src/store/change-record.js';
import { CorruptIndexError } from '../../src/store/errors.js';
import { GraphStore } from '../../src/store/graph-store.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { fileInfo, loadSample, userExtraction } from './fixtures/sample.js';

/** Every row of every table (shadow tables of the full-text index included), in a canonical order. */
function contents(db: SqliteDb): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const tables = db.all<{ name: string }>(`SELECT name FROM main.sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name`);
  for (const { name } of tables) {
    const rowid = db.value(`SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?`, [name]) === 0;
    const rows = db.all<{ r: string }>(`SELECT ${rowid ? `quote(rowid) || ':' || ` : ''}${columnsOf(db, name)} AS r FROM main.${quoted(name)}`);
    out[name] = rows.map((r) => r.r).sort();
  }
  return out;
}

function columnsOf(db: SqliteDb, table: string): string {
  return db.all<{ name: string }>(`SELECT name FROM pragma_table_info(?)`, [table]).map((c) => `quote(${quoted(c.name)})`).join(` || ',' || `);
}

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** A store with the sample's two files, its copy as a saved image, and the store recording its changes. */
async function seeded(): Promise<{ db: SqliteDb; store: GraphStore; copy: SqliteDb }> {
  const db = await SqliteDb.open();
  const store = GraphStore.open(db);
  loadSample(store);
  const copy = await SqliteDb.open(db.export());
  captureChanges(db);
  return { db, store, copy };
}

test('replaying the recorded changes onto the saved copy gives every table exactly the writer\'s rows', async () => {
  const { db, store, copy } = await seeded();
  try {
    assert.deepEqual(contents(copy), contents(db), 'the copy starts equal');
    // Through the store: a file rewritten (nodes, refs, edges, full-text rows), one removed, metadata.
    store.replaceFile(fileInfo('src/user.ts'), { ...userExtraction, symbols: userExtraction.symbols.slice(1) });
    store.removeFile('src/main.ts');
    store.setMeta('indexed_at', '2026-12-05T00:00:00.000Z');
    // Straight SQL for what the store's writes may not reach: updates, REPLACE, exact values.
    db.exec(`UPDATE files SET mtime_ms = 0.1 + 0.2, sha256 = X'00FF10' WHERE path = 'src/user.ts'`);
    db.exec(`INSERT OR REPLACE INTO meta(key, value) VALUES ('indexed_at', 'it''s' || char(10) || 'two lines')`);
    db.exec(`INSERT INTO diagnostics(path, reason, detail) VALUES ('x.ts', 'parse-error', ''), ('y.ts', 'too-large', 'big')`);
    db.exec(`DELETE FROM diagnostics WHERE path = 'x.ts'`);
    db.exec(`INSERT INTO term_postings(term, field, count, ids) VALUES ('run', 0, 9007199254740993, X'0102')`);
    db.exec(`UPDATE term_postings SET count = -1 WHERE term = 'run'`);
    db.exec(`INSERT INTO node_search(node_search) VALUES ('optimize')`);
    const { changes } = recordedChanges(db);
    assert.ok(changes.length > 0);
    assert.ok(changes.some(([table]) => table.startsWith('node_search_')), 'the full-text index\'s own tables are recorded');
    assert.equal(replayChanges(copy, [{ changes }]), 1);
    assert.deepEqual(contents(copy), contents(db));
    GraphStore.open(copy); // registers the function the full-text index's source view calls
    copy.exec(`INSERT INTO node_search(node_search) VALUES ('integrity-check')`);
    assert.equal(copy.value(`SELECT count FROM term_postings WHERE term = 'run'`), -1);
  } finally {
    db.close();
    copy.close();
  }
});

test('a rolled-back write records nothing; forgetting drops what was saved and keeps what came after', async () => {
  const { db, copy } = await seeded();
  try {
    assert.equal(isCapturing(db), true);
    assert.throws(() => db.transaction(() => {
      db.run(`INSERT INTO diagnostics(path, reason, detail) VALUES ('gone.ts', 'r', 'd')`);
      throw new Error('abandoned');
    }));
    assert.deepEqual(recordedChanges(db).changes, []);
    assert.equal(recordedBytes(db), 0);
    db.run(`INSERT INTO diagnostics(path, reason, detail) VALUES ('a.ts', 'r', 'd')`);
    const first = recordedChanges(db);
    db.run(`INSERT INTO diagnostics(path, reason, detail) VALUES ('b.ts', 'r', 'd')`);
    forgetChanges(db, first.through);
    const rest = recordedChanges(db).changes;
    assert.equal(rest.length, 1);
    assert.match(rest[0]![3] ?? '', /'b\.ts'/);
    assert.ok(recordedBytes(db) >= (rest[0]![3] ?? '').length);
    stopCapture(db);
    assert.equal(isCapturing(db), false);
    db.run(`INSERT INTO diagnostics(path, reason, detail) VALUES ('c.ts', 'r', 'd')`);
    captureChanges(db);
    assert.deepEqual(recordedChanges(db).changes, [], 'stopping forgets, and nothing is recorded while stopped');
  } finally {
    db.close();
    copy.close();
  }
});

test('replay stops at the first record that does not fit, keeping the records before it and running nothing else', async () => {
  const { db, copy } = await seeded();
  try {
    const before = contents(copy);
    const good: RowChange[] = [['diagnostics', 'I', '900', `'ok.ts','r','d'`]];
    const hostile: RowChange[][] = [
      [['diagnostics', 'I', '901', `'a','b','c'); DROP TABLE nodes; --`]],
      [['diagnostics', 'I', '901', `'a','b'`]],
      [['diagnostics', 'I', '1 OR 1=1', `'a','b','c'`]],
      [['diagnostics', 'D', '1 OR 1=1', null]],
      [['sqlite_master', 'D', '1', null]],
      [['no_such_table', 'I', '1', `1`]],
      [['meta', 'D', `'a','b'`, null]],
      [['meta', 'I', `'k'`, `'k',randomblob(4)`]],
      [['files', 'I', '1', `NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL`]],
      // Rows SQLite would take, refused for their malformed keys: two literals for meta's one-column key, a rowid as a real or a string.
      [['meta', 'I', `'a','b'`, `'k','v'`]],
      [['diagnostics', 'I', '1e5', `'a','b','c'`]],
      [['diagnostics', 'I', `'7'`, `'a','b','c'`]],
      [['diagnostics', 'I', '902', `'a','b','c'`], ['diagnostics', 'I', '903', `'a','b'`]],
    ];
    for (const bad of hostile) {
      const trial = await SqliteDb.open(copy.export());
      try {
        assert.equal(replayChanges(trial, [{ changes: good }, { changes: bad }, { changes: good }]), 1, JSON.stringify(bad));
        assert.deepEqual(contents(trial), { ...before, diagnostics: [...before['diagnostics']!, `900:'ok.ts','r','d'`].sort() });
      } finally {
        trial.close();
      }
    }
  } finally {
    db.close();
    copy.close();
  }
});

test('literalCount accepts exactly what quote() writes', () => {
  assert.equal(literalCount(`NULL`), 1);
  assert.equal(literalCount(`1,-2,3.5,1.00000000000000005551e-01,9.0e+999,'a''b',X'',X'0aFF'`), undefined, 'lower-case hex is not what quote() writes');
  assert.equal(literalCount(`1,-2,3.5,1.00000000000000005551e-01,9.0e+999,'a''b',X'',X'0AFF'`), 8);
  assert.equal(literalCount(`'a,b','c'`), 2);
  assert.equal(literalCount(`1e5,-2E-3`), undefined, 'quote() writes a lower-case exponent');
  assert.equal(literalCount(`1e5,2e-3,3e+4`), 3);
  assert.equal(literalCount(`1'AB'`), undefined, 'a quote after a number opens no blob');
  assert.equal(literalCount(`XZ'`), undefined, 'X opens a blob only with its quote');
  for (const bad of ['', ',', '1,', ',1', `'open`, `X'0'`, `X'GG'`, `1 2`, `NULL1`, `abs(1)`, `(1)`, `'a'||'b'`, `1;DROP TABLE t`, ` 1`, `1 `]) {
    assert.equal(literalCount(bad), undefined, bad);
  }
});

test('tables are told apart by SQLite: a WITHOUT ROWID table however written, keys in primary-key order, quoted names', async () => {
  const db = await SqliteDb.open();
  const weird = `"b ""x"" 'y'"`;
  db.exec(`CREATE TABLE a(k TEXT PRIMARY KEY, v TEXT)WITHOUT ROWID -- a note
    ;
    CREATE TABLE ${weird}(v TEXT, "j""" INTEGER, k TEXT, PRIMARY KEY (k, "j"""))   WITHOUT
       ROWID ;
    CREATE TABLE c(x TEXT DEFAULT ') WITHOUT ROWID', y);
    INSERT INTO a VALUES ('one', '1'), ('two', '2');
    INSERT INTO ${weird} VALUES ('same', 1, 'p'), ('same', 2, 'p'), ('other', 1, 'q');
    INSERT INTO c(y) VALUES (1), (2);`);
  const copy = await SqliteDb.open(db.export());
  try {
    captureChanges(db);
    db.exec(`DELETE FROM ${weird} WHERE k = 'p' AND "j""" = 2; UPDATE a SET v = 'uno' WHERE k = 'one'; DELETE FROM a WHERE k = 'two';
      DELETE FROM c WHERE y = 1; INSERT INTO c(y) VALUES (3)`);
    const { changes } = recordedChanges(db);
    // The key of a two-column primary key lists its columns in the key's order, not the table's.
    assert.deepEqual(changes.find(([table]) => table === `b "x" 'y'`), [`b "x" 'y'`, 'D', `'p',2`, null]);
    assert.deepEqual(changes.filter(([table]) => table === 'a').map(([, op, key]) => `${op} ${key}`), [`I 'one'`, `D 'two'`]);
    assert.ok(changes.some(([table, op, key]) => table === 'c' && op === 'D' && key === '1'), 'c keeps its rowid');
    assert.equal(replayChanges(copy, [{ changes }]), 1);
    assert.deepEqual(contents(copy), contents(db));
    assert.deepEqual(copy.all(`SELECT v, "j""" AS j, k FROM ${weird} ORDER BY v, k`), [{ v: 'other', j: 1, k: 'q' }, { v: 'same', j: 1, k: 'p' }]);
  } finally {
    db.close();
    copy.close();
  }
});

test('capturing again while capturing changes nothing: a table made since is not recorded until capture restarts', async () => {
  const { db, copy } = await seeded();
  try {
    db.run(`INSERT INTO diagnostics(path, reason, detail) VALUES ('a.ts', 'r', 'd')`);
    db.exec(`CREATE TABLE zz_later(x)`);
    captureChanges(db);
    db.run(`INSERT INTO zz_later VALUES (1)`);
    assert.deepEqual(recordedChanges(db).changes.map(([table]) => table), ['diagnostics'], 'what was recorded stays; the new table is not recorded');
    stopCapture(db);
    captureChanges(db);
    db.run(`INSERT INTO zz_later VALUES (2)`);
    assert.deepEqual(recordedChanges(db).changes.map(([table, , , values]) => `${table} ${values}`), ['zz_later 2']);
  } finally {
    db.close();
    copy.close();
  }
});

test('replay statements take at most REPLAY_BATCH_ROWS rows and end once they pass REPLAY_BATCH_CHARS; every row once, in order', () => {
  const rows = Array.from({ length: REPLAY_BATCH_ROWS * 2 + 3 }, (_, i) => `(${i})`);
  const batches = [...replayBatches(rows)];
  assert.deepEqual(batches.map((b) => b.split(',').length), [REPLAY_BATCH_ROWS, REPLAY_BATCH_ROWS, 3]);
  assert.equal(batches.join(','), rows.join(','));
  // Rows of a quarter of the bound each: the fourth reaches it and ends the statement.
  const wide = Array.from({ length: 9 }, (_, i) => `('${String(i).repeat(REPLAY_BATCH_CHARS / 4)}')`);
  const cut = [...replayBatches(wide)];
  assert.deepEqual(cut.map((b) => b.split(',').length), [4, 4, 1]);
  assert.equal(cut.join(','), wide.join(','));
  assert.deepEqual([...replayBatches([])], []);
});

test('replay onto a damaged database says it is damaged instead of stopping quietly at an older state', async () => {
  const db = await SqliteDb.open();
  db.exec(`CREATE TABLE t(x TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO t SELECT printf('%0100d', i) FROM n`);
  const pageSize = Number(db.value('PRAGMA page_size'));
  const root = Number(db.value(`SELECT rootpage FROM sqlite_master WHERE name = 't'`));
  const bytes = db.export();
  db.close();
  bytes.fill(0xff, (root - 1) * pageSize, root * pageSize);
  const damaged = await SqliteDb.open(bytes);
  try {
    assert.throws(() => replayChanges(damaged, [{ changes: [['t', 'D', '5', null]] }]), CorruptIndexError);
  } finally {
    damaged.close();
  }
});
