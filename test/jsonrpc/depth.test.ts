import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/jsonrpc/depth.js';
import { parseLine } from '../../src/jsonrpc/message.js';

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

test('nestsDeeperThan accepts nesting of exactly the limit and refuses one level more', () => {
  assert.equal(nestsDeeperThan(nested(MAX_JSON_DEPTH)), false);
  assert.equal(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1)), true);
  assert.equal(nestsDeeperThan(`${'{"a":'.repeat(3)}1}}}`, 3), false);
  assert.equal(nestsDeeperThan(`${'{"a":'.repeat(4)}1}}}}`, 3), true);
});

test('nestsDeeperThan counts depth, not brackets: siblings and closed levels do not add up', () => {
  assert.equal(nestsDeeperThan('[[],[],[],[]]', 2), false);
  assert.equal(nestsDeeperThan(`[${Array.from({ length: 1000 }, () => '[1]').join(',')}]`, 2), false);
});

test('nestsDeeperThan ignores brackets inside strings, escaped quotes included', () => {
  assert.equal(nestsDeeperThan(JSON.stringify({ text: '['.repeat(2000) }), 2), false);
  assert.equal(nestsDeeperThan(JSON.stringify({ text: `\\"${'['.repeat(2000)}` }), 2), false);
  assert.equal(nestsDeeperThan(`{"a":"\\\\"}${'['.repeat(3)}`, 2), true, 'an escaped backslash ends the string before the brackets');
});

test('parseLine refuses a depth bomb as a parse error that names the bound, before parsing it', () => {
  const bomb = '['.repeat(4 * 1024 * 1024);
  assert.deepEqual(parseLine(bomb), { kind: 'parse-error', message: `Parse error: JSON nested deeper than ${MAX_JSON_DEPTH} levels` });
  assert.equal(parseLine(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${nested(MAX_JSON_DEPTH - 2)}}}`).kind, 'request');
});

test('closing brackets bring the depth back down: many shallow siblings are not deep', () => {
  assert.equal(nestsDeeperThan(`[${Array.from({ length: 2000 }, () => '[{}]').join(',')}]`, 4), false);
  assert.equal(nestsDeeperThan(`${'[]'.repeat(1000)}`, 1), false);
  assert.equal(nestsDeeperThan(`[${'{"a":'.repeat(3)}1}}}]`, 3), true);
});
