import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResolveResult } from '../../../src/index/resolve/index.js';
import { ProjectBuilder } from './builders.js';

/** The structural edges (confidence 0.8, not a declaration's) of a result as `kind source->target` lines, sorted. */
function structural(result: ResolveResult, b: ProjectBuilder): string[] {
  return b.linkLines(result, (e) => e.confidence === 0.8).sort();
}

/** `interface <name> { m1(); m2(); … }` in `file`; a name ending in `?` is an optional method. */
function iface(b: ProjectBuilder, file: number, name: string, methods: readonly string[]): number {
  const id = b.sym(file, name, { kind: 'interface' });
  for (const m of methods) {
    const plain = m.replace(/\?$/, '');
    b.sym(file, plain, { parent: id, kind: 'method', signature: `${m}(): void` });
  }
  return id;
}

function cls(b: ProjectBuilder, file: number, name: string, methods: readonly string[]): number {
  const id = b.sym(file, name, { kind: 'class' });
  for (const m of methods) b.sym(file, m, { parent: id, kind: 'method' });
  return id;
}

test('typescript: a class whose methods (its own and its project base classes\') cover an interface\'s required ones implements it; its own methods override the interface\'s', () => {
  const b = new ProjectBuilder();
  const types = b.file('src/types.ts');
  iface(b, types, 'Store', ['get', 'put', 'size?']);
  const mem = b.file('src/memory.ts');
  cls(b, mem, 'MemoryStore', ['get', 'put', 'size', 'clear']);
  // Its base class brings `get`: it satisfies Store, and only its own `put` overrides.
  cls(b, mem, 'Reader', ['get']);
  const cached = cls(b, mem, 'CachedStore', ['put']);
  b.ref(mem, 'Reader', { kind: 'extends', from: cached });
  // Only one of the two required methods: no relation.
  cls(b, mem, 'Half', ['get', 'size']);
  assert.deepEqual(structural(b.resolve(), b), [
    'implements CachedStore->Store',
    'implements MemoryStore->Store',
    'overrides CachedStore.put->Store.put',
    'overrides MemoryStore.get->Store.get',
    'overrides MemoryStore.put->Store.put',
    'overrides MemoryStore.size->Store.size',
  ]);
});

test('typescript: an interface requiring one method, one extending a type from outside, or two unrelated interfaces requiring the same methods, match nothing by shape', () => {
  const b = new ProjectBuilder();
  const types = b.file('src/types.ts');
  iface(b, types, 'Disposable', ['dispose', 'name?']);
  // Extends `EventEmitter` from outside: its methods are not all known.
  const emitter = iface(b, types, 'Emitter', ['emit', 'on']);
  b.ref(types, 'EventEmitter', { kind: 'extends', from: emitter, receiver: 'events' });
  iface(b, types, 'Cache', ['get', 'put']);
  const other = b.file('src/other.ts');
  iface(b, other, 'Map', ['get', 'put']);
  const impl = b.file('src/impl.ts');
  cls(b, impl, 'Resource', ['dispose']);
  cls(b, impl, 'Bus', ['emit', 'on']);
  cls(b, impl, 'Table', ['get', 'put']);
  assert.deepEqual(structural(b.resolve(), b), []);
});

test('typescript: an interface extending a project interface needs its methods too; a class satisfying both implements both, each method overriding one declaration once', () => {
  const b = new ProjectBuilder();
  const types = b.file('src/types.ts');
  iface(b, types, 'Reader', ['read', 'close']);
  const stream = iface(b, types, 'Stream', ['write']);
  b.ref(types, 'Reader', { kind: 'extends', from: stream });
  const impl = b.file('src/impl.ts');
  cls(b, impl, 'File', ['read', 'close', 'write']);
  cls(b, impl, 'Pipe', ['read', 'close']);
  assert.deepEqual(structural(b.resolve(), b), [
    'implements File->Reader',
    'implements File->Stream',
    'implements Pipe->Reader',
    'overrides File.close->Reader.close',
    'overrides File.read->Reader.read',
    'overrides File.write->Stream.write',
    'overrides Pipe.close->Reader.close',
    'overrides Pipe.read->Reader.read',
  ]);
});

test('typescript: a class declaring the interface, or a base of it, gets only the declared edges; a JavaScript class matches a TypeScript interface; Go types are not matched here', () => {
  const b = new ProjectBuilder();
  const types = b.file('src/types.ts');
  const reader = iface(b, types, 'Reader', ['read', 'close']);
  const stream = iface(b, types, 'Stream', ['read', 'close', 'seek']);
  b.ref(types, 'Reader', { kind: 'extends', from: stream });
  void reader;
  const impl = b.file('src/impl.ts');
  const declared = cls(b, impl, 'Declared', ['read', 'close']);
  b.ref(impl, 'Reader', { kind: 'implements', from: declared });
  const sub = cls(b, impl, 'Seeker', ['read', 'close', 'seek']);
  b.ref(impl, 'Stream', { kind: 'implements', from: sub });
  const js = b.file('lib/plain.js');
  cls(b, js, 'Plain', ['read', 'close']);
  const go = b.file('pkg/file.go', { packageName: 'pkg' });
  b.sym(go, 'GoFile', { kind: 'struct' });
  b.sym(go, 'read', { kind: 'method', qualifiedName: 'GoFile.read' });
  b.sym(go, 'close', { kind: 'method', qualifiedName: 'GoFile.close' });
  assert.deepEqual(structural(b.resolve(), b), [
    'implements Plain->Reader',
    'overrides Plain.close->Reader.close',
    'overrides Plain.read->Reader.read',
  ]);
});
