import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind, RefKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { DOC_BLOCKS, leadingComment, unquote } from '../comments.js';
import { callOf, LocalTypes, noteReturnClasses, receiverClass, returnedClass, type FileTypes } from '../local-types.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { shallowNodes, walk } from '../walk.js';
import { CLOSURES, laravelCall, routeGroups, symfonyRoutes, type RouteGroups } from './php-routes.js';
import { shortText } from '../node-helpers.js';

const TYPE_KINDS: Readonly<Record<string, NodeKind>> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  trait_declaration: 'trait',
  enum_declaration: 'enum',
};
const INCLUDES = new Set(['require_expression', 'require_once_expression', 'include_expression', 'include_once_expression']);
const CALLS = new Set(['member_call_expression', 'nullsafe_member_call_expression', 'scoped_call_expression']);
const TYPES = new Set([
  ...Object.keys(TYPE_KINDS), ...INCLUDES, ...CALLS,
  'namespace_definition', 'namespace_use_declaration', 'enum_case', 'method_declaration', 'function_definition',
  'const_declaration', 'property_declaration', 'base_clause',
  'class_interface_clause', 'use_declaration', 'function_call_expression', 'object_creation_expression',
  'assignment_expression', 'simple_parameter', 'variadic_parameter', 'property_promotion_parameter', 'foreach_statement',
]);
const isComment = (type: string): boolean => type === 'comment';

/**
 * PHP: the namespace (as the package), classes, interfaces, traits, enums and cases, methods,
 * constructors (and promoted properties), functions, constants (`const` and `define()`), properties,
 * closures bound to a file-level `$variable` or to `$this->name`; calls through
 * `->`, `?->` and `::`, `new X` instantiations, `extends`/`implements`/trait `use`, `use`
 * imports (one per imported name: module `A\B\C`, an alias as its namespace) and `require`/`include`
 * of literal paths.
 */
export const phpExtractor: LanguageExtractor = {
  languages: ['php'],
  extract: extractPhp,
};

function extractPhp(tree: Tree, source: string, path: string, language: string): FileExtraction {
  const b = new ExtractionBuilder(language);
  // What a call's object holds: the class of each function's `$variables` (a typed or `@param`
  // documented parameter, `$x = new T`) and of the properties of the file's classes, so
  // `$route->match()` and `$this->first->match()` are recorded with the class as receiver.
  const typed: FileTypes = { locals: new LocalTypes(), fields: propertyTypes(tree.rootNode) };
  const groups = routeGroups();
  walk(tree.rootNode, b, TYPES, (node, type) => enter(b, source, typed, groups, node, type));
  return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
}

function enter(b: ExtractionBuilder, source: string, typed: FileTypes, groups: RouteGroups, node: Node, type: string): boolean | void {
  const typeKind = TYPE_KINDS[type];
  if (typeKind !== undefined) {
    define(b, typeKind, node.childForFieldName('name'), node, node.childForFieldName('body'), true);
    return;
  }
  switch (type) {
    case 'namespace_definition': {
      const name = node.childForFieldName('name');
      if (name !== null) b.setPackage(name.text);
      return;
    }
    case 'namespace_use_declaration':
      namespaceUse(b, node);
      return false;
    case 'method_declaration':
      return method(b, node);
    case 'function_definition':
      return define(b, 'function', node.childForFieldName('name'), node, node.childForFieldName('body'), true);
    case 'enum_case':
      return define(b, 'enum_member', node.childForFieldName('name'), node, null, false);
    case 'const_declaration':
    case 'property_declaration':
      constantsOrProperties(b, node);
      return;
    case 'base_clause':
    case 'class_interface_clause':
    case 'use_declaration': {
      // Trait `use` mixes code in: recorded like an interface, as the grammar offers no better edge.
      const kind = type === 'base_clause' ? 'extends' : 'implements';
      for (const child of node.namedChildren) if (child !== null) refName(b, kind, child);
      return false;
    }
    case 'object_creation_expression': {
      const target = node.firstNamedChild;
      if (target !== null) refName(b, 'instantiates', target);
      return;
    }
    case 'function_call_expression': {
      const fn = node.childForFieldName('function');
      if (fn !== null) refName(b, 'calls', fn);
      if (fn?.text === 'define') defineConstant(b, node);
      return;
    }
    case 'assignment_expression':
      if (b.current >= 0) noteAssignment(b, typed, node);
      closureAssignment(b, node);
      return;
    case 'simple_parameter':
    case 'variadic_parameter':
    case 'property_promotion_parameter': {
      const name = variableName(node.childForFieldName('name'));
      if (b.current < 0 || name === undefined) return;
      typed.locals.note(b.current, name, declaredClass(node.childForFieldName('type')) ?? docParam(node.parent?.parent ?? null, name));
      return;
    }
    case 'foreach_statement':
      // The loop's key and value variables hold what the iterated value holds, which is not known.
      for (const child of node.namedChildren.slice(1)) {
        for (const v of child?.type === 'pair' ? child.namedChildren : [child]) {
          const name = variableName(v ?? null);
          if (b.current >= 0 && name !== undefined) typed.locals.note(b.current, name, undefined);
        }
      }
      return;
    default:
      break;
  }
  if (CALLS.has(type)) {
    memberCall(b, source, typed, node, type);
    laravelCall(b, node, groups);
    return;
  }
  if (INCLUDES.has(type)) {
    const target = lastString(node);
    if (target !== undefined) b.addImport({ module: target, names: [], reexport: false, line: node.startPosition.row + 1 });
    return false;
  }
  return;
}

