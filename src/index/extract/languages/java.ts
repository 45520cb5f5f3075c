/** Java: package, types (record components as fields), members, imports (static and wildcard), inheritance, calls, annotations. */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { packArity } from '../../arity.js';
import { argumentCount, parameterArity } from '../arity.js';
import type { ParameterRole } from '../arity.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { DOC_BLOCKS, leadingComment } from '../comments.js';
import { isUpperSnake, splitQualified } from '../names.js';
import { receiverText } from '../receivers.js';
import type { PathShape } from '../receivers.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import type { FileTypes } from '../local-types.js';
import { walk } from '../walk.js';
import { classRoutePrefix, methodRoutes, usesJaxrs } from './java-routes.js';
import { JAVA_LOCALS, javaReceiver, javaTypes, noteJavaLocal } from './java-receivers.js';

const TYPES: ReadonlySet<string> = new Set([
  'package_declaration', 'import_declaration', 'class_declaration', 'interface_declaration',
  'enum_declaration', 'record_declaration', 'annotation_type_declaration', 'method_declaration',
  'constructor_declaration', 'compact_constructor_declaration', 'field_declaration', 'constant_declaration',
  'enum_constant', 'method_invocation', 'method_reference', 'object_creation_expression', 'type_identifier',
  'scoped_type_identifier', 'type_parameter', 'modifiers', 'annotation_type_element_declaration',
  ...JAVA_LOCALS,
]);

const SHAPE: PathShape = {
  leaves: new Set(['identifier', 'this', 'super', 'type_identifier']),
  members: { field_access: ['object', 'field', '.'], scoped_identifier: ['scope', 'name', '.'] },
  calls: {},
  invocations: { method_invocation: ['object', 'name', '.'] },
  wrappers: new Set(['parenthesized_expression']),
  subscripts: { array_access: 'array' },
};

const TYPE_KINDS: Readonly<Record<string, NodeKind>> = {
  class_declaration: 'class', interface_declaration: 'interface', enum_declaration: 'enum',
  record_declaration: 'class', annotation_type_declaration: 'interface',
};

/** Annotations that only talk to the compiler: a `decorates` edge to them says nothing. */
const COMPILER_ANNOTATIONS: ReadonlySet<string> = new Set([
  'Override', 'Deprecated', 'SuppressWarnings', 'FunctionalInterface', 'SafeVarargs',
]);

const isComment = (type: string): boolean => type === 'block_comment' || type === 'line_comment';

/** Varargs take the rest; the receiver parameter (`Outer Outer.this`) is no argument. */
function parameterRole(p: Node): ParameterRole {
  switch (p.type) {
    case 'formal_parameter': return 'required';
    case 'spread_parameter': return 'rest';
    default: return 'skip';
  }
}

interface State {
  readonly b: ExtractionBuilder;
  readonly typeParams: Set<string>;
  readonly typed: FileTypes;
  /** Each class's route prefix (`@RequestMapping("/api")`), by symbol index; undefined for none. */
  readonly routePrefixes: Map<number, string | undefined>;
  /** The file uses JAX-RS, whose sub-resources' routes have no `@Path` of their class. */
  readonly jaxrs: boolean;
}

/** Extracts symbols, references and imports from Java files. */
export const javaExtractor: LanguageExtractor = {
  languages: ['java'],
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const st: State = { b, typeParams: new Set(), typed: javaTypes(tree.rootNode), routePrefixes: new Map(), jaxrs: usesJaxrs(source) };
    walk(tree.rootNode, b, TYPES, (n, t) => enter(st, n, t));
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};

function modifiersOf(node: Node): Node | null {
  const first = node.namedChild(0);
  return first?.type === 'modifiers' ? first : null;
}

function hasModifier(mods: Node | null, word: string): boolean {
  if (mods === null) return false;
  return mods.children.some((c) => c !== null && c.type === word);
}

/** `public`, or implicitly public as an interface member, and every enclosing type visible too. */
function isVisible(st: State, node: Node, mods: Node | null): boolean {
  const parent = st.b.symbolAt(st.b.current);
  if (parent !== undefined && !parent.exported) return false;
  if (hasModifier(mods, 'public')) return true;
  return parent?.kind === 'interface' && !hasModifier(mods, 'private') && node.type !== 'field_declaration';
}

