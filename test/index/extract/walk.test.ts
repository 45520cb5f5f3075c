import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Node } from 'web-tree-sitter';
import { ExtractionBuilder } from '../../../src/index/extract/builder.js';
import { extractSource } from '../../../src/index/extract/extract.js';
import { shallowNodes, walk } from '../../../src/index/extract/walk.js';
import { loadLanguage, withTree } from '../../../src/index/parse/grammar.js';

/** What a nested walk must visit: the native query's nodes, minus anonymous tokens sharing a listed name. */
function nativeIds(root: Node, types: ReadonlySet<string>): number[] {
  const ambiguous = new Set([...types].filter((t) => root.tree.language.idForNodeType(t, false) !== null));
  return root.descendantsOfType([...types])
    .filter((n): n is Node => n !== null && !(ambiguous.has(n.type) && !n.isNamed))
    .map((n) => n.id);
}

/**
 * Walks `source` and, inside every visit, walks the visited node and each of its named children
 * again with the same types: each nested walk must visit exactly what a fresh native query of that
 * root returns, in the same order. Returns how many nested walks were compared.
 */
async function compareNested(language: string, source: string, types: ReadonlySet<string>): Promise<number> {
  await loadLanguage(language);
  return withTree(language, source, (tree) => {
    const b = new ExtractionBuilder(language);
    let compared = 0;
    walk(tree.rootNode, b, types, (node) => {
      const roots = [node, ...node.namedChildren.filter((c): c is Node => c !== null)];
      for (const root of roots) {
        const seen: number[] = [];
        walk(root, b, types, (inner) => {
          seen.push(inner.id);
        });
        assert.deepEqual(seen, nativeIds(root, types), `${language}: nested walk of ${root.type} at ${root.startIndex}`);
        compared++;
      }
    });
    return compared;
  });
}

test('a nested walk over a subtree visits what a fresh native query of it returns (Rust)', async () => {
  const source = [
    'mod inner {',
    '    pub struct Point { x: i32, y: Vec<Option<u8>> }',
    '    impl<T: Clone> Trait<T> for Point where T: Copy {',
    '        fn go(&self) -> Point { let p = Point { x: 1, y: vec![] }; helper(p.x); Self::other() }',
    '    }',
    '}',
    'fn helper(v: i32) -> i32 { (((v))) }',
    '',
  ].join('\n');
  const types = new Set(['mod_item', 'function_item', 'impl_item', 'struct_item', 'call_expression', 'type_identifier',
    'generic_type', 'identifier', 'parenthesized_expression', 'field_expression', 'declaration_list', 'block']);
  assert.ok((await compareNested('rust', source, types)) > 50);
});

test('a nested walk matches the native query where nodes share start and end offsets (TypeScript)', async () => {
  // `a` is an identifier inside an expression statement inside a call: several nodes start at one offset.
  const source = 'a(b(c)); x.y.z(); class K extends B { m() { return new K(); } }\nexport default a;\n';
  const types = new Set(['call_expression', 'identifier', 'member_expression', 'expression_statement',
    'class_declaration', 'method_definition', 'new_expression', 'export_statement', 'type_identifier']);
  assert.ok((await compareNested('typescript', source, types)) > 20);
});

test('a nested walk handles anonymous tokens that share a listed type name (Python `type`)', async () => {
  const source = 'type X = int\nclass A:\n    def f(self, type):\n        return type(self)\n';
  const types = new Set(['type', 'identifier', 'call', 'class_definition', 'function_definition', 'block']);
  assert.ok((await compareNested('python', source, types)) > 10);
});

test('a nested walk matches the native query when an unlisted root has the range of a listed descendant', async () => {
  // `f(x)` as a statement: the unlisted expression_statement spans exactly its listed call.
  const source = 'def g():\n    f(x)\n    h(f(y))\n';
  const types = new Set(['block', 'call', 'function_definition', 'argument_list']);
  assert.ok((await compareNested('python', source, types)) > 5);
});

