import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractSource } from '../../../src/index/extract/extract.js';

/** Each definition's literal words by qualified name. */
async function wordsOf(language: string, source: string, path = 'src/x'): Promise<Record<string, string>> {
  const ex = await extractSource(language, source, path);
  const out: Record<string, string> = {};
  for (const s of ex.strings ?? []) out[ex.symbols[s.from]?.qualifiedName ?? `#${s.from}`] = s.words;
  return out;
}

describe('the words of string literals', () => {
  test('Python: each literal goes to the definition open where it is, or to the constant or attribute holding it; its docstring gives no words', async () => {
    const words = await wordsOf('python', [
      'GREETING = "hello there"',
      'class Checker:',
      '    """Checks tokens."""',
      '    kind = "csrf"',
      '    def check(self, token):',
      '        """Says whether the token is valid."""',
      '        if len(token) != 32:',
      '            raise ValueError(f"Bad token length {len(token)}")',
      '        def inner():',
      '            return "inner only"',
      '        return "POST" in token',
      '',
    ].join('\n'), 'app/checker.py');
    assert.deepEqual(words, {
      GREETING: 'hello there',
      'Checker.kind': 'csrf',
      'Checker.check': 'bad token length len post',
      'Checker.check.inner': 'inner only',
    });
  });

  test('a route holds its inline handler\'s literals; a decorator\'s path is no view\'s word', async () => {
    const words = await wordsOf('python', [
      'from flask import Flask',
      'app = Flask(__name__)',
      "@app.route('/hello/world', methods=['POST'])",
      'def hello():',
      "    return 'hi there'",
      '',
    ].join('\n'), 'app.py');
    assert.deepEqual(words, { hello: 'hi there' });
    assert.deepEqual(await wordsOf('javascript', "app.get('/users/:id', function (req, res) { res.send('found user'); });\n", 'app.js'), {
      'GET /users/:id': 'users id found user',
    });
  });

  test('Go: interpreted and raw literals; format verbs, escapes and numbers are no words', async () => {
    const words = await wordsOf('go', [
      'package main',
      'import "fmt"',
      'func legacyArgs(name string) error {',
      '\treturn fmt.Errorf("unknown command %q for %q\\n", name, `raw 42 text`)',
      '}',
      '',
    ].join('\n'), 'args.go');
    assert.deepEqual(words, { legacyArgs: 'unknown command for raw text' });
  });

  test('Go: an error variable holds its message; text outside any definition is kept by none', async () => {
    const words = await wordsOf('go', [
      'package store',
      'import "errors"',
      'var ErrNotFound = errors.New("record not found")',
      'func init() { println("loading") }',
      '',
    ].join('\n'), 'store.go');
    assert.deepEqual(words, { ErrNotFound: 'record not found', init: 'loading' });
  });

  test('a file past 512 KB, a generated table, has its literals left unread', async () => {
    const table = Array.from({ length: 60_000 }, (_, i) => `"entry${i}"`).join(',');
    const ex = await extractSource('javascript', `function table() { return [${table}]; }\n`, 'table.js');
    assert.ok(`function table() { return [${table}]; }\n`.length > 512 * 1024);
    assert.equal(ex.strings, undefined);
    assert.equal(ex.symbols[0]?.name, 'table');
  });

  test('JavaScript: plain and template literals', async () => {
    const words = await wordsOf('javascript', [
      'function send(res, body) {',
      "  'use strict';",
      "  res.set('Content-Type', 'application/json');",
      '  return `sent ${body.length} bytes`;',
      '}',
      '',
    ].join('\n'), 'lib/send.js');
    assert.deepEqual(words, { send: 'content type application json sent body length bytes' });
  });

  test('C: adjacent literals give their words once', async () => {
    const words = await wordsOf('c', [
      'static const char *usage(void) {',
      '\treturn "usage: tool " "--verbose";',
      '}',
      '',
    ].join('\n'), 'tool.c');
    assert.deepEqual(words, { usage: 'usage tool verbose' });
  });

  test('Ruby and Java hand each method its own words', async () => {
    assert.deepEqual(await wordsOf('ruby', [
      'class Api',
      '  def key',
      '    request.headers["X-Redmine-API-Key"]',
      '  end',
      'end',
      '',
    ].join('\n'), 'app/api.rb'), { 'Api.key': 'redmine api key' });
    assert.deepEqual(await wordsOf('java', [
      'class Limits {',
      '  String clause() { return " FETCH FIRST "; }',
      '}',
      '',
    ].join('\n'), 'Limits.java'), { 'Limits.clause': 'fetch first' });
  });

  test('a literal that is a statement by itself, a docstring or a directive, gives no words and leaves the budget to the messages', async () => {
    const documented = Array.from({ length: 80 }, (_, i) => `d${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' ');
    const python = await wordsOf('python', `def load(name):\n    """${documented}"""\n    raise KeyError("unknown widget")\n`, 'x.py');
    assert.deepEqual(python, { load: 'unknown widget' });
    const annotated = await wordsOf('python', 'def load(self, a: "Foo", b: "Bar" = "x", c: "Baz" = None) -> "Qux":\n    """Returns the widget named so, or raises."""\n    raise KeyError("unknown widget")\n', 'x.py');
    assert.deepEqual(annotated, { load: 'foo bar baz qux unknown widget' }, 'the literals of a one-line signature do not use up the docstring question');
    const repeated = await wordsOf('python', 'def load(name):\n    """Raises KeyError for an unknown widget."""\n    raise KeyError("unknown widget")\n', 'x.py');
    assert.deepEqual(repeated, { load: 'unknown widget' }, 'a message its docstring repeats keeps its words');
    const js = await wordsOf('javascript', "function run() {\n  'use strict';\n  throw new Error('cannot run twice');\n}\n", 'x.js');
    assert.deepEqual(js, { run: 'cannot run twice' });
  });

  test('a long literal is read only at its start, and a definition keeps a bounded number of words', async () => {
    const many = Array.from({ length: 200 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    const words = await wordsOf('python', `def table():\n    return "${many.join(' ')}"\n`, 'x.py');
    const kept = (words['table'] ?? '').split(' ');
    assert.ok(kept.length > 10 && kept.length < 70, `kept ${kept.length}`);
    assert.equal(kept[0], 'waa');
    assert.ok(!kept.includes('wzg'));
  });
});
