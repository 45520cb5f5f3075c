/**
 * C#: the namespace (block or file-scoped) as the package, classes, structs, interfaces, records,
 * enums and their members, methods, constructors, operators, finalizers, indexers, properties,
 * fields, constants, events, delegates and local functions; `using` directives (plain, alias and static), base lists, calls, `new` and
 * attributes.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { argumentCount, parameterArity } from '../arity.js';
import type { ParameterRole } from '../arity.js';
import { ExtractionBuilder, clip, countParseErrors } from '../builder.js';
import { cleanComment } from '../comments.js';
import { splitQualified } from '../names.js';
import { LocalTypes, receiverClass } from '../local-types.js';
import { receiverText } from '../receivers.js';
import type { PathShape } from '../receivers.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';
import { SPECIAL_MEMBERS, specialMemberName } from './csharp-special-members.js';

const TYPES: ReadonlySet<string> = new Set([
  'using_directive', 'namespace_declaration', 'file_scoped_namespace_declaration', 'class_declaration',
  'struct_declaration', 'interface_declaration', 'record_declaration', 'record_struct_declaration',
  'enum_declaration', 'enum_member_declaration', 'delegate_declaration', 'method_declaration',
  'constructor_declaration', 'local_function_statement', 'property_declaration', 'field_declaration',
  'event_field_declaration', 'event_declaration', 'invocation_expression', 'object_creation_expression',
  'attribute_list', 'base_list', 'variable_declaration', 'parameter', 'for_each_statement', 'catch_declaration',
  'declaration_pattern', 'declaration_expression', 'lambda_expression', ...SPECIAL_MEMBERS,
]);

const TYPE_KINDS: Readonly<Record<string, NodeKind>> = {
  class_declaration: 'class', struct_declaration: 'struct', interface_declaration: 'interface',
  record_declaration: 'class', record_struct_declaration: 'struct', enum_declaration: 'enum',
};

const SHAPE: PathShape = {
  leaves: new Set(['identifier', 'this_expression', 'base_expression', 'predefined_type', 'generic_name']),
  members: { member_access_expression: ['expression', 'name', '.'], qualified_name: ['qualifier', 'name', '.'] },
  calls: { invocation_expression: 'function' },
  wrappers: new Set(['parenthesized_expression', 'await_expression', 'postfix_unary_expression']),
  subscripts: { element_access_expression: 'expression' },
};

/** Attributes that only talk to the compiler, debugger or serializer: a `decorates` edge says nothing. */
const COMPILER_ATTRIBUTES: ReadonlySet<string> = new Set([
  'Obsolete', 'Serializable', 'NonSerialized', 'Flags', 'SuppressMessage', 'MethodImpl',
  'CompilerGenerated', 'DebuggerStepThrough', 'DebuggerHidden', 'DebuggerNonUserCode',
  'DebuggerDisplay', 'DebuggerBrowsable', 'ExcludeFromCodeCoverage', 'StructLayout', 'FieldOffset',
]);

/** Attributes of the common test frameworks (NUnit, xUnit, MSTest). */
const TEST_ATTRIBUTES: ReadonlySet<string> = new Set([
  'Test', 'TestCase', 'TestCaseSource', 'TestFixture', 'Fact', 'Theory', 'TestMethod', 'TestClass',
]);

const MAX_HEAD = 1000;

interface State {
  readonly b: ExtractionBuilder;
  readonly source: string;
  /** The namespace of the file's first type, else of its first namespace declaration. */
  pkg: string | undefined;
  pkgFromType: boolean;
  isTest: boolean;
  /** The declared class of each member's locals and parameters, and `Owner.field` of the file's fields and properties. */
  readonly locals: LocalTypes;
  readonly fields: ReadonlyMap<string, string>;
}

/** Extracts symbols, references and `using` imports from C# files. */
export const csharpExtractor: LanguageExtractor = {
  languages: ['c_sharp'],
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const st: State = { b, source, pkg: undefined, pkgFromType: false, isTest: false, locals: new LocalTypes(), fields: memberTypes(tree.rootNode) };
    walk(tree.rootNode, b, TYPES, (n, t) => enter(st, n, t));
    if (st.pkg !== undefined) b.setPackage(st.pkg);
    return b.finish(countParseErrors(tree.rootNode), st.isTest || isTestPath(path));
  },
};

