import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_EXTRA_SPELLINGS, MAX_QUERY_WORDS, STOP_WORDS, identifierWords, searchSpellings, searchWords } from '../../src/search/terms.js';

describe('identifierWords', () => {
  const cases: [string, string[]][] = [
    ['getHTTPResponse_v2', ['get', 'http', 'response', 'v2']],
    ['apply_migration', ['apply', 'migration']],
    ['__init__', ['init']],
    ['v2_to_v3', ['v2', 'to', 'v3']],
    ['kebab-case-name', ['kebab', 'case', 'name']],
    ['Engine::serve', ['engine', 'serve']],
    ['QuerySet.exclude', ['query', 'set', 'exclude']],
    // An acronym with a lowercase ending is one word, as in explore's term index.
    ['URLs', ['urls']],
    ['POSTed', ['posted']],
  ];
  for (const [input, expected] of cases) {
    test(`splits ${input}`, () => assert.deepEqual(identifierWords(input), expected));
  }
});

describe('searchWords', () => {
  test('drops stop words from a prose question', () => {
    assert.deepEqual(searchWords('how are migrations applied to the database'), ['migrations', 'applied', 'database']);
  });

  test('keeps a camelCase identifier whole and split', () => {
    assert.deepEqual(searchWords('getUserId'), ['getuserid', 'get', 'user', 'id']);
  });

  test('splits snake_case into its words', () => {
    assert.deepEqual(searchWords('_filter_or_exclude'), ['filter', 'exclude']);
  });

  test('keeps stop words when nothing else is left', () => {
    assert.deepEqual(searchWords('the'), ['the']);
  });

  test('lets only letters and digits through', () => {
    assert.deepEqual(searchWords('"*) (- naïve'), []);
  });

  test('caps the number of words', () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    assert.equal(searchWords(long).length, MAX_QUERY_WORDS);
  });

  test('stop words are lowercase and never common identifier parts', () => {
    for (const word of ['get', 'set', 'new', 'type', 'apply']) assert.ok(!STOP_WORDS.has(word), word);
    for (const word of STOP_WORDS) assert.equal(word, word.toLowerCase());
  });
});

describe('searchSpellings', () => {
  test('sends each word, then its other spellings with the word they spell', () => {
    assert.deepEqual(searchSpellings(['parse', 'arguments', 'error']), {
      spellings: ['parse', 'arguments', 'error', 'arg', 'argv', 'err'],
      meaning: [0, 1, 2, 1, 1, 2],
    });
  });

  test('sends a bounded number of other spellings, and none already asked', () => {
    const words = ['arguments', 'errors', 'context', 'message', 'request', 'response', 'configuration', 'database'];
    const { spellings } = searchSpellings(words);
    assert.equal(spellings.length, words.length + MAX_EXTRA_SPELLINGS);
    assert.deepEqual(searchSpellings(['args', 'arg']).spellings, ['args', 'arg', 'argument', 'argv']);
  });

  test('sends the forms the index stems apart after the abbreviations: a list of words its other spellings, prose its adverbs too', () => {
    assert.deepEqual(searchSpellings(['exact', 'arguments'], true), {
      spellings: ['exact', 'arguments', 'arg', 'argv', 'exactly'],
      meaning: [0, 1, 1, 1, 0],
    });
    assert.deepEqual(searchSpellings(['strictly', 'customised'], true).spellings, ['strictly', 'customised', 'strict', 'customized']);
    assert.deepEqual(searchSpellings(['exact', 'arguments']).spellings, ['exact', 'arguments', 'arg', 'argv']);
    assert.deepEqual(searchSpellings(['customised', 'exact']).spellings, ['customised', 'exact', 'customized']);
  });
});