/** Name of the innermost class, interface, trait or enum being walked. */
function enclosingType(b: ExtractionBuilder): string | undefined {
  for (let i = b.current; i >= 0;) {
    const symbol = b.symbolAt(i);
    if (symbol === undefined) return undefined;
    if (TYPE_KIND_SET.has(symbol.kind)) return symbol.name;
    i = symbol.parent;
  }
  return undefined;
}

/** `Foo`, `\A\B\Foo`: refs the last segment with the namespace prefix as the receiver. */
function refName(b: ExtractionBuilder, kind: RefKind, node: Node): void {
  if (node.type === 'qualified_name') {
    const { prefix, name } = splitQualified(node);
    b.ref(kind, name, node, prefix);
  } else if (node.type === 'name') {
    const name = node.text;
    b.ref(kind, name === 'self' || name === 'static' ? (enclosingType(b) ?? name) : name, node);
  }
}

/** Records a definition named by `nameNode` (a `$variable` loses its `$`), opening it when `open`. */
function define(b: ExtractionBuilder, kind: NodeKind, nameNode: Node | null, node: Node, body: Node | null, open: boolean): void {
  if (nameNode === null) return;
  const name = nameNode.type === 'variable_name' ? nameNode.text.replace(/^\$/u, '') : nameNode.text;
  const index = b.define(kind, name, node, {
    exported: !isPrivate(node),
    signature: headText(node, body),
    docstring: leadingComment(node, isComment, undefined, DOC_BLOCKS),
  });
  if (open) b.open(index);
}

/**
 * A closure assigned to a file-level `$variable` (a function by that name) or to `$this->name` (a
 * property of the class holding it, unless one is declared already), opened as the scope of its
 * body so the calls in it belong to it.
 */
function closureAssignment(b: ExtractionBuilder, node: Node): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (left === null || right === null || !CLOSURES.has(right.type)) return;
  const body = right.childForFieldName('body');
  if (left.type === 'variable_name' && b.current < 0) {
    define(b, 'function', left, node, body, true);
    return;
  }
  const object = left.type === 'member_access_expression' ? left.childForFieldName('object') : null;
  const name = left.childForFieldName('name');
  if (object?.text !== '$this' || name === null) return;
  let owner = b.current;
  while (owner >= 0 && !TYPE_KIND_SET.has(b.symbolAt(owner)?.kind ?? 'file')) owner = b.symbolAt(owner)?.parent ?? -1;
  if (owner < 0) return;
  for (let i = owner + 1; i < b.symbolCount; i++) {
    const s = b.symbolAt(i);
    if (s?.parent === owner && s.kind === 'property' && s.name === name.text) return;
  }
  b.open(b.define('property', name.text, node, { exported: true, signature: headText(node, body), parent: owner }));
}

/** `define('NAME', value)`: a global constant. */
function defineConstant(b: ExtractionBuilder, node: Node): void {
  const first = node.childForFieldName('arguments')?.firstNamedChild?.firstNamedChild ?? null;
  const name = first === null || (first.type !== 'string' && first.type !== 'encapsed_string') ? '' : unquote(first.text);
  if (/^[A-Za-z_]\w*$/u.test(name)) b.define('constant', name, node, { exported: true, signature: headText(node, null) });
}

