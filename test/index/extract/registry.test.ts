import assert from 'node:assert/strict';
import { test } from 'node:test';
import { genericExtractor } from '../../../src/index/extract/languages/generic.js';
import { DEDICATED_LANGUAGES, extractorFor } from '../../../src/index/extract/registry.js';
import { languageInfo } from '../../../src/index/languages.js';
import { ALL_EXTRACTORS as ALL } from '../../support/extractors.js';

test('the registry lists exactly the language ids the extractor modules claim, each once and known to the language table', () => {
  const claimed = ALL.flatMap((e) => e.languages);
  assert.equal(new Set(claimed).size, claimed.length, 'a language id is claimed twice');
  for (const id of claimed) assert.ok(languageInfo(id) !== undefined, `language table lacks ${id}`);
  assert.deepEqual([...DEDICATED_LANGUAGES].sort(), [...claimed].sort());
});

test('each id loads the extractor that claims it', async () => {
  for (const id of DEDICATED_LANGUAGES) {
    const extractor = await extractorFor(id);
    assert.ok(extractor.languages.includes(id), `${id} loaded an extractor for ${extractor.languages.join(', ')}`);
    assert.equal(extractor, ALL.find((e) => e.languages.includes(id)));
  }
});

test('an id without a dedicated extractor gets the generic one', async () => {
  assert.equal(await extractorFor('haskell'), genericExtractor);
  assert.equal(await extractorFor('no-such-language'), genericExtractor);
});
