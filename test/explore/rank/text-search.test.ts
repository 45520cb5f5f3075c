import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textSearch } from '../../../src/explore/rank/text-search.js';
import { openGeneratedProject } from '../../support/fixture-project.js';
import { DOC_AND_MESSAGE_TWINS } from '../../search/fixtures/doc-and-message-twins.js';

test('textSearch asks search for a list of words even when a word is a stop word only search knows', async () => {
  const project = await openGeneratedProject(DOC_AND_MESSAGE_TWINS);
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

test('textSearch sends words that are all stop words only search knows as they are, one name', async () => {
  const project = await openGeneratedProject({ 'either.js': 'function either(a, b) {\n  return a || b;\n}\nmodule.exports = { either };\n' });
  try {
    assert.deepEqual(textSearch(project.index.store, ['either'], 10).map((h) => h.node.name), ['either']);
  } finally {
    project.close();
  }
});
