import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { KEPT_READS, SqliteDb, isOutOfMemoryError } from '../../src/store/sqlite.js';

let db: SqliteDb;

beforeEach(async () => {
  db = await SqliteDb.open();
  db.exec('CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)');
});

afterEach(() => {
  db.close();
});

function count(): number {
  return Number(db.value('SELECT count(*) FROM t'));
}

describe('SqliteDb helpers', () => {
  test('all returns rows as objects keyed by column', () => {
    db.run('INSERT INTO t(v) VALUES (?), (?)', ['a', 'b']);
    assert.deepEqual(db.all('SELECT id, v FROM t ORDER BY id'), [{ id: 1, v: 'a' }, { id: 2, v: 'b' }]);
  });

  test('insertRows stores every row in order, however many, as one insert per row would', () => {
    for (const n of [0, 1, 2, 31, 32, 33, 70]) {
      db.run('DELETE FROM t');
      const rows = Array.from({ length: n }, (_, i) => [i + 1, `v${i}`]);
      db.insertRows('INSERT INTO t(id, v)', rows);
      assert.deepEqual(db.all('SELECT id, v FROM t ORDER BY rowid').map((r) => [r['id'], r['v']]), rows, `${n} rows`);
    }
    // Without ids, rowids follow the rows' order; OR REPLACE replaces as single inserts do.
    db.run('DELETE FROM t');
    db.insertRows('INSERT INTO t(v)', Array.from({ length: 40 }, (_, i) => [`w${i}`]));
    assert.deepEqual(db.all('SELECT id, v FROM t WHERE id IN (1, 40) ORDER BY id'), [{ id: 1, v: 'w0' }, { id: 40, v: 'w39' }]);
    db.insertRows('INSERT OR REPLACE INTO t(id, v)', [[1, 'x'], [41, 'y']]);
    assert.deepEqual([count(), db.value('SELECT v FROM t WHERE id = 1')], [41, 'x']);
  });

  test('get returns undefined when there is no row', () => {
    assert.equal(db.get('SELECT * FROM t WHERE id = ?', [9]), undefined);
  });

  test('run returns the number of changed rows', () => {
    db.run('INSERT INTO t(v) VALUES (?), (?)', ['a', 'b']);
    assert.equal(db.run('DELETE FROM t WHERE v = ?', ['a']), 1);
  });

  test('a failing query still frees its statement', () => {
    assert.throws(() => db.all('SELECT * FROM t WHERE id = ?', [1, 2, 3]));
    assert.throws(() => db.all('SELECT nope FROM t'));
    assert.equal(db.openStatements, 0);
  });

  test('each streams rows and frees its statement when the callback throws', () => {
    db.run('INSERT INTO t(v) VALUES (?), (?)', ['a', 'b']);
    assert.throws(() => db.each('SELECT v FROM t', [], () => {
      throw new Error('stop');
    }), /stop/);
    assert.equal(db.openStatements, 0);
  });

  test('read statements are kept per text, up to KEPT_READS, and close frees them', () => {
    db.run('INSERT INTO t(v) VALUES (?), (?)', ['a', 'b']);
    for (let i = 0; i < 20; i += 1) assert.equal(db.value('SELECT v FROM t WHERE id = ?', [1 + (i % 2)]), i % 2 === 0 ? 'a' : 'b');
    assert.equal(db.keptReads, 1);
    for (let i = 0; i < KEPT_READS + 40; i += 1) assert.equal(db.value(`SELECT ${i} + count(*) FROM t`), i + 2);
    assert.equal(db.keptReads, KEPT_READS);
    assert.equal(db.openStatements, 0);
    db.close();
    assert.equal(db.keptReads, 0);
  });

  test('a query that runs its own text again inside its callback gets a second statement', () => {
    db.run('INSERT INTO t(v) VALUES (?), (?), (?)', ['a', 'b', 'c']);
    const pairs: string[] = [];
    db.each('SELECT v FROM t WHERE id >= ? ORDER BY id', [1], ([outer]) => {
      const inner = db.all<{ v: string }>('SELECT v FROM t WHERE id >= ? ORDER BY id', [3]).map((r) => r.v);
      pairs.push(`${String(outer)}:${inner.join('')}`);
    });
    assert.deepEqual(pairs, ['a:c', 'b:c', 'c:c']);
    assert.equal(db.all('SELECT v FROM t WHERE id >= ? ORDER BY id', [2]).length, 2);
  });

  test('a kept read statement survives a failed bind, a schema change and a dropped table', () => {
    db.run('INSERT INTO t(v) VALUES (?)', ['a']);
    assert.throws(() => db.all('SELECT * FROM t WHERE id = ?', [1, 2, 3]));
    assert.deepEqual(db.all('SELECT * FROM t WHERE id = ?', [1]), [{ id: 1, v: 'a' }]);
    db.exec('ALTER TABLE t ADD COLUMN w TEXT');
    assert.deepEqual(db.all('SELECT * FROM t WHERE id = ?', [1]), [{ id: 1, v: 'a', w: null }]);
    db.exec('DROP TABLE t');
    assert.throws(() => db.all('SELECT * FROM t WHERE id = ?', [1]), /no such table/);
    db.exec('CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)');
    assert.deepEqual(db.all('SELECT * FROM t WHERE id = ?', [1]), []);
  });

  test('cached statements are prepared once and reused', () => {
    for (let i = 0; i < 50; i += 1) db.cached('INSERT INTO t(v) VALUES (?)').run([`v${i}`]);
    assert.deepEqual([count(), db.cachedStatements], [50, 1]);
  });

  test('a cached statement can be reused after its bind fails', () => {
    const insert = db.cached('INSERT INTO t(v) VALUES (?)');
    assert.throws(() => insert.run(['a', 'b']));
    insert.run(['c']);
    assert.equal(count(), 1);
  });

  test('close frees cached statements and is idempotent', () => {
    db.cached('SELECT 1').value([]);
    db.close();
    db.close();
    assert.equal(db.cachedStatements, 0);
  });

  test('use after close fails with a clear error', () => {
    db.close();
    assert.throws(() => db.all('SELECT 1'), /database is closed/);
  });
});

