import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stem } from '../../../src/explore/query/words.js';

test('stem brings inflected and derived forms together', () => {
  const groups = [
    ['discounts', 'discount'], ['validated', 'validate', 'validation'], ['resolvers', 'resolve', 'resolving'],
    ['saving', 'save', 'saved'], ['mapped', 'mapping', 'map'], ['matched', 'matches', 'match'], ['retries', 'retry'],
  ];
  for (const g of groups) assert.equal(new Set(g.map(stem)).size, 1, g.join(','));
  assert.equal(stem('user'), 'user');
  assert.equal(stem('add'), stem('added'));
});
