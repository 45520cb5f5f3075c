import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { GraphStore } from '../../src/store/graph-store.js';
import {
  docstringsHolding, eachSymbolById, eachSymbolNamed, eachSymbolQualified, eachSymbolWithPrefix, eachTextMatch, incomingEdgeCounts, searchTermStats,
} from '../../src/store/full-text.js';
import type { SearchRow } from '../../src/store/full-text.js';
import { MIGRATIONS, SEARCH_COLUMNS } from '../../src/store/schema.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { fileInfo, loadSample, loadSampleCalls, userExtraction } from './fixtures/sample.js';

let db: SqliteDb;
let store: GraphStore;

beforeEach(async () => {
  db = await SqliteDb.open();
  store = GraphStore.open(db);
});

afterEach(() => {
  db.close();
});

function uses(): Record<string, string> {
  const rows = db.all<{ name: string; names: string }>(`SELECT n.name, u.names FROM node_uses u JOIN nodes n ON n.id = u.node_id ORDER BY n.name`);
  return Object.fromEntries(rows.map((r) => [r.name, r.names]));
}

function ftsIntact(): void {
  db.exec(`INSERT INTO node_search(node_search) VALUES('integrity-check')`);
}

/** Ids of rows holding `word` in the `uses` column. */
function usesMatch(word: string): number[] {
  const ids: number[] = [];
  eachTextMatch(store, { words: [word], mode: 'any', limit: 100 }, (id, columns) => {
    if (((columns[0] ?? 0) & (1 << SEARCH_COLUMNS.indexOf('uses'))) !== 0) ids.push(id);
  });
  return ids;
}

function names(read: (fn: (row: SearchRow) => void) => void): string[] {
  const out: string[] = [];
  read((row) => out.push(row.qualifiedName));
  return out.sort();
}

describe('the persisted search tables', () => {
  test('node_uses holds each symbol\'s distinct reference names, file-level references left out', () => {
    loadSample(store);
    assert.deepEqual(uses(), { getUserId: 'parse_config', main: 'getUserId', save: 'write' });
  });

  test('a name a body uses is searchable in the uses column, stemmed', () => {
    const { user } = loadSample(store);
    assert.deepEqual(usesMatch('writes'), [user[2]]);
    assert.deepEqual(usesMatch('config'), [user[1]]);
  });

  test('replacing a file replaces its uses and keeps the full-text index consistent', () => {
    loadSample(store);
    const refs = [{ kind: 'calls' as const, from: 3, name: 'readConfigFile', line: 23, col: 2 }];
    store.replaceFile(fileInfo('src/user.ts', 2), { ...userExtraction, refs });
    ftsIntact();
    assert.deepEqual(Object.keys(uses()).sort(), ['main', 'parse_config']);
    assert.equal(usesMatch('write').length, 0);
    assert.equal(usesMatch('file').length, 1, 'camelCase words of a used name are indexed');
  });

  test('an implicit call (a framework runs it for the symbol) is no name the symbol\'s body uses', () => {
    loadSample(store);
    const refs = [
      { kind: 'calls' as const, from: 2, name: 'write', line: 12, col: 14 },
      { kind: 'calls' as const, from: 2, name: 'audit_trail', line: 4, col: 2, implicit: true as const },
      { kind: 'calls' as const, from: 1, name: 'audit_trail', line: 4, col: 2, implicit: true as const },
    ];
    store.replaceFile(fileInfo('src/user.ts', 3), { ...userExtraction, refs });
    ftsIntact();
    assert.deepEqual(uses(), { main: 'getUserId', save: 'write' });
    assert.equal(usesMatch('audit').length, 0);
  });

  test('removing a file removes its uses', () => {
    loadSample(store);
    store.removeFile('src/user.ts');
    ftsIntact();
    assert.deepEqual(Object.keys(uses()), ['main']);
  });

  test('a bulk load rebuilds the index with the uses column', () => {
    store.deferIndexes();
    const { user } = loadSample(store);
    store.restoreIndexes();
    ftsIntact();
    assert.deepEqual(usesMatch('write'), [user[2]]);
  });

  test('migrating from schema 3 fills node_uses from the stored references and rebuilds the index', () => {
    const { user } = loadSample(store);
    db.exec(`DROP TABLE node_search; DROP VIEW node_search_src; DROP TABLE node_uses`);
    MIGRATIONS.get(3)?.(db);
    ftsIntact();
    assert.deepEqual(uses(), { getUserId: 'parse_config', main: 'getUserId', save: 'write' });
    assert.deepEqual(usesMatch('write'), [user[2]]);
  });
});