describe('SqliteDb.transaction', () => {
  test('commits when the callback returns', () => {
    db.transaction(() => db.run('INSERT INTO t(v) VALUES (?)', ['a']));
    assert.equal(count(), 1);
  });

  test('rolls back when the callback throws, and rethrows', () => {
    assert.throws(() => db.transaction(() => {
      db.run('INSERT INTO t(v) VALUES (?)', ['a']);
      throw new Error('boom');
    }), /boom/);
    assert.equal(count(), 0);
  });

  test('a failed inner transaction rolls back only its own work', () => {
    db.transaction(() => {
      db.run('INSERT INTO t(v) VALUES (?)', ['outer']);
      assert.throws(() => db.transaction(() => {
        db.run('INSERT INTO t(v) VALUES (?)', ['inner']);
        throw new Error('inner');
      }));
    });
    assert.deepEqual(db.all('SELECT v FROM t'), [{ v: 'outer' }]);
  });

  test('export is refused inside a transaction', () => {
    assert.throws(() => db.transaction(() => db.export()), /inside a transaction/);
  });

  test('opening copies the bytes unless they are adopted, when the database writes into them', async () => {
    db.run('INSERT INTO t(v) VALUES (?)', ['aaaa']);
    const file = db.export();
    const pristine = Uint8Array.from(file);
    const copied = await SqliteDb.open(file);
    copied.run('UPDATE t SET v = ?', ['zzzz']);
    assert.deepEqual(file, pristine);
    copied.close();
    const adopted = await SqliteDb.open(file, { adopt: true });
    adopted.run('UPDATE t SET v = ?', ['zzzz']);
    assert.equal(adopted.value('SELECT v FROM t'), 'zzzz');
    assert.notDeepEqual(file, pristine);
    adopted.close();
  });

  test('export produces bytes that reopen as the same database', async () => {
    db.run('INSERT INTO t(v) VALUES (?)', ['kept']);
    const copy = await SqliteDb.open(db.export());
    try {
      assert.deepEqual(copy.all('SELECT v FROM t'), [{ v: 'kept' }]);
    } finally {
      copy.close();
    }
  });
});

describe('isOutOfMemoryError', () => {
  const cases: [string, unknown, boolean][] = [
    ['SQLITE_NOMEM from sql.js', Object.assign(new Error('out of memory'), { code: 'SQLITE_NOMEM' }), true],
    ['an Emscripten OOM abort', new Error('Aborted(OOM)'), true],
    ['a failed buffer allocation', new RangeError('Array buffer allocation failed'), true],
    ['a constraint error', Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT' }), false],
    ['a non-error value', 'out of memory', false],
  ];
  for (const [name, error, expected] of cases) {
    test(`classifies ${name} as ${expected ? '' : 'not '}out of memory`, () => {
      assert.equal(isOutOfMemoryError(error), expected);
    });
  }
});
