import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadRules, scanText } from './census-scan.js';

const cpp = loadRules().get('cpp');

test('the C++ census skips comment prose, member initializers, macro bodies and attribute macro lines, and keeps real definitions', () => {
  assert.ok(cpp !== undefined);
  const source = [
    '/*!',
    'len is the length of the buffer (number of decimal digits)',
    'The buffer must be large enough',
    '*/',
    'template<typename FloatType>',
    'JSON_HEDLEY_NON_NULL(1)',
    'void grisu2(char* buf, FloatType value)',
    '{',
    '}',
    '#define DEFINE_TO_JSON(T) \\',
    '    inline void to_json(json& j, const T& e) \\',
    '    { j = e; }',
    'struct holder',
    '{',
    '    holder(int b) noexcept',
    '        : container_type(b)',
    '        , m_subtype(b)',
    '    {}',
    '    int get() const /* not yet */',
    '    { return 1; }',
    '};',
    '',
  ].join('\n');
  const found = scanText(source, 'x.hpp', cpp).map((d) => `${d.name}@${d.line}`);
  assert.deepEqual(found, ['grisu2@7', 'DEFINE_TO_JSON@10', 'holder@13', 'holder@15', 'get@19']);
});

test('a comment closed on its own line, or opened after a line comment marker, ends where it should', () => {
  assert.ok(cpp !== undefined);
  const source = ['int a() {} // see /* here', 'int b()', '{', '}', 'int c() /* one', 'two() */', '{', '}', 'int d()', '{', '}', ''].join('\n');
  assert.deepEqual(scanText(source, 'x.cpp', cpp).map((d) => `${d.name}@${d.line}`), ['a@1', 'b@2', 'c@5', 'd@9']);
});

test('the JavaScript census counts method headers, not calls whose last argument is a function', () => {
  const js = loadRules().get('javascript');
  assert.ok(js !== undefined);
  const source = [
    'var res = {',
    '  json(obj) {',
    '    return obj;',
    '  },',
    '  send() {',
    '    sendfile(res, file, opts, function (err) {',
    '      done(err);',
    '    });',
    '    setImmediate(function () {',
    '    });',
    '  }',
    '};',
    '',
  ].join('\n');
  assert.deepEqual(scanText(source, 'x.js', js).map((d) => `${d.name}@${d.line}`), ['json@2', 'send@5']);
});
