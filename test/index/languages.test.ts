import assert from 'node:assert/strict';
import { test } from 'node:test';
import { existsSync } from 'node:fs';
import { LANGUAGES, languageForPath } from '../../src/index/languages.js';
import { grammarPath } from '../../src/index/parse/grammar.js';

const CASES: readonly [string, string | undefined][] = [
  ['src/a.ts', 'typescript'], ['src/a.mts', 'typescript'], ['src/a.cts', 'typescript'], ['src/a.tsx', 'tsx'],
  ['a.js', 'javascript'], ['a.mjs', 'javascript'], ['a.cjs', 'javascript'], ['a.jsx', 'javascript'],
  ['pkg/mod.py', 'python'], ['stubs/mod.pyi', 'python'], ['main.go', 'go'], ['lib.rs', 'rust'],
  ['A.java', 'java'], ['x.c', 'c'], ['x.h', 'c'], ['x.hpp', 'cpp'], ['x.hh', 'cpp'], ['x.hxx', 'cpp'],
  ['x.cc', 'cpp'], ['x.cpp', 'cpp'], ['x.cxx', 'cpp'], ['P.cs', 'c_sharp'], ['build.kts', 'kotlin'],
  ['A.kt', 'kotlin'], ['x.m', 'objc'], ['mix.exs', 'elixir'], ['lib.ex', 'elixir'], ['T.sol', 'solidity'],
  ['a.zig', 'zig'], ['a.ml', 'ocaml'], ['a.mli', 'ocaml'], ['a.res', 'rescript'], ['a.resi', 'rescript'],
  ['init.el', 'elisp'], ['Main.elm', undefined], ['q.ql', undefined], ['regs.rdl', 'systemrdl'],
  ['Spec.tla', 'tlaplus'], ['App.vue', 'vue'], ['a.rb', 'ruby'], ['Rakefile', 'ruby'], ['Gemfile', 'ruby'],
  ['x.lua', 'lua'], ['x.php', 'php'], ['x.scala', 'scala'], ['x.swift', 'swift'], ['x.dart', 'dart'],
  ['run.sh', 'bash'], ['UPPER.PY', 'python'], ['win\\path\\a.ts', 'typescript'],
  ['Makefile', undefined], ['README.md', undefined], ['style.css', undefined], ['data.json', undefined],
  ['conf.yaml', undefined], ['Cargo.toml', undefined], ['page.html', undefined], ['noext', undefined],
  ['.gitignore', undefined],
];

for (const [path, expected] of CASES) {
  test(`languageForPath maps ${path} to ${expected ?? 'nothing'}`, () => {
    assert.equal(languageForPath(path), expected);
  });
}

test('languageForPath lets an extension override move .h to C++', () => {
  assert.equal(languageForPath('include/x.h', { '.h': 'cpp' }), 'cpp');
});

test('languageForPath prefers a glob override over an extension override', () => {
  const overrides = { '.h': 'cpp', 'legacy/**/*.h': 'c' };
  assert.equal(languageForPath('legacy/deep/x.h', overrides), 'c');
  assert.equal(languageForPath('src/x.h', overrides), 'cpp');
});

test('languageForPath maps an extensionless file by a base-name override', () => {
  assert.equal(languageForPath('tools/BUILD', { BUILD: 'python' }), 'python');
});

test('languageForPath ignores an override that names an unknown language', () => {
  assert.equal(languageForPath('x.h', { '.h': 'cplusplus' }), 'c');
});

test('every language in the table has a grammar file installed', () => {
  for (const id of Object.keys(LANGUAGES)) assert.ok(existsSync(grammarPath(id)), id);
});

test('every language in the table loads its grammar', async () => {
  const { LANGUAGES } = await import('../../src/index/languages.js');
  const { initParser, loadLanguage } = await import('../../src/index/parse/grammar.js');
  await initParser();
  const failed: string[] = [];
  for (const id of Object.keys(LANGUAGES)) {
    try {
      await loadLanguage(id);
    } catch (error) {
      failed.push(`${id}: ${String(error)}`);
    }
  }
  assert.deepEqual(failed, []);
});