/** A method (and the routes its attributes declare); a constructor's promoted parameters become properties of the class. */
function method(b: ExtractionBuilder, node: Node): void {
  symfonyRoutes(b, node);
  const name = node.childForFieldName('name');
  const isConstructor = name?.text === '__construct';
  if (isConstructor) {
    // Promoted parameters are properties of the class, so they are recorded before the
    // constructor's scope opens.
    for (const param of node.childForFieldName('parameters')?.namedChildren ?? []) {
      if (param !== null && param.type === 'property_promotion_parameter') {
        define(b, 'property', param.childForFieldName('name'), param, null, false);
      }
    }
  }
  define(b, isConstructor ? 'constructor' : 'method', name, node, node.childForFieldName('body'), true);
}

/** Each element of a `const` or property declaration, sharing the declaration's docs and head. */
function constantsOrProperties(b: ExtractionBuilder, node: Node): void {
  const hidden = isPrivate(node);
  const docstring = leadingComment(node, isComment, undefined, DOC_BLOCKS);
  const signature = headText(node, null);
  for (const element of node.namedChildren) {
    if (element === null || (element.type !== 'const_element' && element.type !== 'property_element')) continue;
    const nameNode = element.firstNamedChild;
    if (nameNode === null) continue;
    const name = element.type === 'const_element' ? nameNode.text : nameNode.text.replace(/^\$/u, '');
    b.define(element.type === 'const_element' ? 'constant' : 'property', name, element, {
      exported: !hidden, signature, docstring,
    });
  }
}

/** A call through `->`, `?->` or `::`, the receiver as written unless its class is known. */
function memberCall(b: ExtractionBuilder, source: string, typed: FileTypes, node: Node, type: string): void {
  const name = node.childForFieldName('name');
  const receiver = node.childForFieldName(type === 'scoped_call_expression' ? 'scope' : 'object');
  if (name !== null && name.type === 'name') {
    const known = receiver === null || type === 'scoped_call_expression' ? undefined : receiverClassOf(b, typed, receiver);
    b.ref('calls', name.text, name, known ?? (receiver === null ? undefined : shortText(source, receiver)));
  }
}

/** `$name` -> `name`. */
function variableName(node: Node | null): string | undefined {
  return node?.type === 'variable_name' ? node.text.replace(/^\$/u, '') : undefined;
}

/** The class a declared type names (`Route`, `?Route`); undefined for unions, built-ins and qualified names. */
function declaredClass(type: Node | null): string | undefined {
  const t = type?.type === 'optional_type' ? type.firstNamedChild : type;
  const name = t?.type === 'named_type' ? t.firstNamedChild : null;
  return name?.type === 'name' && name.text !== 'self' && name.text !== 'static' ? name.text : undefined;
}

/** The doc comment right above `node`, raw. */
function docAbove(node: Node | null): string {
  const previous = node?.previousNamedSibling;
  return previous?.type === 'comment' && previous.text.startsWith('/**') ? previous.text : '';
}

/** The class a `@param Route $name` (or `?Route`, `Route|null`) line of the function's doc comment gives. */
function docParam(fn: Node | null, name: string): string | undefined {
  const match = new RegExp(`@param\\s+\\??([A-Za-z_]\\w*)(?:\\|null)?\\s+(?:\\.\\.\\.)?\\$${name}\\b`).exec(docAbove(fn));
  return match?.[1];
}

/**
 * `Owner.property` -> its class, for the typed or `@var`-documented properties and promoted
 * parameters of the file's classes; `Owner.method()` -> the class its declared return type names.
 */
function propertyTypes(root: Node): Map<string, string> {
  const types = new Map<string, string>();
  const members = shallowNodes(root, ['property_declaration', 'property_promotion_parameter', 'method_declaration'], ['declaration_list']);
  for (const node of members.filter((m) => m.type !== 'method_declaration')) {
    const promoted = node.type === 'property_promotion_parameter';
    const owner = (promoted ? node.parent?.parent?.parent?.parent : node.parent?.parent)?.childForFieldName('name')?.text;
    if (owner === undefined) continue;
    if (promoted) {
      const name = variableName(node.childForFieldName('name'));
      const type = declaredClass(node.childForFieldName('type'));
      if (name !== undefined && type !== undefined) types.set(`${owner}.${name}`, type);
      continue;
    }
    const type = declaredClass(node.childForFieldName('type')) ?? /@var\s+\??([A-Za-z_]\w*)(?:\|null)?\s/.exec(`${docAbove(node)} `)?.[1];
    for (const element of node.namedChildren) {
      const name = element?.type === 'property_element' ? variableName(element.firstNamedChild) : undefined;
      if (name !== undefined && type !== undefined) types.set(`${owner}.${name}`, type);
    }
  }
  noteReturnClasses(types, members.filter((m) => m.type === 'method_declaration'), 'return_type', declaredClass);
  return types;
}

