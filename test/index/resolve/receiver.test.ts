import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, imp, targetOf } from './builders.js';

test('receiver: this.x() binds to the method of the enclosing class', () => {
  const b = new ProjectBuilder();
  const f = b.file('src/svc.ts');
  const cls = b.sym(f, 'Svc', { kind: 'class' });
  const save = b.sym(f, 'save', { parent: cls });
  const run = b.sym(f, 'run', { parent: cls });
  const other = b.file('src/other.ts');
  const oc = b.sym(other, 'Other', { kind: 'class' });
  b.sym(other, 'save', { parent: oc });
  const r = b.ref(f, 'save', { from: run, receiver: 'this' });
  const edge = edgeOf(b.resolve(), b, r);
  assert.equal(edge?.target, save);
  assert.equal(edge?.method, 'receiver');
});

test('receiver: self.x() finds a method inherited from a base class in another file', () => {
  const b = new ProjectBuilder();
  b.file('app/__init__.py');
  const basef = b.file('app/base.py');
  const base = b.sym(basef, 'Base', { kind: 'class' });
  const helper = b.sym(basef, 'helper', { parent: base });
  const f = b.file('app/child.py', { imports: [imp('.base', ['Base'])] });
  const child = b.sym(f, 'Child', { kind: 'class' });
  const run = b.sym(f, 'run', { parent: child });
  b.ref(f, 'Base', { kind: 'extends', from: child });
  const r = b.ref(f, 'helper', { from: run, receiver: 'self' });
  assert.equal(targetOf(b.resolve(), b, r), helper);
});

test('receiver: super().x() skips the override in the own class', () => {
  const b = new ProjectBuilder();
  const f = b.file('m.py');
  const base = b.sym(f, 'Base', { kind: 'class' });
  const baseSave = b.sym(f, 'save', { parent: base });
  const child = b.sym(f, 'Child', { kind: 'class' });
  const childSave = b.sym(f, 'save', { parent: child });
  b.ref(f, 'Base', { kind: 'extends', from: child });
  const r = b.ref(f, 'save', { from: childSave, receiver: 'super()' });
  assert.equal(targetOf(b.resolve(), b, r), baseSave);
});

test('receiver: a self member not found in the class is left unresolved, not guessed', () => {
  const b = new ProjectBuilder();
  const f = b.file('app/view.py');
  const cls = b.sym(f, 'View', { kind: 'class' });
  const get = b.sym(f, 'get', { parent: cls });
  const other = b.file('app/other.py');
  const oc = b.sym(other, 'Other', { kind: 'class' });
  b.sym(other, 'render', { parent: oc });
  const r = b.ref(f, 'render', { from: get, receiver: 'self' });
  assert.deepEqual(b.resolve().unresolved, [r]);
});

test('receiver: methods declared in an impl block outside the type are members of it', () => {
  const b = new ProjectBuilder();
  const f = b.file('src/server.rs');
  b.sym(f, 'Server', { kind: 'struct' });
  const serve = b.sym(f, 'serve', { kind: 'method', qualifiedName: 'Server.serve' });
  const start = b.sym(f, 'start', { kind: 'method', qualifiedName: 'Server.start' });
  const other = b.file('src/client.rs');
  b.sym(other, 'serve', { kind: 'method', qualifiedName: 'Client.serve' });
  const r = b.ref(f, 'serve', { from: start, receiver: 'self' });
  assert.equal(targetOf(b.resolve(), b, r), serve);
});

test('receiver: Java bare calls reach inherited methods through the implicit this', () => {
  const b = new ProjectBuilder();
  const bf = b.file('src/a/Base.java', { packageName: 'a' });
  const base = b.sym(bf, 'Base', { kind: 'class' });
  const log = b.sym(bf, 'log', { parent: base });
  const cf = b.file('src/b/Child.java', { packageName: 'b', imports: [imp('a.Base')] });
  const child = b.sym(cf, 'Child', { kind: 'class' });
  const run = b.sym(cf, 'run', { parent: child });
  b.ref(cf, 'Base', { kind: 'extends', from: child });
  const r = b.ref(cf, 'log', { from: run });
  assert.equal(targetOf(b.resolve(), b, r), log);
});

test('receiver: super() finds a method in the second of two bases', () => {
  const b = new ProjectBuilder();
  const f = b.file('app.py');
  const first = b.sym(f, 'First', { kind: 'class' });
  b.sym(f, 'other', { parent: first });
  const second = b.sym(f, 'Second', { kind: 'class' });
  const save = b.sym(f, 'save', { parent: second });
  const child = b.sym(f, 'Child', { kind: 'class' });
  const childSave = b.sym(f, 'save', { parent: child });
  b.ref(f, 'First', { kind: 'extends', from: child });
  b.ref(f, 'Second', { kind: 'extends', from: child });
  const r = b.ref(f, 'save', { from: childSave, receiver: 'super()' });
  const edge = edgeOf(b.resolve(), b, r);
  assert.deepEqual([edge?.target, edge?.method], [save, 'receiver']);
});

test('receiver: a bare call in a language without an implicit this is not a call on self', () => {
  const b = new ProjectBuilder();
  const f = b.file('app.py');
  const cls = b.sym(f, 'Job', { kind: 'class' });
  b.sym(f, 'save', { parent: cls });
  const run = b.sym(f, 'run', { parent: cls });
  const r = b.ref(f, 'save', { from: run });
  assert.notEqual(edgeOf(b.resolve(), b, r)?.method, 'receiver');
});

test('receiver: a bare call in a language with an implicit this is a call on this, at 0.8; this.x() at 0.85', () => {
  const b = new ProjectBuilder();
  const f = b.file('src/Job.java');
  const cls = b.sym(f, 'Job', { kind: 'class' });
  const save = b.sym(f, 'save', { parent: cls });
  const run = b.sym(f, 'run', { parent: cls });
  const bare = b.ref(f, 'save', { from: run });
  const explicit = b.ref(f, 'save', { from: run, receiver: 'this' });
  const result = b.resolve();
  assert.deepEqual([edgeOf(result, b, bare)?.target, edgeOf(result, b, bare)?.method, edgeOf(result, b, bare)?.confidence], [save, 'receiver', 0.8]);
  assert.equal(edgeOf(result, b, explicit)?.confidence, 0.85);
});

test('receiver: super outside any type binds nothing', () => {
  const b = new ProjectBuilder();
  const f = b.file('app.py');
  b.sym(b.file('lib.py'), 'save');
  const free = b.sym(f, 'helper');
  const r = b.ref(f, 'save', { from: free, receiver: 'super()' });
  assert.equal(edgeOf(b.resolve(), b, r)?.method === 'receiver', false);
});
