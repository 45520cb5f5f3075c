import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RankedSymbol } from '../../../src/explore/rank/rank.js';
import { renderFileSection, type FileSectionInput } from '../../../src/explore/render/file-section.js';
import type { StoredNode } from '../../../src/store/index.js';

const LINES = Array.from({ length: 400 }, (_, i) => `    line ${i + 1} of a long file, with enough text to cost something`);

function symbol(name: string, startLine: number, endLine: number): RankedSymbol {
  const node: StoredNode = {
    id: startLine, fileId: 1, path: 'src/big.py', kind: 'function', name, qualifiedName: name, startLine, startCol: 0,
    endLine, endCol: 0, parentId: null, signature: null, docstring: null, exported: true,
  };
  return { node, score: 1, base: 1, text: 1, exact: false, named: false };
}

function input(overrides: Partial<FileSectionInput>): FileSectionInput {
  return {
    path: 'src/big.py', language: 'python', lines: LINES, drifted: false, symbols: [], targets: [],
    fileNodes: new Map(), callLines: () => [], budget: 3000, ...overrides,
  };
}

test('a section shows its best symbols within the budget, never more', () => {
  const section = renderFileSection(input({ symbols: [symbol('small', 100, 110), symbol('other', 200, 205)] }));
  assert.ok(section.text.length <= 3000);
  assert.deepEqual(section.runs, [[100, 110], [200, 205]]);
  assert.deepEqual(section.shown.map((s) => s.node.name), ['small', 'other']);
});

test('when no symbol fits, a named file shows its opening lines and any other file shows nothing', () => {
  // Too big for the budget even as a head: the budget leaves no room after the header.
  const tight = { symbols: [symbol('huge', 50, 350)], budget: 300 };
  const named = renderFileSection(input({ ...tight, openingWhenEmpty: true }));
  assert.equal(named.runs[0]?.[0], 1, 'the opening lines of a file the query names');
  assert.ok(named.text.length <= 300);
  const other = renderFileSection(input({ ...tight, openingWhenEmpty: false }));
  assert.equal(other.text, '');
  assert.equal(other.clipped, true);
});

test('a member is shown with the line opening its container, a Rust impl block included', () => {
  const lines = [
    'use std::fmt;',
    '',
    'impl<T> Serialize for Option<T>',
    'where',
    '    T: Serialize,',
    '{',
    '    #[inline]',
    '    fn serialize(&self) -> u8 {',
    '        1',
    '    }',
    '}',
  ];
  const block: StoredNode = { ...symbol('impl Serialize for Option', 3, 11).node, id: 3, kind: 'impl', path: 'src/ser.rs' };
  const base = symbol('serialize', 8, 10).node;
  const method: RankedSymbol = { ...symbol('serialize', 8, 10), node: { ...base, qualifiedName: 'Option.serialize', path: 'src/ser.rs', parentId: 3 } };
  const fileNodes = new Map([[3, block], [8, method.node]]);
  const section = renderFileSection(input({ path: 'src/ser.rs', language: 'rust', lines, symbols: [method], fileNodes, wholeLimit: 10 }));
  assert.ok(section.runs.some(([a, b]) => a <= 3 && b >= 3), JSON.stringify(section.runs));
  assert.match(section.text, /3\timpl<T> Serialize for Option<T>/);
  const orphan: RankedSymbol = { ...method, node: { ...method.node, parentId: null } };
  const alone = renderFileSection(input({ path: 'src/ser.rs', language: 'rust', lines, symbols: [orphan], fileNodes, wholeLimit: 10 }));
  assert.ok(!alone.runs.some(([a, b]) => a <= 3 && b >= 3), 'without a container, only the member is shown');
});

test('a Rust impl block or its method is shown with the opening line of the type it is for, from the same module', () => {
  const lines = [
    'struct OptionVisitor<T> {',
    '    marker: PhantomData<T>,',
    '    first: u8,',
    '    second: u8,',
    '}',
    '',
    'impl<T> Visitor for OptionVisitor<T> {',
    '    fn visit_none(self) -> u8 {',
    '        0',
    '    }',
    '}',
    'mod other { struct OptionVisitor; }',
  ];
  const file = 100;
  const node = (id: number, kind: StoredNode['kind'], name: string, start: number, end: number, parentId: number): StoredNode =>
    ({ ...symbol(name, start, end).node, id, kind, path: 'src/de.rs', parentId });
  const fileNodes = new Map<number, StoredNode>([
    [1, node(1, 'struct', 'OptionVisitor', 1, 5, file)],
    [7, node(7, 'impl', 'impl Visitor for OptionVisitor', 7, 11, file)],
    [8, node(8, 'method', 'visit_none', 8, 10, 7)],
    [12, node(12, 'module', 'other', 12, 12, file)],
    [13, node(13, 'struct', 'OptionVisitor', 12, 12, 12)],
  ]);
  const method: RankedSymbol = { ...symbol('visit_none', 8, 10), node: fileNodes.get(8) as StoredNode };
  const section = renderFileSection(input({ path: 'src/de.rs', language: 'rust', lines, symbols: [method], fileNodes, wholeLimit: 10 }));
  // The impl block's closing line comes with its method (see the next test); the struct shows its opening line only.
  assert.deepEqual(section.runs, [[1, 1], [7, 11]]);
});

