import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compoundNames } from '../../src/search/compound-names.js';

const joined = (text: string): string[] => compoundNames(text).map((c) => c.joined);

describe('compoundNames', () => {
  test('runs of two or three plain words join into the names they could spell, with their words', () => {
    assert.deepEqual(joined('how does the SQL compiler decide'), ['sqlcompiler', 'sqlcompilerdecide', 'compilerdecide']);
    assert.deepEqual(joined('a lazy-loader loads'), ['lazyloader', 'lazyloaderloads', 'loaderloads']);
    assert.deepEqual(compoundNames('the SQL compiler')[0], { joined: 'sqlcompiler', words: ['sql', 'compiler'] });
  });

  test('a stop word, punctuation or a word of a longer token ends a run', () => {
    assert.deepEqual(joined('when the pool, or Session.flush runs'), []);
    assert.deepEqual(joined('the x_y value'), []);
  });

  test('at most 24 runs are read from a long text', () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
    assert.equal(compoundNames(words).length, 24);
  });
});
