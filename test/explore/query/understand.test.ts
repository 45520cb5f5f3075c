import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { indexData } from '../../../src/explore/data/index-data.js';
import { understandQuery } from '../../../src/explore/query/understand.js';
import { openFixture, withGeneratedData, type OpenProject } from '../support.js';

let shop: OpenProject;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
});
after(() => shop.close());

const parse = (q: string, maxFiles = 8) => understandQuery(q, indexData(shop.index.store), maxFiles);

test('understandQuery pins exact paths and segment-aligned suffixes', () => {
  assert.deepEqual(parse('what is in src/cart.ts and orders/models.py').paths.pinned, ['src/cart.ts', 'py/orders/models.py']);
  assert.deepEqual(parse('C:\\work\\shop\\src\\db\\repo.ts').paths.pinned, ['src/db/repo.ts']);
});

test('understandQuery reports at most four unresolved explicit paths and removes them from the words', () => {
  const q = parse('a/b/one.py two.ts three.go four.rs five.py about cart');
  assert.deepEqual(q.paths.unresolved, ['a/b/one.py', 'two.ts', 'three.go', 'four.rs']);
  assert.ok(!q.words.includes('one') && q.words.includes('cart'));
});

test('understandQuery turns a single-line anchor into the enclosing callable', () => {
  const q = parse('src/cart.ts:26');
  assert.equal(q.exact.length, 1);
  assert.equal(q.exact[0]?.node?.qualifiedName, 'Cart.total');
  assert.equal(q.exact[0]?.line, 26);
});

test('understandQuery keeps a line no callable encloses as a span with context', () => {
  const q = parse('src/pricing.ts:3');
  assert.deepEqual(q.exact.map((t) => [t.start, t.end, t.node]), [[1, 18, undefined]]);
});

test('understandQuery binds prose ranges to the nearest single-file path', () => {
  for (const text of ['lines 11-14 in pricing.ts', 'L11-L14 in src/pricing.ts', 'src/pricing.ts lines 11 to 14']) {
    const q = parse(text);
    assert.deepEqual(q.exact.map((t) => [t.path, t.start, t.end]), [['src/pricing.ts', 11, 14]], text);
  }
  assert.deepEqual(parse('lines 11-14').exact, []);
});

test('understandQuery makes qualified names with at most three definitions exact targets', () => {
  for (const text of ['Cart.checkout', 'Cart::checkout', 'Cart#checkout()']) {
    assert.deepEqual(parse(text).exact.map((t) => t.node?.qualifiedName), ['Cart.checkout'], text);
  }
});

test('understandQuery narrows a path matching several files by the symbols the query names', () => {
  const q = parse('__init__ models.py OrderService');
  assert.deepEqual(q.paths.pinned, ['py/orders/models.py']);
});

test('understandQuery resolves identifiers and notices questions about tests', () => {
  const q = parse('where is priceOf used in tests');
  assert.deepEqual(q.named.map((n) => n.text), ['priceOf']);
  assert.equal(q.wantsTests, true);
  assert.equal(parse('priceOf').wantsTests, false);
});

test('understandQuery reads capitals inside a sentence as acronyms and in a list of names as constants', () => {
  const sentence = parse('how does the checkout read the PRICES table for each line').named.find((n) => n.text === 'PRICES');
  assert.equal(sentence?.codeShaped, false, 'an all-capital word in a sentence is a word');
  const names = parse('PRICES priceOf').named.find((n) => n.text === 'PRICES');
  assert.equal(names?.codeShaped, true, 'in a bag of identifiers it is a constant');
  assert.equal(parse('how is MAX_RETRIES used by the cart').named.some((n) => n.text === 'MAX_RETRIES' && !n.codeShaped), false, 'an underscore keeps it code-shaped');
});

