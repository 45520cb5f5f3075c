import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, targetOf } from './builders.js';

test('same-file: a bare name prefers the innermost enclosing definition', () => {
  const b = new ProjectBuilder();
  const f = b.file('app.js');
  b.sym(f, 'helper', { exported: false });
  const outer = b.sym(f, 'outer', { exported: false });
  const inner = b.sym(f, 'helper', { parent: outer, kind: 'function', exported: false });
  const r = b.ref(f, 'helper', { from: outer });
  const edge = edgeOf(b.resolve(), b, r);
  assert.equal(edge?.target, inner);
  assert.equal(edge?.method, 'same-file');
});

test('same-file: of two definitions of a name in one scope, a bare call binds to the first', () => {
  const b = new ProjectBuilder();
  const f = b.file('app.js');
  const outer = b.sym(f, 'outer', { exported: false });
  const first = b.sym(f, 'helper', { parent: outer, kind: 'function', exported: false });
  const second = b.sym(f, 'helper', { parent: outer, kind: 'function', exported: false });
  const call = b.ref(f, 'helper', { from: outer });
  const edge = edgeOf(b.resolve(), b, call);
  assert.notEqual(first, second);
  assert.equal(edge?.target, first);
  assert.equal(edge?.method, 'same-file');
});

test('same-file: a definition in the file wins over an equal name elsewhere', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/a.rb');
  const mine = b.sym(f, 'parse');
  const g = b.file('lib/b.rb');
  b.sym(g, 'parse');
  const r = b.ref(f, 'parse');
  assert.equal(targetOf(b.resolve(), b, r), mine);
});

test('same-file: a call through another object to the caller\'s own name is not the caller calling itself', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/websocket.js');
  const socket = b.sym(f, 'WebSocket', { kind: 'class' });
  const send = b.sym(f, 'send', { parent: socket, kind: 'method' });
  const delegated = b.ref(f, 'send', { from: send, receiver: 'this._sender' });
  assert.equal(edgeOf(b.resolve(), b, delegated), undefined, 'no edge from send to itself');
  // With the other object's class in the same file, the call reaches its method.
  const sender = b.sym(f, 'Sender', { kind: 'class' });
  const senderSend = b.sym(f, 'send', { parent: sender, kind: 'method' });
  const edge = edgeOf(b.resolve(), b, delegated);
  assert.equal(edge?.target, senderSend);
  assert.equal(edge?.method, 'same-file');
  // Recursion written on the object itself still reaches the caller.
  const recursive = b.ref(f, 'send', { from: send, receiver: 'this' });
  assert.equal(targetOf(b.resolve(), b, recursive), send);
});

test('same-file and name: a call through another object never lands on the caller\'s own overloads or Go method', () => {
  const b = new ProjectBuilder();
  const f = b.file('src/Filter.java');
  const filter = b.sym(f, 'FilterOutputStream', { kind: 'class' });
  b.sym(f, 'write', { parent: filter });
  const writeArray = b.sym(f, 'write', { parent: filter });
  const delegated = b.ref(f, 'write', { from: writeArray, receiver: 'out' });
  assert.equal(edgeOf(b.resolve(), b, delegated), undefined, 'not the caller\'s other overload');
  const g = b.file('pkg/writer.go');
  const goWrite = b.sym(g, 'Write', { qualifiedName: 'Writer.Write', kind: 'method' });
  const goDelegated = b.ref(g, 'Write', { from: goWrite, receiver: 'w.out' });
  assert.equal(edgeOf(b.resolve(), b, goDelegated), undefined);
  // Another type's method of that name is still found by name.
  const h = b.file('pkg/buffer.go');
  const bufferWrite = b.sym(h, 'Write', { qualifiedName: 'Buffer.Write', kind: 'method' });
  assert.equal(targetOf(b.resolve(), b, goDelegated), bufferWrite);
});

test('qualified: Foo.bar() binds to the member of Foo, not a same-named member of another type', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/foo.rb');
  const foo = b.sym(f, 'Foo', { kind: 'class' });
  const bar = b.sym(f, 'bar', { parent: foo });
  const g = b.file('lib/baz.rb');
  const baz = b.sym(g, 'Baz', { kind: 'class' });
  b.sym(g, 'bar', { parent: baz });
  const h = b.file('lib/main.rb');
  const r = b.ref(h, 'bar', { receiver: 'Foo' });
  const edge = edgeOf(b.resolve(), b, r);
  assert.equal(edge?.target, bar);
  assert.equal(edge?.method, 'qualified');
});

test('name: the candidate in the same directory wins over farther ones', () => {
  const b = new ProjectBuilder();
  const near = b.file('lib/x/a.rb');
  const far = b.file('other/y/b.rb');
  b.sym(far, 'tally');
  const nearDef = b.sym(near, 'tally');
  const caller = b.file('lib/x/main.rb');
  const r = b.ref(caller, 'tally');
  const edge = edgeOf(b.resolve(), b, r);
  assert.equal(edge?.target, nearDef);
  assert.equal(edge?.method, 'name');
  assert.ok((edge?.confidence ?? 0) <= 0.7 && (edge?.confidence ?? 0) >= 0.3);
});

test('name: the same top-level folder wins over elsewhere', () => {
  const b = new ProjectBuilder();
  const far = b.file('tools/z.rb');
  b.sym(far, 'tally');
  const near = b.file('lib/q/a.rb');
  const nearDef = b.sym(near, 'tally');
  const caller = b.file('lib/x/main.rb');
  const r = b.ref(caller, 'tally');
  assert.equal(targetOf(b.resolve(), b, r), nearDef);
});

