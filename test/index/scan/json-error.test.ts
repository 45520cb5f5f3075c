import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findJsonErrorOffset, positionAt } from '../../../src/index/scan/json-error.js';

const VALID = ['{}', ' [1, -2.5e+3, "a\\u00e9\\n", true, false, null, {"k": []}] ', '0', '"x"'];

for (const text of VALID) {
  test(`findJsonErrorOffset finds no error when given valid JSON ${text}`, () => {
    assert.equal(findJsonErrorOffset(text), undefined);
  });
}

const INVALID: readonly (readonly [text: string, offset: number])[] = [
  ['{"a":}', 5],
  ['{"a": 1,}', 8],
  ['[1 2]', 3],
  ['{"a" 1}', 5],
  ['', 0],
  ['01', 1],
  ['"\\x"', 2],
  ['{} x', 3],
  ['[tru]', 4],
];

for (const [text, offset] of INVALID) {
  test(`findJsonErrorOffset returns ${offset} when given invalid JSON ${JSON.stringify(text)}`, () => {
    assert.equal(findJsonErrorOffset(text), offset);
  });
}

test('positionAt counts lines and columns from 1', () => {
  assert.deepEqual(positionAt('ab\ncd', 4), { offset: 4, line: 2, column: 2 });
});
