import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findPathSpans, lineRange, MAX_PATH_SPANS } from '../../../src/explore/query/path-spans.js';

const none = new Set<string>();
const spans = (q: string) => findPathSpans(q, none).map((s) => ({ path: s.path, form: s.form, anchor: s.anchor }));

test('findPathSpans normalizes quotes, backticks, ./ and Windows separators', () => {
  assert.deepEqual(spans('look at "src/cart.ts" and `./py/orders/models.py` and py\\orders\\service.py').map((s) => s.path), [
    'src/cart.ts', 'py/orders/models.py', 'py/orders/service.py',
  ]);
});

test('findPathSpans splits line anchors written onto a path', () => {
  assert.deepEqual(spans('compiler.py:776')[0]?.anchor, { start: 776, end: 776, single: true });
  assert.deepEqual(spans('foo.ts:12-40,')[0]?.anchor, { start: 12, end: 40, single: false });
  assert.deepEqual(spans('src/foo.ts#L88-L120')[0]?.anchor, { start: 88, end: 120, single: false });
  assert.deepEqual(spans('src/foo.ts#L88-120')[0]?.anchor, { start: 88, end: 120, single: false });
  assert.equal(spans('foo.ts:2000000')[0]?.anchor, undefined);
});

test('findPathSpans treats kebab words as basename candidates and numbers as prose', () => {
  assert.deepEqual(spans('the order-service module'), [{ path: 'order-service', form: 'kebab', anchor: undefined }]);
  assert.deepEqual(spans('lines 11-14'), []);
  assert.deepEqual(spans('Cart.checkout and self.repo.save'), []);
});

test('findPathSpans examines at most eight spans', () => {
  const q = Array.from({ length: 12 }, (_, i) => `f${i}.py`).join(' ');
  assert.equal(findPathSpans(q, none).length, MAX_PATH_SPANS);
});

test('lineRange ignores zero and numbers above one million', () => {
  assert.equal(lineRange('0', undefined), undefined);
  assert.equal(lineRange('1000001', undefined), undefined);
  assert.deepEqual(lineRange('40', '12'), { start: 40, end: 40, single: true });
});

test('findPathSpans reads a JVM stack frame\'s file under the folder its package names, the span on the file alone', () => {
  const frame = '\tat java.base/java.util.ArrayList.grow(ArrayList.java:237)';
  const [span] = findPathSpans(frame, none);
  assert.equal(span?.path, 'java/util/ArrayList.java');
  assert.deepEqual(span?.anchor, { start: 237, end: 237, single: true });
  assert.equal(frame.slice(span?.start, span?.end), 'ArrayList.java:237)');
  assert.equal(span?.written, 'ArrayList.java:237');
  // Kotlin's file class, Scala's object; a frame without a package keeps the bare name.
  assert.deepEqual(spans('at com.acme.orders.OrderServiceKt.place(OrderService.kt:41)').map((s) => s.path), ['com/acme/orders/OrderService.kt']);
  assert.deepEqual(spans('at Main.main(Main.java:3)').map((s) => s.path), ['Main.java']);
  // Not a frame: a call written in prose, and a Node frame, whose path follows a space.
  assert.deepEqual(spans('does parse(config) run twice'), []);
  assert.deepEqual(spans('at next (/app/lib/router/index.js:275:16)').map((s) => [s.path, s.anchor?.start]), [['app/lib/router/index.js', 275]]);
  assert.deepEqual(spans('at handle(/app/lib/router/index.js:275:16)').map((s) => [s.path, s.anchor?.start]), [['app/lib/router/index.js', 275]]);
});

test('findPathSpans reads .NET\'s `:line N` as a line anchor, its span the path and anchor as written', () => {
  const frame = '   at Api.Users.Create() in /src/Api/Users.cs:line 42\n   at Api.Main()';
  const [span] = findPathSpans(frame, none);
  assert.equal(span?.path, 'src/Api/Users.cs');
  assert.deepEqual(span?.anchor, { start: 42, end: 42, single: true });
  assert.equal(frame.slice(span?.start, span?.end), '/src/Api/Users.cs:line 42');
  assert.equal(span?.written, '/src/Api/Users.cs:42');
});

test('findPathSpans reads a frame or a node id written in backticks as it reads it bare', () => {
  assert.deepEqual(spans('see `at com.acme.Cart.total(Cart.java:8)`').map((s) => [s.path, s.anchor?.start]), [['com/acme/Cart.java', 8]]);
  assert.deepEqual(spans('`tests/test_cart.py::test_total` fails').map((s) => s.path), ['tests/test_cart.py']);
});

