import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundlesAmong } from '../../../src/explore/data/bundles.js';
import { understandQuery } from '../../../src/explore/query/understand.js';
import { rank } from '../../../src/explore/rank/rank.js';
import { withGeneratedData } from '../support.js';

const keys = (...names: string[]): Set<string> => new Set(names.map((n) => `${n}\u0000function ${n}()`));

test('a file holding two smaller files whole is a bundle; the files it holds are not', () => {
  const files = new Map([
    ['lib/parse.js', keys('parse', 'parseKey', 'parseValue')],
    ['lib/format.js', keys('format', 'formatKey', 'formatValue')],
    ['lib/index.umd.js', keys('parse', 'parseKey', 'parseValue', 'format', 'formatKey', 'formatValue', 'umd')],
  ]);
  assert.deepEqual([...bundlesAmong(files)], ['lib/index.umd.js']);
});

test('holding one file, or only files of fewer than three definitions, makes no bundle', () => {
  assert.deepEqual([...bundlesAmong(new Map([
    ['a.js', keys('a1', 'a2', 'a3')],
    ['b.js', keys('a1', 'a2', 'a3', 'b1')],
  ]))], []);
  assert.deepEqual([...bundlesAmong(new Map([
    ['a.js', keys('a1', 'a2')],
    ['b.js', keys('b1', 'b2')],
    ['c.js', keys('a1', 'a2', 'b1', 'b2', 'c1')],
  ]))], []);
});

test('a file holding most of files no smaller than itself is no bundle of them', () => {
  // A module and two copies of most of it: each holds 4 of the others' 5, none is larger.
  assert.deepEqual([...bundlesAmong(new Map([
    ['types.js', keys('t1', 't2', 't3', 't4', 't5')],
    ['index.mjs', keys('t1', 't2', 't3', 't4', 'm1')],
    ['index.umd.js', keys('t1', 't2', 't3', 't4', 'u1')],
  ]))], []);
});

test('explore ranks a module before the bundle that copies it', async () => {
  const parse = 'function parseQuery(text) { return splitPairs(text); }\nfunction splitPairs(text) { return text.split("&"); }\nfunction decodePair(pair) { return pair.split("="); }\n';
  const format = 'function formatQuery(pairs) { return joinPairs(pairs); }\nfunction joinPairs(pairs) { return pairs.join("&"); }\nfunction encodePair(pair) { return pair.join("="); }\n';
  await withGeneratedData({
    'lib/parse.js': `${parse}module.exports = { parseQuery, splitPairs, decodePair };\n`,
    'lib/format.js': `${format}module.exports = { formatQuery, joinPairs, encodePair };\n`,
    'lib/bundle.js': `(function () {\n${parse}${format}function version() { return 1; }\n})();\n`,
  }, (data) => {
    assert.deepEqual([...data.bundles()], ['lib/bundle.js']);
    const ranked = rank(understandQuery('how is a query string split into pairs', data, 4), data);
    const first = ranked.symbols.find((s) => s.node.name === 'splitPairs');
    assert.equal(first?.node.path, 'lib/parse.js');
    assert.equal(ranked.files[0]?.path, 'lib/parse.js');
  });
});
