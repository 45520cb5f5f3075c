/** The same-file step at its boundaries: scopes, kinds, members and receivers. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, targetOf } from './builders.js';

test('a bare call does not reach a method of a class that does not enclose it', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/app.rb');
  const other = b.sym(f, 'Other', { kind: 'class' });
  b.sym(f, 'reset', { parent: other });
  const caller = b.sym(f, 'run');
  const r = b.ref(f, 'reset', { from: caller });
  assert.equal(targetOf(b.resolve(), b, r), undefined);
});

test('a bare call does not reach a file-level method qualified by its type (a Go method)', () => {
  const b = new ProjectBuilder();
  const f = b.file('buf.go', { packageName: 'buf' });
  b.sym(f, 'Write', { kind: 'method', qualifiedName: 'Buffer.Write' });
  const caller = b.sym(f, 'flush');
  const r = b.ref(f, 'Write', { from: caller });
  assert.equal(targetOf(b.resolve(), b, r), undefined);
});

test('a call does not bind to a same-file definition of a kind that cannot be called, but does to a constant (it may hold a function)', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/app.js');
  b.sym(f, 'format', { kind: 'namespace' });
  const caller = b.sym(f, 'run');
  const r = b.ref(f, 'format', { from: caller });
  assert.notEqual(edgeOf(b.resolve(), b, r)?.method, 'same-file');
  const constant = b.sym(f, 'format', { kind: 'constant' });
  assert.equal(targetOf(b.resolve(), b, r), constant);
});

test('a bare call binds the same file\'s top-level function with the same-file confidence', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/app.js');
  const target = b.sym(f, 'tidy');
  const caller = b.sym(f, 'run');
  const r = b.ref(f, 'tidy', { from: caller });
  const edge = edgeOf(b.resolve(), b, r);
  assert.deepEqual([edge?.target, edge?.method, edge?.confidence], [target, 'same-file', 0.8]);
});

test('a call through an unknown object takes the file\'s only member of that name, never a top-level function', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/store.rb');
  const store = b.sym(f, 'Store', { kind: 'class' });
  const save = b.sym(f, 'save', { parent: store });
  b.sym(f, 'save_all');
  const caller = b.sym(f, 'run');
  const r = b.ref(f, 'save', { from: caller, receiver: 'repo' });
  const edge = edgeOf(b.resolve(), b, r);
  assert.deepEqual([edge?.target, edge?.method, edge?.confidence], [save, 'same-file', 0.6]);
  // A top-level function of that name is not a member: the call still takes the method.
  b.sym(f, 'save');
  assert.equal(edgeOf(b.resolve(), b, r)?.method, 'same-file');
  // Two members of that name: the step cannot choose.
  const other = b.sym(f, 'Cache', { kind: 'class' });
  b.sym(f, 'save', { parent: other });
  assert.notEqual(edgeOf(b.resolve(), b, r)?.method, 'same-file');
});

test('a call on self or super is left to the receiver step, never taken as an unknown object\'s', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/app.rb');
  const a = b.sym(f, 'Reader', { kind: 'class' });
  const run = b.sym(f, 'run', { parent: a });
  const other = b.sym(f, 'Writer', { kind: 'class' });
  b.sym(f, 'close', { parent: other });
  for (const receiver of ['self', 'super']) {
    const r = b.ref(f, 'close', { from: run, receiver });
    assert.notEqual(edgeOf(b.resolve(), b, r)?.method, 'same-file', receiver);
  }
});
