import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder } from './builders.js';
import { generatedProject } from '../../support/fixture-project.js';
import { dumpGraph } from '../../support/graph-dump.js';
import type { ResolveResult } from '../../../src/index/resolve/index.js';

/** The `overrides` edges of a result as [source, target] id pairs. */
function overrides(result: ResolveResult): [number, number][] {
  return [...result.edges].filter((e) => e.kind === 'overrides').map((e) => [e.source, e.target]);
}

test('overrides: a method replacing a same-named method of an implemented interface links to it', () => {
  const b = new ProjectBuilder();
  const api = b.file('p/Client.java');
  const client = b.sym(api, 'Client', { kind: 'interface' });
  const send = b.sym(api, 'send', { parent: client });
  const impl = b.file('p/ClientImpl.java');
  const clientImpl = b.sym(impl, 'ClientImpl', { kind: 'class' });
  const implSend = b.sym(impl, 'send', { parent: clientImpl });
  b.sym(impl, 'helper', { parent: clientImpl });
  b.sym(impl, 'ClientImpl', { parent: clientImpl, kind: 'constructor' });
  b.ref(impl, 'Client', { kind: 'implements', from: clientImpl });
  const result = b.resolve();
  assert.deepEqual(overrides(result), [[implSend, send]]);
  assert.equal(result.stats.resolved, 1, 'an override binds no reference');
});

test('overrides: the nearest declaration up the chain, through a base that does not declare it', () => {
  const b = new ProjectBuilder();
  const f = b.file('shapes.py');
  const shape = b.sym(f, 'Shape', { kind: 'class' });
  const area = b.sym(f, 'area', { parent: shape });
  const polygon = b.sym(f, 'Polygon', { kind: 'class' });
  const square = b.sym(f, 'Square', { kind: 'class' });
  const squareArea = b.sym(f, 'area', { parent: square });
  b.ref(f, 'Shape', { kind: 'extends', from: polygon });
  b.ref(f, 'Polygon', { kind: 'extends', from: square });
  assert.deepEqual(overrides(b.resolve()), [[squareArea, area]]);
});

test('overrides: a targeted run emits only the edges of the files it resolves', () => {
  const b = new ProjectBuilder();
  const base = b.file('base.ts');
  const handler = b.sym(base, 'Handler', { kind: 'class' });
  const handle = b.sym(base, 'handle', { parent: handler });
  const one = b.file('one.ts');
  const first = b.sym(one, 'First', { kind: 'class' });
  const firstHandle = b.sym(one, 'handle', { parent: first });
  b.ref(one, 'Handler', { kind: 'extends', from: first });
  const two = b.file('two.ts');
  const second = b.sym(two, 'Second', { kind: 'class' });
  b.sym(two, 'handle', { parent: second });
  b.ref(two, 'Handler', { kind: 'extends', from: second });
  assert.deepEqual(overrides(b.resolve({ emitFiles: new Set([one]) })), [[firstHandle, handle]]);
});

test('overrides: the items of a Rust `impl Trait for Type` block override the trait\'s, also for a type from outside; an inherent block\'s do not', async () => {
  const project = await generatedProject({
    'Cargo.toml': '[package]\nname = "shapes"\nversion = "0.1.0"\n',
    'src/lib.rs': [
      'pub mod shapes {',
      '    pub trait Shape { fn area(&self) -> u32; fn name(&self) -> u32 { 0 } }',
      '    pub struct Square;',
      '    impl Square { pub fn area(&self) -> u32 { 2 } }',
      '    impl Shape for Square { fn area(&self) -> u32 { 1 } }',
      '    impl<T: Shape> Shape for Vec<T> { fn area(&self) -> u32 { 3 } }',
      '}',
      'pub fn total(s: &dyn shapes::Shape) -> u32 { s.area() }',
      '',
    ].join('\n'),
  });
  try {
    const dump = await dumpGraph(project.root);
    const edges = dump.split('\n').filter((l) => l.includes('-overrides->'));
    assert.deepEqual(edges.map((l) => l.replace(/ at .*/, '')), [
      'edge src/lib.rs#method:shapes.Square.area@5:28 -overrides-> src/lib.rs#method:shapes.Shape.area@2:22',
      'edge src/lib.rs#method:shapes.Vec.area@6:38 -overrides-> src/lib.rs#method:shapes.Shape.area@2:22',
    ]);
  } finally {
    project.cleanup();
  }
});
