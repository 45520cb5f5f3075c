import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calledEntries, pointerEntries, type PointerSource } from '../../../src/explore/render/pointers.js';
import type { StoredNode } from '../../../src/store/index.js';

function node(path: string, name: string, startLine: number, kind: StoredNode['kind'] = 'method'): StoredNode {
  return {
    id: startLine, fileId: 1, path, kind, name, qualifiedName: `Owner.${name}`, startLine, startCol: 0,
    endLine: startLine + 3, endCol: 0, parentId: null, signature: null, docstring: null, exported: true,
  };
}

const FILES: Readonly<Record<string, readonly string[]>> = {
  'src/Server.java': Array.from({ length: 50 }, (_, i) => `    line ${i + 1}`),
  'src/Codec.cs': Array.from({ length: 20 }, (_, i) => `  codec ${i + 1}`),
};

function source(fresh: readonly string[] = Object.keys(FILES)): PointerSource {
  return {
    freshLines: (path) => (fresh.includes(path) ? FILES[path] : undefined),
    language: (path) => (path.endsWith('.cs') ? 'c_sharp' : 'java'),
  };
}

test('each file quotes its definitions\' declaration lines, numbered, in line order, files in ranking order', () => {
  const lines = pointerEntries([node('src/Server.java', 'stop', 30), node('src/Codec.cs', 'decode', 4), node('src/Server.java', 'start', 12)], source());
  assert.deepEqual(lines, [
    'src/Server.java\n```java\n12\t    line 12\n... (gap) ...\n30\t    line 30\n```',
    'src/Codec.cs\n```csharp\n4\t  codec 4\n```',
  ]);
});

test('adjacent declaration lines share one run', () => {
  const entries = pointerEntries([node('src/Server.java', 'a', 7), node('src/Server.java', 'b', 8)], source());
  assert.deepEqual(entries, ['src/Server.java\n```java\n7\t    line 7\n8\t    line 8\n```']);
});

test('a file that no longer matches the index is listed by name and place, never quoted at a stored line', () => {
  const lines = pointerEntries([node('src/Server.java', 'stop', 30), node('src/Codec.cs', 'decode', 4)], source(['src/Codec.cs']));
  assert.deepEqual(lines, ['- `Owner.stop` (method) src/Server.java:30', 'src/Codec.cs\n```csharp\n4\t  codec 4\n```']);
});

test('a definition past the end of its file\'s current lines is listed, not quoted', () => {
  const lines = pointerEntries([node('src/Codec.cs', 'gone', 99, 'function')], source());
  assert.deepEqual(lines, ['- `Owner.gone` (function) src/Codec.cs:99']);
});

test('no definitions give no lines', () => {
  assert.deepEqual(pointerEntries([], source()), []);
});

test('the block quotes every line of a declaration written over several lines', () => {
  const entries = pointerEntries([{ ...node('src/Server.java', 'start', 12), endLine: 20 }], {
    freshLines: () => ['', ...Array.from({ length: 10 }, () => 'x'), '  void start(int a,', '             int b) {', '  }'],
    language: () => 'java',
  });
  assert.deepEqual(entries, ['src/Server.java\n```java\n12\t  void start(int a,\n13\t             int b) {\n```']);
});

test('the callees\' entries are the same entries, the first under a line saying what they are; none give none', () => {
  const entries = calledEntries([node('src/Server.java', 'stop', 30), node('src/Codec.cs', 'decode', 4)], source());
  assert.deepEqual(entries, [
    'Called by the code above:\nsrc/Server.java\n```java\n30\t    line 30\n```',
    'src/Codec.cs\n```csharp\n4\t  codec 4\n```',
  ]);
  assert.deepEqual(calledEntries([], source()), []);
});
