import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_INDEX_DIR, indexDirName } from '../../src/store/layout.js';

test('CODEGRAPH_INDEX_DIR names the index folder when it is one plain folder name', () => {
  assert.equal(DEFAULT_INDEX_DIR, '.codegraph');
  assert.equal(indexDirName(undefined), '.codegraph');
  assert.equal(indexDirName('.codegraph-wasm'), '.codegraph-wasm');
  assert.equal(indexDirName('cg_index.2'), 'cg_index.2');
  for (const bad of ['', '.', '..', 'a/b', '../up', '/abs', 'sp ace', 'a\\b']) assert.equal(indexDirName(bad), '.codegraph', JSON.stringify(bad));
});
