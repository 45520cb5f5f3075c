import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isTestDoublePath, pathPenalty } from '../../../src/explore/rank/weights.js';

test('isTestDoublePath recognises mocks, fakes and stubs by file and folder name', () => {
  for (const path of ['src/fs/mocks.rs', 'pkg/fake_clock.go', 'pkg/client_mock.go', 'typings/stubs/os.pyi', 'src/MockServer.java', 'lib/mock.py']) {
    assert.equal(isTestDoublePath(path), true, path);
  }
  for (const path of ['src/runtime/task/join.rs', 'src/mockingbird.ts', 'src/Mocking.java', 'src/stubborn.c', 'src/fakery/index.ts']) {
    assert.equal(isTestDoublePath(path), false, path);
  }
});

test('pathPenalty ranks test doubles like tests, and lifts both when the query asks for tests', () => {
  assert.equal(pathPenalty('src/fs/mocks.rs', false, false), pathPenalty('tests/a.rs', true, false));
  assert.ok(pathPenalty('src/fs/mocks.rs', false, false) < pathPenalty('src/fs/file.rs', false, false));
  assert.ok(pathPenalty('src/fs/mocks.rs', false, true) > pathPenalty('src/fs/file.rs', false, true));
});
