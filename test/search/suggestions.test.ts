import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { suggestNames } from '../../src/search/index.js';
import { openFixture, type OpenFixture } from '../graph/open-fixture.js';

describe('suggestNames', () => {
  let shop: OpenFixture;
  before(async () => {
    shop = await openFixture('shop', import.meta.url);
  });
  after(() => shop.close());

  test('suggests close names for a misspelt symbol', () => {
    assert.ok(suggestNames(shop.index.store, 'emitt').some((s) => s.name === 'emit'));
  });
});
