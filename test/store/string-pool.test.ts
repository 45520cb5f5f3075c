import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StringPool } from '../../src/store/string-pool.js';

test('a pool hands back equal strings and keeps one entry per distinct string', () => {
  const pool = new StringPool();
  assert.equal(pool.intern(['ge', 't'].join('')), 'get');
  assert.equal(pool.intern(['g', 'et'].join('')), 'get');
  assert.equal(pool.intern('set'), 'set');
  assert.equal(pool.size, 2);
});
