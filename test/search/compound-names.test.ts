import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { spelledTypeNames } from '../../src/search/spelled-types.js';

describe('spelledTypeNames', () => {
  test('runs of two or three plain words join into the names they could spell', () => {
    assert.deepEqual(spelledTypeNames('how does the SQL compiler decide'), ['sqlcompiler', 'sqlcompilerdecide', 'compilerdecide']);
    assert.deepEqual(spelledTypeNames('a lazy-loader loads'), ['lazyloader', 'lazyloaderloads', 'loaderloads']);
  });

  test('a stop word, punctuation or a word of a longer token ends a run', () => {
    assert.deepEqual(spelledTypeNames('when the pool, or Session.flush runs'), []);
    assert.deepEqual(spelledTypeNames('the x_y value'), []);
  });

  test('at most 24 runs are read from a long text', () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
    assert.equal(spelledTypeNames(words).length, 24);
  });
});
