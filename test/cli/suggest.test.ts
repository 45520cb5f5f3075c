import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closest, didYouMean, editDistance } from '../../src/cli/suggest.js';

test('editDistance counts insertions, deletions, substitutions and neighbour swaps as one each', () => {
  assert.equal(editDistance('explore', 'explore'), 0);
  assert.equal(editDistance('explre', 'explore'), 1);
  assert.equal(editDistance('explorer', 'explore'), 1);
  assert.equal(editDistance('exblore', 'explore'), 1);
  assert.equal(editDistance('exlpore', 'explore'), 1);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('abc', ''), 3);
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('ca', 'abc'), 3);
});

test('closest picks the nearest candidate within a third of the word, the earlier one on a tie', () => {
  const commands = ['init', 'index', 'sync', 'status', 'search', 'serve', 'explore', 'callers', 'callees'];
  assert.equal(closest('explre', commands), 'explore');
  assert.equal(closest('stauts', commands), 'status');
  assert.equal(closest('calers', commands), 'callers');
  assert.equal(closest('callee', commands), 'callees');
  assert.equal(closest('inti', commands), 'init');
  assert.equal(closest('SEARCH', commands), 'search');
  // sync -> init is 4 edits away: too far for a four-letter word.
  assert.equal(closest('zzzz', commands), undefined);
  assert.equal(closest('deploy', commands), undefined);
  assert.equal(closest('serch', commands), 'search');
  // Both one edit away: the earlier candidate wins.
  assert.equal(closest('ab', ['ac', 'ad']), 'ac');
});

test('closest takes an abbreviation of three letters or more as the word it starts', () => {
  assert.equal(closest('--lim', ['--json', '--limit']), '--limit');
  assert.equal(closest('ex', ['export', 'explore']), undefined);
  assert.equal(closest('exp', ['index', 'export', 'explore']), 'export');
});

test('didYouMean phrases the suggestion, or says nothing', () => {
  assert.equal(didYouMean('--limt', ['--json', '--limit']), '; did you mean --limit?');
  assert.equal(didYouMean('--frobnicate', ['--json', '--limit']), '');
});