function enter(st: State, node: Node, type: string): boolean | void {
  const b = st.b;
  if (JAVA_LOCALS.has(type)) return noteJavaLocal(b, st.typed, st.typeParams, node, type);
  switch (type) {
    case 'package_declaration': {
      const name = node.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier');
      if (name != null) b.setPackage(name.text);
      return false;
    }
    case 'import_declaration':
      importDeclaration(b, node);
      return false;
    case 'modifiers':
      // Annotations are recorded by the declaration they annotate.
      return false;
    case 'method_declaration':
    case 'constructor_declaration':
    case 'compact_constructor_declaration':
    case 'annotation_type_element_declaration':
      callable(st, node, type);
      return;
    case 'field_declaration':
    case 'constant_declaration':
      fields(st, node, type);
      return;
    case 'enum_constant': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return;
      b.open(b.define('enum_member', name, node, {
        exported: b.symbolAt(b.current)?.exported ?? false, signature: headText(node, node.childForFieldName('body')),
        docstring: leadingComment(node, isComment, undefined, DOC_BLOCKS),
      }));
      return;
    }
    case 'method_invocation': {
      const name = node.childForFieldName('name');
      const object = node.childForFieldName('object');
      if (name !== null) {
        const args = argumentCount(node.childForFieldName('arguments'), (t) => !isComment(t));
        b.ref('calls', name.text, name, object !== null ? (javaReceiver(b, st.typed, object) ?? receiverText(object, SHAPE)) : undefined, args);
      }
      return;
    }
    case 'method_reference':
      methodReference(st, node);
      return false;
    case 'object_creation_expression':
      objectCreation(st, node);
      return false;
    case 'type_identifier':
    case 'scoped_type_identifier':
      typeRef(st, 'references', node);
      return false;
    case 'type_parameter': {
      const name = node.namedChildren.find((c) => c?.type === 'type_identifier' || c?.type === 'identifier');
      if (name != null) st.typeParams.add(name.text);
      return false;
    }
    default: {
      const kind = TYPE_KINDS[type];
      if (kind === undefined) return;
      return typeDeclaration(st, node, kind);
    }
  }
}

/**
 * A method, constructor or annotation element, opened for its body; a compact record
 * constructor has no name of its own and takes the record's.
 */
function callable(st: State, node: Node, type: string): void {
  const b = st.b;
  const name = node.childForFieldName('name')?.text ?? b.symbolAt(b.current)?.name ?? '';
  if (name === '') return;
  const mods = modifiersOf(node);
  const owner = b.current;
  const index = b.define(type === 'method_declaration' || type === 'annotation_type_element_declaration' ? 'method' : 'constructor', name, node, {
    exported: isVisible(st, node, mods), signature: signature(node, node.childForFieldName('body')),
    docstring: leadingComment(node, isComment, undefined, DOC_BLOCKS),
    arity: parameterArity(node.childForFieldName('parameters'), parameterRole) ?? (type === 'annotation_type_element_declaration' ? packArity(0, 0) : undefined),
  });
  const nameNode = node.childForFieldName('name');
  if (type === 'method_declaration' && nameNode !== null) methodRoutes(b, mods, nameNode, owner, st.routePrefixes.get(owner), st.jaxrs);
  b.open(index);
  annotations(b, mods);
}

/**
 * Each declarator of a field (constants when `static final` and upper-case, or in an interface
 * constant declaration); the first is opened so initializers and annotations are attributed to it.
 */
function fields(st: State, node: Node, type: string): void {
  const b = st.b;
  const mods = modifiersOf(node);
  const isConst = type === 'constant_declaration' || (hasModifier(mods, 'static') && hasModifier(mods, 'final'));
  const exported = isVisible(st, node, mods);
  const doc = leadingComment(node, isComment, undefined, DOC_BLOCKS);
  const first = b.symbolCount;
  for (const decl of node.childrenForFieldName('declarator')) {
    const name = decl?.childForFieldName('name')?.text ?? '';
    if (name === '') continue;
    b.define(isConst && isUpperSnake(name) ? 'constant' : 'field', name, node, {
      exported, signature: signature(node, null), docstring: doc,
    });
  }
  if (b.symbolCount > first) {
    b.open(first);
    annotations(b, mods);
  }
}

/** `new T(…)`: instantiates T; arguments and an anonymous class body are walked for what they hold. */
function objectCreation(st: State, node: Node): void {
  const t = node.childForFieldName('type');
  if (t !== null) typeRef(st, 'instantiates', t);
  for (const child of node.namedChildren) {
    if (child !== null && child.type !== 'type_identifier' && child.type !== 'generic_type' && child.type !== 'scoped_type_identifier') {
      walk(child, st.b, TYPES, (n, ty) => enter(st, n, ty));
    }
  }
}

/**
 * `this::decode`, `String::trim`, `exchange::readBody` hand a method to a call that runs it (the
 * `CompletableFuture` chains of asynchronous code are made of them): a call of that method on
 * what stands before `::`. `Type::new` creates a `Type`.
 */
