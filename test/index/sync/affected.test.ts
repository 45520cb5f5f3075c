import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moduleStems } from '../../../src/index/sync/affected.js';

test('module stems name a file by its stem and an index-like file by its folder too', () => {
  assert.deepEqual(moduleStems(['src/util.ts', 'pkg/__init__.py', 'types.d.ts', 'index.js']), ['util', '__init__', 'pkg', 'types', 'index']);
});
