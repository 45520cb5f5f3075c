import assert from 'node:assert/strict';
import { test } from 'node:test';
import { declarationLines, headerLines, MAX_DECLARATION_LINES } from '../../../src/explore/render/declaration.js';
import type { StoredNode } from '../../../src/store/index.js';

function at(startLine: number, endLine: number): StoredNode {
  return {
    id: startLine, fileId: 1, path: 'src/x', kind: 'method', name: 'x', qualifiedName: 'x', startLine, startCol: 0,
    endLine, endCol: 0, parentId: null, signature: null, docstring: null, exported: true,
  };
}

function declared(lines: readonly string[], startLine: number, endLine = lines.length): string[] {
  return declarationLines(lines, at(startLine, endLine)).map((n) => (lines[n - 1] ?? '').trim());
}

test('a declaration is quoted past its annotations to the line that closes its parameter list', () => {
  const python = ['    @property', '    def _finalize(', '        self, conn,', '        record=None,', '    ):', '        return conn'];
  assert.deepEqual(declared(python, 1), ['@property', 'def _finalize(', 'self, conn,', 'record=None,']);
  const java = ['@Override', 'public void run(String a,', '                int b) {', '    go();', '}'];
  assert.deepEqual(declared(java, 1), ['@Override', 'public void run(String a,', 'int b) {']);
  const rust = ['#[inline]', 'fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>', 'where', '    D: Deserializer,', '{'];
  assert.deepEqual(declared(rust, 1), ['#[inline]', 'fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>']);
  const typescript = ['export class Query<', '  TData = unknown,', '> extends Removable {', '  state = 1', '}'];
  assert.deepEqual(declared(typescript, 1), ['export class Query<', 'TData = unknown,', '> extends Removable {']);
  const csharp = ['[Obsolete("old")]', 'public int Count() => 1;'];
  assert.deepEqual(declared(csharp, 1), ['[Obsolete("old")]', 'public int Count() => 1;']);
});

test('a one-line declaration is one line, and a long one stops at the cap or at the definition\'s end', () => {
  assert.deepEqual(declared(['def f(a, b):', '    return a'], 1), ['def f(a, b):']);
  const long = ['def g(', ...Array.from({ length: 10 }, (_, i) => `    p${i},`), '):', '    pass'];
  assert.equal(declared(long, 1).length, MAX_DECLARATION_LINES);
  assert.deepEqual(declared(long, 1, 2), ['def g(', 'p0,'], 'never past the definition\'s last line');
});

test('a header runs past its annotations, comments after them included, to the line that names the definition', () => {
  const java = ['@SuppressWarnings("serial")  // serialVersionUID is not constant', '@Deprecated(since="9")', 'public class Logger extends Base', '    implements Named,', '    Closeable {', '}'];
  assert.deepEqual(headerLines(java, at(1, 6)), [1, 2, 3]);
  assert.deepEqual(headerLines(['class Plain:', '    pass'], at(1, 2)), [1]);
  const stacked = Array.from({ length: 8 }, () => '@Marker');
  assert.equal(headerLines(stacked, at(1, 8)).length, MAX_DECLARATION_LINES, 'annotations alone stop at the cap');
});
