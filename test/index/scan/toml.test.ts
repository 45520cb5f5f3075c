import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseToml, type TomlResult } from '../../../src/index/scan/toml.js';

function valueOf(result: TomlResult): unknown {
  assert.equal(result.kind, 'ok', result.kind === 'invalid' ? result.message : '');
  return result.kind === 'ok' ? result.value : undefined;
}

test('parseToml reads tables, dotted headers, strings, numbers, booleans and arrays', () => {
  const text = [
    '# a comment',
    'top = "level"   # trailing comment',
    '',
    '[indexing]',
    'max_file_size = 2_048',
    'ratio = -1.5e2',
    'respect_gitignore = false',
    'include = [',
    '  "src/**",  # why',
    "  'lib/**',",
    ']',
    '',
    '[indexing.extensions]',
    '".mjs" = "javascript"',
    'a.b = true',
  ].join('\n');
  assert.deepEqual(valueOf(parseToml(text)), {
    top: 'level',
    indexing: {
      max_file_size: 2048,
      ratio: -150,
      respect_gitignore: false,
      include: ['src/**', 'lib/**'],
      extensions: { '.mjs': 'javascript', a: { b: true } },
    },
  });
});

test('parseToml decodes escapes in basic strings and keeps literal strings raw', () => {
  assert.deepEqual(valueOf(parseToml('a = "q\\"\\t\\u00e9\\U0001F600"\nb = \'C:\\path\'\r\n')), { a: 'q"\t\u00e9\u{1F600}', b: 'C:\\path' });
});

test('parseToml accepts an empty document and an empty array', () => {
  assert.deepEqual(valueOf(parseToml('')), {});
  assert.deepEqual(valueOf(parseToml('a = []\n')), { a: [] });
});

test('parseToml keeps "__proto__" as a plain key', () => {
  const value = valueOf(parseToml('__proto__ = "x"\n')) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.equal(Object.hasOwn(value, '__proto__'), true);
});

interface Bad {
  readonly text: string;
  readonly line: number;
  readonly column: number;
  readonly message: RegExp;
}

const BAD: readonly Bad[] = [
  { text: 'a = ', line: 1, column: 5, message: /expected a value/ },
  { text: 'a "x"', line: 1, column: 3, message: /expected "=" after key "a"/ },
  { text: 'ok = 1\nb = "open', line: 2, column: 5, message: /unterminated string/ },
  { text: '[table\n', line: 1, column: 7, message: /expected "\]"/ },
  { text: 'a = 1\na = 2\n', line: 2, column: 1, message: /defined twice/ },
  { text: '[t]\n[t]\n', line: 2, column: 1, message: /defined twice/ },
  { text: 'a = 1 2\n', line: 1, column: 7, message: /end of the line/ },
  { text: 'a = [1 2]\n', line: 1, column: 8, message: /expected "," or "\]"/ },
  { text: 'a = nope\n', line: 1, column: 5, message: /unsupported value "nope"/ },
  { text: 'a = {x = 1}\n', line: 1, column: 5, message: /inline tables/ },
  { text: '[[t]]\n', line: 1, column: 1, message: /arrays of tables/ },
  { text: 'a = """x"""\n', line: 1, column: 5, message: /multi-line strings/ },
  { text: 'a = "\\q"\n', line: 1, column: 6, message: /invalid escape/ },
  { text: 'a = 1\na.b = 2\n', line: 2, column: 1, message: /already a value/ },
  { text: '= 1\n', line: 1, column: 1, message: /expected a key/ },
];

for (const bad of BAD) {
  test(`parseToml reports ${JSON.stringify(bad.text)} at line ${bad.line}, column ${bad.column}`, () => {
    const result = parseToml(bad.text);
    assert.equal(result.kind, 'invalid');
    if (result.kind !== 'invalid') return;
    assert.deepEqual([result.line, result.column], [bad.line, bad.column], result.message);
    assert.match(result.message, bad.message);
  });
}

test('parseToml never throws, even on absurdly nested arrays', () => {
  const result = parseToml(`a = ${'['.repeat(200_000)}`);
  assert.equal(result.kind, 'invalid');
});
