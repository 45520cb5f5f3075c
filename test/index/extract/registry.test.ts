import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cExtractor } from '../../../src/index/extract/languages/c.js';
import { genericExtractor } from '../../../src/index/extract/languages/generic.js';
import { goExtractor } from '../../../src/index/extract/languages/go.js';
import { javaExtractor } from '../../../src/index/extract/languages/java.js';
import { MORE_EXTRACTORS } from '../../../src/index/extract/languages/more.js';
import { pythonExtractor } from '../../../src/index/extract/languages/python.js';
import { rustExtractor } from '../../../src/index/extract/languages/rust.js';
import { typescriptExtractor } from '../../../src/index/extract/languages/typescript.js';
import { DEDICATED_LANGUAGES, extractorFor } from '../../../src/index/extract/registry.js';

const ALL = [typescriptExtractor, pythonExtractor, goExtractor, rustExtractor, javaExtractor, cExtractor, ...MORE_EXTRACTORS];

test('the registry lists exactly the language ids the extractor modules claim', () => {
  const claimed = ALL.flatMap((e) => e.languages);
  assert.equal(new Set(claimed).size, claimed.length, 'a language id is claimed twice');
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