/**
 * `$x = new Route(…)` gives `$x` that class; `$x = Factory::make()` (or `make()`,
 * `$this->make()`) what the call returns, written as the call for resolution to type; any other
 * assignment to it, none.
 */
function noteAssignment(b: ExtractionBuilder, typed: FileTypes, node: Node): void {
  const name = variableName(node.childForFieldName('left'));
  if (name === undefined) return;
  const right = node.childForFieldName('right');
  const made = right?.type === 'object_creation_expression' ? right.firstNamedChild : null;
  typed.locals.note(b.current, name, made?.type === 'name' ? made.text : calledPath(right));
}

/** A call of a function or method named by a path, as written without its arguments (`Factory::make()`). */
function calledPath(call: Node | null): string | undefined {
  let callee: string | undefined;
  if (call?.type === 'function_call_expression') callee = call.childForFieldName('function')?.text;
  else if (call?.type === 'scoped_call_expression') callee = `${call.childForFieldName('scope')?.text ?? ''}::${call.childForFieldName('name')?.text ?? ''}`;
  else if (call?.type === 'member_call_expression') callee = `${call.childForFieldName('object')?.text ?? ''}->${call.childForFieldName('name')?.text ?? ''}`;
  return callOf(callee);
}

/** The class `$x`, `$this->p` or `$this->m()` holds when the file says. A bare `$x` is never a property. */
function receiverClassOf(b: ExtractionBuilder, typed: FileTypes, receiver: Node): string | undefined {
  const name = variableName(receiver);
  if (name !== undefined) return name === 'this' ? undefined : typed.locals.typeOf(b.current, name);
  if (receiver.type === 'member_call_expression' && receiver.childForFieldName('object')?.text === '$this') {
    const method = receiver.childForFieldName('name');
    return method?.type === 'name' ? returnedClass(b, typed, method.text) : undefined;
  }
  if (receiver.type !== 'member_access_expression' || receiver.childForFieldName('object')?.text !== '$this') return undefined;
  const property = receiver.childForFieldName('name');
  return property?.type === 'name' ? receiverClass(b, typed, property.text, true) : undefined;
}

/** `use A\B\C;`, `use A\B\C as D;`, `use A\{B, C as D};`: one import per imported name. */
function namespaceUse(b: ExtractionBuilder, node: Node): void {
  const line = node.startPosition.row + 1;
  let prefix = '';
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === 'namespace_name') prefix = child.text;
    else if (child.type === 'namespace_use_clause') addUse(b, child, '', line);
    else if (child.type === 'namespace_use_group') {
      for (const clause of child.namedChildren) if (clause !== null) addUse(b, clause, prefix, line);
    }
  }
}

function addUse(b: ExtractionBuilder, clause: Node, prefix: string, line: number): void {
  let target: Node | null = null;
  let alias: string | undefined;
  for (const child of clause.namedChildren) {
    if (child === null) continue;
    if (child.type === 'namespace_aliasing_clause') alias = child.firstNamedChild?.text;
    else target ??= child;
  }
  if (target === null) return;
  const full = prefix === '' ? target.text : `${prefix}\\${target.text}`;
  // `use A\B\C` stays whole: the PHP resolver finds `C` in namespace `A\B`; an alias renames it.
  const module = full.replace(/^\\/u, '');
  b.addImport({ module, names: [], reexport: false, line, ...(alias !== undefined ? { namespace: alias } : {}) });
}

const TYPE_KIND_SET: ReadonlySet<NodeKind> = new Set(Object.values(TYPE_KINDS));

/** Declared `private` (protected members stay visible to subclasses in other files). */
function isPrivate(node: Node): boolean {
  for (const child of node.namedChildren) {
    if (child !== null && child.type === 'visibility_modifier') return child.text === 'private';
  }
  return false;
}

/** `\A\B\Foo` as prefix `\A\B` (as written) and name `Foo`. */
function splitQualified(node: Node): { prefix: string; name: string } {
  let prefix = '';
  let name = '';
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === 'namespace_name_as_prefix') prefix = child.text.replace(/\\$/u, '');
    else if (child.type === 'name') name = child.text;
  }
  return { prefix, name };
}

/** The last string literal in an include expression: `__DIR__ . '/x.php'` gives `/x.php`. */
function lastString(node: Node): string | undefined {
  const strings = node.descendantsOfType(['string', 'encapsed_string']);
  const last = strings[strings.length - 1];
  return last === undefined || last === null ? undefined : unquote(last.text);
}