/** An operator, conversion, finalizer or indexer: a method, opened for its body. */
function specialMember(st: State, node: Node, type: string): void {
  const name = specialMemberName(node, type);
  if (name === '') return;
  const body = node.childForFieldName('body') ?? node.namedChildren.find((c) => c?.type === 'arrow_expression_clause' || c?.type === 'accessor_list') ?? null;
  st.b.open(st.b.define('method', name, node, {
    exported: isExported(st, modifiers(node)), signature: head(st.source, node, body), docstring: docComment(node),
  }));
  attributes(st, node);
}

function enter(st: State, node: Node, type: string): boolean | void {
  const b = st.b;
  switch (type) {
    case 'using_directive':
      usingDirective(b, node);
      return false;
    case 'namespace_declaration':
    case 'file_scoped_namespace_declaration':
      if (st.pkg === undefined) st.pkg = namespaceOf(node);
      return;
    case 'attribute_list':
    case 'base_list':
      // Recorded by the declaration that carries them.
      return false;
    case 'enum_member_declaration': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return false;
      b.define('enum_member', name, node, {
        exported: b.symbolAt(b.current)?.exported ?? false, signature: head(st.source, node, null), docstring: docComment(node),
      });
      return false;
    }
    case 'delegate_declaration': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return false;
      if (b.current < 0) packageFromType(st, node);
      const index = b.define('type_alias', name, node, {
        exported: isExported(st, modifiers(node)), signature: head(st.source, node, null), docstring: docComment(node),
      });
      b.within(index, () => attributes(st, node));
      return false;
    }
    case 'method_declaration':
    case 'constructor_declaration':
    case 'local_function_statement': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return;
      const local = type === 'local_function_statement';
      const kind: NodeKind = local ? 'function' : type === 'constructor_declaration' ? 'constructor' : 'method';
      const body = node.childForFieldName('body');
      const index = b.define(kind, name, node, {
        exported: !local && isExported(st, modifiers(node)), signature: head(st.source, node, body), docstring: docComment(node),
        arity: parameterArity(node.childForFieldName('parameters'), parameterRole),
      });
      b.open(index);
      attributes(st, node);
      return;
    }
    case 'property_declaration':
    case 'event_declaration': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return;
      const body = node.childForFieldName('accessors') ?? node.childForFieldName('value');
      const index = b.define('property', name, node, {
        exported: isExported(st, modifiers(node)), signature: head(st.source, node, body), docstring: docComment(node),
      });
      b.open(index);
      attributes(st, node);
      return;
    }
    case 'field_declaration':
    case 'event_field_declaration':
      fieldDeclaration(st, node);
      return;
    case 'invocation_expression':
      invocation(st, node);
      return;
    case 'variable_declaration':
    case 'parameter':
    case 'for_each_statement':
    case 'catch_declaration':
    case 'declaration_pattern':
    case 'declaration_expression':
    case 'lambda_expression':
      if (b.current >= 0) noteLocals(st, node, type);
      return;
    case 'object_creation_expression': {
      const t = node.childForFieldName('type');
      if (t !== null) typeRef(b, 'instantiates', t);
      return;
    }
    default: {
      const kind = TYPE_KINDS[type];
      if (kind !== undefined) typeDeclaration(st, node, type, kind);
      else if (SPECIAL_MEMBERS.includes(type)) specialMember(st, node, type);
      return;
    }
  }
}

function typeDeclaration(st: State, node: Node, type: string, kind: NodeKind): void {
  const b = st.b;
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  if (b.current < 0) packageFromType(st, node);
  const exported = isExported(st, modifiers(node));
  const index = b.define(kind, name, node, {
    exported, signature: head(st.source, node, node.childForFieldName('body')), docstring: docComment(node),
  });
  b.open(index);
  attributes(st, node);
  const bases = node.childForFieldName('bases');
  if (bases !== null) baseList(b, bases, kind);
  // Positional record parameters declare public properties.
  if (type === 'record_declaration' || type === 'record_struct_declaration') {
    for (const param of node.childForFieldName('parameters')?.namedChildren ?? []) {
      const pname = param?.type === 'parameter' ? param.childForFieldName('name') : null;
      if (param == null || pname == null) continue;
      b.define('property', pname.text, param, { exported, signature: head(st.source, param, null) });
    }
  }
}

/**
 * A class's base list names at most one class, and it comes first; the rest are interfaces, which
 * C# spells `IName` by convention. So the first base is the superclass unless it looks like an
 * interface. Struct bases are all interfaces; an interface's bases are interfaces it extends.
 */
