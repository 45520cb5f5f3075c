import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, imp, targetOf } from './builders.js';

test('python: an absolute dotted import binds to the module function', () => {
  const b = new ProjectBuilder();
  b.file('pkg/__init__.py');
  const mod = b.file('pkg/tools.py');
  const f = b.sym(mod, 'clean');
  const main = b.file('app.py', { imports: [imp('pkg.tools', ['clean'])] });
  const r = b.ref(main, 'clean');
  assert.equal(edgeOf(b.resolve(), b, r)?.method, 'import');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('python: packages below a non-package folder import from that folder as root', () => {
  const b = new ProjectBuilder();
  b.file('lib/pkg/__init__.py');
  const mod = b.file('lib/pkg/core.py');
  const f = b.sym(mod, 'run');
  const main = b.file('scripts/go.py', { imports: [imp('pkg.core', [], {})] });
  const r = b.ref(main, 'run', { receiver: 'pkg.core' });
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('python: a relative import resolves against the file\'s package', () => {
  const b = new ProjectBuilder();
  b.file('app/__init__.py');
  const mod = b.file('app/models.py');
  const f = b.sym(mod, 'User', { kind: 'class' });
  const views = b.file('app/views.py', { imports: [imp('.models', ['User'])] });
  const r = b.ref(views, 'User');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('python: a two-dot relative import climbs one package', () => {
  const b = new ProjectBuilder();
  b.file('app/__init__.py');
  const util = b.file('app/util.py');
  const f = b.sym(util, 'slug');
  b.file('app/api/__init__.py');
  const h = b.file('app/api/handlers.py', { imports: [imp('..util', ['slug'])] });
  const r = b.ref(h, 'slug');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('python: names re-exported by a package __init__ bind to their definition', () => {
  const b = new ProjectBuilder();
  b.file('pkg/__init__.py', { imports: [imp('.impl', ['connect'])] });
  const impl = b.file('pkg/impl.py');
  const f = b.sym(impl, 'connect');
  const main = b.file('main.py', { imports: [imp('pkg', ['connect'])] });
  const r = b.ref(main, 'connect');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('python: an imported submodule works as a receiver', () => {
  const b = new ProjectBuilder();
  b.file('pkg/__init__.py');
  const sub = b.file('pkg/sub.py');
  const f = b.sym(sub, 'work');
  const main = b.file('main.py', { imports: [imp('pkg', ['sub'])] });
  const r = b.ref(main, 'work', { receiver: 'sub' });
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('python: a receiver bound to a standard-library module stays unresolved', () => {
  const b = new ProjectBuilder();
  const paths = b.file('myproj/paths.py');
  b.sym(paths, 'join');
  const main = b.file('myproj/main.py', { imports: [imp('os', [])] });
  const r = b.ref(main, 'join', { receiver: 'os.path' });
  const result = b.resolve();
  assert.deepEqual(result.unresolved, [r]);
  assert.equal(result.stats.external, 1);
});

test('python: a bare name neither defined nor imported is not matched across the project', () => {
  const b = new ProjectBuilder();
  const other = b.file('lib/fs.py');
  b.sym(other, 'open');
  const main = b.file('lib/main.py');
  const r = b.ref(main, 'open');
  assert.deepEqual(b.resolve().unresolved, [r]);
});

test('python: same-named functions in two packages are not merged', () => {
  const b = new ProjectBuilder();
  b.file('a/__init__.py');
  const ua = b.file('a/util.py');
  const fa = b.sym(ua, 'helper');
  b.file('b/__init__.py');
  const ub = b.file('b/util.py');
  const fb = b.sym(ub, 'helper');
  const ma = b.file('a/main.py', { imports: [imp('.util', ['helper'])] });
  const mb = b.file('b/main.py', { imports: [imp('b.util', ['helper'])] });
  const ra = b.ref(ma, 'helper');
  const rb = b.ref(mb, 'helper');
  const result = b.resolve();
  assert.deepEqual([targetOf(result, b, ra), targetOf(result, b, rb)], [fa, fb]);
  assert.equal([...result.edges].filter((e) => e.kind === 'calls').length, 2);
});

test('python: a call on a builtin type (list, str) binds to nothing, unless the project has a class of that name', () => {
  const b = new ProjectBuilder();
  const lib = b.file('lib.py');
  const mixin = b.sym(lib, 'ListMixin', { kind: 'class' });
  b.sym(lib, 'append', { parent: mixin });
  const app = b.file('app.py');
  const onList = b.ref(app, 'append', { receiver: 'list' });
  const onStr = b.ref(app, 'join', { receiver: 'str' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onList), undefined);
  assert.equal(targetOf(result, b, onStr), undefined);

  const shadowed = new ProjectBuilder();
  const mod = shadowed.file('types.py');
  const cls = shadowed.sym(mod, 'list', { kind: 'class' });
  const own = shadowed.sym(mod, 'append', { parent: cls });
  const user = shadowed.file('use.py');
  const r = shadowed.ref(user, 'append', { receiver: 'list' });
  assert.equal(targetOf(shadowed.resolve(), shadowed, r), own);
});

test('python: a call named like a builtin method on a value of unknown type is not matched by name; other names are', () => {
  const b = new ProjectBuilder();
  const lib = b.file('lib.py');
  const mixin = b.sym(lib, 'ListMixin', { kind: 'class' });
  const append = b.sym(lib, 'append', { parent: mixin });
  const archive = b.sym(lib, 'archive', { parent: mixin });
  const operators = b.sym(lib, 'Operators', { kind: 'class' });
  b.sym(lib, 'startswith', { parent: operators });
  const app = b.file('app.py');
  const listLike = b.ref(app, 'append', { receiver: 'rows' });
  const startswith = b.ref(app, 'startswith', { receiver: 'name' });
  b.sym(lib, 'fget', { parent: operators });
  const onProperty = b.ref(app, 'fget', { receiver: 'desc' });
  const own = b.ref(app, 'archive', { receiver: 'rows' });
  const typed = b.ref(app, 'append', { receiver: 'ListMixin' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, listLike), undefined);
  assert.equal(targetOf(result, b, startswith), undefined);
  assert.equal(targetOf(result, b, onProperty), undefined, 'a property\'s fget, not the project\'s');
  assert.equal(targetOf(result, b, own), archive);
  assert.equal(edgeOf(result, b, own)?.method, 'name');
  // A receiver of a known project type still reaches its method.
  assert.equal(targetOf(result, b, typed), append);
});

test('python: a call on an object binds by name to a nested function only when it is assigned to an attribute of its own name', () => {
  const b = new ProjectBuilder();
  const assertions = b.file('testing/assertions.py');
  const cls = b.sym(assertions, 'AssertsCompiledSQL', { kind: 'class' });
  const compile = b.sym(assertions, 'assert_compile', { parent: cls, kind: 'method' });
  b.sym(assertions, 'get_dialect', { parent: compile, kind: 'function', qualifiedName: 'AssertsCompiledSQL.assert_compile.get_dialect', exported: false });
  const visitors = b.file('sql/visitors.py');
  const generate = b.sym(visitors, '_generate_compiler_dispatch', { kind: 'function' });
  const dispatch = b.sym(visitors, '_compiler_dispatch', { parent: generate, kind: 'function', qualifiedName: '_generate_compiler_dispatch._compiler_dispatch', exported: true });
  const provision = b.file('testing/provision.py');
  const hidden = b.ref(provision, 'get_dialect', { receiver: 'cfg.db' });
  const escaped = b.ref(provision, '_compiler_dispatch', { receiver: 'element' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, hidden), undefined);
  assert.equal(targetOf(result, b, escaped), dispatch);
});

test('python: nested functions never bound by a call on an object still make their name too common to guess among the methods left', () => {
  const build = (locals: number): { b: ProjectBuilder; call: number; method: number } => {
    const b = new ProjectBuilder();
    const evaluator = b.file('orm/evaluator.py');
    const cls = b.sym(evaluator, 'EvaluatorCompiler', { kind: 'class' });
    const method = b.sym(evaluator, 'process', { parent: cls, kind: 'method' });
    for (let i = 0; i < locals; i++) {
      const types = b.file(`types/t${i}.py`);
      const processor = b.sym(types, 'bind_processor', { kind: 'function' });
      b.sym(types, 'process', { parent: processor, kind: 'function', qualifiedName: 'bind_processor.process', exported: false });
    }
    const call = b.ref(b.file('orm/context.py'), 'process', { receiver: 'compiler' });
    return { b, call, method };
  };
  const few = build(3);
  assert.equal(targetOf(few.b.resolve(), few.b, few.call), few.method, 'a few locals aside, the one method is the name\'s');
  const many = build(12);
  assert.equal(targetOf(many.b.resolve(), many.b, many.call), undefined, 'twelve locals make `process` a common name');
});
