import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReceiverCache } from '../../../src/index/resolve/receivers.js';
import { ProjectBuilder, edgeOf, imp, targetOf } from './builders.js';

/**
 * A TypeScript project: `client.ts` defines `Client.send` and `Other.send`, `factory.ts` a
 * `makeClient()` returning `returns`, and `use.ts` imports `makeClient`.
 */
function clientProject(returns: string | undefined, factoryImports = [imp('./client', ['Client'])]) {
  const b = new ProjectBuilder();
  const client = b.file('client.ts');
  const clientClass = b.sym(client, 'Client', { kind: 'class' });
  const send = b.sym(client, 'send', { parent: clientClass });
  const close = b.sym(client, 'close', { parent: clientClass });
  const other = b.sym(client, 'Other', { kind: 'class' });
  const otherSend = b.sym(client, 'send', { parent: other });
  const otherFlush = b.sym(client, 'flush', { parent: other });
  const factory = b.file('factory.ts', { imports: factoryImports });
  const make = b.sym(factory, 'makeClient', returns === undefined ? {} : { returns });
  const use = b.file('use.ts', { imports: [imp('./factory', ['makeClient'])] });
  const run = b.sym(use, 'run');
  return { b, use, run, make, send, close, otherSend, otherFlush, clientClass };
}

test('a call on what a function returns binds to the returned type\'s method, though another type has one of that name', () => {
  const p = clientProject('Client');
  const r = p.b.ref(p.use, 'send', { from: p.run, receiver: 'makeClient()' });
  const edge = edgeOf(p.b.resolve(), p.b, r);
  assert.equal(edge?.target, p.send);
  assert.deepEqual([edge?.method, edge?.confidence], ['qualified', 0.85]);
});

test('the returned type is looked up from the function\'s own file: its import wins over a same-named type nearer the caller', () => {
  const p = clientProject('Client');
  const decoy = p.b.sym(p.use, 'Client', { kind: 'class' });
  p.b.sym(p.use, 'send', { parent: decoy });
  const r = p.b.ref(p.use, 'send', { from: p.run, receiver: 'makeClient()' });
  assert.equal(targetOf(p.b.resolve(), p.b, r), p.send);
});

test('a type imported from outside the project binds nothing, though the project has a type of that name with the method', () => {
  const p = clientProject('Client', [imp('undici', ['Client'])]);
  const r = p.b.ref(p.use, 'send', { from: p.run, receiver: 'makeClient()' });
  assert.equal(targetOf(p.b.resolve(), p.b, r), undefined);
});

test('a returned type without the method binds nothing, where a guess by name would take the only one', () => {
  const p = clientProject('Client');
  const r = p.b.ref(p.use, 'flush', { from: p.run, receiver: 'makeClient()' });
  assert.equal(targetOf(p.b.resolve(), p.b, r), undefined);
});

test('a function of unknown return type leaves the call to the later steps, as before', () => {
  const p = clientProject(undefined);
  const r = p.b.ref(p.use, 'flush', { from: p.run, receiver: 'makeClient()' });
  assert.equal(targetOf(p.b.resolve(), p.b, r), p.otherFlush, 'the only flush, by name');
});

test('a call of a class is an instance of it: `Client().send()`', () => {
  const b = new ProjectBuilder();
  const models = b.file('models.py');
  const client = b.sym(models, 'Client', { kind: 'class' });
  const send = b.sym(models, 'send', { parent: client });
  const other = b.sym(models, 'Other', { kind: 'class' });
  b.sym(models, 'send', { parent: other });
  const use = b.file('use.py', { imports: [imp('models', ['Client'])] });
  const run = b.sym(use, 'run');
  const r = b.ref(use, 'send', { from: run, receiver: 'Client()' });
  assert.equal(targetOf(b.resolve(), b, r), send);
});

test('a chain follows each call\'s return type: `makeClient().request().uri()`', () => {
  const p = clientProject('Client');
  const request = p.b.sym(p.b.files[0]!.id, 'request', { parent: p.clientClass, returns: 'Request' });
  const requestClass = p.b.sym(p.b.files[0]!.id, 'Request', { kind: 'class' });
  const uri = p.b.sym(p.b.files[0]!.id, 'uri', { parent: requestClass });
  const other = p.b.sym(p.b.files[0]!.id, 'Elsewhere', { kind: 'class' });
  p.b.sym(p.b.files[0]!.id, 'uri', { parent: other });
  const inner = p.b.ref(p.use, 'request', { from: p.run, receiver: 'makeClient()' });
  const r = p.b.ref(p.use, 'uri', { from: p.run, receiver: 'makeClient().request()' });
  const result = p.b.resolve();
  assert.equal(targetOf(result, p.b, inner), request);
  assert.equal(targetOf(result, p.b, r), uri);
});

test('a chain of more than three calls is not followed', () => {
  const b = new ProjectBuilder();
  const f = b.file('a.ts');
  const box = b.sym(f, 'Box', { kind: 'class' });
  b.sym(f, 'next', { parent: box, returns: 'Box' });
  const end = b.sym(f, 'end', { parent: box });
  const other = b.sym(f, 'Other', { kind: 'class' });
  const otherEnd = b.sym(f, 'end', { parent: other });
  const start = b.sym(f, 'start', { returns: 'Box' });
  const three = b.ref(f, 'end', { from: start, receiver: 'start().next().next()' });
  const four = b.ref(f, 'end', { from: start, receiver: 'start().next().next().next()' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, three), end);
  assert.notEqual(targetOf(result, b, four), end, 'not typed: left to the other steps');
  assert.ok([undefined, otherEnd].includes(targetOf(result, b, four)));
});

