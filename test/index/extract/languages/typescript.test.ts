import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';
import type { FileExtraction } from '../../../../src/model.js';

function symbol(ex: FileExtraction, qualifiedName: string) {
  const found = ex.symbols.find((s) => s.qualifiedName === qualifiedName);
  assert.ok(found !== undefined, `${qualifiedName} not in ${ex.symbols.map((s) => s.qualifiedName).join(', ')}`);
  return found;
}

test('an export list and `module.exports = name` mark top-level symbols exported after the walk', async () => {
  const ex = await extractSource('javascript', [
    'function a() {}', 'function b() {}', 'function c() {}', 'export { a };', 'module.exports = b;', '',
  ].join('\n'), 'lib.js');
  assert.equal(symbol(ex, 'a').exported, true);
  assert.equal(symbol(ex, 'b').exported, true);
  assert.equal(symbol(ex, 'c').exported, false);
  assert.deepEqual(ex.refs.filter((r) => r.kind === 'exports').map((r) => r.name), ['a', 'b']);
});

test('`exports.name = function` defines an exported function; `export default class` defines the class', async () => {
  const common = await extractSource('javascript', 'exports.load = function (path) { return read(path); };\n', 'a.js');
  assert.equal(symbol(common, 'exports.load').kind, 'function');
  assert.equal(symbol(common, 'exports.load').exported, true);
  const esm = await extractSource('typescript', 'export default class { run() {} }\n', 'b.ts');
  assert.equal(symbol(esm, 'default').kind, 'class');
  assert.equal(symbol(esm, 'default.run').exported, true);
});

test('require, import(), `import x = require` and re-exports are imports with the names they bind', async () => {
  const ex = await extractSource('typescript', [
    "const { a, b: c } = require('m1');",
    "import fs = require('fs');",
    "void import('m2');",
    "export * as ns from 'm3';",
    "export { d as e } from 'm4';",
    '',
  ].join('\n'), 'i.ts');
  assert.deepEqual(ex.imports.map((i) => [i.module, i.names.map((n) => `${n.imported}>${n.local}`).join(','), i.namespace, i.reexport]), [
    ['m1', 'a>a,b>c', undefined, false],
    ['fs', '', 'fs', false],
    ['m2', '', undefined, false],
    ['m3', '*>ns', 'ns', true],
    ['m4', 'd>e', undefined, true],
  ]);
});

test('a declarator holding a class or function defines it; an UPPER_SNAKE const is a constant', async () => {
  const ex = await extractSource('typescript', [
    'export const Store = class { save() {} };', 'const run = () => 1;', 'const MAX_SIZE = 3;', 'let count = 0;', '',
  ].join('\n'), 'v.ts');
  assert.equal(symbol(ex, 'Store').kind, 'class');
  assert.equal(symbol(ex, 'Store').exported, true);
  assert.equal(symbol(ex, 'Store.save').kind, 'method');
  assert.equal(symbol(ex, 'run').kind, 'function');
  assert.equal(symbol(ex, 'MAX_SIZE').kind, 'constant');
  assert.equal(symbol(ex, 'count').kind, 'variable');
});

test('a PascalCase function rendering JSX is a component that calls the components it renders', async () => {
  const ex = await extractSource('tsx', 'function Card() { return <ui.Frame><Title /><div /></ui.Frame>; }\n', 'c.tsx');
  assert.equal(symbol(ex, 'Card').kind, 'component');
  assert.deepEqual(ex.refs.filter((r) => r.kind === 'calls').map((r) => `${r.receiver ?? ''}:${r.name}`), ['ui:Frame', ':Title']);
});

test('decorators are `decorates` refs from the decorated member, with calls in their arguments', async () => {
  const ex = await extractSource('typescript', [
    'class Api {', '  @Route(path("/x"))', '  get() {}', '}', '',
  ].join('\n'), 'd.ts');
  const get = ex.symbols.findIndex((s) => s.qualifiedName === 'Api.get');
  assert.deepEqual(ex.refs.filter((r) => r.from === get).map((r) => `${r.kind}:${r.name}`), ['calls:path', 'decorates:Route']);
});

test('a call on a variable made with `new` carries the class as its receiver', async () => {
  const ex = await extractSource('typescript', 'function f() { const repo = new MemoryRepo(); repo.save(); }\n', 'r.ts');
  const save = ex.refs.find((r) => r.name === 'save');
  assert.equal(save?.receiver, 'MemoryRepo');
});

test('an indirect call `(0, _utils.parse)(x)`, as Babel and TypeScript write calls of imported functions in CommonJS, calls `_utils.parse`', async () => {
  const ex = await extractSource('javascript', [
    'var _utils = require("./utils");',
    'function run(a) { return (0, _utils.parse)(a) + (0, local)(a) + (1, 2)(a) + (a, _utils.skip)(a); }',
    'function local() {}',
    '',
  ].join('\n'), 'lib/run.js');
  const calls = ex.refs.filter((r) => r.kind === 'calls').map((r) => `${r.receiver ?? ''}.${r.name}`);
  assert.deepEqual(calls.sort(), ['.local', '_utils.parse']);
});

test('a module wrapped by a CommonJS interop helper (`_interopRequireDefault(_x)`, `__importDefault(require(…))`) is the module it wraps', async () => {
  const ex = await extractSource('javascript', [
    'var _wrap = require("./internal/wrap.js");',
    'var _wrap2 = _interopRequireDefault(_wrap);',
    'const path_1 = __importDefault(require("./path"));',
    'var _other = _interopRequireDefault(unknown);',
    'function run(fn) { return (0, _wrap2.default)(fn) + (0, path_1.default)(fn); }',
    '',
  ].join('\n'), 'lib/run.js');
  assert.deepEqual(ex.imports.map((i) => [i.module, i.namespace]), [['./internal/wrap.js', '_wrap'], ['./internal/wrap.js', '_wrap2'], ['./path', 'path_1']]);
  const calls = ex.refs.filter((r) => r.kind === 'calls').map((r) => `${r.receiver ?? ''}.${r.name}`);
  assert.deepEqual(calls.filter((c) => c.endsWith('.default')).sort(), ['_wrap2.default', 'path_1.default']);
});
