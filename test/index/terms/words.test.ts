import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { identifierWords, proseTerms, stem, termsOf } from '../../../src/index/terms/words.js';

describe('identifierWords', () => {
  const cases: [string, string[]][] = [
    ['plain', ['plain']],
    ['v2', ['v2']],
    ['getHTTPResponse_v2', ['get', 'http', 'response', 'v2']],
    ['$scope-name', ['scope', 'name']],
    ['ABC', ['abc']],
    // An acronym with a lowercase ending is one word, not its last letter joined to the ending.
    ['URLs', ['urls']],
    ['POSTed', ['posted']],
    ['allIDsFor', ['all', 'ids', 'for']],
    ['HTTPServer', ['http', 'server']],
    ['MBeanServer', ['m', 'bean', 'server']],
    // A `2` between two words of three letters or more reads "to"; shorter sides make a name of their own.
    ['name2utf8', ['name', 'utf8']],
    ['ecc_bytes2native', ['ecc', 'bytes', 'native']],
    ['m2m', ['m2m']],
    ['l2cap', ['l2cap']],
    ['str2ba', ['str2ba']],
    ['', []],
    ['__', []],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} -> ${expected.join(' ') || 'nothing'}`, () => assert.deepEqual(identifierWords(input), expected));
  }

  test('gives a fresh list each time, so a caller may change it', () => {
    const first = identifierWords('plain');
    first.push('more');
    assert.deepEqual(identifierWords('plain'), ['plain']);
  });
});

describe('proseTerms and stem, asked again', () => {
  test('answer the same the second time (remembered words change nothing)', () => {
    const text = 'Returns the resolved ValueMapper; resolves mappings of parse_config entries, then validated them.';
    const first = proseTerms(text);
    assert.deepEqual(first, ['return', 'resolv', 'valu', 'map', 'pars', 'config', 'entry', 'valid']);
    assert.deepEqual(proseTerms(text), first);
    assert.deepEqual(['Validated', 'validated', 'VALIDATED'].map(stem), ['valid', 'valid', 'valid']);
    assert.deepEqual(termsOf('ValueMapper'), ['valu', 'map']);
  });
});

describe('stem across British and American spelling', () => {
  test('meets -ise and -ize, -yse and -yze, -our and -or, with their inflections', () => {
    for (const [british, american] of <[string, string][]>[
      ['customised', 'customized'], ['serialisation', 'serialization'], ['initialises', 'initializes'],
      ['analysing', 'analyzing'], ['behaviour', 'behavior'], ['colours', 'colors'], ['favoured', 'favored'],
    ]) assert.equal(stem(british), stem(american), `${british} / ${american}`);
  });

  test('keeps words that only look alike apart, and short words as they are', () => {
    assert.notEqual(stem('raise'), stem('raze'));
    assert.notEqual(stem('hours'), stem('hors'));
    assert.equal(stem('analysis'), 'analysis');
    assert.equal(stem('tour'), 'tour');
  });
});