function baseList(b: ExtractionBuilder, bases: Node, kind: NodeKind): void {
  let first = true;
  for (const child of bases.namedChildren) {
    if (child === null) continue;
    const t = child.type === 'primary_constructor_base_type' ? child.firstNamedChild : child;
    if (t === null) continue;
    const target = typeName(t);
    if (target === undefined) continue;
    let edge: 'extends' | 'implements';
    if (kind === 'interface') edge = 'extends';
    else if (kind === 'struct') edge = 'implements';
    else edge = first && !/^I[A-Z]/.test(target.name) ? 'extends' : 'implements';
    first = false;
    b.ref(edge, target.name, t, target.qualifier !== '' ? target.qualifier : undefined);
  }
}

function fieldDeclaration(st: State, node: Node): void {
  const b = st.b;
  const mods = modifiers(node);
  const isConst = mods.includes('const');
  const exported = isExported(st, mods);
  const doc = docComment(node);
  const signature = head(st.source, node, null);
  const declaration = node.namedChildren.find((c) => c?.type === 'variable_declaration');
  const first = b.symbolCount;
  for (const decl of declaration?.namedChildren ?? []) {
    if (decl?.type !== 'variable_declarator') continue;
    const name = decl.childForFieldName('name') ?? decl.firstNamedChild;
    if (name === null || name.type !== 'identifier') continue;
    b.define(isConst ? 'constant' : 'field', name.text, node, { exported, signature, docstring: doc });
  }
  // Initializers and attributes belong to the first declared field.
  if (b.symbolCount > first) {
    b.open(first);
    attributes(st, node);
  }
}

/**
 * Defaults may be left out, and a `params` array (which this grammar gives as a bare `array_type`
 * in the list) takes the rest. An extension method's `this` parameter is optional too:
 * `s.Trim2(x)` and `Ext.Trim2(s, x)` call the same method.
 */
function parameterRole(p: Node): ParameterRole {
  if (p.type === 'array_type') return 'rest';
  if (p.type !== 'parameter') return 'skip';
  let role: ParameterRole = 'required';
  for (const child of p.namedChildren) {
    if (child?.type === 'equals_value_clause') role = 'optional';
    else if (child?.type === 'parameter_modifier' && child.text === 'this') role = 'optional';
  }
  return role;
}

function invocation(st: State, node: Node): void {
  const b = st.b;
  const fn = node.childForFieldName('function');
  if (fn === null) return;
  // Only `argument` nodes: comments and `#if` lines inside the list are no arguments.
  const args = argumentCount(node.childForFieldName('arguments'), (t) => t === 'argument');
  switch (fn.type) {
    case 'identifier':
    case 'generic_name': {
      const name = fn.type === 'identifier' ? fn : fn.firstNamedChild;
      if (name === null) return;
      const text = name.text;
      if (text !== 'nameof') b.ref('calls', text, name, undefined, args);
      return;
    }
    case 'member_access_expression': {
      const nameNode = fn.childForFieldName('name');
      const name = nameNode?.type === 'generic_name' ? nameNode.firstNamedChild : nameNode;
      const object = fn.childForFieldName('expression');
      if (name != null) b.ref('calls', name.text, name, object !== null ? (classOf(st, object) ?? receiverText(object, SHAPE)) : undefined, args);
      return;
    }
    case 'conditional_access_expression': {
      // `a?.Run()`: the condition is the receiver, the member binding the method.
      const binding = fn.namedChildren.find((c) => c?.type === 'member_binding_expression');
      const nameNode = binding?.childForFieldName('name') ?? null;
      const name = nameNode?.type === 'generic_name' ? nameNode.firstNamedChild : nameNode;
      const object = fn.childForFieldName('condition');
      if (name !== null) b.ref('calls', name.text, name, object !== null ? receiverText(object, SHAPE) : undefined, args);
      return;
    }
    default:
      return;
  }
}

/** The class a declared type names (`Route`, `Route?`, `List<Route>` -> `List`); undefined for `var`, built-in and qualified names. */
function declaredClass(type: Node | null | undefined): string | undefined {
  const t = type?.type === 'nullable_type' ? type.namedChild(0) : type;
  if (t?.type === 'identifier') return t.text;
  return t?.type === 'generic_name' ? t.firstNamedChild?.text : undefined;
}

