import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, targetOf } from './builders.js';

test('ruby: a call on a class from outside the project (File.basename) binds to no project method of that name', () => {
  const b = new ProjectBuilder();
  const lib = b.file('lib/thor/base.rb');
  const methods = b.sym(lib, 'ClassMethods', { kind: 'module' });
  b.sym(lib, 'basename', { parent: methods });
  const cache = b.sym(lib, 'ClassCache', { kind: 'class' });
  const clear = b.sym(lib, 'clear!', { parent: cache });
  b.sym(lib, 'Reference', { kind: 'constant' });
  const user = b.file('lib/thor/runner.rb');
  const onFile = b.ref(user, 'basename', { receiver: 'File' });
  const onNested = b.ref(user, 'basename', { receiver: 'TZInfo::Country' });
  // A constant of the project holding an instance is no outside class: still matched by name.
  const onConstant = b.ref(user, 'clear!', { receiver: 'Reference' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onFile), undefined);
  assert.equal(targetOf(result, b, onNested), undefined);
  assert.equal(targetOf(result, b, onConstant), clear);
  assert.equal(edgeOf(result, b, onConstant)?.method, 'name');
});
