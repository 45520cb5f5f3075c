/** The import step at its boundaries: default imports, external and project modules, wildcards, dotted modules. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, imp, targetOf } from './builders.js';

test('a default import binds the module\'s default, else the export of the local name', () => {
  const b = new ProjectBuilder();
  const mod = b.file('src/parse.ts');
  const parse = b.sym(mod, 'parse');
  const main = b.file('src/main.ts', { imports: [imp('./parse', [['default', 'parse']])] });
  const r = b.ref(main, 'parse');
  const edge = edgeOf(b.resolve(), b, r);
  assert.deepEqual([edge?.target, edge?.method, edge?.confidence], [parse, 'import', 0.95]);
  // A default import named differently from any export finds nothing to fall back on.
  const other = b.file('src/other.ts', { imports: [imp('./parse', [['default', 'parseIt']])] });
  const r2 = b.ref(other, 'parseIt');
  assert.equal(targetOf(b.resolve(), b, r2), undefined);
});

test('a named import that is not the default never falls back to the local name', () => {
  const b = new ProjectBuilder();
  const mod = b.file('src/parse.ts');
  b.sym(mod, 'parse');
  const main = b.file('src/main.ts', { imports: [imp('./parse', [['tokenize', 'parse']])] });
  const r = b.ref(main, 'parse');
  assert.equal(targetOf(b.resolve(), b, r), undefined);
});

test('a name imported from outside the project is external; from a project module that lacks it, claimed; neither binds elsewhere', () => {
  const b = new ProjectBuilder();
  b.sym(b.file('src/util.ts'), 'debounce');
  const ext = b.file('src/a.ts', { imports: [imp('lodash', ['debounce'])] });
  const rExt = b.ref(ext, 'debounce');
  b.file('src/empty.ts');
  const claimed = b.file('src/b.ts', { imports: [imp('./empty', ['debounce'])] });
  const rClaimed = b.ref(claimed, 'debounce');
  const result = b.resolve();
  assert.equal(targetOf(result, b, rExt), undefined);
  assert.equal(targetOf(result, b, rClaimed), undefined);
  assert.equal(result.stats.external, 1, 'only the lodash one counts as external');
});

test('python: a wildcard import also brings in what the package\'s __init__ imported', () => {
  const b = new ProjectBuilder();
  b.file('pkg/__init__.py', { imports: [imp('.impl', ['connect'])] });
  const impl = b.file('pkg/impl.py');
  const connect = b.sym(impl, 'connect');
  const main = b.file('main.py', { imports: [imp('pkg', ['*'])] });
  const r = b.ref(main, 'connect');
  assert.equal(targetOf(b.resolve(), b, r), connect);
});

test('python: a dotted module import binds calls through exactly that module path, not a longer name sharing its start', () => {
  const b = new ProjectBuilder();
  b.file('pkg/__init__.py');
  const core = b.file('pkg/core.py');
  const run = b.sym(core, 'run');
  b.file('pkg/corex.py');
  const main = b.file('main.py', { imports: [imp('pkg.core', [])] });
  const r = b.ref(main, 'run', { receiver: 'pkg.core' });
  const longer = b.ref(main, 'run', { receiver: 'pkg.corex' });
  const result = b.resolve();
  const edge = edgeOf(result, b, r);
  assert.deepEqual([edge?.target, edge?.method], [run, 'import']);
  assert.notEqual(targetOf(result, b, longer), run);
});

test('a name missing from an imported module is claimed: no later guess binds it', () => {
  const b = new ProjectBuilder();
  const x = b.file('src/x.ts');
  b.sym(x, 'present');
  b.sym(b.file('src/elsewhere.ts'), 'missing');
  const main = b.file('src/main.ts', { imports: [imp('./x', [], { namespace: 'ns' })] });
  const r = b.ref(main, 'missing', { receiver: 'ns' });
  const ok = b.ref(main, 'present', { receiver: 'ns' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, r), undefined);
  assert.equal(edgeOf(result, b, ok)?.method, 'import');
});

test('a member of an imported class is bound through it as qualified', () => {
  const b = new ProjectBuilder();
  const mod = b.file('src/store.ts');
  const cls = b.sym(mod, 'Store', { kind: 'class' });
  const save = b.sym(mod, 'save', { parent: cls });
  const main = b.file('src/main.ts', { imports: [imp('./store', ['Store'])] });
  const r = b.ref(main, 'save', { receiver: 'Store' });
  const missing = b.ref(main, 'load', { receiver: 'Store' });
  b.sym(b.file('src/other.ts'), 'load');
  const result = b.resolve();
  const edge = edgeOf(result, b, r);
  assert.deepEqual([edge?.target, edge?.method, edge?.confidence], [save, 'qualified', 0.9]);
  assert.equal(targetOf(result, b, missing), undefined, 'a missing member of an imported type is claimed');
});

test('a default import binds the module\'s own default before any export of the local name', () => {
  const b = new ProjectBuilder();
  const mod = b.file('src/parse.ts');
  const def = b.sym(mod, 'default');
  b.sym(mod, 'parse');
  const main = b.file('src/main.ts', { imports: [imp('./parse', [['default', 'parse']])] });
  const r = b.ref(main, 'parse');
  assert.equal(targetOf(b.resolve(), b, r), def);
});

test('a name imported both from outside and from a project module that lacks it is claimed, not external', () => {
  const b = new ProjectBuilder();
  b.sym(b.file('src/util.ts'), 'debounce');
  b.file('src/empty.ts');
  const both = b.file('src/a.ts', { imports: [imp('lodash', ['debounce']), imp('./empty', ['debounce'])] });
  const r = b.ref(both, 'debounce');
  const viaNs = b.ref(both, 'debounce', { receiver: 'debounce' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, r), undefined);
  assert.equal(targetOf(result, b, viaNs), undefined);
  assert.equal(result.stats.external, 0);
  const outside = new ProjectBuilder();
  const a = outside.file('src/a.ts', { imports: [imp('lodash', ['debounce']), imp('underscore', ['debounce'])] });
  outside.ref(a, 'debounce');
  assert.equal(outside.resolve().stats.external, 1, 'every binding outside: external');
});

test('python: of two wildcard imports, the name comes from whichever package\'s __init__ imported it', () => {
  const b = new ProjectBuilder();
  b.file('alpha/__init__.py', { imports: [imp('.impl', ['connect'])] });
  const alpha = b.sym(b.file('alpha/impl.py'), 'connect');
  b.file('beta/__init__.py', { imports: [imp('.impl', ['close'])] });
  const beta = b.sym(b.file('beta/impl.py'), 'close');
  const main = b.file('main.py', { imports: [imp('alpha', ['*']), imp('beta', ['*'])] });
  const first = b.ref(main, 'connect');
  const second = b.ref(main, 'close');
  const result = b.resolve();
  assert.equal(targetOf(result, b, first), alpha, 'found in the first wildcard, not lost to the second');
  assert.equal(targetOf(result, b, second), beta, 'looked for in the second after the first lacks it');
});

test('python: through a dotted module import, a class and then its method are followed', () => {
  const b = new ProjectBuilder();
  b.file('pkg/__init__.py');
  const core = b.file('pkg/core.py');
  const engine = b.sym(core, 'Engine', { kind: 'class' });
  const start = b.sym(core, 'start', { parent: engine });
  const main = b.file('main.py', { imports: [imp('pkg.core', [])] });
  const r = b.ref(main, 'start', { receiver: 'pkg.core.Engine' });
  const result = b.resolve();
  assert.deepEqual([edgeOf(result, b, r)?.target, edgeOf(result, b, r)?.method], [start, 'qualified']);
});

test('a member missing from what an import names is claimed, though a same-named type elsewhere has it', () => {
  const b = new ProjectBuilder();
  // Elsewhere: a class named like the namespace, the submodule and the imported class, with `missing`.
  for (const name of ['ns', 'Store']) {
    const f = b.file(`src/other-${name}.ts`);
    b.sym(f, 'missing', { parent: b.sym(f, name, { kind: 'class' }) });
  }
  b.sym(b.file('src/x.ts'), 'present');
  const store = b.file('src/store.ts');
  b.sym(store, 'save', { parent: b.sym(store, 'Store', { kind: 'class' }) });
  const main = b.file('src/main.ts', { imports: [imp('./x', [], { namespace: 'ns' }), imp('./store', ['Store'])] });
  const viaNs = b.ref(main, 'missing', { receiver: 'ns' });
  const viaClass = b.ref(main, 'missing', { receiver: 'Store' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, viaNs), undefined);
  assert.equal(targetOf(result, b, viaClass), undefined);
});

test('a type that is merely visible and lacks the member leaves it to later steps: a class reopened in another file', () => {
  const b = new ProjectBuilder();
  const a = b.file('lib/a.rb');
  const fooA = b.sym(a, 'Foo', { kind: 'class' });
  const run = b.sym(a, 'run', { parent: fooA });
  const other = b.file('lib/b.rb');
  const bar = b.sym(other, 'bar', { parent: b.sym(other, 'Foo', { kind: 'class' }) });
  const r = b.ref(a, 'bar', { receiver: 'Foo', from: run });
  assert.equal(targetOf(b.resolve(), b, r), bar);
});

test('python: a member missing from a dotted module or an imported submodule is claimed, though a same-named class elsewhere has it', () => {
  const b = new ProjectBuilder();
  for (const name of ['core', 'sub']) {
    const f = b.file(`elsewhere_${name}.py`);
    b.sym(f, 'missing', { parent: b.sym(f, name, { kind: 'class' }) });
  }
  b.file('pkg/__init__.py');
  b.sym(b.file('pkg/core.py'), 'present');
  b.sym(b.file('pkg/sub.py'), 'present');
  const main = b.file('main.py', { imports: [imp('pkg.core', []), imp('pkg', ['sub'])] });
  const dotted = b.ref(main, 'missing', { receiver: 'pkg.core' });
  const viaSub = b.ref(main, 'missing', { receiver: 'sub' });
  const found = b.ref(main, 'present', { receiver: 'sub' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, dotted), undefined);
  assert.equal(targetOf(result, b, viaSub), undefined);
  assert.equal(edgeOf(result, b, found)?.method, 'import');
});

test('a name imported from a project module that shows no such name: Rust looks for the type by name (macros make items), Python binds nothing', () => {
  const rust = new ProjectBuilder();
  rust.file('src/lib.rs');
  rust.file('src/gen.rs');
  const widgets = rust.file('src/widgets.rs');
  const widget = rust.sym(widgets, 'Widget', { kind: 'struct' });
  const build = rust.sym(widgets, 'build', { kind: 'method', parent: widget });
  const app = rust.file('src/app.rs', { imports: [imp('crate::gen', ['Widget'])] });
  const call = rust.ref(app, 'build', { receiver: 'Widget' });
  assert.equal(targetOf(rust.resolve(), rust, call), build);

  const python = new ProjectBuilder();
  python.file('gen.py');
  const models = python.file('models.py');
  const pyWidget = python.sym(models, 'Widget', { kind: 'class' });
  python.sym(models, 'build', { kind: 'method', parent: pyWidget });
  const user = python.file('app.py', { imports: [imp('gen', ['Widget'])] });
  const pyCall = python.ref(user, 'build', { receiver: 'Widget' });
  assert.equal(targetOf(python.resolve(), python, pyCall), undefined);
});

test('a chain through an imported module and its types: nested types are followed, a part missing half-way binds nothing', () => {
  const b = new ProjectBuilder();
  const x = b.file('src/x.ts');
  const store = b.sym(x, 'Store', { kind: 'class' });
  const inner = b.sym(x, 'Inner', { kind: 'class', parent: store });
  const run = b.sym(x, 'run', { kind: 'method', parent: inner });
  b.sym(x, 'run');
  const spaces = b.sym(x, 'Spaces', { kind: 'module' });
  const close = b.sym(x, 'close', { parent: spaces });
  const main = b.file('src/main.ts', { imports: [imp('./x', [], { namespace: 'ns' })] });
  const nested = b.ref(main, 'run', { receiver: 'ns.Store.Inner' });
  // `Missing` is neither a member of Store nor an export of x: x's own `run` is not what is meant.
  const memberGone = b.ref(main, 'run', { receiver: 'ns.Store.Missing' });
  const exportGone = b.ref(main, 'run', { receiver: 'ns.Missing' });
  const viaModule = b.ref(main, 'close', { receiver: 'ns.Spaces' });
  const result = b.resolve();
  assert.deepEqual([edgeOf(result, b, nested)?.target, edgeOf(result, b, nested)?.method], [run, 'qualified']);
  assert.equal(targetOf(result, b, memberGone), undefined);
  assert.equal(targetOf(result, b, exportGone), undefined);
  assert.equal(targetOf(result, b, viaModule), close, 'a module item of the imported module is a type-like step');
});

test('python: a dotted import of a namespace package (no __init__.py) binds through its full path, not a same-named class elsewhere', () => {
  const b = new ProjectBuilder();
  const decoy = b.file('other/core.py');
  b.sym(decoy, 'start', { parent: b.sym(decoy, 'Engine', { kind: 'class' }) });
  const core = b.file('pkg/core.py');
  const engine = b.sym(core, 'Engine', { kind: 'class' });
  const start = b.sym(core, 'start', { parent: engine });
  const main = b.file('main.py', { imports: [imp('pkg.core', [])] });
  const r = b.ref(main, 'start', { receiver: 'pkg.core.Engine' });
  assert.equal(targetOf(b.resolve(), b, r), start);
});

test('python: a function the file defines wins over the same name a wildcard package imported', () => {
  const b = new ProjectBuilder();
  b.file('pkg/__init__.py', { imports: [imp('.impl', ['connect'])] });
  b.sym(b.file('pkg/impl.py'), 'connect');
  const main = b.file('main.py', { imports: [imp('pkg', ['*'])] });
  const own = b.sym(main, 'connect');
  const r = b.ref(main, 'connect');
  assert.equal(targetOf(b.resolve(), b, r), own);
});

test('rust: a path through a crate outside the project is external, though a project type has that name and member', () => {
  const b = new ProjectBuilder();
  b.file('src/lib.rs');
  const widgets = b.file('src/widgets.rs');
  const widget = b.sym(widgets, 'Widget', { kind: 'struct' });
  b.sym(widgets, 'build', { kind: 'method', parent: widget });
  const app = b.file('src/app.rs', { imports: [imp('gui_kit', ['Widget'])] });
  const r = b.ref(app, 'build', { receiver: 'Widget' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, r), undefined);
  assert.equal(result.stats.external, 1);
});

test('rust: a module path or a child module lacking a type leaves the type to later steps (macros make items); a function named like a file is no module', () => {
  const b = new ProjectBuilder();
  const lib = b.file('src/lib.rs');
  b.sym(lib, 'gen', { kind: 'module' });
  b.file('src/gen.rs');
  const widgets = b.file('src/widgets.rs');
  const widget = b.sym(widgets, 'Widget', { kind: 'struct' });
  const build = b.sym(widgets, 'build', { kind: 'method', parent: widget });
  const viaChild = b.ref(lib, 'build', { receiver: 'gen::Widget' });
  // `helpers` is a function of lib.rs, not a module: src/helpers.rs (no `mod helpers;`) is not its module.
  b.sym(lib, 'helpers');
  b.sym(b.file('src/helpers.rs'), 'encode');
  const notModule = b.ref(lib, 'encode', { receiver: 'helpers' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, viaChild), build);
  assert.equal(targetOf(result, b, notModule), undefined);
});

test('python: a name imported from a namespace package is its submodule: claimed, never external', () => {
  const b = new ProjectBuilder();
  b.sym(b.file('pkg/sub.py'), 'run');
  const main = b.file('main.py', { imports: [imp('pkg', ['sub'])] });
  const r = b.ref(main, 'sub');
  const result = b.resolve();
  assert.equal(targetOf(result, b, r), undefined);
  assert.equal(result.stats.external, 0);
});