/** `Owner.member` -> the declared class of every field and property of the file's types. */
function memberTypes(root: Node): Map<string, string> {
  const types = new Map<string, string>();
  for (const member of root.descendantsOfType(['field_declaration', 'property_declaration'])) {
    const owner = member?.parent?.parent?.childForFieldName('name')?.text;
    if (member == null || owner === undefined) continue;
    if (member.type === 'property_declaration') {
      const type = declaredClass(member.childForFieldName('type'));
      const name = member.childForFieldName('name')?.text;
      if (type !== undefined && name !== undefined) types.set(`${owner}.${name}`, type);
      continue;
    }
    const declaration = member.namedChildren.find((c) => c?.type === 'variable_declaration');
    const type = declaredClass(declaration?.childForFieldName('type'));
    for (const d of declaration?.namedChildren ?? []) {
      const name = d?.type === 'variable_declarator' ? (d.childForFieldName('name') ?? d.firstNamedChild)?.text : undefined;
      if (type !== undefined && name !== undefined) types.set(`${owner}.${name}`, type);
    }
  }
  return types;
}

/** Notes the names a declaration inside a member makes (`var x = new T()` holds a T; a lambda's bare parameter is unknown). */
function noteLocals(st: State, node: Node, type: string): void {
  const note = (name: Node | null | undefined, declared: string | undefined): void => {
    if (name?.type === 'identifier') st.locals.note(st.b.current, name.text, declared);
  };
  switch (type) {
    case 'variable_declaration': {
      if (node.parent?.type === 'field_declaration' || node.parent?.type === 'event_field_declaration') return;
      const declared = node.childForFieldName('type');
      for (const d of node.namedChildren) {
        if (d?.type !== 'variable_declarator') continue;
        const value = d.namedChildren.find((c) => c?.type === 'equals_value_clause')?.namedChild(0);
        const made = declared?.type === 'implicit_type' && value?.type === 'object_creation_expression' ? value.childForFieldName('type') : declared;
        note(d.childForFieldName('name') ?? d.firstNamedChild, declaredClass(made));
      }
      return;
    }
    case 'for_each_statement':
      note(node.childForFieldName('left'), declaredClass(node.childForFieldName('type')));
      return;
    case 'lambda_expression':
      note(node.firstNamedChild, undefined);
      return;
    default:
      note(node.childForFieldName('name'), declaredClass(node.childForFieldName('type')));
  }
}

/** The class a call's object holds when the file says (`route`, `First`, `this.first`). */
function classOf(st: State, object: Node): string | undefined {
  if (object.type === 'identifier') return receiverClass(st.b, st.locals, st.fields, object.text, false);
  const field = object.type === 'member_access_expression' && object.childForFieldName('expression')?.type === 'this_expression'
    ? object.childForFieldName('name')?.text : undefined;
  return field === undefined ? undefined : receiverClass(st.b, st.locals, st.fields, field, true);
}

/** `A.B.C<T>` as qualifier `A.B` and name `C`; `global::` dropped; undefined for non-names. */
function typeName(node: Node): { qualifier: string; name: string } | undefined {
  switch (node.type) {
    case 'identifier':
      return { qualifier: '', name: node.text };
    case 'generic_name': {
      const id = node.firstNamedChild;
      return id === null ? undefined : { qualifier: '', name: id.text };
    }
    case 'qualified_name':
    case 'alias_qualified_name': {
      if (node.endIndex - node.startIndex > 300) return undefined;
      let text = node.text.replace(/\s+/g, '').replace(/^global::/, '').replace(/::/g, '.');
      for (let prev = ''; prev !== text;) {
        prev = text;
        text = text.replace(/<[^<>]*>/g, '');
      }
      return splitQualified(text, '.');
    }
    default:
      return undefined;
  }
}

function typeRef(b: ExtractionBuilder, kind: 'instantiates', node: Node): void {
  const target = typeName(node);
  if (target !== undefined) b.ref(kind, target.name, node, target.qualifier !== '' ? target.qualifier : undefined);
}

/**
 * Records `decorates` for each attribute of `node`. C# resolves `[Name]` to the class
 * `NameAttribute`, which is how attribute classes are declared, so the reference carries that name.
 */
function attributes(st: State, node: Node): void {
  for (const list of node.namedChildren) {
    if (list?.type !== 'attribute_list') continue;
    for (const attribute of list.namedChildren) {
      if (attribute?.type !== 'attribute') continue;
      const nameNode = attribute.childForFieldName('name');
      if (nameNode === null) continue;
      const target = typeName(nameNode);
      if (target === undefined) continue;
      const bare = target.name.endsWith('Attribute') && target.name !== 'Attribute' ? target.name.slice(0, -9) : target.name;
      if (TEST_ATTRIBUTES.has(bare)) st.isTest = true;
      if (COMPILER_ATTRIBUTES.has(bare)) continue;
      st.b.ref('decorates', `${bare}Attribute`, nameNode, target.qualifier !== '' ? target.qualifier : undefined);
    }
  }
}