test('name: equally close candidates leave the reference unresolved', () => {
  const b = new ProjectBuilder();
  b.sym(b.file('lib/a.rb'), 'tally');
  b.sym(b.file('lib/b.rb'), 'tally');
  const r = b.ref(b.file('lib/main.rb'), 'tally');
  const result = b.resolve();
  assert.deepEqual(result.unresolved, [r]);
  assert.equal(result.stats.ambiguous, 1);
});

test('name: more candidates than maxCandidates are refused', () => {
  const b = new ProjectBuilder();
  for (let i = 0; i < 4; i++) b.sym(b.file(`pkg${i}/m.rb`), 'run');
  const near = b.file('app/m.rb');
  b.sym(near, 'run');
  const r = b.ref(b.file('app/main.rb'), 'run');
  assert.equal(b.resolve({ maxCandidates: 8 }).unresolved.length, 0);
  assert.deepEqual(b.resolve({ maxCandidates: 4 }).unresolved, [r]);
});

test('name: a method call with a receiver prefers methods over free functions', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/a.rb');
  b.sym(f, 'save');
  const g = b.file('lib/b.rb');
  const repo = b.sym(g, 'Repo', { kind: 'class' });
  const save = b.sym(g, 'save', { parent: repo });
  const r = b.ref(b.file('lib/main.rb'), 'save', { receiver: 'repo' });
  assert.equal(targetOf(b.resolve(), b, r), save);
});

test('name: extends only binds class-like symbols', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/a.rb');
  b.sym(f, 'Model', { kind: 'function' });
  const g = b.file('lib/b.rb');
  const cls = b.sym(g, 'Model', { kind: 'class' });
  const r = b.ref(b.file('lib/c.rb'), 'Model', { kind: 'extends' });
  assert.equal(targetOf(b.resolve(), b, r), cls);
});

test('name: a call to a class keeps the calls kind', () => {
  const b = new ProjectBuilder();
  const cls = b.sym(b.file('lib/a.rb'), 'Point', { kind: 'class' });
  const r = b.ref(b.file('lib/b.rb'), 'Point');
  const edge = edgeOf(b.resolve(), b, r);
  assert.equal(edge?.target, cls);
  assert.equal(edge?.kind, 'calls');
});

test('resolve: unresolved references are returned by index and counted per language', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/a.rb');
  b.sym(f, 'known');
  b.ref(f, 'known');
  const miss = b.ref(f, 'nowhere');
  const result = b.resolve();
  assert.deepEqual(result.unresolved, [miss]);
  assert.deepEqual(
    [result.stats.refs, result.stats.resolved, result.stats.unresolved, result.stats.byLanguage['ruby']?.unresolved],
    [2, 1, 1, 1],
  );
});

test('resolve: the same input gives identical edges in reference order', () => {
  const make = (): ProjectBuilder => {
    const b = new ProjectBuilder();
    const f = b.file('lib/a.rb');
    const g = b.file('lib/b.rb');
    b.sym(f, 'one');
    b.sym(g, 'two');
    b.ref(g, 'one');
    b.ref(f, 'two');
    b.ref(g, 'two');
    return b;
  };
  const first = make().resolve();
  const second = make().resolve();
  assert.deepEqual(first, second);
  assert.deepEqual([...first.edges].map((e) => e.line), [1, 2, 3]);
});

test('name step: a call on the enclosing instance binds to the method of a type of the instance\'s name, not the nearest other type\'s', () => {
  const b = new ProjectBuilder();
  // Two `Handle` types and a same-file `Inner`: `self.is_shutdown()` in `Handle.process` means a `Handle`'s.
  const timer = b.file('src/runtime/time/mod.rs');
  b.sym(timer, 'is_shutdown', { kind: 'method', qualifiedName: 'Inner.is_shutdown' });
  const process = b.sym(timer, 'process', { kind: 'method', qualifiedName: 'Handle.process' });
  const handle = b.file('src/runtime/time/handle.rs');
  const wanted = b.sym(handle, 'is_shutdown', { kind: 'method', qualifiedName: 'Handle.is_shutdown' });
  const io = b.file('src/runtime/io/handle.rs');
  b.sym(io, 'is_shutdown', { kind: 'method', qualifiedName: 'Handle.is_shutdown' });
  const r = b.ref(timer, 'is_shutdown', { receiver: 'self', from: process });
  assert.equal(targetOf(b.resolve(), b, r), wanted);
});

test('name step: `Outer.this.m()` binds to the method of the type written before `this`', () => {
  const b = new ProjectBuilder();
  const file = b.file('src/mgmt/Monitor.java');
  const wanted = b.sym(file, 'isActive', { kind: 'method', qualifiedName: 'Monitor.isActive' });
  // A same-named field leaves the same-file step two choices.
  b.sym(file, 'isActive', { kind: 'field', qualifiedName: 'Monitor.Task.isActive' });
  const run = b.sym(file, 'run', { kind: 'method', qualifiedName: 'Monitor.Task.run' });
  const other = b.file('src/mgmt/Notifier.java');
  b.sym(other, 'isActive', { kind: 'method', qualifiedName: 'Notifier.isActive' });
  const r = b.ref(file, 'isActive', { receiver: 'Monitor.this', from: run });
  assert.equal(targetOf(b.resolve(), b, r), wanted);
});