test('`super().method()` is what a base\'s method returned, not the bases themselves', () => {
  const receivers = new ReceiverCache();
  assert.equal(receivers.get('super()').kind, 'super');
  assert.equal(receivers.get('super(Foo, self)').kind, 'super');
  assert.equal(receivers.get('super().related_objects()').kind, 'opaque');
});

test('an inner call bound only by its name does not stop the call when its return type lacks the member', () => {
  const b = new ProjectBuilder();
  const f = b.file('a.ts');
  // `next` is unique by name but is not what `iterator` holds: its type has no `equalsKey`.
  const streams = b.sym(f, 'StreamIterator', { kind: 'class' });
  b.sym(f, 'next', { parent: streams, returns: 'Buffer' });
  b.sym(f, 'Buffer', { kind: 'class' });
  const entry = b.sym(f, 'CacheEntry', { kind: 'class' });
  const equalsKey = b.sym(f, 'equalsKey', { parent: entry });
  const remove = b.sym(f, 'remove');
  const r = b.ref(f, 'equalsKey', { from: remove, receiver: 'iterator.next()' });
  assert.equal(targetOf(b.resolve(), b, r), equalsKey, 'left to the name step, which finds the only equalsKey');
});

test('an inner method call bound for sure (a class\'s static method) stops the call when its return type lacks the member', () => {
  const p = clientProject('Client');
  const factory = p.b.files[1]!.id;
  const factoryClass = p.b.sym(factory, 'Factory', { kind: 'class' });
  p.b.sym(factory, 'make', { parent: factoryClass, returns: 'Client' });
  const r = p.b.ref(p.use, 'flush', { from: p.run, receiver: 'Factory.make()' });
  const sent = p.b.ref(p.use, 'send', { from: p.run, receiver: 'Factory.make()' });
  const result = p.b.resolve();
  assert.equal(targetOf(result, p.b, r), undefined, 'not the only flush, Other\'s');
  assert.equal(targetOf(result, p.b, sent), p.send);
});

test('a receiver that is no call (an indexed value) is not taken for one', () => {
  const b = new ProjectBuilder();
  const f = b.file('a.ts');
  const box = b.sym(f, 'Box', { kind: 'class' });
  const open = b.sym(f, 'open', { parent: box });
  b.sym(f, 'rows', { returns: 'Box' });
  const run = b.sym(f, 'run');
  const other = b.sym(f, 'Other', { kind: 'class' });
  const otherOpen = b.sym(f, 'open', { parent: other });
  const r = b.ref(f, 'open', { from: run, receiver: 'rows[]' });
  const target = targetOf(b.resolve(), b, r);
  assert.notEqual(target, open, 'rows[] is an element of rows, not what rows() returns');
  assert.ok([undefined, otherOpen].includes(target));
});

test('an inner method call bound by a guess still types the call when its type has the member', () => {
  const b = new ProjectBuilder();
  const f = b.file('a.ts');
  const iter = b.sym(f, 'EntryIterator', { kind: 'class' });
  b.sym(f, 'next', { parent: iter, returns: 'Entry' });
  const entry = b.sym(f, 'Entry', { kind: 'class' });
  const equalsKey = b.sym(f, 'equalsKey', { parent: entry });
  const other = b.sym(f, 'Other', { kind: 'class' });
  b.sym(f, 'equalsKey', { parent: other });
  const remove = b.sym(f, 'remove');
  const r = b.ref(f, 'equalsKey', { from: remove, receiver: 'iterator.next()' });
  assert.equal(targetOf(b.resolve(), b, r), equalsKey, 'Entry\'s, not the other of two same-named members');
});

test('a bare function found by its name alone is the function: its type lacking the member stops the call', () => {
  const b = new ProjectBuilder();
  const factory = b.file('Factory.swift', { language: 'swift' });
  b.sym(factory, 'openFile', { returns: 'FileHandle' });
  const client = b.file('Client.swift', { language: 'swift' });
  const other = b.sym(client, 'Other', { kind: 'class' });
  b.sym(client, 'close', { parent: other });
  const use = b.file('Use.swift', { language: 'swift' });
  const run = b.sym(use, 'run');
  const inner = b.ref(use, 'openFile', { from: run });
  const r = b.ref(use, 'close', { from: run, receiver: 'openFile()' });
  const result = b.resolve();
  assert.equal(edgeOf(result, b, inner)?.method, 'name', 'the inner call is found by its name');
  assert.equal(targetOf(result, b, r), undefined, 'not Other.close: FileHandle is from outside');
});

test('an inner call bound by the nearer of two same-named types (0.8) is no guess: its type lacking the member stops the call', () => {
  const b = new ProjectBuilder();
  const near = b.file('app/factory.ts');
  const factory = b.sym(near, 'Factory', { kind: 'class' });
  const make = b.sym(near, 'make', { parent: factory, returns: 'Client' });
  const client = b.sym(near, 'Client', { kind: 'class' });
  b.sym(near, 'send', { parent: client });
  const far = b.file('lib/factory.ts');
  const farFactory = b.sym(far, 'Factory', { kind: 'class' });
  b.sym(far, 'make', { parent: farFactory });
  const others = b.file('lib/other.ts');
  const other = b.sym(others, 'Other', { kind: 'class' });
  b.sym(others, 'flush', { parent: other });
  const use = b.file('app/use.ts');
  const run = b.sym(use, 'run');
  const inner = b.ref(use, 'make', { from: run, receiver: 'Factory' });
  const r = b.ref(use, 'flush', { from: run, receiver: 'Factory.make()' });
  const result = b.resolve();
  assert.deepEqual([targetOf(result, b, inner), edgeOf(result, b, inner)?.confidence], [make, 0.8]);
  assert.equal(targetOf(result, b, r), undefined, 'not Other.flush');
});
