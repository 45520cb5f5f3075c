import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findIteratorMacros, maskIteratorMacros } from '../../../../src/index/extract/languages/c-iterators.js';
import { maskAttributeMacros } from '../../../../src/index/extract/languages/c-attributes.js';

const names = (source: string): string[] => findIteratorMacros(source).map((m) => m.name);

test('an iterator macro followed by a statement or a block is a loop header', () => {
  const source = 'void f(void)\n{\n\tfor_each_cpu(cpu, mask)\n\t\tput(cpu);\n\tlist_for_each_entry(p,\n\t    &h, node) {\n\t}\n}\n';
  assert.deepEqual(names(source), ['for_each_cpu', 'list_for_each_entry']);
  const [first, second] = findIteratorMacros(source);
  assert.deepEqual([first?.row, first?.column], [2, 1]);
  assert.deepEqual([second?.row, second?.column], [4, 1]);
});

test('iterator macros after else, do, a condition and a label are loop headers', () => {
  const source = 'if (a) for_each_x(i) g(i); else Q_FOREACH(v, l) g(v);\ndo for_each_y(j) g(j); while (0);\nagain: foreach_z(k) { }';
  assert.deepEqual(names(source), ['for_each_x', 'Q_FOREACH', 'for_each_y', 'foreach_z']);
});

test('a call statement, an expression, a definition and a #define are not loop headers', () => {
  const source = [
    'for_each_node(fn);',
    'x = for_each_count(a) + 1;',
    'return for_each_node(fn);',
    'static int',
    'for_each_cpu_wrap(int a)',
    '{',
    '}',
    '#define for_each_cpu(c, m) for ((c) = 0; (c) < 4; (c)++)',
    '#define walk(x) \\',
    '\tfor_each_thing(x) do_it(x)',
  ].join('\n');
  assert.deepEqual(names(source), []);
});

test('masking keeps the length and every line break, and replaces only the names', () => {
  const source = 'void f(void)\n{\n\tfor_each_sched_entity(se)\n\t\tcfs_rq_of(se)->skip = se;\n}\n';
  const masked = maskIteratorMacros(source, findIteratorMacros(source));
  assert.equal(masked.length, source.length);
  assert.equal(masked.split('\n').length, source.split('\n').length);
  assert.equal(masked, source.replace('for_each_sched_entity', 'while'.padEnd(21, ' ')));
});

test('attribute macros are blanked unless they are called', () => {
  const source = 'static int __init setup(char __user *buf);\nint x __read_mostly;\nvoid g(void) { __init(); }';
  const masked = maskAttributeMacros(source);
  assert.equal(masked.length, source.length);
  assert.equal(masked, 'static int        setup(char        *buf);\nint x              ;\nvoid g(void) { __init(); }');
});
