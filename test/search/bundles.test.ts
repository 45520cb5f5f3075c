import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundlesAmong } from '../../src/search/bundles.js';
import { searchSymbols } from '../../src/search/index.js';
import { openGeneratedProject } from '../support/fixture-project.js';
import { BUNDLED_PACKAGE } from './fixtures/bundled-package.js';

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

test('search lists a module\'s definition before its copy in a bundle', async () => {
  const project = await openGeneratedProject(BUNDLED_PACKAGE);
  try {
    const matches = searchSymbols(project.index.store, 'splitPairs').matches;
    const copies = matches.filter((m) => m.node.name === 'splitPairs').map((m) => [m.node.path, m.demoted]);
    assert.deepEqual(copies, [['lib/parse.js', false], ['lib/bundle.js', true]]);
    // Every bundle row comes after every module row.
    const firstBundle = matches.findIndex((m) => m.node.path === 'lib/bundle.js');
    assert.ok(matches.slice(firstBundle).every((m) => m.node.path === 'lib/bundle.js'), matches.map((m) => m.node.path).join(', '));
  } finally {
    project.close();
  }
});
