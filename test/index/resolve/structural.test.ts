import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResolveResult } from '../../../src/index/resolve/index.js';
import { goShape } from '../../../src/index/resolve/structural.js';
import { ProjectBuilder } from './builders.js';

/** The structural edges of a result as `kind source->target` lines. */
function structural(result: ResolveResult, b: ProjectBuilder): string[] {
  return b.linkLines(result);
}

test('go: a type whose methods (declared in any file of its package, or promoted from an embedded struct) cover an interface\'s implements it; each method overrides the interface\'s', () => {
  const b = new ProjectBuilder();
  const shapes = b.file('shapes/shape.go', { packageName: 'shapes' });
  const shape = b.sym(shapes, 'Shape', { kind: 'interface' });
  b.sym(shapes, 'Area', { parent: shape, kind: 'method', qualifiedName: 'Shape.Area' });
  b.sym(shapes, 'Name', { parent: shape, kind: 'method', qualifiedName: 'Shape.Name' });
  const square = b.file('shapes/square.go', { packageName: 'shapes' });
  b.sym(square, 'Square', { kind: 'struct' });
  b.sym(square, 'Area', { kind: 'method', qualifiedName: 'Square.Area' });
  const names = b.file('shapes/names.go', { packageName: 'shapes' });
  b.sym(names, 'Name', { kind: 'method', qualifiedName: 'Square.Name' });
  // Only one of the two methods: no relation.
  b.sym(square, 'Line', { kind: 'struct' });
  b.sym(square, 'Area', { kind: 'method', qualifiedName: 'Line.Area' });
  // A struct that embeds Named gets Name promoted.
  b.sym(names, 'Named', { kind: 'struct' });
  b.sym(names, 'Name', { kind: 'method', qualifiedName: 'Named.Name' });
  const circle = b.sym(square, 'Circle', { kind: 'struct' });
  b.sym(square, 'Area', { kind: 'method', qualifiedName: 'Circle.Area' });
  b.ref(square, 'Named', { kind: 'extends', from: circle });
  const edges = structural(b.resolve(), b).sort();
  assert.deepEqual(edges, [
    'implements Circle->Shape',
    'implements Square->Shape',
    'overrides Circle.Area->Shape.Area',
    'overrides Square.Area->Shape.Area',
    'overrides Square.Name->Shape.Name',
  ]);
});

test('go: an interface embedding a project interface needs its methods too; one embedding an interface from outside, or declaring none, is satisfied by nothing', () => {
  const b = new ProjectBuilder();
  const io = b.file('io/io.go', { packageName: 'io' });
  const closer = b.sym(io, 'Closer', { kind: 'interface' });
  b.sym(io, 'Close', { parent: closer, kind: 'method', qualifiedName: 'Closer.Close' });
  const readCloser = b.sym(io, 'ReadCloser', { kind: 'interface' });
  b.sym(io, 'Read', { parent: readCloser, kind: 'method', qualifiedName: 'ReadCloser.Read' });
  b.ref(io, 'Closer', { kind: 'extends', from: readCloser });
  // `net.Listener` and `net.Conn`, from outside (the second named like its embedder): their methods are not known.
  const stream = b.sym(io, 'Stream', { kind: 'interface' });
  b.sym(io, 'Close', { parent: stream, kind: 'method', qualifiedName: 'Stream.Close' });
  b.ref(io, 'Listener', { kind: 'extends', from: stream, receiver: 'net' });
  const conn = b.sym(io, 'Conn', { kind: 'interface' });
  b.sym(io, 'Close', { parent: conn, kind: 'method', qualifiedName: 'Conn.Close' });
  b.ref(io, 'Conn', { kind: 'extends', from: conn, receiver: 'net' });
  b.sym(io, 'Any', { kind: 'interface' });
  const file = b.file('io/file.go', { packageName: 'io' });
  b.sym(file, 'File', { kind: 'struct' });
  b.sym(file, 'Close', { kind: 'method', qualifiedName: 'File.Close' });
  b.sym(file, 'Pipe', { kind: 'struct' });
  b.sym(file, 'Close', { kind: 'method', qualifiedName: 'Pipe.Close' });
  b.sym(file, 'Read', { kind: 'method', qualifiedName: 'Pipe.Read' });
  const edges = structural(b.resolve(), b).sort();
  assert.deepEqual(edges, [
    'implements File->Closer',
    'implements Pipe->Closer',
    'implements Pipe->ReadCloser',
    'overrides File.Close->Closer.Close',
    'overrides Pipe.Close->Closer.Close',
    'overrides Pipe.Read->ReadCloser.Read',
  ]);
});

