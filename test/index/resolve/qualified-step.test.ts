/** The qualified step (`Type.member`) at its boundaries. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, targetOf } from './builders.js';

test('Type.member binds the one type\'s member at 0.9; of two same-named types the nearer at 0.8; of equals none', () => {
  const b = new ProjectBuilder();
  const parserFile = b.file('app/parser.rb');
  const near = b.sym(parserFile, 'Parser', { kind: 'class' });
  const nearParse = b.sym(parserFile, 'parse', { parent: near });
  const from = b.file('app/main.rb');
  const r = b.ref(from, 'parse', { receiver: 'Parser' });
  let edge = edgeOf(b.resolve(), b, r);
  assert.deepEqual([edge?.target, edge?.method, edge?.confidence], [nearParse, 'qualified', 0.9]);
  const farFile = b.file('lib/x/parser.rb');
  const far = b.sym(farFile, 'Parser', { kind: 'class' });
  b.sym(farFile, 'parse', { parent: far });
  edge = edgeOf(b.resolve(), b, r);
  assert.deepEqual([edge?.target, edge?.method, edge?.confidence], [nearParse, 'qualified', 0.8]);
  // A third, as near as the first: no choice is made.
  const twinFile = b.file('app/parser2.rb');
  const twin = b.sym(twinFile, 'Parser', { kind: 'class' });
  b.sym(twinFile, 'parse', { parent: twin });
  assert.notEqual(edgeOf(b.resolve(), b, r)?.method, 'qualified');
});

test('an owner of another language family, or one that is not a type, is not gone through', () => {
  const b = new ProjectBuilder();
  const pyFile = b.file('tools/parser.py');
  const py = b.sym(pyFile, 'Parser', { kind: 'class' });
  b.sym(pyFile, 'parse', { parent: py });
  const jsFile = b.file('app/util.js');
  const fn = b.sym(jsFile, 'Parser', { kind: 'function' });
  b.sym(jsFile, 'parse', { parent: fn, kind: 'function' });
  const r = b.ref(b.file('app/main.js'), 'parse', { receiver: 'Parser' });
  assert.notEqual(edgeOf(b.resolve(), b, r)?.method, 'qualified');
});

test('too many same-named owners mean a common variable name, not a type', () => {
  const build = (owners: number): { b: ProjectBuilder; r: number } => {
    const b = new ProjectBuilder();
    for (let i = 0; i < owners; i++) {
      const file = b.file(`m${i}/data.rb`);
      const cls = b.sym(file, 'Data', { kind: 'class' });
      b.sym(file, `load${i === 0 ? '' : i}`, { parent: cls });
    }
    return { b, r: b.ref(b.file('m0/main.rb'), 'load', { receiver: 'Data' }) };
  };
  const four = build(4);
  assert.equal(edgeOf(four.b.resolve({ maxCandidates: 1 }), four.b, four.r)?.method, 'qualified', 'four owners, bound 1 x 4');
  const five = build(5);
  assert.notEqual(edgeOf(five.b.resolve({ maxCandidates: 1 }), five.b, five.r)?.method, 'qualified', 'five owners');
});

test('a type named as outside types are, with nothing of that name in the project, claims the call', () => {
  const b = new ProjectBuilder();
  const pathsFile = b.file('lib/paths.rb');
  const cls = b.sym(pathsFile, 'Paths', { kind: 'class' });
  b.sym(pathsFile, 'basename', { parent: cls });
  const r = b.ref(b.file('lib/main.rb'), 'basename', { receiver: 'File' });
  assert.equal(targetOf(b.resolve(), b, r), undefined, 'File.basename is Ruby\'s');
  // A constant of the project named File may hold anything: the call is not claimed then.
  for (const kind of ['constant', 'variable', 'field', 'property'] as const) {
    const withValue = new ProjectBuilder();
    const file = withValue.file('lib/paths.rb');
    const paths = withValue.sym(file, 'Paths', { kind: 'class' });
    const target = withValue.sym(file, 'basename', { parent: paths });
    withValue.sym(withValue.file('lib/consts.rb'), 'File', { kind });
    const call = withValue.ref(withValue.file('lib/main.rb'), 'basename', { receiver: 'File' });
    assert.equal(targetOf(withValue.resolve(), withValue, call), target, kind);
  }
});

test('a builtin type\'s method is claimed unless the project has a type of that name', () => {
  const b = new ProjectBuilder();
  const itemsFile = b.file('pkg/items.py');
  const holder = b.sym(itemsFile, 'Items', { kind: 'class' });
  b.sym(itemsFile, 'append', { parent: holder });
  const r = b.ref(b.file('pkg/main.py'), 'append', { receiver: 'list' });
  assert.equal(targetOf(b.resolve(), b, r), undefined);
  const listFile = b.file('pkg/mylist.py');
  const own = b.sym(listFile, 'list', { kind: 'class' });
  const ownAppend = b.sym(listFile, 'append', { parent: own });
  assert.equal(targetOf(b.resolve(), b, r), ownAppend);
});

test('a receiver path only ending in a builtin type\'s name (`models.list`) is no builtin: the call is left to the later steps', () => {
  const b = new ProjectBuilder();
  const registry = b.file('pkg/registry.py');
  const reorder = b.sym(registry, 'reorder', { parent: b.sym(registry, 'Registry', { kind: 'class' }) });
  const main = b.file('pkg/main.py');
  const onPath = b.ref(main, 'reorder', { receiver: 'models.list' });
  const onBuiltin = b.ref(main, 'reorder', { receiver: 'list' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onPath), reorder);
  assert.equal(targetOf(result, b, onBuiltin), undefined);
});

test('only a type or a value of that name in the same family lifts the claim: a function named File, or a Python class named list, does not', () => {
  const b = new ProjectBuilder();
  const pathsFile = b.file('lib/paths.rb');
  b.sym(pathsFile, 'basename', { parent: b.sym(pathsFile, 'Paths', { kind: 'class' }) });
  b.sym(b.file('lib/helpers.rb'), 'File', { kind: 'function' });
  const ruby = b.ref(b.file('lib/main.rb'), 'basename', { receiver: 'File' });
  const py = b.file('pkg/items.py');
  b.sym(py, 'push_all', { parent: b.sym(py, 'Items', { kind: 'class' }) });
  b.sym(b.file('pkg/util.py'), 'list', { kind: 'function' });
  const rb = b.file('lib/list.rb');
  b.sym(rb, 'push_all', { parent: b.sym(rb, 'list', { kind: 'class' }) });
  const python = b.ref(b.file('pkg/main.py'), 'push_all', { receiver: 'list' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, ruby), undefined, 'File.basename stays Ruby\'s');
  assert.equal(targetOf(result, b, python), undefined, 'list.push_all stays the builtin\'s');
});

test('of two same-named types in the same tier, the one in the calling file wins', () => {
  const b = new ProjectBuilder();
  const own = b.file('app/models/user.rb');
  const mine = b.sym(own, 'save', { parent: b.sym(own, 'Record', { kind: 'class' }) });
  const other = b.file('app/models/post.rb');
  b.sym(other, 'save', { parent: b.sym(other, 'Record', { kind: 'class' }) });
  const r = b.ref(own, 'save', { receiver: 'Record' });
  const edge = edgeOf(b.resolve(), b, r);
  assert.deepEqual([edge?.target, edge?.method, edge?.confidence], [mine, 'qualified', 0.8]);
});
