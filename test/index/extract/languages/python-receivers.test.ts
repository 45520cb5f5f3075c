import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUILTIN_VALUE_TYPES } from '../../../../src/index/extract/languages/python-receivers.js';
import { traitsOf } from '../../../../src/index/resolve/languages.js';

test('every builtin type the Python extractor records a receiver as is one resolution binds to nothing', () => {
  const known = traitsOf('python').builtinTypes ?? new Set<string>();
  assert.ok(BUILTIN_VALUE_TYPES.size > 0);
  for (const type of BUILTIN_VALUE_TYPES) assert.ok(known.has(type), `${type} is missing from the python family's builtinTypes`);
});