function usingDirective(b: ExtractionBuilder, node: Node): void {
  let alias: string | undefined;
  let isStatic = false;
  let target: Node | null = null;
  for (const child of node.children) {
    if (child === null) continue;
    if (child.type === 'name_equals') alias = child.firstNamedChild?.text;
    else if (child.type === 'static' && !child.isNamed) isStatic = true;
    else if (child.isNamed && child.type !== 'comment') target = child;
  }
  if (target === null || target.endIndex - target.startIndex > 300) return;
  const written = target.text.replace(/\s+/g, '');
  const line = node.startPosition.row + 1;
  if (alias !== undefined) {
    // `using Io = System.IO;` binds the alias to a namespace or a type.
    b.addImport({ module: written, names: [], namespace: alias, reexport: false, line });
    return;
  }
  // `using A.B;` opens namespace A.B; `using static A.B.C;` opens the static members of type C.
  b.addImport({ module: isStatic ? `static ${written}` : written, names: [{ imported: '*', local: '*' }], reexport: false, line });
}

/** Full dotted name of a namespace declaration, including the namespaces around it. */
function namespaceOf(node: Node): string {
  const parts: string[] = [];
  for (let n: Node | null = node; n !== null; n = n.parent) {
    if (n.type !== 'namespace_declaration' && n.type !== 'file_scoped_namespace_declaration') continue;
    const name = n.childForFieldName('name');
    if (name !== null) parts.push(name.text.replace(/\s+/g, ''));
  }
  return parts.reverse().join('.');
}

/**
 * The package is the namespace of the file's first top-level type (so that in
 * `namespace A { namespace B { class C {} } }` it is `A.B`), else of the first namespace.
 */
function packageFromType(st: State, node: Node): void {
  if (st.pkgFromType) return;
  st.pkgFromType = true;
  const parent = node.parent;
  if (parent === null) return;
  const ns = parent.type === 'declaration_list' ? parent.parent : parent;
  if (ns !== null && (ns.type === 'namespace_declaration' || ns.type === 'file_scoped_namespace_declaration')) {
    st.pkg = namespaceOf(ns);
  }
}

function modifiers(node: Node): string[] {
  const words: string[] = [];
  for (const child of node.namedChildren) if (child?.type === 'modifier') words.push(child.text);
  return words;
}

/**
 * Public or protected (visible to other assemblies), inside a visible type; interface members are
 * public unless marked private, enum members follow their enum.
 */
function isExported(st: State, mods: readonly string[]): boolean {
  const parent = st.b.symbolAt(st.b.current);
  if (parent !== undefined && (!parent.exported || parent.kind === 'method' || parent.kind === 'constructor' || parent.kind === 'function')) {
    return false;
  }
  if (mods.includes('public') || mods.includes('protected')) return true;
  return parent?.kind === 'interface' && !mods.includes('private');
}

/**
 * The declaration head from its first modifier (attributes left out) to where `body` starts, or
 * to the end of its first line; sliced from the source so that a large body is never copied.
 */
function head(source: string, node: Node, body: Node | null): string {
  let start = node.startIndex;
  for (const child of node.namedChildren) {
    if (child?.type !== 'attribute_list' && child?.type !== 'comment') break;
    start = child.endIndex;
  }
  const limit = Math.min(body !== null ? body.startIndex : node.endIndex, start + MAX_HEAD);
  let text = source.slice(start, limit).trimStart();
  if (body === null) {
    const nl = text.indexOf('\n');
    if (nl >= 0) text = text.slice(0, nl);
  }
  return clip(text.replace(/[\s{:=;]+$/u, ''), 200);
}

/** The `///` (or `/** *\/`) comment block right above `node`, XML tags reduced to their text. */
function docComment(node: Node): string | undefined {
  const parts: string[] = [];
  let below = node.startPosition.row;
  for (let sibling = node.previousNamedSibling; sibling !== null && parts.length < 40; sibling = sibling.previousNamedSibling) {
    if (sibling.type !== 'comment' || sibling.endPosition.row < below - 1) break;
    const text = sibling.text;
    if (!text.startsWith('///') && !text.startsWith('/**')) break;
    parts.push(text);
    below = sibling.startPosition.row;
  }
  if (parts.length === 0) return undefined;
  const lines = cleanComment(parts.reverse().join('\n'))
    .replace(/<(?:see|seealso|paramref|typeparamref)\s+(?:cref|name|langword)="([^"]*)"\s*\/>/g, '$1')
    .replace(/<(?:param|typeparam)\s+name="([^"]*)"\s*>/g, '$1: ')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.length > 0 ? lines.join('\n') : undefined;
}
