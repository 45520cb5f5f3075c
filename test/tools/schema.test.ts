import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateArgs, type ObjectSchema } from '../../src/tools/schema.js';

const schema: ObjectSchema = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'q', maxLength: 10 },
    kind: { type: 'string', description: 'k', enum: ['function', 'class'] },
    limit: { type: 'number', description: 'l', minimum: 1, maximum: 100, default: 10 },
    flag: { type: 'boolean', description: 'f', default: false },
  },
  required: ['query'],
};

const cases: { name: string; input: unknown; expect: string | Record<string, unknown> }[] = [
  { name: 'missing required field', input: {}, expect: 'query is required' },
  { name: 'null required field', input: { query: null }, expect: 'query is required' },
  { name: 'wrong type string', input: { query: 5 }, expect: 'query must be a string' },
  { name: 'string too long', input: { query: 'x'.repeat(11) }, expect: 'query must be at most 10 characters (got 11)' },
  { name: 'string of exactly maxLength', input: { query: 'x'.repeat(10) }, expect: { query: 'x'.repeat(10), kind: undefined, limit: 10, flag: false } },
  { name: 'enum miss', input: { query: 'a', kind: 'struct' }, expect: 'kind must be one of function, class (got "struct")' },
  { name: 'number wrong type', input: { query: 'a', limit: '5' }, expect: 'limit must be a number between 1 and 100' },
  { name: 'number NaN-like', input: { query: 'a', limit: Number.NaN }, expect: 'limit must be a number between 1 and 100' },
  { name: 'boolean wrong type', input: { query: 'a', flag: 'yes' }, expect: 'flag must be true or false' },
  { name: 'arguments not an object', input: [1], expect: 'arguments must be an object' },
  { name: 'defaults applied', input: { query: 'a' }, expect: { query: 'a', kind: undefined, limit: 10, flag: false } },
  { name: 'limit clamped high', input: { query: 'a', limit: 1000 }, expect: { query: 'a', kind: undefined, limit: 100, flag: false } },
  { name: 'limit clamped low', input: { query: 'a', limit: -3 }, expect: { query: 'a', kind: undefined, limit: 1, flag: false } },
  { name: 'unknown keys ignored', input: { query: 'a', other: 1 }, expect: { query: 'a', kind: undefined, limit: 10, flag: false } },
];

for (const c of cases) {
  test(`validateArgs handles ${c.name}`, () => {
    const result = validateArgs(schema, c.input);
    if (typeof c.expect === 'string') assert.deepEqual(result, { kind: 'invalid', message: c.expect });
    else assert.deepEqual(result, { kind: 'ok', args: c.expect });
  });
}

test('validateArgs treats absent arguments as an empty object', () => {
  assert.deepEqual(validateArgs({ type: 'object', properties: {} }, undefined), { kind: 'ok', args: {} });
});

test('validateArgs treats null arguments as an empty object and refuses a scalar', () => {
  assert.deepEqual(validateArgs({ type: 'object', properties: {} }, null), { kind: 'ok', args: {} });
  assert.deepEqual(validateArgs(schema, null), { kind: 'invalid', message: 'query is required' });
  assert.deepEqual(validateArgs(schema, 'query'), { kind: 'invalid', message: 'arguments must be an object' });
  assert.deepEqual(validateArgs(schema, 7), { kind: 'invalid', message: 'arguments must be an object' });
});

test('validateArgs gives an optional argument sent as null its default', () => {
  assert.deepEqual(validateArgs(schema, { query: 'a', limit: null, flag: null }), { kind: 'ok', args: { query: 'a', kind: undefined, limit: 10, flag: false } });
});

test('validateArgs truncates integers, keeps fractions of numbers, and names one-sided bounds', () => {
  const numbers: ObjectSchema = {
    type: 'object',
    properties: {
      whole: { type: 'integer', description: 'w', minimum: 1 },
      part: { type: 'number', description: 'p', maximum: 5 },
      free: { type: 'number', description: 'f' },
    },
  };
  assert.deepEqual(validateArgs(numbers, { whole: 2.7, part: 2.7, free: -1.5 }), { kind: 'ok', args: { whole: 2, part: 2.7, free: -1.5 } });
  assert.deepEqual(validateArgs(numbers, { whole: 'x' }), { kind: 'invalid', message: 'whole must be a number of at least 1' });
  assert.deepEqual(validateArgs(numbers, { part: 'x' }), { kind: 'invalid', message: 'part must be a number of at most 5' });
  assert.deepEqual(validateArgs(numbers, { free: 'x' }), { kind: 'invalid', message: 'free must be a number' });
});

test('validateArgs clips a long refused value in its message to 57 characters and an ellipsis, from 61 characters on', () => {
  const at60 = 'k'.repeat(60);
  assert.deepEqual(validateArgs(schema, { query: 'a', kind: at60 }), { kind: 'invalid', message: `kind must be one of function, class (got ${JSON.stringify(at60)})` });
  assert.deepEqual(validateArgs(schema, { query: 'a', kind: `${at60}z` }), { kind: 'invalid', message: `kind must be one of function, class (got ${JSON.stringify(`${'k'.repeat(57)}...`)})` });
});
