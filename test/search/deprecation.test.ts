import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isDeprecatedDoc } from '../../src/search/deprecation.js';

describe('isDeprecatedDoc', () => {
  const marked: string[] = [
    '@deprecated use `aws-lambda` instead',
    'Reads a line. @deprecated This method does not properly convert bytes.',
    'Branching. .. deprecated:: 1.4 the "branching" concept will be removed',
    'ExactValidArgs returns an error. Deprecated: use MatchAll(ExactArgs(n), OnlyValidArgs) instead',
    'It has therefore been disabled. Deprecated',
  ];
  for (const doc of marked) test(`marked: ${JSON.stringify(doc.slice(0, 40))}`, () => assert.equal(isDeprecatedDoc(doc), true));

  const unmarked: (string | null)[] = [
    null,
    '',
    'Deprecated defines, if this command is deprecated and should print this string when used.',
    'checks the flags which are not hidden or deprecated.',
    'Returns the deprecated-alias table.',
  ];
  for (const doc of unmarked) test(`not marked: ${JSON.stringify(doc)}`, () => assert.equal(isDeprecatedDoc(doc), false));
});
