import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEDICATED_LANGUAGES, extractorFor } from '../../../../src/index/extract/registry.js';
import { extractSource } from './helper.js';

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
    assert.ok(DEDICATED_LANGUAGES.has(id));
    const extractor = await extractorFor(id);
    const result = await extractSource(extractor, id, source);
    assert.ok(result.parseErrors > 0);
    // Plain data only: a tree-sitter Node left in the result would not survive the round trip.
    assert.deepEqual(JSON.parse(JSON.stringify(result)), result);
  });
}

test('ruby extractor marks spec files as tests by path', async () => {
  assert.ok(DEDICATED_LANGUAGES.has('ruby'));
  const ruby = await extractorFor('ruby');
  assert.equal((await extractSource(ruby, 'ruby', 'x = 1\n', 'spec/models/user_spec.rb')).isTest, true);
  assert.equal((await extractSource(ruby, 'ruby', 'x = 1\n', 'app/models/user.rb')).isTest, false);
});