test('understandQuery narrows a many-times-defined name to the definitions beside the other names it is given with', async () => {
  const files: Record<string, string> = {};
  for (const q of ['a', 'b', 'c', 'd', 'e']) files[`src/${q}.py`] = `class Queue${q.toUpperCase()}:\n    def transfer(self):\n        return 1\n`;
  files['src/hashmap.py'] = 'class HashTable:\n    def put_value(self, k):\n        return self.transfer()\n\n    def transfer(self):\n        return 2\n';
  await withGeneratedData(files, (data) => {
    const q = understandQuery('HashTable put_value transfer', data, 8);
    const transfer = q.named.find((n) => n.text === 'transfer');
    assert.deepEqual(transfer?.nodes.map((d) => d.qualifiedName), ['HashTable.transfer']);
    assert.equal(transfer?.specific, true);
    const alone = understandQuery('transfer', data, 8).named.find((n) => n.text === 'transfer');
    assert.equal(alone?.nodes.length, 6, 'without company every definition stays a candidate');
  });
});

test('understandQuery also reads a hyphenated word-number pair as the one word names use (Latin-1 -> latin1)', () => {
  const q = parse('how are UTF-8 and Latin-1 strings priced');
  assert.ok(q.words.includes('utf8') && q.words.includes('latin1'), q.words.join(' '));
  assert.ok(q.words.includes('latin'), 'the separate word stays too');
});

test('understandQuery reads the parts of a dotted chain written as code as names, not prose', () => {
  const chained = parse('what does 2.total.round(cents) return').named.find((n) => n.text === 'total');
  assert.equal(chained?.codeShaped, true);
  const prose = parse('what is the total of a cart').named.find((n) => n.text === 'total');
  assert.equal(prose?.codeShaped, false);
});

test('understandQuery reads `Trait for Type` as the Rust impl block so named, when there is one', async () => {
  await withGeneratedData({
    'src/ser.rs': [
      'pub trait Serialize { fn serialize(&self) -> u8; }',
      'impl<T> Serialize for Option<T> {',
      '    fn serialize(&self) -> u8 { match self { Some(_) => 1, None => 0 } }',
      '}',
      'impl Serialize for bool {',
      '    fn serialize(&self) -> u8 { 2 }',
      '}',
      '',
    ].join('\n'),
  }, (data) => {
    for (const query of ['how does Serialize for Option map None', 'the Serialize impl for Option', 'impl Serialize for Option']) {
      const q = understandQuery(query, data, 8);
      assert.deepEqual(q.exact.map((t) => [t.node?.kind, t.start, t.end]), [['impl', 2, 4]], query);
      assert.ok(!q.words.includes('impl'), 'the impl keyword is not a content word');
    }
    assert.deepEqual(understandQuery('how does Display for Option print', data, 8).exact, [], 'no impl is named so');
  });
});

test('understandQuery: in a sentence a lowercase word names only definitions spelled that way', async () => {
  await withGeneratedData({
    'errors.go': 'package cli\n\ntype flagError struct{ subCommand string }\n\nfunc (e *flagError) Error() string { return e.subCommand }\n',
  }, (data) => {
    const sentence = understandQuery('what error does the parser produce for an unknown subcommand', data, 8);
    assert.deepEqual(sentence.named.map((n) => n.text), []);
    const bag = understandQuery('error subcommand', data, 8);
    assert.deepEqual(bag.named.map((n) => [n.text, n.nodes[0]?.qualifiedName]), [['error', 'flagError.Error'], ['subcommand', 'flagError.subCommand']]);
  });
});

test('understandQuery: in a sentence a lowercase word names the type it capitalises, before what is spelled that way', async () => {
  await withGeneratedData({
    'lexer.php': '<?php\nclass Lexer {\n    public function lexData() {}\n}\nclass Environment {\n    private $lexer;\n}\nclass Token {\n    public function error() {}\n}\n',
  }, (data) => {
    const sentence = understandQuery('where does the lexer strip the whitespace before an error', data, 8);
    assert.deepEqual(sentence.named.map((n) => [n.text, n.nodes.map((d) => d.qualifiedName)]), [['lexer', ['Lexer', 'Environment.lexer']], ['error', ['Token.error']]]);
    const bag = understandQuery('lexer lexData', data, 8);
    assert.deepEqual(bag.named.find((n) => n.text === 'lexer')?.nodes.map((d) => d.qualifiedName), ['Environment.lexer'], 'a bag of names means the spelling');
  });
});

