/**
 * The name step (a name found anywhere in the project) at each of its boundaries: tests, exports,
 * packages, members, the candidate bound and the confidence it gives.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, targetOf } from './builders.js';

test('production code never binds into a test file; a test binds into another test', () => {
  const b = new ProjectBuilder();
  const spec = b.file('spec/helpers_spec.rb', { isTest: true });
  const helper = b.sym(spec, 'build_user');
  const lib = b.file('lib/users.rb');
  const fromLib = b.ref(lib, 'build_user');
  const other = b.file('spec/users_spec.rb', { isTest: true });
  const fromSpec = b.ref(other, 'build_user');
  const result = b.resolve();
  assert.equal(targetOf(result, b, fromLib), undefined);
  assert.equal(targetOf(result, b, fromSpec), helper);
  assert.equal(edgeOf(result, b, fromSpec)?.method, 'name');
});

test('a language that enforces exports binds another folder\'s definition only when it is exported', () => {
  const b = new ProjectBuilder();
  const util = b.file('util/strings.c');
  b.sym(util, 'trim', { exported: false });
  const near = b.file('util/io.c');
  const main = b.file('src/main.c');
  const far = b.ref(main, 'trim');
  const sameDir = b.ref(near, 'trim');
  let result = b.resolve();
  assert.equal(targetOf(result, b, far), undefined, 'static in another folder');
  assert.notEqual(targetOf(result, b, sameDir), undefined, 'same folder');
  const exported = b.sym(b.file('lib/trim.c'), 'trim');
  result = b.resolve();
  assert.equal(targetOf(result, b, far), exported);
});

test('a language without enforced exports binds an unexported definition anywhere', () => {
  const b = new ProjectBuilder();
  const target = b.sym(b.file('lib/a/parse.rb'), 'parse_line', { exported: false });
  const r = b.ref(b.file('app/b/run.rb'), 'parse_line');
  assert.equal(targetOf(b.resolve(), b, r), target);
});

test('a bare Go call stays in its package', () => {
  const b = new ProjectBuilder();
  const other = b.file('other/util.go', { packageName: 'other' });
  b.sym(other, 'Clamp');
  const mine = b.file('shop/cart.go', { packageName: 'shop' });
  const r = b.ref(mine, 'Clamp');
  assert.equal(targetOf(b.resolve(), b, r), undefined);
  const sibling = b.sym(b.file('shop/math.go', { packageName: 'shop' }), 'Clamp');
  assert.equal(targetOf(b.resolve(), b, r), sibling);
});

test('a bare call never lands on a method, even one qualified by its type without a parent node', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/a.rb');
  b.sym(f, 'flush', { qualifiedName: 'Writer.flush', kind: 'method' });
  const r = b.ref(b.file('lib/b.rb'), 'flush');
  assert.equal(targetOf(b.resolve(), b, r), undefined);
});

test('more candidates than the bound are refused; at the bound the closest is still chosen', () => {
  const b = new ProjectBuilder();
  const from = b.file('app/main.rb');
  const near = b.sym(b.file('app/util.rb'), 'normalize');
  b.sym(b.file('lib/one/util.rb'), 'normalize');
  const r = b.ref(from, 'normalize');
  assert.equal(targetOf(b.resolve({ maxCandidates: 2 }), b, r), near, 'two candidates, bound two');
  b.sym(b.file('vendor/two/util.rb'), 'normalize');
  assert.equal(targetOf(b.resolve({ maxCandidates: 2 }), b, r), undefined, 'three candidates, bound two');
  assert.equal(targetOf(b.resolve({ maxCandidates: 3 }), b, r), near);
});

test('member candidates count against the bound for a call through an object', () => {
  const b = new ProjectBuilder();
  const from = b.file('app/main.rb');
  const queueFile = b.file('app/queue.rb');
  const mine = b.sym(queueFile, 'Queue', { kind: 'class' });
  const near = b.sym(queueFile, 'drain', { parent: mine });
  for (const dir of ['lib', 'vendor']) {
    const file = b.file(`${dir}/q.rb`);
    const cls = b.sym(file, `Q${dir}`, { kind: 'class' });
    b.sym(file, 'drain', { parent: cls });
  }
  const r = b.ref(from, 'drain', { receiver: 'queue' });
  assert.equal(targetOf(b.resolve({ maxCandidates: 3 }), b, r), near);
  assert.equal(targetOf(b.resolve({ maxCandidates: 2 }), b, r), undefined);
});

test('confidence falls with the tier and with each rival candidate, never below 0.3', () => {
  const alone = new ProjectBuilder();
  alone.sym(alone.file('app/a.rb'), 'tally');
  const r1 = alone.ref(alone.file('app/b.rb'), 'tally');
  assert.equal(edgeOf(alone.resolve(), alone, r1)?.confidence, 0.7, 'same folder, no rival');

  const rivals = new ProjectBuilder();
  rivals.sym(rivals.file('app/a.rb'), 'tally');
  rivals.sym(rivals.file('lib/x.rb'), 'tally');
  const r2 = rivals.ref(rivals.file('app/b.rb'), 'tally');
  assert.equal(edgeOf(rivals.resolve(), rivals, r2)?.confidence, 0.65, 'one rival');

  const far = new ProjectBuilder();
  far.sym(far.file('lib/x.rb'), 'tally');
  const r3 = far.ref(far.file('app/b.rb'), 'tally');
  assert.equal(edgeOf(far.resolve(), far, r3)?.confidence, 0.4, 'elsewhere, no rival');

  const crowd = new ProjectBuilder();
  crowd.sym(crowd.file('app/a.rb'), 'tally');
  for (let i = 0; i < 7; i++) crowd.sym(crowd.file(`lib${i}/x.rb`), 'tally');
  const r4 = crowd.ref(crowd.file('app/b.rb'), 'tally');
  assert.equal(edgeOf(crowd.resolve(), crowd, r4)?.confidence, 0.35, 'seven rivals');

  // Same top folder (0.5) with five rivals would be 0.25: the floor holds.
  const floor = new ProjectBuilder();
  const top = floor.sym(floor.file('app/y/util.rb'), 'tally');
  for (let i = 0; i < 5; i++) floor.sym(floor.file(`v${i}/y.rb`), 'tally');
  const r5 = floor.ref(floor.file('app/x/main.rb'), 'tally');
  const edge = edgeOf(floor.resolve(), floor, r5);
  assert.equal(edge?.target, top);
  assert.equal(edge?.confidence, 0.3);
});

test('a call binds by name only to something callable: a same-named field or variable elsewhere is not a call target', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/conf.rb');
  b.sym(f, 'handler', { kind: 'field', parent: b.sym(f, 'Conf', { kind: 'class' }) });
  b.sym(b.file('lib/vars.rb'), 'callback', { kind: 'variable' });
  const from = b.file('app/run.rb');
  const viaObject = b.ref(from, 'handler', { receiver: 'conf' });
  const bare = b.ref(from, 'callback');
  const result = b.resolve();
  assert.equal(targetOf(result, b, viaObject), undefined);
  assert.equal(targetOf(result, b, bare), undefined);
});

test('a name never binds across language families', () => {
  const b = new ProjectBuilder();
  const py = b.file('tools/job.py');
  b.sym(py, 'flush', { parent: b.sym(py, 'Job', { kind: 'class' }) });
  const r = b.ref(b.file('lib/run.rb'), 'flush', { receiver: 'job' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, r), undefined);
  assert.equal(result.stats.ambiguous, 0, 'nothing to choose from is not ambiguous');
});

test('a member call with no candidate at all is unresolved, not ambiguous', () => {
  const b = new ProjectBuilder();
  b.sym(b.file('lib/a.rb'), 'other');
  b.ref(b.file('lib/b.rb'), 'nothing_like_it', { receiver: 'thing' });
  const stats = b.resolve().stats;
  assert.deepEqual([stats.resolved, stats.unresolved, stats.ambiguous], [0, 1, 0]);
});

test('a symbol with a parent is a member whatever its qualified name: a bare call skips it, a call through an object binds it', () => {
  const b = new ProjectBuilder();
  const f = b.file('lib/a.rb');
  const cls = b.sym(f, 'Writer', { kind: 'class' });
  const flush = b.sym(f, 'flush', { parent: cls, qualifiedName: 'flush' });
  const from = b.file('lib/b.rb');
  const bare = b.ref(from, 'flush');
  const member = b.ref(from, 'flush', { receiver: 'writer' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, bare), undefined);
  assert.equal(targetOf(result, b, member), flush);
});

test('free functions of the same name do not count against the bound for a call through an object: only members do', () => {
  const b = new ProjectBuilder();
  const f = b.file('app/queue.rb');
  const drain = b.sym(f, 'drain', { parent: b.sym(f, 'Queue', { kind: 'class' }) });
  for (const dir of ['a', 'b', 'c']) b.sym(b.file(`${dir}/util.rb`), 'drain');
  const r = b.ref(b.file('app/main.rb'), 'drain', { receiver: 'queue' });
  assert.equal(targetOf(b.resolve({ maxCandidates: 2 }), b, r), drain);
});

test('rust: self.method() prefers the methods of a type named like the caller\'s own, matched by its last segment, and its own file among equals', () => {
  const b = new ProjectBuilder();
  const x = b.file('src/time/handle.rs');
  const run = b.sym(x, 'run', { kind: 'method', qualifiedName: 'time.Handle.run' });
  b.sym(x, 'is_shutdown', { kind: 'method', qualifiedName: 'Inner.is_shutdown' });
  const other = b.sym(b.file('src/time/driver.rs'), 'is_shutdown', { kind: 'method', qualifiedName: 'Handle.is_shutdown' });
  const r = b.ref(x, 'is_shutdown', { receiver: 'self', from: run });
  assert.equal(targetOf(b.resolve(), b, r), other, 'the Handle one, not the same file\'s Inner');
  const own = b.sym(x, 'is_shutdown', { kind: 'method', qualifiedName: 'Handle.is_shutdown' });
  assert.equal(targetOf(b.resolve(), b, r), own, 'of two Handle types, the caller\'s file');
});
