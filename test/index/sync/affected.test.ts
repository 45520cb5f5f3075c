import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moduleStems } from '../../../src/index/sync/affected.js';

test('module stems name a file by its stem and an index-like file by its folder too', () => {
  assert.deepEqual(moduleStems(['src/util.ts', 'pkg/__init__.py', 'types.d.ts', 'index.js']), ['util', '__init__', 'pkg', 'types', 'index']);
});

test('module stems: every index-like name (index, __init__, mod, main, lib) adds its folder; only a trailing .d is dropped; an empty stem is none', () => {
  assert.deepEqual(moduleStems(['src/foo/mod.rs', 'cmd/tool/main.go', 'crate/lib.rs', 'web/index.ts', 'app/__init__.py']), ['mod', 'foo', 'main', 'tool', 'lib', 'crate', 'index', 'web', '__init__', 'app']);
  assert.deepEqual(moduleStems(['a.dx.ts', 'b.d.ts']), ['a.dx', 'b']);
  assert.deepEqual(moduleStems(['.ts', 'x/.env']), []);
  assert.deepEqual(moduleStems(['main.go']), ['main'], 'no folder to add');
});
