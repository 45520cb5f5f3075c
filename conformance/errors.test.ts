/**
 * protocol/errors.json and the code's `ErrorCode` name the same codes: every contract entry is a
 * constant with the same name and number, and every constant is in the contract.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ErrorCode } from '../src/jsonrpc/errors.js';
import { readContract } from './contract.js';

const contract = (readContract('errors.json') as { codes: { code: number; name: string }[] }).codes;

test('every code in protocol/errors.json is an ErrorCode constant with the same name', () => {
  const code: Readonly<Record<string, number>> = ErrorCode;
  const missing = contract.filter((entry) => code[entry.name] !== entry.code).map((entry) => `${entry.name} ${entry.code} (src/jsonrpc/errors.ts has ${code[entry.name] ?? 'no such name'})`);
  assert.deepEqual(missing, [], 'add or correct these in ErrorCode, or fix protocol/errors.json');
});

test('every ErrorCode constant is in protocol/errors.json with the same code', () => {
  const listed = new Map(contract.map((entry) => [entry.name, entry.code]));
  const missing = Object.entries(ErrorCode).filter(([name, code]) => listed.get(name) !== code).map(([name, code]) => `${name} ${code}`);
  assert.deepEqual(missing, [], 'describe these codes in protocol/errors.json (name, code, when), or remove them from ErrorCode');
});
