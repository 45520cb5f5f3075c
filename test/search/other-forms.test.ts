import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { adverbPair, regionalPair } from '../../src/search/other-forms.js';

describe('adverbPair', () => {
  test('pairs the forms the porter stemmer keeps apart', () => {
    assert.equal(adverbPair('exact'), 'exactly');
    assert.equal(adverbPair('exactly'), 'exact');
    assert.equal(adverbPair('randomly'), 'random');
  });

  test('leaves the forms porter already stems alike, short words and words not of letters', () => {
    for (const word of ['complete', 'completely', 'recent', 'recently', 'optional', 'optionally', 'various', 'easy', 'full', 'args', 'apply', 'utf8']) {
      assert.equal(adverbPair(word), undefined, word);
    }
  });

  test('gives none for nouns and verb forms, which have no adverb', () => {
    for (const word of ['tokens', 'parsing', 'called', 'parser', 'function', 'argument', 'darkness', 'identity']) {
      assert.equal(adverbPair(word), undefined, word);
    }
  });
});

describe('regionalPair', () => {
  test('gives the other spelling of -ise/-ize, -yse/-yze and -our words, inflections kept', () => {
    for (const [word, other] of <[string, string][]>[
      ['customised', 'customized'], ['customized', 'customised'], ['serialisation', 'serialization'],
      ['analysing', 'analyzing'], ['paralyzed', 'paralysed'], ['behaviour', 'behavior'], ['colours', 'colors'],
    ]) assert.equal(regionalPair(word), other, word);
  });

  test('gives none for a doubled l, which porter stems alike, nor for short words and words not of letters', () => {
    for (const word of ['cancelled', 'canceled', 'labelling', 'size', 'raise', 'hour', 'utf8ize']) assert.equal(regionalPair(word), undefined, word);
  });
});
