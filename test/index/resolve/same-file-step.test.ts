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

test('a bare call binds a definition two scopes out, over the file-level one', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/a.py');
  b.sym(f, 'helper');
  const outer = b.sym(f, 'outer');
  const nested = b.sym(f, 'helper', { parent: outer });
  const mid = b.sym(f, 'mid', { parent: outer });
  const inner = b.sym(f, 'inner', { parent: mid });
  const r = b.ref(f, 'helper', { from: inner });
  const edge = edgeOf(b.resolve(), b, r);
  assert.deepEqual([edge?.target, edge?.method], [nested, 'same-file']);
});

test('a call through an unknown object takes the file\'s only member: a Go method qualified by its type, or a nested one whatever its qualified name', () => {
  const go = new ProjectBuilder();
  const g = go.file('store/store.go', { packageName: 'store' });
  const save = go.sym(g, 'Save', { kind: 'method', qualifiedName: 'Store.Save' });
  const caller = go.sym(g, 'Run');
  const viaGo = go.ref(g, 'Save', { receiver: 's', from: caller });
  assert.deepEqual([edgeOf(go.resolve(), go, viaGo)?.target, edgeOf(go.resolve(), go, viaGo)?.method], [save, 'same-file']);
  const rb = new ProjectBuilder();
  const f = rb.file('lib/a.rb');
  const flush = rb.sym(f, 'flush', { parent: rb.sym(f, 'Writer', { kind: 'class' }), qualifiedName: 'flush' });
  const run = rb.sym(f, 'run');
  const viaRuby = rb.ref(f, 'flush', { receiver: 'w', from: run });
  assert.deepEqual([edgeOf(rb.resolve(), rb, viaRuby)?.target, edgeOf(rb.resolve(), rb, viaRuby)?.method], [flush, 'same-file']);
});

test('super with no known base, or outside any type, is not taken as an unknown object\'s call to the file\'s only member', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/a.rb');
  const child = b.sym(f, 'Child', { kind: 'class' });
  const save = b.sym(f, 'save', { parent: child });
  b.sym(f, 'close', { parent: b.sym(f, 'Other', { kind: 'class' }) });
  const r = b.ref(f, 'close', { receiver: 'super', from: save });
  const loose = b.ref(f, 'close', { receiver: 'super', from: b.sym(f, 'main') });
  const result = b.resolve();
  assert.notEqual(edgeOf(result, b, r)?.method, 'same-file');
  assert.notEqual(edgeOf(result, b, loose)?.method, 'same-file', 'nor outside any type');
});
