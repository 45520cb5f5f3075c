import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textSearch } from '../../../src/explore/rank/text-search.js';
import { openGeneratedProject } from '../../support/fixture-project.js';

// Twins but for where the words stand: one function's docstring says them, the other's message.
const FILES = {
  'cache.js': [
    '/** Drops the stale cache entries. */',
    'function alpha(cache) {',
    '  return cache.clear();',
    '}',
    'function gamma(cache) {',
    "  cache.note('drops the stale cache entries');",
    '  return cache.clear();',
    '}',
    'module.exports = { alpha, gamma };',
    '',
  ].join('\n'),
};

test('explore asks search for a list of words even when a word is a stop word only search knows', async () => {
  const project = await openGeneratedProject(FILES);
  try {
    // `whose` would make search read the words as a sentence, which weighs a docstring and a message alike.
    for (const words of [['drops', 'stale', 'cache', 'entries'], ['drops', 'whose', 'stale', 'cache', 'entries']]) {
      const relevance = new Map(textSearch(project.index.store, words, 10).map((h) => [h.node.name, h.relevance]));
      assert.equal(relevance.get('alpha'), 1, `${words.join(' ')}: ${JSON.stringify([...relevance])}`);
      assert.ok((relevance.get('gamma') ?? 1) < 1, `${words.join(' ')}: ${JSON.stringify([...relevance])}`);
    }
  } finally {
    project.close();
  }
});
