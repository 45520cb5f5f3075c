import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';

/** The references a C or C++ source makes to names as values: `from` the symbol's name (`file` at file level), `name@line`. */
async function valueRefs(language: 'c' | 'cpp', source: string): Promise<string[]> {
  const x = await extractSource(language, source, language === 'c' ? 'src/x.c' : 'src/x.cpp');
  return x.refs.filter((r) => r.kind === 'references').map((r) => `${r.from < 0 ? 'file' : x.symbols[r.from]?.name} -> ${r.name}@${r.line}`);
}

const CALLBACKS = [
  'static int tick(void *d) { return 0; }',
  'static void on_read(int fd) { }',
  'struct ops { int (*cb)(void *); void (*read)(int); };',
  'static const struct ops table = { .cb = tick, .read = on_read };',
  'static struct ops plain = { tick, { on_read } };',
  'static void start(void *data, int len) {',
  '\tstruct ops o = { .read = on_read };',
  '\tg_timeout_add(100, tick, NULL);',
  '\tg_timeout_add(100, (GSourceFunc) tick, data);',
  '\tregister_fn(&on_read, len, free);',
  '\to.cb = tick;',
  '\tint x = len;',
  '\tint *p = *data;',
  '}',
  '',
].join('\n');

test('a function of the file handed to a call, stored in an initializer or assigned is referenced from where that is written', async () => {
  for (const language of ['c', 'cpp'] as const) {
    assert.deepEqual((await valueRefs(language, CALLBACKS)).sort(), [
      'file -> on_read@4', 'file -> on_read@5', 'file -> tick@4', 'file -> tick@5',
      'start -> on_read@10', 'start -> on_read@7', 'start -> tick@11', 'start -> tick@8', 'start -> tick@9',
    ], language);
  }
});

test('names that are no function of the file (parameters, locals, library functions, fields) are no reference', async () => {
  const refs = await valueRefs('c', CALLBACKS);
  for (const name of ['data', 'len', 'free', 'x', 'p', 'NULL', 'o', 'cb', 'read']) {
    assert.ok(!refs.some((r) => r.includes(`-> ${name}@`)), `${name} in ${refs.join(', ')}`);
  }
  // A call's own function is a call, not a value.
  assert.ok(!refs.some((r) => r.includes('-> g_timeout_add@')));
});

test('a callback is found after text of other scripts, from the innermost definition, and not in strings or comments', async () => {
  const source = [
    '/* café: ☕ 😀 */',
    'static void cb(void) { }',
    'struct S {',
    '  void reg() { add(cb, "cb"); /* cb */ }',
    '};',
    'bool operator==(const S &a, const S &b) { return true; }',
    '',
  ].join('\n');
  assert.deepEqual(await valueRefs('cpp', source), ['reg -> cb@4']);
});
