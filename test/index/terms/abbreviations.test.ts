import assert from 'node:assert/strict';
import { test } from 'node:test';
import { termVariants, wordVariants } from '../../../src/index/terms/abbreviations.js';
import { stem } from '../../../src/index/terms/words.js';

test('a stemmed term meets the stems of its abbreviations, and an abbreviation its full word', () => {
  assert.deepEqual([...termVariants(stem('arguments'))].sort(), ['arg', 'argv']);
  assert.ok(termVariants(stem('args')).includes(stem('argument')));
  assert.ok(termVariants('ctx').includes('context'));
});

test('a spelling of several meanings meets all of them; a full word only its own', () => {
  assert.deepEqual([...termVariants('res')].sort(), [stem('response'), stem('result'), 'resp'].sort());
  assert.ok(!termVariants(stem('result')).includes(stem('response')));
});

test('words with no abbreviation have no variants', () => {
  assert.deepEqual(termVariants(stem('discount')), []);
  assert.deepEqual(wordVariants('discount'), []);
});

test('wordVariants gives plain words for an inflected word too', () => {
  assert.deepEqual([...wordVariants('errors')], ['err']);
  assert.deepEqual([...wordVariants('err')], ['error']);
});

test('full words sharing a stem meet the abbreviations of both', () => {
  assert.deepEqual([...termVariants(stem('management'))].sort(), ['mgmt', 'mgr']);
  assert.ok(termVariants('mgmt').includes(stem('manager')));
});
