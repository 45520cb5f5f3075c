import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';
import { blankFailedMacroLines } from '../../../../src/index/extract/languages/c-bare-macros.js';
import { withTree } from '../../../../src/index/parse/grammar.js';

const recovered = (language: string, source: string): Promise<string | undefined> =>
  withTree(language, source, (tree) => blankFailedMacroLines(tree, source));

const names = async (language: string, source: string): Promise<string[]> =>
  (await extractSource(language, source, 'src/x.h')).symbols.map((s) => `${s.kind} ${s.name}@${s.startLine}`);

test('a namespace-opening macro line no longer hides the definitions after it', async () => {
  const source = [
    '#include <utility>',
    'NLOHMANN_JSON_NAMESPACE_BEGIN',
    '',
    'template<typename ValueType, typename>',
    'struct adl_serializer',
    '{',
    '    static void to_json(int& j) { j = 1; }',
    '};',
    '',
    'NLOHMANN_JSON_NAMESPACE_END',
    '',
  ].join('\n');
  const blanked = await recovered('cpp', source);
  assert.equal(blanked?.split('\n')[1], ' '.repeat('NLOHMANN_JSON_NAMESPACE_BEGIN'.length));
  assert.equal(blanked?.length, source.length);
  const found = await names('cpp', source);
  assert.ok(found.includes('struct adl_serializer@5'), found.join(', '));
  assert.ok(found.some((s) => s.startsWith('method to_json@7')), found.join(', '));
});

test('G_BEGIN_DECLS in a C header: the declarations after it keep their names and lines', async () => {
  const source = 'G_BEGIN_DECLS\n\ntypedef struct _Thing Thing;\n\nstruct _Thing\n{\n  int size;\n};\n\nint thing_size (Thing *t)\n{\n  return t->size;\n}\n\nG_END_DECLS\n';
  assert.notEqual(await recovered('c', source), undefined, 'the grammar fails on the macro line');
  const found = await names('c', source);
  assert.ok(found.includes('struct _Thing@5'), found.join(', '));
  assert.ok(found.includes('function thing_size@10'), found.join(', '));
});

test('the same name where it parses (an enum member alone on its line) stays, and indented lines are left alone', async () => {
  const enumSource = 'enum color {\n  RED,\n  GREEN,\nBLUE\n};\n';
  const found = await names('c', enumSource);
  assert.ok(found.includes('enum_member BLUE@4'), found.join(', '));
  assert.equal(await recovered('c', enumSource), undefined);
  const body = 'void f(void)\n{\n\tDECL_X\n\tint a = 1;\n}\n';
  assert.equal(await recovered('c', body), undefined);
});

test('an attribute macro with arguments on its own line no longer hides the function after it, at file or class level', async () => {
  const source = [
    'namespace detail {',
    'template<typename FloatType>',
    'JSON_HEDLEY_NON_NULL(1)',
    'void grisu2(char* buf, FloatType value)',
    '{',
    '    buf[0] = 0;',
    '}',
    'class lexer',
    '{',
    '  public:',
    '    JSON_HEDLEY_NON_NULL(2)',
    '    bool scan_literal(const char* text, int length)',
    '    {',
    '        return length > 0;',
    '    }',
    '    JSON_HEDLEY_DEPRECATED_FOR(3.11.0, to_string())',
    '    int old_name() const',
    '    {',
    '        return 1;',
    '    }',
    '    constexpr int get_number() const noexcept',
    '    {',
    '        return 2;',
    '    }',
    '};',
    '}',
    '',
  ].join('\n');
  const blanked = await recovered('cpp', source);
  assert.notEqual(blanked, undefined, 'the grammar fails on the attribute lines');
  assert.equal(blanked?.length, source.length);
  assert.equal(blanked?.split('\n')[2], ' '.repeat('JSON_HEDLEY_NON_NULL(1)'.length));
  const found = await names('cpp', source);
  for (const expected of ['function grisu2@4', 'method scan_literal@12', 'method old_name@17', 'method get_number@21']) {
    assert.ok(found.includes(expected), `${expected} not in ${found.join(', ')}`);
  }
});

test('a macro with arguments in a function body, or one followed by a body, is left as it is', async () => {
  const inBody = 'void f(void)\n{\n\tPWXFORM(x)\n\tint a = 1;\n}\n';
  assert.equal(await recovered('c', inBody), undefined);
  const defining = 'SYSCALL_DEFINE1(close, unsigned int, fd)\n{\n\treturn fd;\n}\n';
  assert.equal(await recovered('c', defining), undefined);
});