test('understandQuery: adjacent words that spell a type name together name that type', async () => {
  await withGeneratedData({
    'loaders.py': 'class LazyLoader:\n    def load(self):\n        return 1\n\ndef lazy_loader():\n    return LazyLoader()\n',
  }, (data) => {
    const q = understandQuery('how does the lazy loader fetch rows the first time', data, 8);
    assert.deepEqual(q.named.filter((n) => n.text === 'lazy loader').map((n) => n.nodes.map((d) => d.qualifiedName)), [['LazyLoader']]);
    const apart = understandQuery('how does a lazy, eager loader fetch rows', data, 8);
    assert.ok(!apart.named.some((n) => n.text.includes(' ')), 'words apart spell nothing');
  });
});

test('understandQuery finds a type spelled by words late in a long question', async () => {
  await withGeneratedData({ 'loaders.py': 'class LazyLoader:\n    def load(self):\n        return 1\n' }, (data) => {
    const q = understandQuery('why does session flush pending changes and expire state before the lazy loader fetches rows', data, 8);
    assert.deepEqual(q.named.filter((n) => n.text === 'lazy loader').map((n) => n.nodes[0]?.qualifiedName), ['LazyLoader']);
  });
});

test('understandQuery reads a written parameter list as one overload of a qualified name', async () => {
  const methods = [
    'public int indexOf(int ch) { return 0; }',
    'public int indexOf(int ch, int fromIndex) { return 0; }',
    'public int indexOf(String str) { return 0; }',
    'public int indexOf(String str, int fromIndex) { return 0; }',
    'static int join(String sep, Object... parts) { return 0; }',
  ];
  const files = { 'src/Text.java': `class Text {\n${methods.map((m) => `  ${m}\n`).join('')}}\n` };
  await withGeneratedData(files, (data) => {
    const exact = (q: string): number[] => understandQuery(q, data, 8).exact.map((t) => t.node?.startLine ?? 0);
    assert.deepEqual(exact('how does Text.indexOf(String) search'), [4]);
    assert.deepEqual(exact('Text.indexOf(String, int)'), [5]);
    assert.deepEqual(exact('Text#indexOf(int ch)'), [2]);
    assert.deepEqual(exact('Text.join(String, A, B, C)'), [6], 'varargs take any longer list');
    assert.deepEqual(exact('Text.indexOf(Map)'), [], 'no fitting overload: all five stay candidates, too many to pin');
    assert.deepEqual(exact('Text.indexOf()'), [], 'empty parentheses name no overload');
    const bare = understandQuery('where is indexOf(String, int) used', data, 8).named.find((n) => n.text === 'indexOf');
    assert.deepEqual(bare?.nodes.map((d) => d.startLine), [5], 'a bare name with a parameter list names the fitting overloads');
  });
});

test('understandQuery reads a name written like a file name as the definition when no file has it', async () => {
  const files = {
    'lib/response.js': 'var res = module.exports = {};\nres.json = function json(obj) {\n  return this.send(JSON.stringify(obj));\n};\nres.send = function send(body) {\n  return body;\n};\n',
    'lib/view.js': 'function View(name) {\n  this.name = name;\n}\nmodule.exports = View;\n',
  };
  await withGeneratedData(files, (data) => {
    const q = understandQuery('how does res.json serialize the body', data, 8);
    assert.deepEqual(q.paths.unresolved, []);
    assert.deepEqual(q.exact.map((t) => t.node?.qualifiedName), ['res.json']);
    // A file name still names the file, and a name nothing defines is still reported as a missing file.
    assert.deepEqual(understandQuery('view.js', data, 8).paths.pinned, ['lib/view.js']);
    assert.deepEqual(understandQuery('what calls res.yaml', data, 8).paths.unresolved, ['res.yaml']);
  });
});

test('understandQuery reads a capitalised word inside a sentence as the type of that name', async () => {
  const files = {
    'src/prefs.ts': 'export class Preferences {\n  node(path: string): Preferences {\n    return this;\n  }\n}\nexport function preferencesFactory(): Preferences {\n  return new Preferences();\n}\nexport const preferences = preferencesFactory();\n',
  };
  await withGeneratedData(files, (data) => {
    const named = (q: string) => understandQuery(q, data, 8).named.find((n) => n.text === 'Preferences');
    const inside = named('how does the Java Preferences API pick the backend it stores to');
    assert.equal(inside?.codeShaped, true);
    assert.deepEqual(inside?.nodes.map((n) => n.kind), ['class']);
    // At the start of a sentence a capital says nothing.
    assert.notEqual(named('Preferences are stored where, and how is the backend picked?')?.codeShaped, true);
    // … nor after the spaces a question may start with.
    assert.notEqual(named('  Preferences are stored where, and how is the backend picked?')?.codeShaped, true);
  });
});

