import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeIds, encodeIds } from '../../src/store/term-tables.js';

test('ids survive the delta-varint encoding, small gaps in one byte each', () => {
  const ids = [1, 2, 3, 130, 131, 20_000, 2_000_000, 2 ** 31 - 1];
  assert.deepEqual([...decodeIds(encodeIds(ids))], ids);
  assert.equal(encodeIds([1, 2, 3, 4]).length, 4);
  assert.deepEqual([...decodeIds(encodeIds([]))], []);
});
