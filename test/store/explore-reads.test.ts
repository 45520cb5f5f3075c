import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundCallees, callerCounts } from '../../src/store/explore-reads.js';
import { storePerTest } from './fixtures/fresh-store.js';
import { callEdge, loadSample, loadSampleCalls } from './fixtures/sample.js';

const current = storePerTest();

test('caller counts count the calls from other definitions: no recursive call, no other edge kind', () => {
  const store = current();
  const { service, getUserId, save } = loadSampleCalls(store);
  assert.deepEqual(callerCounts(store, [getUserId, service, save]), new Map([[getUserId, 2]]));
  assert.deepEqual(callerCounts(store, []), new Map());
});

test('bound callees are the calls bound by more than the name alone, in the order stored', () => {
  const store = current();
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