test('nested walks over parts of the visited node make no native query of their own', async () => {
  const source = 'impl P {\n    fn a(&self) { b(c(1)); }\n    fn d(&self) { e(); }\n}\nfn f() { g(); }\n';
  const types = new Set(['impl_item', 'function_item', 'call_expression', 'declaration_list', 'block']);
  await loadLanguage('rust');
  const native = Node.prototype.descendantsOfType;
  let calls = 0;
  Node.prototype.descendantsOfType = function (this: Node, ...args: Parameters<Node['descendantsOfType']>) {
    calls++;
    return native.apply(this, args);
  };
  try {
    const nested = await withTree('rust', source, (tree) => {
      let count = 0;
      walk(tree.rootNode, new ExtractionBuilder('rust'), types, (node) => {
        for (const child of node.namedChildren) if (child !== null) walk(child, new ExtractionBuilder('rust'), types, () => { count++; });
      });
      return count;
    });
    assert.ok(nested > 5, `only ${nested} nested visits`);
    assert.equal(calls, 1, 'one native query for the whole file');
  } finally {
    Node.prototype.descendantsOfType = native;
  }
});

test('walks nested deeper than the stack allows stop there and the rest of the file is extracted (the whole file was lost at about 700 levels)', async () => {
  const depth = 2000;
  const routes = `const app = express();\n${"app.get('/x', (req, res) => ".repeat(depth)}1${')'.repeat(depth)};\nfunction after() {}\n`;
  const js = await extractSource('javascript', routes, 'app.js');
  assert.ok(js.symbols.some((s) => s.name === 'after' && s.kind === 'function'));
  const nested = js.symbols.filter((s) => s.kind === 'route').length;
  assert.ok(nested >= 100 && nested < depth, `${nested} routes`);
  const classes = `${'class A { '.repeat(depth)}${'}'.repeat(depth)}\nclass After {}\n`;
  const java = await extractSource('java', classes, 'A.java');
  assert.ok(java.symbols.some((s) => s.name === 'After' && s.kind === 'class'));
  assert.ok(java.symbols.filter((s) => s.name === 'A').length >= 100);
});

test('definitions nested deeper than a bound are skipped with their subtrees; the first levels and the rest of the file are extracted', async () => {
  const depth = 3000;
  const ts = `${Array.from({ length: depth }, (_, i) => `namespace N${i} {\n`).join('')}${'}\n'.repeat(depth)}export function after() {}\n`;
  const extracted = await extractSource('typescript', ts, 'deep.ts');
  const namespaces = extracted.symbols.filter((s) => s.kind === 'namespace').length;
  assert.ok(namespaces >= 100 && namespaces < depth, `${namespaces} namespaces`);
  assert.ok(extracted.symbols.some((s) => s.name === 'after' && s.kind === 'function'));
  const ruby = `${Array.from({ length: depth }, (_, i) => `class C${i}\n  def a${i}; end\n`).join('')}${'end\n'.repeat(depth)}def after; end\n`;
  const rb = await extractSource('ruby', ruby, 'deep.rb');
  const classes = rb.symbols.filter((s) => s.kind === 'class').length;
  assert.ok(classes >= 50 && classes < depth, `${classes} classes`);
  assert.ok(rb.symbols.some((s) => s.name === 'after'));
});

test('shallowNodes keeps the nodes inside at most 128 bodies, in document order, and drops the deeper ones', async () => {
  const depth = 300;
  const source = `${Array.from({ length: depth }, (_, i) => `class C${i} {\n int f${i};\n`).join('')}${'}\n'.repeat(depth)}class After { int last; }\n`;
  const names = await withTree('java', source, (tree) =>
    shallowNodes(tree.rootNode, ['field_declaration'], ['class_body']).map((n) => n.childForFieldName('declarator')?.childForFieldName('name')?.text));
  assert.equal(names.length, 129);
  assert.deepEqual(names.slice(0, 3), ['f0', 'f1', 'f2']);
  assert.equal(names[127], 'f127');
  assert.equal(names[128], 'last');
});

test('a file-wide pass over fields reads the shallow ones\' types: a call on a field of the outermost of 3,000 nested classes binds', async () => {
  const depth = 3000;
  const source = `class C0 {\n Repo repo;\n void run() { repo.save(); }\n${Array.from({ length: depth }, (_, i) => `class C${i + 1} {\n`).join('')}${'}\n'.repeat(depth)}}\n`;
  const extracted = await extractSource('java', source, 'C0.java');
  const call = extracted.refs.find((r) => r.name === 'save');
  assert.ok(call !== undefined, 'the call is recorded');
  // The field's declared class stands for the receiver.
  assert.equal(call.receiver, 'Repo', JSON.stringify(call));
});
