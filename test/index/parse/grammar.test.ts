import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../src/index/extract/extract.js';

test('grammars loaded concurrently each parse their own language', async () => {
  const samples: [string, string, string][] = [
    ['typescript', 'export function a(): number { return 1; }\n', 'a'],
    ['python', 'def b():\n    return 2\n', 'b'],
    ['go', 'package m\nfunc C() {}\n', 'C'],
    ['rust', 'pub fn d() {}\n', 'd'],
    ['java', 'class E { void f() {} }\n', 'E'],
    ['ruby', 'def g; end\n', 'g'],
  ];
  const results = await Promise.all(samples.map(([language, source]) => extractSource(language, source, `x.${language}`)));
  results.forEach((result, i) => {
    const [language, , name] = samples[i] as [string, string, string];
    assert.ok(result.symbols.some((s) => s.name === name), `${language}: ${JSON.stringify(result.symbols.map((s) => s.name))}`);
  });
});
