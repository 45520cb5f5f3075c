import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editVariants } from '../../src/search/index.js';

test('editVariants covers deletion, insertion, substitution and transposition', () => {
  const v = editVariants('ordr');
  for (const w of ['order', 'ord', 'odrr', 'orde', 'rodr']) assert.ok(v.has(w), w);
  assert.ok(!v.has('ordr'));
});
