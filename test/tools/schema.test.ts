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