test('findPathSpans reads the line anchors of Ruby\'s and PHP\'s backtraces and of TypeScript\'s compiler errors', () => {
  assert.deepEqual(spans("/usr/src/app/models/issue.rb:123:in `save'").map((s) => [s.path, s.anchor?.start]), [['usr/src/app/models/issue.rb', 123]]);
  assert.deepEqual(spans('#0 /var/www/src/Cart.php(42): Cart->total()').map((s) => [s.path, s.anchor?.start]), [['var/www/src/Cart.php', 42]]);
  assert.deepEqual(spans('src/cart.ts(12,5): error TS2345: bad argument').map((s) => [s.path, s.anchor?.start]), [['src/cart.ts', 12]]);
  assert.deepEqual(findPathSpans('src/cart.ts(12,5): error', none).map((s) => s.written), ['src/cart.ts:12']);
  // A call written with a number is no PHP frame, also where its receiver looks like a file name.
  assert.deepEqual(spans('what does retry(3) do'), []);
  assert.deepEqual(spans('why does res.json(200) not set the status, and config.yaml(1)?'), []);
});

test('findPathSpans reads a link to a file on a code host as the file\'s path in the repository, with its lines', () => {
  const read = (q: string) => spans(q).map((s) => [s.path, s.anchor?.start, s.anchor?.end]);
  assert.deepEqual(read('see https://github.com/acme/shop/blob/main/src/cart.ts#L10-L20 for it'), [['src/cart.ts', 10, 20]]);
  assert.deepEqual(read('(https://gitlab.com/acme/sub/shop/-/blob/v1.2/py/orders/models.py#L7)'), [['py/orders/models.py', 7, 7]]);
  assert.deepEqual(read('https://bitbucket.org/acme/shop/src/abc123/lib/pay.rb#lines-4:9'), [['lib/pay.rb', 4, 9]]);
  assert.deepEqual(read('https://github.com/acme/shop/blob/main/README.md?plain=1#L5'), [['README.md', 5, 5]]);
  assert.deepEqual(read('e: file:///home/me/shop/src/main/kotlin/Cart.kt:12:5 Unresolved reference: total'), [['home/me/shop/src/main/kotlin/Cart.kt', 12, 12]]);
  assert.deepEqual(read('file:///C:/work/shop/src/cart%2Bview.ts#L3'), [['work/shop/src/cart+view.ts', 3, 3]]);
  assert.deepEqual(read('https://github.com/acme/shop/blob/main/src/cart.ts#L10C3-L20C5'), [['src/cart.ts', 10, 20]]);
  assert.deepEqual(read('the [total](https://github.com/acme/shop/blob/main/src/cart.ts#L12) method'), [['src/cart.ts', 12, 12]]);
  assert.deepEqual(read('https://raw.githubusercontent.com/acme/shop/main/src/cart.ts'), [['src/cart.ts', undefined, undefined]]);
  // A link to any other site, or to no file, is no path.
  assert.deepEqual(read('https://example.com/docs/cart.ts and https://github.com/acme/shop/issues/12'), []);
  assert.deepEqual(read('https://example.com/a/b/raw/v1/setup.py or https://docs.rs/serde/1.0.0/src/serde/de/mod.rs.html'), []);
});

test('findPathSpans reads each hunk of a unified diff as its first and last changed lines in the file it leaves', () => {
  const diff = [
    'diff --git a/src/cart.ts b/src/cart.ts',
    '--- a/src/cart.ts',
    '+++ b/src/cart.ts',
    '@@ -10,6 +10,7 @@ export function total(lines) {',
    '   const sum = 0;',
    '-  for (const l of lines) sum += l;',
    '+  for (const l of lines) sum += l.price;',
    '+  return round(sum);',
    '   return sum;',
    '@@ -40 +41 @@',
    '-old',
    '+new',
    '--- a/gone.ts',
    '+++ /dev/null',
    '@@ -1,3 +0,0 @@',
    '-a',
  ].join('\n');
  const found = findPathSpans(diff, none).filter((s) => s.anchor !== undefined && s.written.includes(':'));
  assert.deepEqual(found.map((s) => s.written), ['src/cart.ts:11', 'src/cart.ts:12', 'src/cart.ts:41']);
  assert.ok(found.every((s) => diff.slice(s.start, s.end).startsWith('@@ ')), 'each span is its hunk header');
  // The body is read by the header's counts: a context line whose space was trimmed away, and a deleted `--` comment.
  const lua = ['+++ b/db/schema.lua', '@@ -10,5 +10,5 @@', ' local a = 1', '', '-- old note', '+-- new note', ' return a', ' end'].join('\n');
  assert.deepEqual(findPathSpans(lua, none).filter((s) => s.written.includes(':')).map((s) => s.written), ['db/schema.lua:12']);
  // A header pasted without its body is the lines it covers.
  assert.deepEqual(findPathSpans('+++ b/src/cart.ts\n@@ -10,6 +10,7 @@', none).filter((s) => s.written.includes(':')).map((s) => s.anchor), [{ start: 10, end: 16, single: false }]);
});

test('findPathSpans reads a pytest node id\'s file, leaving the names after it', () => {
  const q = 'FAILED tests/test_cart.py::TestCart::test_total - AssertionError';
  const found = findPathSpans(q, none);
  assert.deepEqual(found.map((s) => s.path), ['tests/test_cart.py']);
  assert.equal(q.slice(found[0]?.start, found[0]?.end), 'tests/test_cart.py');
  // A Rust or C++ path is no file.
  assert.deepEqual(spans('how does serde::de::Visitor work'), []);
});
