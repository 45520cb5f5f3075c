import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, imp, nodeOf, targetOf } from './builders.js';

test('go: an import path binds pkg.F() to the package directory matching its suffix', () => {
  const b = new ProjectBuilder();
  b.file('internal/util/a.go', { packageName: 'util' });
  const second = b.file('internal/util/b.go', { packageName: 'util' });
  const f = b.sym(second, 'Parse');
  const main = b.file('cmd/app/main.go', { packageName: 'main', imports: [imp('github.com/acme/app/internal/util')] });
  const r = b.ref(main, 'Parse', { receiver: 'util' });
  const edge = edgeOf(b.resolve(), b, r);
  assert.equal(edge?.target, f);
  assert.equal(edge?.method, 'import');
});

test('go: a package import yields an imports edge to each file of the package the importer uses', () => {
  const b = new ProjectBuilder();
  const a = b.file('util/a.go');
  b.sym(a, 'Parse');
  const c = b.file('util/b.go');
  b.sym(c, 'Format');
  const d = b.file('util/c.go');
  b.sym(d, 'Unused');
  const main = b.file('main.go', { imports: [imp('example.com/app/util')] });
  b.ref(main, 'Parse', { receiver: 'util' });
  b.ref(main, 'Format', { receiver: 'util' });
  const targets = [...b.resolve().edges].filter((e) => e.kind === 'imports' && e.source === nodeOf(main)).map((e) => e.target);
  assert.deepEqual(targets, [nodeOf(a), nodeOf(c)]);
});

test('go: a bare call sees functions of other files in the same package', () => {
  const b = new ProjectBuilder();
  const a = b.file('srv/a.go', { packageName: 'srv' });
  const f = b.sym(a, 'start', { exported: false });
  const c = b.file('srv/b.go', { packageName: 'srv' });
  const r = b.ref(c, 'start');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('go: a standard-library path never binds to a project folder of the same name', () => {
  const b = new ProjectBuilder();
  const e = b.file('pkg/errors/errors.go');
  b.sym(e, 'New');
  const main = b.file('main.go', { imports: [imp('errors')] });
  const r = b.ref(main, 'New', { receiver: 'errors' });
  const result = b.resolve();
  assert.deepEqual(result.unresolved, [r]);
  assert.equal(result.stats.external, 1);
});

test('go: same-named functions in two packages are not merged', () => {
  const b = new ProjectBuilder();
  const a = b.file('a/a.go', { packageName: 'a' });
  const fa = b.sym(a, 'helper', { exported: false });
  const bb = b.file('b/b.go', { packageName: 'b' });
  const fb = b.sym(bb, 'Helper');
  b.sym(bb, 'helper', { exported: false });
  const caller = b.file('a/use.go', { packageName: 'a', imports: [imp('example.com/m/b')] });
  const bare = b.ref(caller, 'helper');
  const qualified = b.ref(caller, 'Helper', { receiver: 'b' });
  const result = b.resolve();
  assert.deepEqual([targetOf(result, b, bare), targetOf(result, b, qualified)], [fa, fb]);
});

test('go: a bare name not in the package is not matched in another package', () => {
  const b = new ProjectBuilder();
  const other = b.file('x/x.go', { packageName: 'x' });
  b.sym(other, 'Run');
  const main = b.file('y/y.go', { packageName: 'y' });
  const r = b.ref(main, 'Run');
  assert.deepEqual(b.resolve().unresolved, [r]);
});

test('go: a call on a receiver named as types are (vf.Tag.Get) that the project does not define binds to nothing; a project variable so named keeps its calls', () => {
  const b = new ProjectBuilder();
  const toml = b.file('toml.go', { packageName: 'toml' });
  const tree = b.sym(toml, 'Tree', { kind: 'struct' });
  const get = b.sym(toml, 'Get', { parent: tree, qualifiedName: 'Tree.Get' });
  const flags = b.file('flag.go', { packageName: 'toml' });
  b.sym(flags, 'CommandLine', { kind: 'variable' });
  const marshal = b.file('marshal.go', { packageName: 'toml' });
  const onOutside = b.ref(marshal, 'Get', { receiver: 'vf.Tag' });
  const onVariable = b.ref(marshal, 'Get', { receiver: 'CommandLine' });
  const onValue = b.ref(marshal, 'Get', { receiver: 'vf.tag' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onOutside), undefined);
  assert.equal(targetOf(result, b, onVariable), get);
  assert.equal(targetOf(result, b, onValue), get);
});

test('go: err.Error() on a value of unknown type is not matched by name to a project Error method; Type-typed calls are', () => {
  const b = new ProjectBuilder();
  const f = b.file('completions.go', { packageName: 'cobra' });
  const compError = b.sym(f, 'flagCompError', { kind: 'struct' });
  const errorMethod = b.sym(f, 'Error', { parent: compError, qualifiedName: 'flagCompError.Error' });
  const test = b.file('args_test.go', { packageName: 'cobra' });
  const onErr = b.ref(test, 'Error', { receiver: 'err' });
  const typed = b.ref(test, 'Error', { receiver: 'flagCompError' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onErr), undefined);
  assert.equal(targetOf(result, b, typed), errorMethod);
});

test('go: a module\'s root package, imported by the module path, is the root folder when its files are that package', () => {
  const b = new ProjectBuilder();
  const root = b.file('command.go', { packageName: 'cobra' });
  const command = b.sym(root, 'Command', { kind: 'struct' });
  const path = b.sym(root, 'CommandPath', { parent: command, kind: 'method', qualifiedName: 'Command.CommandPath' });
  const doc = b.file('doc/md_docs.go', { packageName: 'doc', imports: [{ ...imp('github.com/spf13/cobra'), namespace: 'cobra' }] });
  const r = b.ref(doc, 'CommandPath', { receiver: 'cobra.Command' });
  assert.equal(targetOf(b.resolve(), b, r), path);
});

test('go: a module-style path whose last segment names no folder and not the root package stays outside', () => {
  const b = new ProjectBuilder();
  const root = b.file('main.go', { packageName: 'main' });
  b.sym(root, 'Run');
  const other = b.file('doc/doc.go', { packageName: 'doc', imports: [{ ...imp('github.com/other/cobra'), namespace: 'cobra' }] });
  const r = b.ref(other, 'Run', { receiver: 'cobra' });
  assert.equal(targetOf(b.resolve(), b, r), undefined);
});
