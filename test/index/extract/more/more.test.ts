import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MORE_EXTRACTORS } from '../../../../src/index/extract/languages/more.js';
import { languageInfo } from '../../../../src/index/languages.js';
import { extractSource } from './helper.js';

test('MORE_EXTRACTORS claims each language id once and only ids the language table knows', () => {
  const ids = MORE_EXTRACTORS.flatMap((e) => e.languages);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.ok(languageInfo(id) !== undefined, `language table lacks ${id}`);
});

const BROKEN: readonly (readonly [string, string])[] = [
  ['ruby', 'class Foo\n  def bar(\nend\n'],
  ['php', '<?php\nclass { function }\n'],
  ['kotlin', 'class A { fun ( }\n'],
  ['swift', 'class A { func ( }\n'],
  ['scala', 'object A { def ( }\n'],
  ['dart', 'class A { void ( }\n'],
  ['elixir', 'defmodule A do\n  def f(, do: 1\n'],
  ['bash', 'f() {\n  if then\n'],
];

for (const [id, source] of BROKEN) {
  test(`${id} extractor counts parse errors and still returns plain data when the source is broken`, async () => {
    const extractor = MORE_EXTRACTORS.find((e) => e.languages.includes(id));
    assert.ok(extractor !== undefined);
    const result = await extractSource(extractor, id, source);
    assert.ok(result.parseErrors > 0);
    // Plain data only: a tree-sitter Node left in the result would not survive the round trip.
    assert.deepEqual(JSON.parse(JSON.stringify(result)), result);
  });
}

test('ruby extractor marks spec files as tests by path', async () => {
  const ruby = MORE_EXTRACTORS.find((e) => e.languages.includes('ruby'));
  assert.ok(ruby !== undefined);
  assert.equal((await extractSource(ruby, 'ruby', 'x = 1\n', 'spec/models/user_spec.rb')).isTest, true);
  assert.equal((await extractSource(ruby, 'ruby', 'x = 1\n', 'app/models/user.rb')).isTest, false);
});
