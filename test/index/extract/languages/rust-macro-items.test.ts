import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';

test('items written in a macro_rules! transcriber are symbols spanning from their attributes to their body', async () => {
  const source = [
    'macro_rules! impl_len {',
    '    ($t:ident) => {',
    '        impl Len for $t {',
    '            #[inline]',
    '            fn len(&self) -> usize { 0 }',
    '        }',
    '    };',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('rust', source, 'src/len.rs');
  const impl = ex.symbols.findIndex((s) => s.kind === 'impl');
  assert.equal(ex.symbols[impl]?.name, 'impl Len for $t');
  assert.equal(ex.symbols[ex.symbols[impl]?.parent ?? -1]?.name, 'impl_len');
  const len = ex.symbols.find((s) => s.name === 'len');
  assert.ok(len !== undefined, ex.symbols.map((s) => s.qualifiedName).join(', '));
  assert.equal(len.kind, 'method');
  assert.equal(len.parent, impl);
  assert.deepEqual([len.startLine, len.endLine], [4, 5]);
  assert.equal(len.exported, true, 'an item of a trait impl is as visible as the trait');
});

test('items in a macro call are symbols, metavariable names are left out and what they hold is still found', async () => {
  const source = [
    'cfg_if! {',
    '    if #[cfg(unix)] {',
    '        pub struct Fd(i32);',
    '        pub(crate) const LIMIT: usize = 4;',
    '        fn $name() { struct Inner; }',
    '    }',
    '}',
    'vec![1, 2, 3];',
    '',
  ].join('\n');
  const ex = await extractSource('rust', source, 'src/sys.rs');
  const byName = new Map(ex.symbols.map((s) => [s.name, s]));
  assert.equal(byName.get('Fd')?.kind, 'struct');
  assert.equal(byName.get('Fd')?.exported, true);
  assert.equal(byName.get('LIMIT')?.kind, 'constant');
  assert.equal(byName.get('LIMIT')?.signature, 'pub(crate) const LIMIT: usize = 4');
  assert.equal(byName.get('Inner')?.kind, 'struct');
  assert.ok(!ex.symbols.some((s) => s.name.includes('$name')));
});
