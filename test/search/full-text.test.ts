import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { fullTextSearch } from '../../src/search/index.js';
import { GraphStore } from '../../src/store/graph-store.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { loadSample } from '../store/fixtures/sample.js';

let db: SqliteDb;
let store: GraphStore;

beforeEach(async () => {
  db = await SqliteDb.open();
  store = GraphStore.open(db);
});

afterEach(() => {
  db.close();
});

function loadFixture(): void {
  loadSample(store);
}

describe('fullTextSearch', () => {
  test('an exact name hit outranks a docstring mention', () => {
    loadFixture();
    const names = fullTextSearch(store, 'getUserId').map((h) => h.node.name);
    assert.equal(names[0], 'getUserId');
    assert.ok(names.includes('main'));
  });

  test('a camelCase segment of a name finds the symbol', () => {
    loadFixture();
    assert.ok(fullTextSearch(store, 'user').some((h) => h.node.name === 'getUserId'));
  });

  test('a prefix of a name finds the symbol', () => {
    loadFixture();
    assert.equal(fullTextSearch(store, 'parse_conf')[0]?.node.name, 'parse_config');
  });

  test('a qualified name ranks its symbol first', () => {
    loadFixture();
    assert.equal(fullTextSearch(store, 'UserService.save')[0]?.node.qualifiedName, 'UserService.save');
  });

  test('limit caps the number of results', () => {
    loadFixture();
    assert.equal(fullTextSearch(store, 'user', { limit: 2 }).length, 2);
  });

  test('falls back to any word when no symbol has all of them', () => {
    loadFixture();
    assert.deepEqual(fullTextSearch(store, 'repository zebra').map((h) => h.node.name), ['save']);
  });

  test('a query with only punctuation finds nothing instead of failing', () => {
    loadFixture();
    assert.deepEqual(fullTextSearch(store, '"*) OR (-'), []);
  });

  test('file nodes are left out', () => {
    loadFixture();
    assert.deepEqual(fullTextSearch(store, 'main').map((h) => h.node.kind), ['function']);
  });
});
