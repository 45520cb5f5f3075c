import assert from 'node:assert/strict';
import { test } from 'node:test';
import { member, parseJsonc, plainValue } from '../../../src/cli/install/jsonc.js';

test('parseJsonc reads comments, trailing commas and a byte-order mark', () => {
  const text = '\uFEFF// head\n{\n  /* block */ "a": [1, 2,], // tail\n  "b": {"c": "x\\ny",},\n}\n';
  const parsed = parseJsonc(text);
  assert.equal(parsed.kind, 'ok');
  if (parsed.kind !== 'ok' || parsed.root === undefined) return;
  assert.deepEqual(plainValue(parsed.root), { a: [1, 2], b: { c: 'x\ny' } });
  const a = member(parsed.root, 'a');
  assert.equal(text.slice(a?.start, a?.value.end), '"a": [1, 2,]');
  assert.equal(text[a?.comma ?? -1], ',');
});

test('parseJsonc reports the line and column of the first error', () => {
  const parsed = parseJsonc('{\n  "a": 1\n  "b": 2\n}');
  assert.deepEqual(parsed, { kind: 'invalid', line: 3, column: 3, message: 'expected "," or "}"' });
});

test('parseJsonc names an unterminated comment and text after the value', () => {
  assert.equal(parseJsonc('{} /* open').kind, 'invalid');
  const extra = parseJsonc('{}\n{}');
  assert.equal(extra.kind === 'invalid' ? extra.line : 0, 2);
});

test('parseJsonc gives no root for an empty or comment-only text', () => {
  assert.deepEqual(parseJsonc('  // nothing\n'), { kind: 'ok', root: undefined });
});
