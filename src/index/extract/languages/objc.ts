/**
 * Objective-C: classes (interface, implementation, categories and extensions folded into one
 * symbol per class), protocols, methods named by selector (`pay:amount:`), properties, instance
 * variables; the C layer (functions, structs, enums, typedefs, macros); `#import`/`#include`/
 * `@import`, superclasses and adopted protocols, message sends, C calls and `[X alloc]`/`[X new]`.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, sourceHead } from '../builder.js';
import { leadingComment } from '../comments.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';

const TYPES: ReadonlySet<string> = new Set([
  'preproc_include', 'module_import', 'preproc_def', 'preproc_function_def', 'protocol_declaration',
  'class_interface', 'class_implementation', 'method_declaration', 'method_definition',
  'property_declaration', 'instance_variable', 'function_definition', 'struct_specifier',
  'union_specifier', 'enum_specifier', 'type_definition', 'message_expression', 'call_expression',
]);

const RECORD_KINDS: Readonly<Record<string, NodeKind>> = {
  struct_specifier: 'struct', union_specifier: 'union', enum_specifier: 'enum',
};

/** Messages that create an instance of the receiving class. */
const CREATORS: ReadonlySet<string> = new Set(['alloc', 'new', 'allocWithZone:']);

const isComment = (type: string): boolean => type === 'comment';
const MAX_RECEIVER_DEPTH = 6;

interface State {
  readonly b: ExtractionBuilder;
  readonly source: string;
  /** Class symbol per name, so that interface, implementation and categories share one symbol. */
  readonly classes: Map<string, number>;
  /** Method symbol per qualified name: a declaration and its definition are one method. */
  readonly methods: Map<string, number>;
  /** Classes implemented in this file: their interface's method prototypes are left to the definitions. */
  readonly implemented: ReadonlySet<string>;
}

/** Extracts symbols, references and imports from Objective-C files. */
export const objcExtractor: LanguageExtractor = {
  languages: ['objc'],
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const implemented = new Set<string>();
    for (const impl of tree.rootNode.descendantsOfType('class_implementation')) {
      if (impl !== null) implemented.add(blockKey(impl));
    }
    const st: State = { b, source, classes: new Map(), methods: new Map(), implemented };
    walk(tree.rootNode, b, TYPES, (n, t) => enter(st, n, t));
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};

function enter(st: State, node: Node, type: string): boolean | void {
  const b = st.b;
  switch (type) {
    case 'preproc_include': {
      const path = node.childForFieldName('path');
      if (path !== null) {
        const module = path.text.replace(/^["<]|[">]$/g, '');
        b.addImport({ module, names: [], reexport: false, line: node.startPosition.row + 1 });
      }
      return false;
    }
    case 'module_import': {
      const path = node.childForFieldName('path');
      if (path !== null) b.addImport({ module: path.text, names: [], reexport: false, line: node.startPosition.row + 1 });
      return false;
    }
    case 'preproc_def':
    case 'preproc_function_def': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name !== '') {
        b.define('macro', name, node, { exported: true, signature: sourceHead(st.source, node, null), docstring: leadingComment(node, isComment) });
      }
      return false;
    }
    case 'protocol_declaration':
      protocol(st, node);
      return;
    case 'class_interface':
    case 'class_implementation':
      return classBlock(st, node, type);
    case 'method_declaration':
    case 'method_definition':
      return method(st, node, type);
    case 'property_declaration': {
      const name = declaratorName(node.namedChildren.find((c) => c?.type === 'struct_declaration') ?? null);
      if (name !== undefined) {
        b.define('property', name, node, { exported: true, signature: sourceHead(st.source, node, null), docstring: leadingComment(node, isComment) });
      }
      return false;
    }
    case 'instance_variable': {
      const name = declaratorName(node.namedChildren.find((c) => c?.type === 'struct_declaration') ?? null);
      if (name !== undefined) {
        b.define('field', name, node, { exported: false, signature: sourceHead(st.source, node, null), docstring: leadingComment(node, isComment) });
      }
      return false;
    }
    case 'function_definition':
      return functionDefinition(st, node);
    case 'type_definition':
      typeDefinition(st, node);
      return false;
    case 'message_expression':
      message(st, node);
      return;
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      if (fn?.type === 'identifier') b.ref('calls', fn.text, fn);
      return;
    }
    default: {
      const kind = RECORD_KINDS[type];
      if (kind === undefined) return;
      return record(st, node, kind);
    }
  }
}