test('a definition shown all but its last lines is shown to its end; one with its middle left out is not', () => {
  const file = 1000;
  const node = (id: number, kind: StoredNode['kind'], name: string, start: number, end: number, parentId: number): StoredNode =>
    ({ ...symbol(name, start, end).node, id, kind, parentId });
  // A class too long to show whole, whose one method ends on the line before the class does.
  const fileNodes = new Map<number, StoredNode>([
    [100, node(100, 'class', 'Dispatcher', 100, 142, file)],
    [101, node(101, 'method', 'run', 101, 141, 100)],
    [200, node(200, 'function', 'later', 200, 204, file)],
  ]);
  const run: RankedSymbol = { ...symbol('run', 101, 141), node: fileNodes.get(101) as StoredNode };
  const closed = renderFileSection(input({ symbols: [run], fileNodes, budget: 20000, wholeLimit: 10 }));
  assert.deepEqual(closed.runs, [[100, 142]]);
  // With its head shown and the rest of its body left out, a definition is not closed.
  const lead = symbol('lead', 10, 20);
  const long = symbol('long', 100, 180);
  const short = symbol('short', 300, 306);
  const nodes = new Map([lead, long, short].map((s) => [s.node.id, s.node]));
  const head = renderFileSection(input({ symbols: [lead, long, short], fileNodes: nodes, budget: 6500 }));
  assert.ok(head.runs.some(([a, b]) => a === 100 && b < 170), JSON.stringify(head.runs));
  assert.ok(!head.runs.some(([a, b]) => a <= 180 && b >= 180), 'the long body\'s last line stays out');
});

test('below the file\'s leading definition a long body first gets its head, so shorter matches after it still fit', () => {
  const lead = symbol('lead', 10, 20);
  const long = symbol('long', 100, 180);
  const short = symbol('short', 300, 306);
  // Room for the long body whole, but then not for the short one after it.
  const tight = renderFileSection(input({ symbols: [lead, long, short], budget: 6500 }));
  assert.deepEqual(tight.shown.map((s) => s.node.name), ['lead', 'long', 'short']);
  assert.ok(tight.runs.some(([a, b]) => a === 100 && b < 180), `the long body is held to its head: ${JSON.stringify(tight.runs)}`);
  assert.ok(tight.runs.some(([a, b]) => a === 300 && b === 306));
  assert.equal(tight.clipped, true);
  // With room to spare the held-back body is shown whole after all.
  const roomy = renderFileSection(input({ symbols: [lead, long, short], budget: 20000 }));
  assert.ok(roomy.runs.some(([a, b]) => a === 100 && b === 180), JSON.stringify(roomy.runs));
  // The leading definition itself is never held back.
  const first = renderFileSection(input({ symbols: [long, short], budget: 20000 }));
  assert.ok(first.runs.some(([a, b]) => a === 100 && b === 180));
});

test('a member is shown with its container\'s annotation lines and the line that names the container', () => {
  const lines = ['@ValueBased', '@Deprecated', 'public final class Optional<T> {', '    private int a;', '    private int b;', '    private int c;', '    public T get() {', '        return value;', '    }', '    private int d;', '    private int e;', '    private int f;', '}'];
  const file = 1000;
  const node = (id: number, kind: StoredNode['kind'], name: string, start: number, end: number, parentId: number): StoredNode =>
    ({ ...symbol(name, start, end).node, id, kind, path: 'src/Optional.java', parentId });
  const fileNodes = new Map<number, StoredNode>([[1, node(1, 'class', 'Optional', 1, 13, file)], [7, node(7, 'method', 'get', 7, 9, 1)]]);
  const get: RankedSymbol = { ...symbol('get', 7, 9), node: fileNodes.get(7) as StoredNode };
  const section = renderFileSection(input({ path: 'src/Optional.java', language: 'java', lines, symbols: [get], fileNodes, wholeLimit: 10 }));
  assert.deepEqual(section.runs, [[1, 3], [7, 9]]);
});
