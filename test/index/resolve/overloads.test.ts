import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UNBOUNDED, acceptsArgs, formatArity, packArity } from '../../../src/index/arity.js';
import { ProjectBuilder, imp, targetOf } from './builders.js';

test('arity: a packed range accepts exactly the counts inside it', () => {
  const two = packArity(2, 2);
  assert.deepEqual([0, 1, 2, 3].map((n) => acceptsArgs(two, n)), [false, false, true, false]);
  const optional = packArity(1, 3);
  assert.deepEqual([0, 1, 3, 4].map((n) => acceptsArgs(optional, n)), [false, true, true, false]);
  const rest = packArity(1, UNBOUNDED);
  assert.deepEqual([0, 1, 40].map((n) => acceptsArgs(rest, n)), [false, true, true]);
  assert.deepEqual([formatArity(two), formatArity(optional), formatArity(rest)], ['2', '1..3', '1..']);
});

/** `StringLatin1` with three `indexOf` overloads, as the JDK declares them. */
function latin1(b: ProjectBuilder): { file: number; byChar: number; byArray: number; ranged: number } {
  const file = b.file('src/java/lang/StringLatin1.java', { packageName: 'java.lang' });
  const cls = b.sym(file, 'StringLatin1', { kind: 'class' });
  return {
    file,
    byChar: b.sym(file, 'indexOf', { parent: cls, arity: packArity(3, 3) }),
    byArray: b.sym(file, 'indexOf', { parent: cls, arity: packArity(2, 2) }),
    ranged: b.sym(file, 'indexOf', { parent: cls, arity: packArity(5, 5) }),
  };
}

test('overloads: a qualified call binds the overload its argument count fits', () => {
  const b = new ProjectBuilder();
  const { byChar, byArray, ranged } = latin1(b);
  const caller = b.file('src/java/lang/String.java', { packageName: 'java.lang' });
  const two = b.ref(caller, 'indexOf', { receiver: 'StringLatin1', args: 2 });
  const three = b.ref(caller, 'indexOf', { receiver: 'StringLatin1', args: 3 });
  const five = b.ref(caller, 'indexOf', { receiver: 'StringLatin1', args: 5 });
  const result = b.resolve();
  assert.deepEqual([targetOf(result, b, two), targetOf(result, b, three), targetOf(result, b, five)], [byArray, byChar, ranged]);
});

test('overloads: a call inside the class binds the fitting sibling overload', () => {
  const b = new ProjectBuilder();
  const { file, byArray, ranged } = latin1(b);
  const r = b.ref(file, 'indexOf', { from: byArray, args: 5 });
  assert.equal(targetOf(b.resolve(), b, r), ranged);
});

test('overloads: an unknown or unmatched argument count keeps the first overload', () => {
  const b = new ProjectBuilder();
  const { byChar } = latin1(b);
  const caller = b.file('src/java/lang/String.java', { packageName: 'java.lang' });
  const unknown = b.ref(caller, 'indexOf', { receiver: 'StringLatin1' });
  const seven = b.ref(caller, 'indexOf', { receiver: 'StringLatin1', args: 7 });
  const result = b.resolve();
  assert.deepEqual([targetOf(result, b, unknown), targetOf(result, b, seven)], [byChar, byChar]);
});

test('overloads: name matching counts an overloaded method once, so it is not ambiguous', () => {
  const b = new ProjectBuilder();
  const { byArray } = latin1(b);
  const other = b.file('src/app/Main.java', { packageName: 'app', imports: [imp('java.lang.*')] });
  const r = b.ref(other, 'indexOf', { receiver: 'text', args: 2 });
  assert.equal(targetOf(b.resolve({ maxCandidates: 2 }), b, r), byArray);
});

test('overloads: same-named methods of two classes are still two candidates', () => {
  const b = new ProjectBuilder();
  const one = b.file('src/a/One.java', { packageName: 'a' });
  b.sym(one, 'run', { parent: b.sym(one, 'One', { kind: 'class' }), arity: packArity(0, 0) });
  const two = b.file('src/a/Two.java', { packageName: 'a' });
  b.sym(two, 'run', { parent: b.sym(two, 'Two', { kind: 'class' }), arity: packArity(0, 0) });
  const caller = b.file('src/a/Main.java', { packageName: 'a' });
  const r = b.ref(caller, 'run', { receiver: 'task', args: 0 });
  assert.equal(targetOf(b.resolve(), b, r), undefined);
});

test('same-named definitions without parameter counts stay two candidates (Python branches)', () => {
  const b = new ProjectBuilder();
  const file = b.file('pkg/proxy.py');
  const cls = b.sym(file, 'ProxyDict', { kind: 'class' });
  b.sym(file, 'items', { parent: cls });
  b.sym(file, 'items', { parent: cls });
  const other = b.file('pkg/mutable.py');
  const r = b.ref(other, 'items', { receiver: 'value' });
  assert.equal(targetOf(b.resolve(), b, r), undefined);
});

test('overloads count once wherever they sit, with another definition between them', () => {
  const b = new ProjectBuilder();
  const file = b.file('src/a/A.java', { packageName: 'a' });
  const cls = b.sym(file, 'A', { kind: 'class' });
  b.sym(file, 'foo', { parent: cls, arity: packArity(0, 0) });
  b.sym(file, 'bar', { parent: cls, arity: packArity(0, 0) });
  const second = b.sym(file, 'foo', { parent: cls, arity: packArity(1, 1) });
  const caller = b.file('src/b/Main.java', { packageName: 'b' });
  const r = b.ref(caller, 'foo', { receiver: 'a', args: 1 });
  assert.equal(targetOf(b.resolve({ maxCandidates: 1 }), b, r), second);
});

test('methods of two anonymous classes in one method are not overloads of each other', () => {
  const b = new ProjectBuilder();
  const file = b.file('src/a/A.java', { packageName: 'a' });
  const start = b.sym(file, 'start', { parent: b.sym(file, 'A', { kind: 'class' }), arity: packArity(0, 0) });
  b.sym(file, 'run', { parent: start, arity: packArity(0, 0), qualifiedName: 'A.start.run' });
  b.sym(file, 'run', { parent: start, arity: packArity(0, 0), qualifiedName: 'A.start.run' });
  const caller = b.file('src/b/Main.java', { packageName: 'b' });
  const r = b.ref(caller, 'run', { receiver: 'task', args: 0 });
  assert.equal(targetOf(b.resolve(), b, r), undefined);
});

test('an overloaded method is exported when any overload is, so proximity still sees two public methods', () => {
  const b = new ProjectBuilder();
  const a = b.file('src/a/A.java', { packageName: 'a' });
  const clsA = b.sym(a, 'A', { kind: 'class' });
  b.sym(a, 'foo', { parent: clsA, arity: packArity(1, 1), exported: false });
  b.sym(a, 'foo', { parent: clsA, arity: packArity(2, 2) });
  const other = b.file('src/a/B.java', { packageName: 'a' });
  b.sym(other, 'foo', { parent: b.sym(other, 'B', { kind: 'class' }), arity: packArity(2, 2) });
  const caller = b.file('src/a/Main.java', { packageName: 'a' });
  const r = b.ref(caller, 'foo', { receiver: 'x', args: 2 });
  assert.equal(targetOf(b.resolve(), b, r), undefined, 'A.foo and B.foo are equally close public methods');
});
