import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatArity } from '../../../src/index/arity.js';
import { extractSource } from '../../../src/index/extract/extract.js';

async function counts(language: string, path: string, source: string): Promise<{ defs: Record<string, string>; calls: Record<string, number | undefined> }> {
  const ex = await extractSource(language, source, path);
  const defs: Record<string, string> = {};
  for (const s of ex.symbols) if (s.arity !== undefined) defs[`${s.name}@${s.startLine}`] = formatArity(s.arity);
  const calls: Record<string, number | undefined> = {};
  for (const r of ex.refs) if (r.kind === 'calls') calls[`${r.name}@${r.line}`] = r.args;
  return { defs, calls };
}

test('Java: parameter ranges and argument counts, comments and generic calls included', async () => {
  const { defs, calls } = await counts('java', 'src/A.java', [
    'class A {',
    '  void f(int a, String... rest) { g(1, /* two */ 2); this.<T>h(); }',
    '  A(A this, int x) { }',
    '}',
  ].join('\n'));
  assert.deepEqual(defs, { 'f@2': '1..', 'A@3': '1' });
  assert.deepEqual(calls, { 'g@2': 2, 'h@2': 0 });
});

test('Java: an argument or parameter list with a syntax error has no count', async () => {
  const { defs, calls } = await counts('java', 'src/B.java', 'class B {\n  void f(int a, ) { g(1, , 2); }\n}\n');
  assert.equal(defs['f@2'], undefined);
  assert.equal(calls['g@2'], undefined);
});

test('C#: defaults, params arrays and extension receivers widen the range; #if lines are no arguments', async () => {
  const { defs, calls } = await counts('c_sharp', 'src/T.cs', [
    'static class T {',
    '  public static int Pad(this string s, int w = 2, params object[] rest) { return 0; }',
    '  static void Run() {',
    '    F(a,',
    '#if DEBUG',
    '      b,',
    '#endif',
    '      c);',
    '  }',
    '}',
  ].join('\n'));
  assert.deepEqual(defs, { 'Pad@2': '0..', 'Run@3': '0' });
  assert.deepEqual(calls, { 'F@4': 3 });
});
