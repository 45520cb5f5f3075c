import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capBytes, MAX_OUTPUT_BYTES, symbolHint } from '../../../src/cli/prompt-hook/output.js';

test('capBytes leaves short text alone', () => {
  assert.equal(capBytes('short\n'), 'short\n');
});

test('capBytes cuts multi-byte text under the byte limit at a line end and closes an open fence', () => {
  const lines = ['heading', '```python', ...Array.from({ length: 2000 }, (_, i) => `${i}\tprint("日本語のテキスト")`)];
  const out = capBytes(`${lines.join('\n')}\n`);
  assert.ok(Buffer.byteLength(out, 'utf8') <= MAX_OUTPUT_BYTES);
  assert.match(out, /\n```\n… \(CodeGraph context cut at 9,000 bytes/);
  assert.equal(out.split('\n').filter((l) => l.startsWith('```')).length % 2, 0);
});

test('symbolHint names the symbols and carries no source', () => {
  assert.equal(
    symbolHint([{ name: 'CheckoutStateMachine', kind: 'class', path: 'src/checkout.ts', line: 3 }]),
    'CodeGraph: words in this prompt match these indexed symbols:\n- `CheckoutStateMachine` (class, src/checkout.ts:3)\nIf they are what the task is about, call codegraph_explore with the relevant names to see their source and callers.\n',
  );
});
