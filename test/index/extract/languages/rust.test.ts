import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';

test('a Rust impl block is a definition named as it reads, containing its items qualified by the type', async () => {
  const source = [
    'mod shapes {',
    '    pub struct Point<T> { x: T }',
    '    impl<T: Copy> std::fmt::Display for Point<T> {',
    '        type Output = T;',
    '        fn fmt(&self) {}',
    '    }',
    '    impl<T> Point<T> { pub fn new(x: T) -> Self { Point { x } } }',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('rust', source, 'src/shapes.rs');
  const byQualified = new Map(ex.symbols.map((s, i) => [s.qualifiedName, { ...s, index: i }]));
  const display = byQualified.get('shapes.impl Display for Point');
  assert.ok(display !== undefined, [...byQualified.keys()].join(', '));
  assert.equal(display.kind, 'impl');
  assert.equal(display.name, 'impl Display for Point');
  assert.equal(display.signature, 'impl<T: Copy> std::fmt::Display for Point<T>');
  assert.equal(display.exported, true, 'a trait impl is as visible as the trait');
  assert.equal(byQualified.get('shapes.Point.fmt')?.parent, display.index);
  assert.equal(byQualified.get('shapes.Point.Output')?.parent, display.index);
  const inherent = byQualified.get('shapes.impl Point');
  assert.equal(inherent?.kind, 'impl');
  assert.equal(byQualified.get('shapes.Point.new')?.kind, 'method');
  assert.equal(byQualified.get('shapes.Point.new')?.parent, inherent?.index);
  // The trait reference still comes from the struct the impl is for.
  assert.ok(ex.refs.some((r) => r.kind === 'implements' && r.name === 'Display' && ex.symbols[r.from]?.name === 'Point'));
});

test('a Rust file with unit tests inside is library code; `#![cfg(test)]` or a test path makes a test file', async () => {
  const library = 'pub fn add(a: i32) -> i32 { a }\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds() { assert_eq!(super::add(1), 1); }\n}\n';
  assert.equal((await extractSource('rust', library, 'src/lib.rs')).isTest, false);
  assert.equal((await extractSource('rust', `#![cfg(test)]\n${library}`, 'src/lib.rs')).isTest, true);
  assert.equal((await extractSource('rust', `//! Helpers.\n#![cfg(test)]\n${library}`, 'src/lib.rs')).isTest, true);
  assert.equal((await extractSource('rust', library, 'src/fs/file/tests.rs')).isTest, true);
  assert.equal((await extractSource('rust', library, 'tests/io.rs')).isTest, true);
});

test('a fn nested in a Rust method body is a local function, not a method of the type', async () => {
  const source = 'struct P { n: u32 }\nimpl P {\n    fn setup(&self) { fn check() -> u32 { 1 } check(); }\n    fn check(&self) -> u32 { self.n }\n}\n';
  const ex = await extractSource('rust', source, 'src/p.rs');
  const checks = ex.symbols.filter((s) => s.name === 'check').map((s) => [s.kind, s.qualifiedName]);
  assert.deepEqual(checks, [['function', 'P.setup.check'], ['method', 'P.check']]);
});
