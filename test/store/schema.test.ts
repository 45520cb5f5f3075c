import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { packArity } from '../../src/index/arity.js';
import { SchemaError } from '../../src/store/errors.js';
import { GraphStore } from '../../src/store/graph-store.js';
import { APPLICATION_ID, SCHEMA_TABLES, SCHEMA_VERSION, migrate } from '../../src/store/schema.js';
import type { Migration } from '../../src/store/schema.js';
import { SqliteDb } from '../../src/store/sqlite.js';

let db: SqliteDb;

beforeEach(async () => {
  db = await SqliteDb.open();
});

afterEach(() => {
  db.close();
});

function setVersion(version: number): void {
  db.run(`UPDATE meta SET value = ? WHERE key = 'schema_version'`, [String(version)]);
}

/** Reopens the current database from its bytes, as a new process would. */
async function reopen(): Promise<SqliteDb> {
  const bytes = db.export();
  db.close();
  db = await SqliteDb.open(bytes);
  return db;
}

describe('migrate', () => {
  test('creates the schema in an empty database', () => {
    assert.deepEqual(migrate(db), { kind: 'created' });
    const tables = db.all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name`).map((t) => t.name);
    for (const name of ['diagnostics', 'edges', 'files', 'imports', 'meta', 'node_search', 'node_search_src', 'node_uses', 'nodes', 'refs']) {
      assert.ok(tables.includes(name), name);
    }
  });

  test('records the schema version', () => {
    migrate(db);
    assert.equal(db.value(`SELECT value FROM meta WHERE key = 'schema_version'`), String(SCHEMA_VERSION));
  });

  test('reports current for a database this build wrote', async () => {
    migrate(db);
    assert.deepEqual(migrate(await reopen()), { kind: 'current' });
  });

  test('asks for a rebuild when an older version has no migration', () => {
    migrate(db);
    setVersion(0);
    const result = migrate(db);
    assert.equal(result.kind, 'rebuild-needed');
    assert.match(result.kind === 'rebuild-needed' ? result.message : '', /schema 0.*codegraph index --force/);
  });

  test('runs the migrations for an older version and records the new version', () => {
    migrate(db);
    setVersion(SCHEMA_VERSION - 1);
    const ran: number[] = [];
    const migrations = new Map<number, Migration>([[SCHEMA_VERSION - 1, () => ran.push(SCHEMA_VERSION - 1)]]);
    assert.deepEqual(migrate(db, migrations), { kind: 'migrated', from: SCHEMA_VERSION - 1 });
    assert.deepEqual([ran, db.value(`SELECT value FROM meta WHERE key = 'schema_version'`)], [[SCHEMA_VERSION - 1], String(SCHEMA_VERSION)]);
  });

  test('upgrades a schema-1 database in place: argument counts become storable', () => {
    migrate(db);
    db.exec('ALTER TABLE nodes DROP COLUMN arity; ALTER TABLE refs DROP COLUMN args');
    setVersion(1);
    assert.deepEqual(migrate(db), { kind: 'migrated', from: 1 });
    const columns = (table: string): string[] => db.all<{ name: string }>(`PRAGMA table_info(${table})`).map((c) => c.name);
    assert.ok(columns('nodes').includes('arity') && columns('refs').includes('args'));
    const store = new GraphStore(db);
    store.replaceFile(
      { path: 'A.java', language: 'java', size: 1, mtimeMs: 1, sha256: '0'.repeat(64) },
      {
        language: 'java', parseErrors: 0, isTest: false, imports: [],
        symbols: [{ kind: 'method', name: 'f', qualifiedName: 'f', startLine: 1, startCol: 0, endLine: 1, endCol: 1, parent: -1, exported: true, arity: packArity(1, 2) }],
        refs: [{ kind: 'calls', from: 0, name: 'f', line: 1, col: 0, args: 2 }],
      },
    );
    assert.deepEqual([db.value(`SELECT arity FROM nodes WHERE name = 'f'`), db.value(`SELECT args FROM refs`)], [packArity(1, 2), 2]);
  });

  test('upgrades a schema-6 database in place: the type a function returns becomes storable', () => {
    migrate(db);
    db.exec('ALTER TABLE nodes DROP COLUMN returns');
    setVersion(6);
    assert.deepEqual(migrate(db), { kind: 'migrated', from: 6 });
    const store = new GraphStore(db);
    store.replaceFile(
      { path: 'a.ts', language: 'typescript', size: 1, mtimeMs: 1, sha256: '0'.repeat(64) },
      {
        language: 'typescript', parseErrors: 0, isTest: false, imports: [], refs: [],
        symbols: [{ kind: 'function', name: 'make', qualifiedName: 'make', startLine: 1, startCol: 0, endLine: 1, endCol: 1, parent: -1, exported: true, returns: 'Client' }],
      },
    );
    assert.equal(db.value(`SELECT returns FROM nodes WHERE name = 'make'`), 'Client');
    setVersion(6);
    assert.deepEqual(migrate(db), { kind: 'migrated', from: 6 }, 'a column already there is kept');
  });

  test('upgrades a schema-7 database in place: a sub-resource locator becomes storable', () => {
    migrate(db);
    db.exec('ALTER TABLE route_mounts DROP COLUMN type_name');
    setVersion(7);
    assert.deepEqual(migrate(db), { kind: 'migrated', from: 7 });
    const store = new GraphStore(db);
    store.replaceFile(
      { path: 'A.java', language: 'java', size: 1, mtimeMs: 1, sha256: '0'.repeat(64) },
      { language: 'java', parseErrors: 0, isTest: false, imports: [], refs: [], symbols: [], locators: [{ prefix: '/a', typeName: 'B', line: 3 }] },
    );
    assert.deepEqual(db.all(`SELECT import_line, prefix, type_name FROM route_mounts`), [{ import_line: 3, prefix: '/a', type_name: 'B' }]);
    setVersion(7);
    assert.deepEqual(migrate(db), { kind: 'migrated', from: 7 }, 'a column already there is kept');
  });

  test('upgrades a schema-8 database in place: an inherited route template becomes storable, and goes with its file', () => {
    migrate(db);
    db.exec('DROP TABLE route_templates');
    setVersion(8);
    assert.deepEqual(migrate(db), { kind: 'migrated', from: 8 });
    assert.equal(db.value(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'route_templates_class'`), 1, 'with its index');
    const store = new GraphStore(db);
    const file = { path: 'Base.cs', language: 'c_sharp', size: 1, mtimeMs: 1, sha256: '0'.repeat(64) };
    store.replaceFile(file, {
      language: 'c_sharp', parseErrors: 0, isTest: false, imports: [], refs: [], symbols: [],
      routeTemplates: [{ className: 'ApiBase', template: 'api/[controller]', line: 3 }, { className: 'PlainBase', line: 9 }, { className: 'Orders', base: 'ApiBase', line: 12 }],
    });
    assert.deepEqual(db.all(`SELECT line, class_name, template, base FROM route_templates ORDER BY line`), [
      { line: 3, class_name: 'ApiBase', template: 'api/[controller]', base: null },
      { line: 9, class_name: 'PlainBase', template: null, base: null },
      { line: 12, class_name: 'Orders', template: null, base: 'ApiBase' },
    ]);
    store.replaceFile(file, { language: 'c_sharp', parseErrors: 0, isTest: false, imports: [], refs: [], symbols: [] });
    assert.equal(db.value(`SELECT count(*) FROM route_templates`), 0);
    setVersion(8);
    assert.deepEqual(migrate(db), { kind: 'migrated', from: 8 }, 'a table already there is kept');
  });

  test('upgrades a schema-2 database in place: name indexes and stored nesting edges go, the edge view comes', () => {
    migrate(db);
    db.exec(`DROP VIEW graph_edges; DROP INDEX nodes_parent; CREATE INDEX nodes_name ON nodes(name); CREATE INDEX refs_name ON refs(name);
      INSERT INTO nodes(id, file_id, kind, name, qualified_name, start_line, start_col, end_line, end_col, parent_id, exported)
        VALUES (1, 1, 0, 'a.py', 'a.py', 1, 0, 9, 0, NULL, 0), (2, 1, 11, 'f', 'f', 2, 0, 3, 0, 1, 1);
      INSERT INTO edges(source_id, target_id, kind, line, col, confidence, method) VALUES (1, 2, 0, NULL, NULL, 1, NULL), (2, 2, 1, 3, 4, 0.9, 4)`);
    setVersion(2);
    assert.deepEqual(migrate(db), { kind: 'migrated', from: 2 });
    assert.equal(db.value(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN ('nodes_name', 'refs_name')`), 0);
    assert.equal(db.value(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'nodes_parent'`), 1);
    assert.deepEqual(db.all(`SELECT kind FROM edges`), [{ kind: 1 }], 'only the resolved edge stays stored');
    assert.deepEqual(db.all(`SELECT source_id, target_id, kind FROM graph_edges ORDER BY kind`), [
      { source_id: 1, target_id: 2, kind: 0 }, { source_id: 2, target_id: 2, kind: 1 },
    ]);
    assert.equal(db.value(`SELECT value FROM meta WHERE key = 'schema_version'`), String(SCHEMA_VERSION));
  });

  test('upgrades a schema-4 database in place: its full qualified names stay readable, and later writes store one equal to the name once', () => {
    migrate(db);
    const store = new GraphStore(db);
    const symbol = { startLine: 1, startCol: 0, endLine: 2, endCol: 1, exported: true };
    const file = (path: string, names: readonly [string, string][]): void => {
      store.replaceFile(
        { path, language: 'python', size: 1, mtimeMs: 1, sha256: '0'.repeat(64) },
        {
          language: 'python', parseErrors: 0, isTest: false, imports: [], refs: [],
          symbols: names.map(([name, qualifiedName], i) => ({ ...symbol, kind: i === 0 ? 'class' : 'function', name, qualifiedName, parent: -1 })),
        },
      );
    };
    file('pkg/engine.py', [['Engine', 'Engine'], ['run', 'Engine.run'], ['serve_forever', 'serve_forever']]);
    assert.equal(db.value(`SELECT count(*) FROM nodes WHERE qualified_name = ''`), 2, 'this build stores a qualified name equal to the name as empty');
    // As schema 4 wrote it: every qualified name in full, one index over all of them, the old view.
    db.exec(`UPDATE nodes SET qualified_name = name WHERE qualified_name = '';
      DROP INDEX nodes_qualified; CREATE INDEX nodes_qualified ON nodes(qualified_name);
      DROP VIEW node_search_src;
      CREATE VIEW node_search_src AS SELECT n.id AS rowid, n.name || ' ' || cg_words(n.name) AS name,
        n.qualified_name || ' ' || cg_words(n.qualified_name) AS qualified_name, coalesce(n.signature, '') AS signature,
        coalesce(n.docstring, '') AS docstring, coalesce(u.names || ' ' || cg_words(u.names), '') AS uses
        FROM nodes n LEFT JOIN node_uses u ON u.node_id = n.id;
      INSERT INTO node_search(node_search) VALUES ('rebuild');`);
    setVersion(4);
    assert.deepEqual(migrate(db), { kind: 'migrated', from: 4 });
    const migrated = new GraphStore(db);
    file('pkg/worker.py', [['Worker', 'Worker'], ['start', 'Worker.start']]);
    assert.deepEqual(db.all(`SELECT name, qualified_name FROM nodes WHERE qualified_name = '' OR name = 'serve_forever' ORDER BY id`), [
      { name: 'serve_forever', qualified_name: 'serve_forever' },
      { name: 'Worker', qualified_name: '' },
    ]);
    for (const name of ['serve_forever', 'Engine.run', 'Worker', 'Worker.start']) {
      assert.deepEqual(migrated.nodesByQualifiedName(name).map((n) => n.qualifiedName), [name]);
    }
    // The full-text index matches the new view's text, for rows in either form.
    const matches = (query: string): number => Number(db.value(`SELECT count(*) FROM node_search WHERE node_search MATCH ?`, [query]));
    assert.deepEqual([matches('qualified_name:serve_forever'), matches('qualified_name:worker')], [1, 3], 'worker: the class, its method and its file');
    db.exec(`INSERT INTO node_search(node_search) VALUES ('integrity-check')`);
  });

  test('keeps the old version when a migration throws', () => {
    migrate(db);
    setVersion(SCHEMA_VERSION - 1);
    const migrations = new Map<number, Migration>([[SCHEMA_VERSION - 1, () => {
      throw new Error('bad migration');
    }]]);
    assert.throws(() => migrate(db, migrations), /bad migration/);
    assert.equal(db.value(`SELECT value FROM meta WHERE key = 'schema_version'`), String(SCHEMA_VERSION - 1));
  });

  test('tells the user to upgrade when the database is newer', () => {
    migrate(db);
    setVersion(SCHEMA_VERSION + 1);
    const result = migrate(db);
    assert.equal(result.kind, 'too-new');
    assert.match(result.kind === 'too-new' ? result.message : '', /newer codegraph.*Upgrade codegraph/);
  });

  test('calls a database of other tables foreign, and never changes it', () => {
    db.exec('CREATE TABLE other(x)');
    assert.equal(migrate(db).kind, 'foreign');
    assert.equal(Number(db.value('PRAGMA application_id')), 0);
    db.exec(`CREATE TABLE meta(key TEXT, value TEXT); INSERT INTO meta VALUES ('schema_version', '5')`);
    assert.equal(migrate(db).kind, 'foreign', 'a meta table without our vocabulary is not ours');
  });

  test('asks for a rebuild when a database with our id has no meta table', () => {
    db.exec(`CREATE TABLE other(x); PRAGMA application_id = ${APPLICATION_ID}`);
    assert.equal(migrate(db).kind, 'rebuild-needed');
  });

  test('asks for a rebuild, naming it, when an index at this schema lacks one of its tables', async () => {
    migrate(db);
    db.exec('DROP TABLE strings_search');
    const result = migrate(await reopen());
    assert.equal(result.kind, 'rebuild-needed');
    assert.match(result.kind === 'rebuild-needed' ? result.message : '', /lacks its table or view strings_search\. Run `codegraph index --force`/);
  });

  test('asks for a rebuild when an index at this schema lacks its edge view', () => {
    migrate(db);
    db.exec('DROP VIEW graph_edges');
    const result = migrate(db);
    assert.match(result.kind === 'rebuild-needed' ? result.message : '', /lacks its table or view graph_edges\./);
  });

  test('asks for a rebuild when a full-text table lacks one of the tables SQLite keeps behind it', () => {
    migrate(db);
    db.exec('DROP TABLE strings_search_segdir');
    const result = migrate(db);
    assert.match(result.kind === 'rebuild-needed' ? result.message : '', /lacks its table or view strings_search_segdir\./);
  });

  test('the tables it asks for are exactly those a new index has', () => {
    migrate(db);
    const made = db.all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type IN ('table', 'view')`).map((t) => t.name);
    assert.deepEqual([...SCHEMA_TABLES].sort(), made.sort());
  });

  test('asks for a rebuild when the stored kind list was reordered', () => {
    migrate(db);
    db.run(`UPDATE meta SET value = ? WHERE key = 'node_kinds'`, [JSON.stringify(['module', 'file'])]);
    assert.equal(migrate(db).kind, 'rebuild-needed');
  });

  test('accepts a stored kind list that is a prefix of the current one', () => {
    migrate(db);
    db.run(`UPDATE meta SET value = ? WHERE key = 'edge_kinds'`, [JSON.stringify(['contains', 'calls'])]);
    assert.equal(migrate(db).kind, 'current');
  });

  test('registers the search function on a reopened database so writes work', async () => {
    migrate(db);
    const again = await reopen();
    const store = GraphStore.open(again);
    store.replaceFile(
      { path: 'a.ts', language: 'typescript', size: 1, mtimeMs: 1, sha256: '00' },
      { language: 'typescript', symbols: [], refs: [], imports: [], parseErrors: 0, isTest: false },
    );
    assert.equal(store.counts().files, 1);
  });
});

describe('GraphStore.open', () => {
  test('throws SchemaError carrying the upgrade message for a newer database', () => {
    migrate(db);
    setVersion(SCHEMA_VERSION + 1);
    assert.throws(() => GraphStore.open(db), (e: unknown) => e instanceof SchemaError && /Upgrade codegraph/.test(e.message));
  });
});