/** `@protocol P <Q>`: opened so its method declarations belong to it; adopted protocols are extended. */
function protocol(st: State, node: Node): void {
  const b = st.b;
  const name = node.firstNamedChild;
  if (name?.type !== 'identifier') return;
  b.open(b.define('protocol', name.text, node, {
    exported: true, signature: sourceHead(st.source, node, null), docstring: leadingComment(node, isComment),
  }));
  for (const child of node.namedChildren) {
    if (child?.type !== 'protocol_reference_list') continue;
    for (const p of child.namedChildren) if (p?.type === 'identifier') b.ref('extends', p.text, p);
  }
}

/** `typedef`: an inline struct, union or enum is walked first, then the alias unless it repeats the record's name. */
function typeDefinition(st: State, node: Node): void {
  const b = st.b;
  const inner = node.childForFieldName('type');
  const before = b.symbolCount;
  if (inner !== null && RECORD_KINDS[inner.type] !== undefined) walk(inner, b, TYPES, (n, t) => enter(st, n, t));
  const decl = node.childForFieldName('declarator');
  const name = decl?.type === 'type_identifier' ? decl.text : undefined;
  // `typedef struct { … } Point;` already named the record `Point`.
  if (name !== undefined && b.symbolAt(before)?.name !== name) {
    b.define('type_alias', name, node, {
      exported: true, signature: sourceHead(st.source, node, inner?.childForFieldName('body') ?? null), docstring: leadingComment(node, isComment),
    });
  }
}

/**
 * `@interface X : Base <P>`, `@interface X (Category)`, `@implementation X`: the first block of a
 * class in the file defines its symbol, later blocks reopen it.
 */
function classBlock(st: State, node: Node, type: string): boolean | void {
  const b = st.b;
  const nameNode = node.firstNamedChild;
  if (nameNode?.type !== 'identifier') return;
  const name = nameNode.text;
  let index = st.classes.get(name);
  if (index === undefined) {
    index = b.define('class', name, node, {
      exported: true, signature: sourceHead(st.source, node, null), docstring: leadingComment(node, isComment),
    });
    st.classes.set(name, index);
  }
  b.open(index);
  if (type !== 'class_interface') return;
  const superclass = node.childForFieldName('superclass');
  if (superclass !== null) b.ref('extends', superclass.text, superclass);
  for (const child of node.namedChildren) {
    if (child?.type !== 'parameterized_arguments') continue;
    for (const t of child.namedChildren) {
      const id = t?.type === 'type_name' ? t.firstNamedChild : null;
      if (id?.type === 'type_identifier') b.ref('implements', id.text, id);
    }
  }
  return;
}

function method(st: State, node: Node, type: string): boolean | void {
  const b = st.b;
  const owner = b.symbolAt(b.current);
  if (owner === undefined) return;
  // A prototype in the interface of a class implemented in this file is left to its definition.
  const block = node.parent;
  if (type === 'method_declaration' && block?.type === 'class_interface' && st.implemented.has(blockKey(block))) return false;
  const selector = selectorOf(node);
  if (selector === '') return;
  const qualifiedName = `${owner.qualifiedName}.${selector}`;
  const known = st.methods.get(qualifiedName);
  if (known !== undefined) {
    b.open(known);
    return;
  }
  const body = node.namedChildren.find((c) => c?.type === 'compound_statement') ?? null;
  const index = b.define('method', selector, node, {
    exported: true, signature: sourceHead(st.source, node, body), docstring: leadingComment(methodAnchor(node), isComment),
  });
  st.methods.set(qualifiedName, index);
  b.open(index);
  return;
}

/** `X()` for a class's main block or extension, `X(Category)` for a category. */
function blockKey(node: Node): string {
  const name = node.firstNamedChild;
  return `${name?.type === 'identifier' ? name.text : ''}(${node.childForFieldName('category')?.text ?? ''})`;
}

/** Definitions sit in an `implementation_definition` wrapper; their comment sits above it. */
function methodAnchor(node: Node): Node {
  const parent = node.parent;
  return parent?.type === 'implementation_definition' ? parent : node;
}

/** `pay:amount:` for `- (BOOL)pay:(G *)g amount:(int)a`, `count` for `- (int)count`. */
function selectorOf(node: Node): string {
  let selector = '';
  let pending = '';
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === 'identifier') {
      if (pending !== '') selector += `${pending}:`;
      pending = child.text;
    } else if (child.type === 'method_parameter') {
      selector += `${pending}:`;
      pending = '';
    } else if (child.type === 'compound_statement') {
      break;
    }
  }
  return selector === '' ? pending : pending !== '' ? `${selector}${pending}:` : selector;
}

