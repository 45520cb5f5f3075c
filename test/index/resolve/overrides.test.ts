import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder } from './builders.js';
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
