/**
 * C#: the namespace (block or file-scoped) as the package, classes, structs, interfaces, records,
 * enums and their members, methods, constructors, operators, finalizers, indexers, properties,
 * fields, constants, events, delegates and local functions; `using` directives (plain, alias and static), base lists, calls, `new` and
 * attributes.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { parameterArity } from '../arity.js';
import type { ParameterRole } from '../arity.js';
import { ExtractionBuilder, clip, countParseErrors } from '../builder.js';
import { cleanComment } from '../comments.js';
import { splitQualified } from '../names.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import type { FileTypes } from '../local-types.js';
import { walk } from '../walk.js';
import { actionRoutes, controllerRouting, minimalApiRoute, type ControllerRouting, type MapGroups } from './csharp-routes.js';
import { CSHARP_LOCALS, csharpTypes, invocation, noteCsharpLocal } from './csharp-receivers.js';
import { SPECIAL_MEMBERS, specialMemberName } from './csharp-special-members.js';
import { blankLambdaReturnTypes } from './csharp-lambda-returns.js';

const TYPES: ReadonlySet<string> = new Set([
  'using_directive', 'namespace_declaration', 'file_scoped_namespace_declaration', 'class_declaration',
  'struct_declaration', 'interface_declaration', 'record_declaration', 'record_struct_declaration',
  'enum_declaration', 'enum_member_declaration', 'delegate_declaration', 'method_declaration',
  'constructor_declaration', 'local_function_statement', 'property_declaration', 'field_declaration',
  'event_field_declaration', 'event_declaration', 'invocation_expression', 'object_creation_expression',
  'attribute_list', 'base_list', ...CSHARP_LOCALS, ...SPECIAL_MEMBERS,
]);

const TYPE_KINDS: Readonly<Record<string, NodeKind>> = {
  class_declaration: 'class', struct_declaration: 'struct', interface_declaration: 'interface',
  record_declaration: 'class', record_struct_declaration: 'struct', enum_declaration: 'enum',
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
  readonly typed: FileTypes;
  /** Each controller class's route template (`[Route("api/[controller]")]`), by symbol index. */
  readonly templates: Map<number, ControllerRouting>;
  readonly groups: MapGroups;
}

/** Extracts symbols, references and `using` imports from C# files. */
export const csharpExtractor: LanguageExtractor = {
  languages: ['c_sharp'],
  recover(_tree: Tree, parsed: string): string | undefined {
    return blankLambdaReturnTypes(parsed);
  },
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const st: State = { b, source, pkg: undefined, pkgFromType: false, isTest: false, typed: csharpTypes(tree.rootNode), templates: new Map(), groups: new Map() };
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
  if (CSHARP_LOCALS.has(type)) {
    if (b.current >= 0) noteCsharpLocal(b, st.typed, node, type);
    return;
  }
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
    case 'local_function_statement':
      callable(st, node, type);
      return;
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
      invocation(st.b, st.typed, node);
      minimalApiRoute(st.b, st.groups, node);
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

/** A method, constructor or local function, opened for its body. */
function callable(st: State, node: Node, type: string): void {
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  const local = type === 'local_function_statement';
  const kind: NodeKind = local ? 'function' : type === 'constructor_declaration' ? 'constructor' : 'method';
  const body = node.childForFieldName('body');
  const owner = st.b.current;
  const index = st.b.define(kind, name, node, {
    exported: !local && isExported(st, modifiers(node)), signature: head(st.source, node, body), docstring: docComment(node),
    arity: parameterArity(node.childForFieldName('parameters'), parameterRole),
  });
  const nameNode = node.childForFieldName('name');
  const owning = st.b.symbolAt(owner);
  if (kind === 'method' && nameNode !== null && owning?.kind === 'class') actionRoutes(st.b, node, nameNode, owner, owning.name, st.templates.get(owner));
  st.b.open(index);
  attributes(st, node);
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
  st.templates.set(index, controllerRouting(b, node, index));
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
