import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../../src/index/extract/extract.js';
import type { ExtractedSymbol, FileExtraction } from '../../../../../src/model.js';

function symbol(ex: FileExtraction, qualifiedName: string): ExtractedSymbol {
  const found = ex.symbols.find((s) => s.qualifiedName === qualifiedName);
  assert.ok(found !== undefined, `${qualifiedName} not in ${ex.symbols.map((s) => s.qualifiedName).join(', ')}`);
  return found;
}

const js = (source: string): Promise<FileExtraction> => extractSource('javascript', source, 'lib/a.js');

test('a function assigned to a member is named by its last segment and qualified by the path', async () => {
  const ex = await js('var res = {};\nmodule.exports = res;\nres.json = function json(obj) { return obj; };\n');
  const json = symbol(ex, 'res.json');
  assert.equal(json.name, 'json');
  assert.equal(json.kind, 'method');
  assert.equal(json.parent, -1);
  assert.equal(json.exported, true);
});

test('a prototype method is qualified without `prototype` and makes its constructor a class', async () => {
  const ex = await js('function Router() {}\nRouter.prototype.dispatch = function () {};\n');
  assert.equal(symbol(ex, 'Router.dispatch').kind, 'method');
  assert.equal(symbol(ex, 'Router').kind, 'class');
  assert.equal(symbol(ex, 'Router.dispatch').parent, -1);
});

test('exports members are exported functions; an anonymous module.exports function is `default`', async () => {
  const ex = await js('exports.parse = function (s) {};\nmodule.exports.x = () => 1;\nmodule.exports = function () {};\n');
  assert.deepEqual([symbol(ex, 'exports.parse').kind, symbol(ex, 'exports.parse').exported], ['function', true]);
  assert.equal(symbol(ex, 'module.exports.x').name, 'x');
  assert.equal(symbol(ex, 'module.exports').name, 'default');
});

test('object literals assigned to a prototype or module.exports give their function members', async () => {
  const ex = await js('function V() {}\nV.prototype = { a() {}, b: function () {}, c: 1 };\nmodule.exports = { d() {} };\n');
  assert.equal(symbol(ex, 'V.a').kind, 'method');
  assert.equal(symbol(ex, 'V.b').kind, 'method');
  assert.equal(ex.symbols.some((s) => s.name === 'c'), false);
  assert.equal(symbol(ex, 'module.exports.d').exported, true);
});

test('a chain defines every member target and `var x = module.exports = function` is exported as x', async () => {
  const ex = await js('var proto = module.exports = function (o) {};\nproto.set = proto.header = function header() {};\n');
  assert.equal(symbol(ex, 'proto').exported, true);
  assert.equal(symbol(ex, 'proto.set').name, 'set');
  assert.equal(symbol(ex, 'proto.header').name, 'header');
  assert.equal(ex.refs.filter((r) => r.from === ex.symbols.indexOf(symbol(ex, 'proto.set'))).length, 0);
});

test('Object.defineProperty with an accessor defines a property; a named function expression is a function', async () => {
  const ex = await js("Object.defineProperty(req, 'host', { get: function () { return h(); } });\ndefineGetter(req, 'xhr', function xhr() {});\n");
  const host = symbol(ex, 'req.host');
  assert.equal(host.kind, 'property');
  assert.equal(ex.refs.find((r) => r.name === 'h')?.from, ex.symbols.indexOf(host));
  assert.equal(symbol(ex, 'xhr').kind, 'function');
});

test('a function defined by passing it to a call statement takes the statement\'s doc comment, when it is the call\'s one function', async () => {
  const ex = await js([
    '/**',
    ' * Check if the request was an XMLHttpRequest.',
    ' */',
    '',
    "defineGetter(req, 'xhr', function xhr() {});",
    '/** Two handlers. */',
    "register('x', function first() {}, function second() {});",
    '/** Assigned. */',
    'var run = wrap(function inner() {});',
    '/** Routes of users. */',
    "pipeline.step('users').then(function createUser() {});",
    '',
  ].join('\n'));
  assert.equal(symbol(ex, 'xhr').docstring, 'Check if the request was an XMLHttpRequest.');
  assert.equal(symbol(ex, 'first').docstring, undefined, 'two functions: the comment is the call\'s');
  assert.equal(symbol(ex, 'run.inner').docstring, undefined, 'a call in a declaration documents the declaration');
  assert.equal(symbol(ex, 'createUser').docstring, undefined, 'a chain\'s last call is one of several');
});

test('a named function expression in parentheses is the one definition its declarator or assignment makes', async () => {
  const ex = await js('var runInContext = (function runInContext(context) {\n  function debounce() {}\n});\nexports.wrap = ((function wrap() {}));\n');
  assert.deepEqual(ex.symbols.map((s) => s.qualifiedName), ['runInContext', 'runInContext.debounce', 'exports.wrap']);
});

test('definitions inside UMD and IIFE wrappers are found', async () => {
  const ex = await js('(function (root, f) { module.exports = f(); }(this, function () {\n  function Lib() {}\n  Lib.prototype.run = function () {};\n}));\n!function () { function inner() {} }();\n');
  assert.equal(symbol(ex, 'Lib').kind, 'class');
  assert.equal(symbol(ex, 'Lib.run').kind, 'method');
  assert.equal(symbol(ex, 'inner').kind, 'function');
});

test('`this.x = function` in a constructor function is its method; a class field already declared is not repeated', async () => {
  const ex = await extractSource('typescript', 'function E() { this.emit = function () {}; }\nclass C { run?: () => void; start() { this.run = () => {}; } }\n', 'a.ts');
  assert.equal(symbol(ex, 'E.emit').kind, 'method');
  assert.equal(symbol(ex, 'E').kind, 'class');
  assert.equal(ex.symbols.filter((s) => s.qualifiedName === 'C.run').length, 1);
});

test('`const x = require(m)` binds the module as a namespace and its exported value as a default', async () => {
  const ex = await js("const Layer = require('./layer');\n");
  assert.deepEqual(ex.imports.map((i) => [i.module, i.namespace, i.names]), [['./layer', 'Layer', [{ imported: 'default', local: 'Layer' }]]]);
});

test('a variable assigned a require later (`var P;` then `P = require(m)` in an init function) binds the module like a declaration; a member or a bare require binds nothing', async () => {
  const ex = await js([
    'var Permissions;',
    'function init() {',
    "  Permissions = require('../auth/permissions');",
    "  module.exports.store = require('./store');",
    "  require('./side-effect');",
    '}',
    '',
  ].join('\n'));
  assert.deepEqual(ex.imports.map((i) => [i.module, i.namespace ?? null, i.names]), [
    ['../auth/permissions', 'Permissions', [{ imported: 'default', local: 'Permissions' }]],
    ['./store', null, []],
    ['./side-effect', null, []],
  ]);
});
