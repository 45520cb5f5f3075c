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
  '\tregister_fn(read, 0, 0);',
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

test('a parameter or local named like a file function is that variable, not the function (K&R parameters too)', async () => {
  const source = [
    'static int cmp(const void *a, const void *b) { return 0; }',
    'static void tick(void) { }',
    'static void sort_with(int (*cmp)(const void *, const void *)) { qsort(v, n, s, cmp); }',
    'static void later(void) { int tick = 3; use(tick); }',
    'static int knr(cmp, n) int cmp; int n; { return helper(cmp); }',
    'static void sorted(void) { qsort(v, n, s, cmp); }',
    '',
  ].join('\n');
  assert.deepEqual(await valueRefs('c', source), ['sorted -> cmp@6']);
});

test('text before the first definition, several functions on one line, and every value place are read at their own place', async () => {
  const source = [
    '',
    '   ',
    'static void a(void){} static void b(void){ reg(a); } static void c(void){}',
    'static struct ops t = { a };',
    'typedef void (*fn_t)(void);',
    'static fn_t pick(int flag) { fn_t p = b; if (flag) return c; return flag > 1 ? a : p; }',
    'static void d(void) { x->cb = (fn_t) (&c); add(écb, a_b); y = *b; }',
    'static void cb(void) { }',
    '',
  ].join('\n');
  assert.deepEqual((await valueRefs('c', source)).sort(), ['b -> a@3', 'd -> b@7', 'd -> c@7', 'file -> a@4', 'pick -> a@6', 'pick -> b@6', 'pick -> c@6']);
});

test('a file defining more functions than are looked for still has the references of the first', async () => {
  const lines: string[] = [];
  for (let i = 0; i < 2001; i++) lines.push(`static void f${i}(void) { }`);
  lines.push('static void reg(void) { add(f0); add(f2000); }', '');
  assert.deepEqual(await valueRefs('c', lines.join('\n')), ['reg -> f0@2002']);
});
