import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  diffHunks, fileUriPath, frameFile, nodeIdFileEnd, parenthesisedLine, repositoryPath, withColonLines,
} from '../../../src/explore/query/pasted-forms.js';

test('frameFile finds a frame\'s file after the name and the folder a JVM package names', () => {
  assert.deepEqual(frameFile('java.base/java.util.ArrayList.grow(ArrayList.java:237)'), { at: 35, folder: 'java/util' });
  assert.deepEqual(frameFile('handle(/app/lib/router.js:275:16)'), { at: 7, folder: undefined });
  assert.equal(frameFile('parse(config)'), undefined);
  assert.equal(frameFile('(/app/x.js:3:5)'), undefined, 'a file in parentheses with nothing before it is read as a path');
});

test('nodeIdFileEnd ends a pytest node id\'s file before its names, and reads no Rust path', () => {
  assert.equal(nodeIdFileEnd('tests/test_cart.py::TestCart::test_total'), 18);
  assert.equal(nodeIdFileEnd('serde::de::Visitor'), undefined);
});

test('withColonLines writes .NET\'s line anchors as :N, keeping every offset', () => {
  const query = 'at A.B() in /src/A.cs:line 42 then';
  const written = withColonLines(query);
  assert.equal(written.length, query.length);
  assert.equal(written, 'at A.B() in /src/A.cs:42))))) then');
});

test('parenthesisedLine reads PHP\'s and the compilers\' file(line): and no call', () => {
  assert.deepEqual(parenthesisedLine('/var/www/src/Cart.php(42):'), { file: '/var/www/src/Cart.php', line: '42' });
  assert.deepEqual(parenthesisedLine('src/cart.ts(12,5):'), { file: 'src/cart.ts', line: '12' });
  for (const token of ['res.json(200)', 'retry(3):', 'res.json(200))', 'a.php(x):']) assert.equal(parenthesisedLine(token), undefined, token);
});

test('repositoryPath reads links to a file on GitHub, GitLab and Bitbucket, and no other site', () => {
  assert.equal(repositoryPath('https://github.com/o/r/blob/main/src/a.ts#L1C2-L3C4'), 'src/a.ts#L1-L3');
  assert.equal(repositoryPath('https://gitlab.example.org/g/sub/p/-/blob/v1/a.py#L7'), 'a.py#L7');
  assert.equal(repositoryPath('https://bitbucket.org/o/r/src/abc/lib/a.rb#lines-4:9'), 'lib/a.rb#L4-L9');
  assert.equal(repositoryPath('https://raw.githubusercontent.com/o/r/main/a.go'), 'a.go');
  assert.equal(repositoryPath('https://github.com/o/r/blob/main/a.md#readme'), 'a.md');
  assert.equal(repositoryPath('https://example.com/a/b/blob/v1/setup.py'), undefined);
});

test('fileUriPath reads a file URI\'s path, its escapes and a Windows drive', () => {
  assert.equal(fileUriPath('file:///home/me/a%2Bb.kt'), '/home/me/a+b.kt');
  assert.equal(fileUriPath('file:///C:/work/a.ts'), 'C:/work/a.ts');
  assert.equal(fileUriPath('file:///tmp/a%zz.py'), '/tmp/a%zz.py');
});

test('diffHunks gives each hunk\'s first and last changed lines, by its header\'s counts, at most max', () => {
  const diff = ['+++ b/a.ts', '@@ -1,3 +1,4 @@', ' x', '+y', ' z', '+w', '@@ -9 +10 @@', '-q', '+r', '@@ -20,2 +21,2 @@'].join('\n');
  assert.deepEqual(diffHunks(diff, 8).map((h) => [h.path, h.first, h.last, h.changed]), [['a.ts', 2, 4, true], ['a.ts', 10, 10, true], ['a.ts', 21, 22, false]]);
  assert.equal(diffHunks(diff, 1).length, 1);
  assert.deepEqual(diffHunks('+++ /dev/null\n@@ -1 +0,0 @@\n-a', 8), []);
});
