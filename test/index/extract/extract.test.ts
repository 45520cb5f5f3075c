import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../src/index/extract/extract.js';
import { wasmHeapBytes } from '../../../src/index/parse/grammar.js';

test('extractSource counts parse errors and still yields the symbols around them', async () => {
  const source = 'def good():\n    pass\n\ndef broken(:\n    pass\n\nclass After:\n    def m(self):\n        pass\n';
  const ex = await extractSource('python', source, 'a.py');
  assert.ok(ex.parseErrors > 0);
  const names = ex.symbols.map((s) => s.qualifiedName);
  assert.ok(names.includes('good'), names.join(','));
  assert.ok(names.includes('After'), names.join(','));
});

test('extractSource reports zero parse errors for a clean file', async () => {
  const ex = await extractSource('typescript', 'export function f(): number { return 1; }\n', 'a.ts');
  assert.equal(ex.parseErrors, 0);
  assert.equal(ex.symbols[0]?.name, 'f');
});

test('extractSource falls back to generic extraction for a language without an extractor', async () => {
  const source = 'defmodule Greeter do\n  def hello(name), do: IO.puts(name)\nend\n';
  const ex = await extractSource('elixir', source, 'lib/greeter.ex');
  assert.equal(ex.language, 'elixir');
  assert.ok(ex.refs.some((r) => r.kind === 'calls'), JSON.stringify(ex.refs));
});

test('extractSource finds definitions generically in Solidity', async () => {
  const source = 'contract Token {\n  function transfer(address to) public {}\n}\n';
  const ex = await extractSource('solidity', source, 'Token.sol');
  assert.deepEqual(ex.symbols.map((s) => `${s.kind} ${s.qualifiedName}`), ['class Token', 'method Token.transfer']);
});

test('extractSource extracts Vue script blocks at their lines in the .vue file', async () => {
  const source = [
    '<template>', '  <div>{{ msg }}</div>', '</template>', '', '<script lang="ts">',
    "import { ref } from 'vue';", 'export function useMsg() {', "  return ref('x');", '}', '</script>', '',
  ].join('\n');
  const ex = await extractSource('vue', source, 'src/App.vue');
  assert.equal(ex.language, 'vue');
  const fn = ex.symbols.find((s) => s.name === 'useMsg');
  assert.equal(fn?.startLine, 7);
  assert.equal(ex.imports[0]?.module, 'vue');
  assert.equal(ex.imports[0]?.line, 6);
  assert.ok(ex.refs.some((r) => r.name === 'ref' && r.line === 8));
});

test('extractSource marks files under test paths as tests', async () => {
  const ex = await extractSource('go', 'package x\nfunc TestA(t *testing.T) {}\n', 'x/a_test.go');
  assert.equal(ex.isTest, true);
});

test('extractSource frees its trees: 2,000 extractions do not grow WASM memory', async () => {
  const body = Array.from({ length: 60 }, (_, i) => `export function f${i}(a: number): number {\n  return helper(a) + ${i};\n}\n`).join('');
  for (let i = 0; i < 200; i++) await extractSource('typescript', body, 'warm.ts');
  const before = wasmHeapBytes();
  assert.ok(before > 0);
  for (let i = 0; i < 2000; i++) await extractSource('typescript', body, `f${i}.ts`);
  const grown = wasmHeapBytes() - before;
  // A leaked tree of this source costs tens of KiB, so a leak would add tens of MiB.
  assert.ok(grown < 4 * 1024 * 1024, `WASM memory grew by ${grown} bytes`);
});
