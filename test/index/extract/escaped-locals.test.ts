import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../src/index/extract/extract.js';

const FACTORY = [
  'module.exports = function factory(opts) {',
  '  function keep() { return 1; }',
  '  const pair = () => 2;',
  '  function assigned() { return 3; }',
  '  function renamed() { return 4; }',
  '  function handler(req) { return req; }',
  '  function inner() {',
  '    function deeper() {}',
  '    return deeper;',
  '  }',
  '  router.get("/x", handler);',
  '  const api = { keep, pair: pair, other: renamed };',
  '  api.assigned = assigned;',
  '  api.extra = handler;',
  '  api.inner = opts.plain ? keep : inner;',
  '  return api;',
  '};',
  'class Box {',
  '  open() {',
  '    const close = () => 0;',
  '    return { close };',
  '  }',
  '}',
  '',
].join('\n');

test('a function local to another\'s body is exported only where the file makes it a property of its own name', async () => {
  const ex = await extractSource('javascript', FACTORY, 'factory.js');
  const exported = (qualifiedName: string): boolean | undefined => ex.symbols.find((s) => s.qualifiedName === qualifiedName)?.exported;
  assert.deepEqual(
    ['keep', 'pair', 'assigned', 'renamed', 'handler', 'inner', 'inner.deeper'].map((n) => [n, exported(`module.exports.${n}`)]),
    [['keep', true], ['pair', true], ['assigned', true], ['renamed', false], ['handler', false], ['inner', true], ['inner.deeper', false]],
  );
  assert.equal(exported('Box.open.close'), true, 'a method\'s local escapes alike');
});

test('a function of a file or a namespace written as a property is no escaped local: its mark says whether it is exported', async () => {
  const ex = await extractSource('typescript', [
    'export function top() { return { hidden, inner }; }',
    'function hidden() {}',
    'namespace N { function inner() {} }',
    'const api = { hidden: hidden, inner };',
    '',
  ].join('\n'), 'top.ts');
  assert.deepEqual(ex.symbols.filter((s) => s.kind === 'function').map((s) => [s.name, s.exported]), [['top', true], ['hidden', false], ['inner', false]]);
});

test('a Python function nested in another is exported only where the file assigns it to an attribute of its own name', async () => {
  const ex = await extractSource('python', [
    'def generate(cls):',
    '    def dispatch(self, visitor):',
    '        return visitor',
    '    def helper():',
    '        return 1',
    '    def identity(state):',
    '        return state',
    '    cls.identity = (',
    '        cls.base_identity if cls.fixed else identity',
    '    )',
    '    cls.dispatch = dispatch',
    '    cls.other = helper',
    '    return helper',
    '',
    'class Assert:',
    '    def compile(self):',
    '        def get_dialect():',
    '            return None',
    '        return get_dialect()',
    '',
  ].join('\n'), 'visitors.py');
  const exported = (qualifiedName: string): boolean | undefined => ex.symbols.find((s) => s.qualifiedName === qualifiedName)?.exported;
  assert.deepEqual(
    [exported('generate.dispatch'), exported('generate.identity'), exported('generate.helper'), exported('Assert.compile.get_dialect')],
    [true, true, false, false],
  );
});