/** `[receiver pay:x amount:y]` calls selector `pay:amount:`; `[Line alloc]` instantiates `Line`. */
function message(st: State, node: Node): void {
  const receiver = node.childForFieldName('receiver');
  const parts = node.childrenForFieldName('method');
  const first = parts[0];
  if (receiver === null || first == null) return;
  const hasArgs = node.namedChildren.some((c) => c !== null && c.startIndex > first.endIndex);
  const selector = parts.length > 1 || hasArgs ? parts.map((p) => `${p?.text ?? ''}:`).join('') : first.text;
  if (CREATORS.has(selector) && receiver.type === 'identifier' && /^[A-Z]/.test(receiver.text)) {
    st.b.ref('instantiates', receiver.text, receiver);
    return;
  }
  st.b.ref('calls', selector, first, receiverPath(receiver, 0));
}

/** `self`, `Foo`, `self.repo`, `self.repo.items()` for a nested send; `…` for anything else. */
function receiverPath(node: Node, depth: number): string {
  if (depth > MAX_RECEIVER_DEPTH) return '…';
  switch (node.type) {
    case 'identifier':
    case 'self':
    case 'super':
      return node.endIndex - node.startIndex > 100 ? '…' : node.text;
    case 'field_expression': {
      const arg = node.childForFieldName('argument');
      const field = node.childForFieldName('field');
      return `${arg !== null ? receiverPath(arg, depth + 1) : '…'}.${field?.text ?? ''}`;
    }
    case 'message_expression': {
      const inner = node.childForFieldName('receiver');
      const name = node.childForFieldName('method');
      return `${inner !== null ? receiverPath(inner, depth + 1) : '…'}.${name?.text ?? ''}()`;
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      return `${fn !== null ? receiverPath(fn, depth + 1) : '…'}()`;
    }
    case 'parenthesized_expression': {
      const inner = node.firstNamedChild;
      return inner !== null ? receiverPath(inner, depth + 1) : '…';
    }
    default:
      return '…';
  }
}

function functionDefinition(st: State, node: Node): boolean | void {
  let d = node.childForFieldName('declarator');
  while (d !== null && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  const name = d?.childForFieldName('declarator');
  if (name == null || name.type !== 'identifier') return;
  const isStatic = node.namedChildren.some((c) => c?.type === 'storage_class_specifier' && c.text === 'static');
  st.b.open(st.b.define('function', name.text, node, {
    exported: !isStatic, signature: sourceHead(st.source, node, node.childForFieldName('body')), docstring: leadingComment(node, isComment),
  }));
  return;
}

function record(st: State, node: Node, kind: NodeKind): boolean | void {
  const b = st.b;
  const body = node.childForFieldName('body');
  if (body === null) return;
  // `typedef struct { … } Point;` names the record by its typedef.
  const typedef = node.parent?.type === 'type_definition' ? node.parent : null;
  const alias = typedef?.childForFieldName('declarator');
  const name = node.childForFieldName('name')?.text ?? (alias?.type === 'type_identifier' ? alias.text : '');
  if (name === '') return;
  const index = b.define(kind, name, node, {
    exported: true, signature: sourceHead(st.source, typedef ?? node, body), docstring: leadingComment(typedef ?? node, isComment),
  });
  if (kind === 'enum') {
    b.within(index, () => {
      for (const e of body.namedChildren) {
        if (e?.type !== 'enumerator') continue;
        const en = e.childForFieldName('name')?.text ?? '';
        if (en !== '') b.define('enum_member', en, e, { exported: true, signature: sourceHead(st.source, e, null), docstring: leadingComment(e, isComment) });
      }
    });
    return false;
  }
  b.open(index);
  for (const field of body.namedChildren) {
    if (field?.type !== 'field_declaration') continue;
    for (const d of field.childrenForFieldName('declarator')) {
      const fname = innermost(d);
      if (fname !== undefined) b.define('field', fname, field, { exported: true, signature: sourceHead(st.source, field, null) });
    }
  }
  return false;
}

/** The name a (possibly pointer) declarator declares. */
function innermost(node: Node | null): string | undefined {
  let d = node;
  for (let i = 0; d !== null && i < 8; i++) {
    if (d.type === 'identifier' || d.type === 'field_identifier') return d.text;
    d = d.childForFieldName('declarator') ?? (d.type === 'struct_declarator' ? d.firstNamedChild : null);
  }
  return undefined;
}

/** The declared name in a property's or ivar's `struct_declaration`. */
function declaratorName(decl: Node | null): string | undefined {
  const declarator = decl?.namedChildren.find((c) => c?.type === 'struct_declarator') ?? null;
  return innermost(declarator);
}

