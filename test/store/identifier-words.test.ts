import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { splitIdentifierWords } from '../../src/store/identifier-words.js';

describe('splitIdentifierWords', () => {
  const cases: [string, string][] = [
    ['getUserId', 'get User Id'],
    ['HTTPServer', 'HTTP Server'],
    ['parseHTTPResponse', 'parse HTTP Response'],
    ['snake_case', 'snake case'],
    ['_private', 'private'],
    ['lower', ''],
    ['parse_config write getUserId', 'parse config get User Id'],
    ['getUserId getUserId lower', 'get User Id get User Id'],
    ['UPPER_CASE ABC __', 'UPPER CASE'],
  ];
  for (const [input, expected] of cases) {
    test(`splits ${input} into "${expected}"`, () => {
      assert.equal(splitIdentifierWords(input), expected);
    });
  }
});