test('understandQuery reads a name written the British way as the name the code spells the American way', async () => {
  await withGeneratedData({
    'src/inflector.ts': 'export class Inflector {\n  constantize(name: string): string { return name; }\n}\nexport class Serializer {}\n',
  }, (data) => {
    const named = (query: string): string[] => understandQuery(query, data, 8).named.flatMap((n) => n.nodes.map((d) => d.qualifiedName));
    assert.ok(named('how does constantise resolve a nested name').includes('Inflector.constantize'));
    assert.ok(named('what does the serialiser write').includes('Serializer'));
    assert.deepEqual(understandQuery('how does Inflector#constantise walk namespaces', data, 8).exact.map((t) => t.node?.qualifiedName), ['Inflector.constantize']);
  });
});

test('understandQuery makes a test named with its file an exact target, as a failing test\'s report names it', async () => {
  await withGeneratedData({
    'shop/cart.py': 'def total(lines):\n    return sum(lines)\n',
    'tests/test_cart.py': 'from shop.cart import total\n\nclass TestCart:\n    def test_total(self):\n        assert total([1]) == 1\n\ndef test_module_total():\n    assert total([]) == 0\n',
  }, (data) => {
    const exact = (query: string) => understandQuery(query, data, 8).exact.map((t) => t.node?.qualifiedName);
    assert.deepEqual(exact('FAILED tests/test_cart.py::TestCart::test_total - assert 1 == 2'), ['TestCart.test_total']);
    assert.deepEqual(exact('FAILED tests/test_cart.py::test_module_total'), ['test_module_total']);
    // Code the test file imports is named, not made a target by the file's being named.
    assert.deepEqual(exact('tests/test_cart.py::TestCart::test_total calls total'), ['TestCart.test_total']);
    // Without its file, a name only tests define is no exact target.
    assert.deepEqual(exact('why does TestCart::test_total fail'), []);
  });
});

test('understandQuery reads a name written with its package, and a frame\'s line picks the overload it runs in', async () => {
  const cart = [
    'package com.acme;',
    '',
    'public class Cart {',
    '  public int total() {',
    '    return total(0);',
    '  }',
    '  public int total(int discount) {',
    '    return 100 - discount;',
    '  }',
    '}',
    '',
  ].join('\n');
  await withGeneratedData({ 'src/main/java/com/acme/Cart.java': cart }, (data) => {
    const parse = (query: string) => understandQuery(query, data, 8);
    const spans = (q: ReturnType<typeof parse>) => q.exact.map((t) => [t.node?.qualifiedName, t.start, t.line]);
    // Both overloads, as `Cart.total` names them; the package is no word of the query.
    const packaged = parse('how does com.acme.Cart.total round');
    assert.deepEqual(spans(packaged), [['Cart.total', 4, undefined], ['Cart.total', 7, undefined]]);
    assert.ok(!packaged.words.includes('acme'), packaged.words.join(' '));
    // A frame's line keeps the overload it falls in, as target and as name.
    const frame = parse('java.lang.ArithmeticException\n\tat com.acme.Cart.total(Cart.java:8)');
    assert.deepEqual(spans(frame), [['Cart.total', 7, 8]]);
    assert.deepEqual(frame.named.filter((n) => n.qualified).flatMap((n) => n.nodes.map((d) => d.startLine)), [7]);
    // A line outside every definition the name gives leaves the name's own: both are targets.
    const apart = parse('why does com.acme.Cart.total(int) loop? src/main/java/com/acme/Cart.java:5');
    assert.deepEqual(spans(apart), [['Cart.total', 7, undefined], ['Cart.total', 4, 5]]);
    assert.deepEqual(apart.named.filter((n) => n.qualified).flatMap((n) => n.nodes.map((d) => d.startLine)), [7]);
  });
});
