import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { boundCallees, callerCounts } from '../../src/store/explore-reads.js';
import { GraphStore } from '../../src/store/graph-store.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { callEdge, loadSample } from './fixtures/sample.js';

let db: SqliteDb;
let store: GraphStore;

beforeEach(async () => {
  db = await SqliteDb.open();
  store = GraphStore.open(db);
});

afterEach(() => {
  db.close();
});

test('caller counts count the calls from other definitions: no recursive call, no other edge kind', () => {
  const { user, main } = loadSample(store);
  const [service, getUserId, save] = [user[0]!, user[1]!, user[2]!];
  const mainFn = main.find((id) => id !== undefined)!;
  store.addResolvedEdges([
    callEdge(mainFn, getUserId, 1, 1), callEdge(save, getUserId, 2, 1), callEdge(getUserId, getUserId, 3, 1),
    { ...callEdge(mainFn, service, 4, 1), kind: 'instantiates' },
  ]);
  assert.deepEqual(callerCounts(store, [getUserId, service, save]), new Map([[getUserId, 2]]));
  assert.deepEqual(callerCounts(store, []), new Map());
});

test('bound callees are the calls bound by more than the name alone, in the order stored', () => {
  const { user, main } = loadSample(store);
  const [service, getUserId, save] = [user[0]!, user[1]!, user[2]!];
  const mainFn = main.find((id) => id !== undefined)!;
  store.addResolvedEdges([
    callEdge(mainFn, save, 1, 1), { ...callEdge(mainFn, getUserId, 2, 1), method: 'name', confidence: 0.5 },
    { ...callEdge(mainFn, getUserId, 3, 1), method: 'import' }, { ...callEdge(mainFn, service, 4, 1), kind: 'references' },
    { ...callEdge(save, getUserId, 5, 1), method: 'same-file' },
  ]);
  assert.deepEqual(boundCallees(store, [mainFn, save, service]), new Map([[mainFn, [save, getUserId]], [save, [getUserId]]]));
  assert.deepEqual(boundCallees(store, []), new Map());
});