function methodReference(st: State, node: Node): void {
  const object = node.namedChild(0);
  const last = node.child(node.childCount - 1);
  if (object === null || last === null) return;
  if (last.type === 'new') {
    if (object.type === 'identifier' || object.type === 'type_identifier') st.b.ref('instantiates', object.text, object);
    else if (object.type !== 'array_type') typeRef(st, 'instantiates', object);
    return;
  }
  if (last.type !== 'identifier') return;
  st.b.ref('calls', last.text, last, javaReceiver(st.b, st.typed, object) ?? receiverText(object, SHAPE));
  if (object.type !== 'this' && object.type !== 'super' && object.type !== 'identifier') walk(object, st.b, TYPES, (n, ty) => enter(st, n, ty));
}

/** The declaration head without its annotations, which would crowd out the interesting part. */
function signature(node: Node, body: Node | null): string {
  const head = headText(node, body);
  return head.replace(/^(?:@[\w.]+(?:\([^)]*\))?\s*)+/, '');
}

function typeDeclaration(st: State, node: Node, kind: NodeKind): boolean | void {
  const b = st.b;
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  const mods = modifiersOf(node);
  const body = node.childForFieldName('body');
  const index = b.define(kind, name, node, {
    exported: isVisible(st, node, mods), signature: signature(node, body), docstring: leadingComment(node, isComment, undefined, DOC_BLOCKS),
  });
  st.routePrefixes.set(index, classRoutePrefix(mods));
  b.open(index);
  annotations(b, mods);
  const params = node.childForFieldName('type_parameters');
  if (params !== null) walk(params, b, TYPES, (n, t) => enter(st, n, t));
  const superclass = node.childForFieldName('superclass');
  for (const t of superclass?.namedChildren ?? []) if (t !== null) typeRef(st, 'extends', t);
  const interfaces = node.childForFieldName('interfaces');
  const heritage = kind === 'interface' ? 'extends' : 'implements';
  for (const child of node.namedChildren) {
    if (child?.type !== 'super_interfaces' && child?.type !== 'extends_interfaces' && child !== interfaces) continue;
    for (const list of child?.namedChildren ?? []) {
      for (const t of list?.type === 'type_list' ? list.namedChildren : [list]) if (t != null) typeRef(st, heritage, t);
    }
  }
  const recordParams = node.childForFieldName('parameters');
  if (recordParams !== null) {
    walk(recordParams, b, TYPES, (n, t) => enter(st, n, t));
    recordComponents(b, recordParams, b.symbolAt(index)?.exported ?? false);
  }
  if (body !== null) walk(body, b, TYPES, (n, t) => enter(st, n, t));
  return false;
}

/** A record's components are its fields (each with a public accessor of the same name). */
function recordComponents(b: ExtractionBuilder, params: Node, exported: boolean): void {
  for (const p of params.namedChildren) {
    const name = p?.type === 'formal_parameter' ? p.childForFieldName('name') : null;
    if (p != null && name != null) b.define('field', name.text, p, { exported, signature: headText(p, null) });
  }
}

function annotations(b: ExtractionBuilder, mods: Node | null): void {
  for (const a of mods?.namedChildren ?? []) {
    if (a === null || (a.type !== 'marker_annotation' && a.type !== 'annotation')) continue;
    const nameNode = a.childForFieldName('name');
    if (nameNode === null) continue;
    const { qualifier, name } = splitQualified(nameNode.text, '.');
    if (COMPILER_ANNOTATIONS.has(name)) continue;
    b.ref('decorates', name, nameNode, qualifier !== '' ? qualifier : undefined);
  }
}

function typeRef(st: State, kind: 'references' | 'instantiates' | 'extends' | 'implements', node: Node): void {
  switch (node.type) {
    case 'type_identifier': {
      const name = node.text;
      if (!st.typeParams.has(name)) st.b.ref(kind, name, node);
      return;
    }
    case 'scoped_type_identifier': {
      const { qualifier, name } = splitQualified(node.text.replace(/<[^>]*>/g, ''), '.');
      st.b.ref(kind, name, node, qualifier !== '' ? qualifier : undefined);
      return;
    }
    case 'generic_type': {
      const base = node.namedChild(0);
      if (base !== null) typeRef(st, kind, base);
      const args = node.namedChildren.find((c) => c?.type === 'type_arguments');
      if (args != null) walk(args, st.b, TYPES, (n, t) => enter(st, n, t));
      return;
    }
    default:
      return;
  }
}

function importDeclaration(b: ExtractionBuilder, node: Node): void {
  const target = node.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier');
  if (target == null) return;
  const wildcard = node.namedChildren.some((c) => c?.type === 'asterisk');
  const line = node.startPosition.row + 1;
  const path = target.text;
  if (wildcard) {
    b.addImport({ module: path, names: [{ imported: '*', local: '*' }], reexport: false, line });
    return;
  }
  // `import a.b.C;` imports C from package a.b, just as `import static a.b.C.m;` imports m from C.
  const { qualifier, name } = splitQualified(path, '.');
  b.addImport({ module: qualifier, names: [{ imported: name, local: name }], reexport: false, line });
}