test('go: a targeted run emits the structural edges of the files it resolves only', () => {
  const b = new ProjectBuilder();
  const api = b.file('api/api.go', { packageName: 'api' });
  const shape = b.sym(api, 'Shape', { kind: 'interface' });
  b.sym(api, 'Area', { parent: shape, kind: 'method', qualifiedName: 'Shape.Area' });
  const one = b.file('one/one.go', { packageName: 'one' });
  b.sym(one, 'One', { kind: 'struct' });
  b.sym(one, 'Area', { kind: 'method', qualifiedName: 'One.Area' });
  const two = b.file('two/two.go', { packageName: 'two' });
  b.sym(two, 'Two', { kind: 'struct' });
  b.sym(two, 'Area', { kind: 'method', qualifiedName: 'Two.Area' });
  assert.deepEqual(structural(b.resolve({ emitFiles: new Set([one]) }), b).sort(), ['implements One->Shape', 'overrides One.Area->Shape.Area']);
});

test('go: a method satisfies an interface\'s only with the same parameter and result types, names and package qualifiers aside', () => {
  assert.equal(goShape('func (s *Square) Read(p []byte) (n int, err error)'), '([]byte)(int,error)');
  assert.equal(goShape('Read(p []byte) (int, error)'), '([]byte)(int,error)');
  assert.equal(goShape('func (fs *BasePathFs) Stat(name string) (os.FileInfo, error)'), '(string)(FileInfo,error)');
  assert.equal(goShape('Stat(name string) (FileInfo, error)'), '(string)(FileInfo,error)');
  assert.equal(goShape('func (l *List[T]) Push(a, b T, rest ...any)'), '(T,T,...interface{})()');
  assert.equal(goShape('Watch(ch <-chan int, f func(int) error) map[string]int'), '(<-chanint,func(int)error)(map[string]int)');
  assert.equal(goShape('func (c *Call) Run(fn func(args Arguments)) *Call {'), '(func(argsArguments))(*Call)');
  assert.equal(goShape('not a signature'), undefined);
  const b = new ProjectBuilder();
  const api = b.file('api/api.go', { packageName: 'api' });
  const replacer = b.sym(api, 'Replacer', { kind: 'interface' });
  b.sym(api, 'Replace', { parent: replacer, kind: 'method', qualifiedName: 'Replacer.Replace' });
  const values = b.file('flag/values.go', { packageName: 'flag' });
  b.sym(values, 'sliceValue', { kind: 'struct' });
  b.sym(values, 'Replace', { kind: 'method', qualifiedName: 'sliceValue.Replace' });
  b.sym(values, 'textValue', { kind: 'struct' });
  b.sym(values, 'Replace', { kind: 'method', qualifiedName: 'textValue.Replace' });
  const signatures = new Map([
    ['Replacer.Replace', 'Replace(s string) string'],
    ['sliceValue.Replace', 'func (s *sliceValue) Replace(val []string) error'],
    ['textValue.Replace', 'func (t textValue) Replace(text string) string'],
  ]);
  for (const [i, s] of b.symbols.entries()) {
    const signature = signatures.get(s.qualifiedName);
    if (signature !== undefined) b.symbols[i] = { ...s, signature };
  }
  assert.deepEqual(structural(b.resolve(), b).sort(), ['implements textValue->Replacer', 'overrides textValue.Replace->Replacer.Replace']);
});