describe('the words of string literals', () => {
  const withStrings = { ...userExtraction, strings: [{ from: 2, words: 'unknown command' }, { from: 1, words: 'invalid header' }] };

  /** Ids whose literals hold `word` (stemmed). */
  function stringsMatch(word: string): number[] {
    const ids: number[] = [];
    eachTextMatch(store, { words: [word], mode: 'any', limit: 100, table: 'strings_search' }, (id) => ids.push(id));
    return ids.sort((a, b) => a - b);
  }

  function stringsIntact(): void {
    db.exec(`INSERT INTO strings_search(strings_search) VALUES('integrity-check')`);
  }

  test('are stored per symbol and found stemmed in their own index, not in the symbol index', () => {
    store.replaceFile(fileInfo('src/user.ts'), withStrings);
    const ids = db.all<{ id: number; name: string }>(`SELECT id, name FROM nodes WHERE name IN ('getUserId', 'save') ORDER BY name`);
    const [getUserId, save] = [ids[0]!.id, ids[1]!.id];
    stringsIntact();
    assert.deepEqual(stringsMatch('commands'), [save]);
    assert.deepEqual(stringsMatch('headers'), [getUserId]);
    assert.equal(searchTermStats(store, ['commands'], 'strings_search').frequencies[0]?.[0], 1);
    assert.ok((searchTermStats(store, ['unknown']).frequencies[0] ?? []).every((n) => n === 0), 'the symbol index does not hold them');
  });

  test('replacing or removing the file replaces or removes them, and a bulk load indexes them', () => {
    store.replaceFile(fileInfo('src/user.ts'), withStrings);
    store.replaceFile(fileInfo('src/user.ts', 2), { ...userExtraction, strings: [{ from: 1, words: 'fresh words' }] });
    stringsIntact();
    assert.deepEqual(stringsMatch('unknown'), []);
    assert.equal(stringsMatch('fresh').length, 1);
    store.removeFile('src/user.ts');
    stringsIntact();
    assert.deepEqual(stringsMatch('fresh'), []);
    assert.equal(db.value('SELECT count(*) FROM node_strings'), 0);
    store.deferIndexes();
    store.replaceFile(fileInfo('src/user.ts', 3), withStrings);
    store.restoreIndexes();
    stringsIntact();
    assert.equal(stringsMatch('unknown').length, 1);
  });

  test('migrating from schema 9 adds the tables empty', () => {
    db.exec(`DROP TABLE strings_search; DROP TABLE node_strings`);
    MIGRATIONS.get(9)?.(db);
    stringsIntact();
    assert.equal(db.value('SELECT count(*) FROM node_strings'), 0);
    store.replaceFile(fileInfo('src/user.ts'), withStrings);
    assert.equal(stringsMatch('unknown').length, 1);
  });
});

describe('search reads', () => {
  test('term stats count rows per word and column from the index', () => {
    loadSample(store);
    const stats = searchTermStats(store, ['user', 'zebra']);
    assert.ok(stats.rows >= 6);
    assert.ok((stats.frequencies[0]?.[SEARCH_COLUMNS.indexOf('name')] ?? 0) >= 1);
    assert.deepEqual(stats.frequencies[1], [0, 0, 0, 0, 0]);
  });

  test('prose words meet names that inflect them (porter stemming)', () => {
    const { user } = loadSample(store);
    const found: number[] = [];
    eachTextMatch(store, { words: ['saving'], mode: 'any', limit: 10 }, (id) => found.push(id));
    assert.ok(found.includes(user[2]!));
  });

  test('each row hands over one column mask per word, in the order of the words', () => {
    const { user } = loadSample(store);
    const masks = new Map<number, number[]>();
    eachTextMatch(store, { words: ['repository', 'save'], mode: 'any', limit: 10 }, (id, columns) => masks.set(id, [...columns]));
    const bit = (column: (typeof SEARCH_COLUMNS)[number]): number => 1 << SEARCH_COLUMNS.indexOf(column);
    const save = masks.get(user[2]!);
    assert.ok(save !== undefined);
    assert.equal((save[0] ?? 0) & bit('docstring'), bit('docstring'));
    assert.equal((save[1] ?? 0) & bit('name'), bit('name'));
    for (const [, columns] of masks) assert.equal(columns.length, 2);
  });

  test('docstrings holding a word in any case are read for the ids asked, and only those', () => {
    const { user } = loadSample(store);
    const ids = user.filter((id): id is number => id !== undefined);
    // `Writes through to the repository.` is the save method's; the class's says `Loads and caches users.`
    assert.deepEqual(docstringsHolding(store, ids, 'REPOSITORY'), new Map([[user[2], 'Writes through to the repository.']]));
    assert.deepEqual(docstringsHolding(store, ids.filter((id) => id !== user[2]), 'repository'), new Map());
    assert.deepEqual(docstringsHolding(store, [], 'repository'), new Map());
    // LIKE's own wildcards in the word match nothing of their own.
    assert.deepEqual(docstringsHolding(store, ids, '%'), docstringsHolding(store, ids, ''));
  });

  test('edge counts count every edge pointing at a symbol, a recursive call too', () => {
    const { service, getUserId, save } = loadSampleCalls(store);
    assert.deepEqual(incomingEdgeCounts(store, [getUserId, service, save]), new Map([[getUserId, 3], [service, 1]]));
  });

  test('a match restricted to ids returns only those', () => {
    const { user } = loadSample(store);
    const found: number[] = [];
    eachTextMatch(store, { words: ['user'], mode: 'any', limit: 10, ids: [user[0]!] }, (id) => found.push(id));
    assert.deepEqual(found, [user[0]]);
  });

  test('words that are not plain letters and digits never reach the match syntax', () => {
    loadSample(store);
    assert.equal(eachTextMatch(store, { words: ['"*) OR ('], mode: 'any', limit: 10 }, () => assert.fail('no row')), false);
  });

  test('name reads use the name indexes: case-folded, prefix, qualified, by id', () => {
    const { user } = loadSample(store);
    const kinds = ['class', 'method', 'function', 'constant'] as const;
    assert.deepEqual(names((fn) => eachSymbolNamed(store, ['getuserid'], kinds, fn)), ['UserService.getUserId']);
    assert.deepEqual(names((fn) => eachSymbolWithPrefix(store, 'parse', kinds, 10, fn)), ['parse_config']);
    assert.deepEqual(names((fn) => eachSymbolQualified(store, 'UserService.save', kinds, fn)), ['UserService.save']);
    assert.deepEqual(names((fn) => eachSymbolById(store, [user[0]!, user[4]!], ['class'], fn)), ['UserService']);
  });
});
