import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectBuilder, edgeOf, imp, nodeOf, targetOf } from './builders.js';

test('js: a named import of a relative module binds to its exported function', () => {
  const b = new ProjectBuilder();
  const util = b.file('src/util.ts');
  const fmt = b.sym(util, 'format');
  const main = b.file('src/main.ts', { imports: [imp('./util', ['format'])] });
  const r = b.ref(main, 'format');
  const edge = edgeOf(b.resolve(), b, r);
  assert.equal(edge?.target, fmt);
  assert.equal(edge?.method, 'import');
  assert.equal(edge?.confidence, 0.95);
});

test('js: a directory import resolves to its index file', () => {
  const b = new ProjectBuilder();
  const index = b.file('src/lib/index.ts');
  const f = b.sym(index, 'setup');
  const main = b.file('src/main.ts', { imports: [imp('./lib', ['setup'])] });
  const r = b.ref(main, 'setup');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('js: a module shipped as code beside its declaration file resolves to the code; a declaration file alone is still found', () => {
  const b = new ProjectBuilder();
  const declared = b.file('lib/api/middleware.d.ts');
  b.sym(declared, 'serveFavicon');
  const code = b.file('lib/api/middleware.js');
  const f = b.sym(code, 'serveFavicon');
  const types = b.file('lib/api/types.d.ts');
  const t = b.sym(types, 'Config');
  const main = b.file('lib/api/index.js', { imports: [imp('./middleware', ['serveFavicon']), imp('./types', ['Config'])] });
  const r = b.ref(main, 'serveFavicon');
  const c = b.ref(main, 'Config');
  const resolved = b.resolve();
  assert.equal(targetOf(resolved, b, r), f);
  assert.equal(targetOf(resolved, b, c), t);
});

test('js: a .js specifier in TypeScript resolves to the .ts source', () => {
  const b = new ProjectBuilder();
  const src = b.file('src/a/parse.ts');
  const f = b.sym(src, 'parse');
  const main = b.file('src/main.ts', { imports: [imp('./a/parse.js', ['parse'])] });
  const r = b.ref(main, 'parse');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('js: named re-exports are followed through a barrel file', () => {
  const b = new ProjectBuilder();
  const impl = b.file('src/impl/core.ts');
  const f = b.sym(impl, 'run');
  b.file('src/index.ts', { imports: [imp('./impl/core', [['run', 'start']], { reexport: true })] });
  const main = b.file('src/main.ts', { imports: [imp('./index', ['start'])] });
  const r = b.ref(main, 'start');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('js: export-star chains are followed across several files', () => {
  const b = new ProjectBuilder();
  const deep = b.file('src/c.ts');
  const f = b.sym(deep, 'deep');
  b.file('src/b.ts', { imports: [imp('./c', ['*'], { reexport: true })] });
  b.file('src/a.ts', { imports: [imp('./b', ['*'], { reexport: true })] });
  const main = b.file('src/main.ts', { imports: [imp('./a', ['deep'])] });
  const r = b.ref(main, 'deep');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('js: a re-export cycle terminates and leaves the name unresolved', () => {
  const b = new ProjectBuilder();
  b.file('src/a.ts', { imports: [imp('./b', ['*'], { reexport: true })] });
  b.file('src/b.ts', { imports: [imp('./a', ['*'], { reexport: true })] });
  const main = b.file('src/main.ts', { imports: [imp('./a', ['missing'])] });
  const r = b.ref(main, 'missing');
  const result = b.resolve();
  assert.deepEqual(result.unresolved, [r]);
});

test('js: a namespace import binds ns.f() to the module export', () => {
  const b = new ProjectBuilder();
  const mod = b.file('src/math.ts');
  const f = b.sym(mod, 'add');
  const main = b.file('src/main.ts', { imports: [imp('./math', [], { namespace: 'm' })] });
  const r = b.ref(main, 'add', { receiver: 'm' });
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('js: a name imported from a package outside the project is never matched by name', () => {
  const b = new ProjectBuilder();
  const other = b.file('src/hooks.ts');
  b.sym(other, 'useState');
  const main = b.file('src/main.ts', { imports: [imp('react', ['useState'])] });
  const r = b.ref(main, 'useState');
  const result = b.resolve();
  assert.deepEqual(result.unresolved, [r]);
  assert.equal(result.stats.external, 1);
});

test('js: resolved imports become file-to-file imports edges', () => {
  const b = new ProjectBuilder();
  const util = b.file('src/util.ts');
  const main = b.file('src/main.ts', { imports: [imp('./util', ['x']), imp('lodash', ['y'])] });
  const edges = [...b.resolve().edges].filter((e) => e.kind === 'imports');
  assert.deepEqual(edges.map((e) => [e.source, e.target]), [[nodeOf(main), nodeOf(util)]]);
});

test('js: a call binds to its own package definition, not a same-named one elsewhere', () => {
  const b = new ProjectBuilder();
  const utilA = b.file('packages/a/src/util.ts');
  const fa = b.sym(utilA, 'helper');
  const utilB = b.file('packages/b/src/util.ts');
  b.sym(utilB, 'helper');
  const main = b.file('packages/a/src/main.ts', { imports: [imp('./util', ['helper'])] });
  const r = b.ref(main, 'helper');
  const result = b.resolve();
  assert.deepEqual([...result.edges].filter((e) => e.kind === 'calls').map((e) => e.target), [fa]);
  assert.equal(targetOf(result, b, r), fa);
});

test('js: a default import binds to the module symbol named like the local binding', () => {
  const b = new ProjectBuilder();
  const comp = b.file('src/Button.tsx');
  const f = b.sym(comp, 'Button', { kind: 'component' });
  const main = b.file('src/App.tsx', { imports: [imp('./Button', [['default', 'Button']])] });
  const r = b.ref(main, 'Button');
  assert.equal(targetOf(b.resolve(), b, r), f);
});

test('js: export * as ns re-exports a namespace, not the module names', () => {
  const b = new ProjectBuilder();
  const impl = b.file('src/impl.ts');
  const f = b.sym(impl, 'go');
  b.file('src/index.ts', { imports: [imp('./impl', [['*', 'ns']], { namespace: 'ns', reexport: true })] });
  const main = b.file('src/main.ts', { imports: [imp('./index', ['go'])] });
  const r = b.ref(main, 'go');
  const result = b.resolve();
  assert.deepEqual(result.unresolved, [r]);
  assert.notEqual(targetOf(result, b, r), f);
});

test('js: `this.x()` in a method assigned onto a module object binds to the object\'s other method', () => {
  const b = new ProjectBuilder();
  const file = b.file('lib/router.js');
  b.sym(file, 'proto', { kind: 'variable' });
  const handle = b.sym(file, 'handle', { kind: 'method', qualifiedName: 'proto.handle' });
  const route = b.sym(file, 'route', { kind: 'method', qualifiedName: 'proto.route' });
  const next = b.sym(file, 'next', { kind: 'function', parent: handle });
  const direct = b.ref(file, 'route', { from: handle, receiver: 'this' });
  const nested = b.ref(file, 'route', { from: next, receiver: 'self' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, direct), route);
  assert.equal(edgeOf(result, b, nested)?.method, 'receiver');
});

test('js: a variable\'s own initializer does not make `this` the variable', () => {
  const b = new ProjectBuilder();
  const file = b.file('lib/a.js');
  const v = b.sym(file, 'config', { kind: 'variable' });
  b.sym(file, 'load', { kind: 'method', parent: v });
  const r = b.ref(file, 'load', { from: v, receiver: 'this' });
  assert.notEqual(edgeOf(b.resolve(), b, r)?.method, 'receiver');
});

test('js: a member of a required module and the required module\'s own value resolve through the require', () => {
  const b = new ProjectBuilder();
  const app = b.file('lib/application.js');
  const init = b.sym(app, 'init', { kind: 'method', qualifiedName: 'app.init' });
  const layerFile = b.file('lib/layer.js');
  const layer = b.sym(layerFile, 'Layer', { kind: 'class' });
  const main = b.file('lib/express.js', {
    imports: [
      imp('./application', [['default', 'proto']], { namespace: 'proto' }),
      imp('./layer', [['default', 'Layer']], { namespace: 'Layer' }),
    ],
  });
  const member = b.ref(main, 'init', { receiver: 'proto' });
  const made = b.ref(main, 'Layer', { kind: 'instantiates' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, member), init);
  assert.equal(targetOf(result, b, made), layer);
});

test('js: a member call on a plain variable never picks among several same-named methods', () => {
  const b = new ProjectBuilder();
  const a = b.file('lib/a.js');
  const c = b.file('lib/c.js');
  b.sym(a, 'send', { kind: 'method', qualifiedName: 'res.send' });
  b.sym(c, 'send', { kind: 'method', qualifiedName: 'client.send' });
  const main = b.file('lib/main.js', { imports: [imp('http', [['default', 'http']], { namespace: 'http' })] });
  const r = b.ref(main, 'send', { receiver: 'x' });
  assert.equal(targetOf(b.resolve(), b, r), undefined);
});

test('js: a call on a variable holding a builtin (new Map(), Promise) binds to no project method of that name', () => {
  const b = new ProjectBuilder();
  const cache = b.file('src/cache.ts');
  const cls = b.sym(cache, 'QueryCache', { kind: 'class' });
  b.sym(cache, 'get', { parent: cls });
  const app = b.file('src/app.ts');
  const onMap = b.ref(app, 'get', { receiver: 'Map' });
  const onPromise = b.ref(app, 'resolve', { receiver: 'Promise' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onMap), undefined);
  assert.equal(targetOf(result, b, onPromise), undefined);
});

test('js: a call on a global object of the runtime (JSON, console, process) binds to no project function of that name, unless the project defines that object', () => {
  const b = new ProjectBuilder();
  const middleware = b.file('src/middleware.ts');
  const outer = b.sym(middleware, 'createMiddleware', { kind: 'function' });
  b.sym(middleware, 'stringify', { parent: outer, kind: 'function', qualifiedName: 'createMiddleware.stringify' });
  b.sym(middleware, 'log', { parent: outer, kind: 'function', qualifiedName: 'createMiddleware.console.log' });
  const emitter = b.sym(middleware, 'Emitter', { kind: 'class' });
  b.sym(middleware, 'on', { parent: emitter, qualifiedName: 'Emitter.on' });
  const app = b.file('src/app.ts');
  const calls = [b.ref(app, 'stringify', { receiver: 'JSON' }), b.ref(app, 'log', { receiver: 'console' }), b.ref(app, 'on', { receiver: 'process' })];
  const result = b.resolve();
  assert.deepEqual(calls.map((r) => targetOf(result, b, r)), [undefined, undefined, undefined]);
  const own = b.file('src/json.ts');
  const json = b.sym(own, 'JSON', { kind: 'class' });
  const parse = b.sym(own, 'stringify', { parent: json, qualifiedName: 'JSON.stringify' });
  assert.equal(targetOf(b.resolve(), b, calls[0]!), parse, 'a project class named JSON keeps its calls');
});

test('js: a call on an object binds by name to a function local to another\'s body only when it escapes as a property; its mark decides no tie', () => {
  const b = new ProjectBuilder();
  const router = b.file('lib/router/nested.js');
  const factory = b.sym(router, 'module.exports', { kind: 'function' });
  b.sym(router, 'get', { parent: factory, kind: 'function', qualifiedName: 'module.exports.get', exported: false });
  const exposed = b.sym(router, 'schedule', { parent: factory, kind: 'function', qualifiedName: 'module.exports.schedule', exported: true });
  const query = b.file('lib/query.js');
  const cls = b.sym(query, 'Query', { kind: 'class', exported: true });
  const cancel = b.sym(query, 'cancel', { parent: cls, qualifiedName: 'Query.cancel', exported: true });
  const retry = b.sym(query, 'createRetryer', { kind: 'function' });
  b.sym(query, 'cancel', { parent: retry, kind: 'function', qualifiedName: 'createRetryer.cancel', exported: true });
  const app = b.file('lib/app.js');
  const onDb = b.ref(app, 'get', { receiver: 'db' });
  const onManager = b.ref(app, 'schedule', { receiver: 'notifyManager' });
  const onQuery = b.ref(app, 'cancel', { receiver: 'query' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onDb), undefined, 'db.get() is no handler local to a router factory');
  assert.equal(targetOf(result, b, onManager), exposed, 'a factory\'s returned local is reached');
  assert.equal(targetOf(result, b, onQuery), cancel, 'of two same-named, the exported method wins over an escaping local');
});

test('js: a call of an array, string or promise method on a value of unknown type binds to no project method of that name; a typed one, or a name collections define, may', () => {
  const b = new ProjectBuilder();
  const dep = b.file('lib/dependency.js');
  const cls = b.sym(dep, 'Dependency', { kind: 'class' });
  const slice = b.sym(dep, 'slice', { parent: cls, qualifiedName: 'Dependency.slice' });
  const match = b.sym(dep, 'match', { parent: cls, qualifiedName: 'Dependency.match' });
  const app = b.file('lib/app.js');
  const onValue = b.ref(app, 'slice', { receiver: 'request' });
  const onChain = b.ref(app, 'slice', { receiver: 'item.request' });
  const onTyped = b.ref(app, 'slice', { receiver: 'Dependency' });
  const generic = b.ref(app, 'match', { receiver: 'layer' });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onValue), undefined);
  assert.equal(targetOf(result, b, onChain), undefined);
  assert.equal(targetOf(result, b, onTyped), slice);
  assert.equal(targetOf(result, b, generic), match);
});

test('js: `this.x()` binds to the method of the caller\'s own object among same-folder equals; a plain variable\'s does not', () => {
  const b = new ProjectBuilder();
  // The file's own `get`s are a setting and a method: the same-file step cannot tell them apart.
  const app = b.file('lib/application.js');
  b.sym(app, 'get', { kind: 'property', qualifiedName: 'settings.get' });
  const own = b.sym(app, 'get', { kind: 'method', qualifiedName: 'app.get' });
  const enable = b.sym(app, 'enable', { kind: 'method', qualifiedName: 'app.enable' });
  const req = b.file('lib/request.js');
  b.sym(req, 'get', { kind: 'method', qualifiedName: 'req.get' });
  const onThis = b.ref(app, 'get', { receiver: 'this', from: enable });
  const onVariable = b.ref(app, 'get', { receiver: 'other', from: enable });
  const result = b.resolve();
  assert.equal(targetOf(result, b, onThis), own);
  assert.equal(targetOf(result, b, onVariable), undefined);
});
