import type { Node, Tree } from 'web-tree-sitter';
import { FUNCTION_KINDS, type FileExtraction, type NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { cleanComment, leadingComment } from '../comments.js';
import { callOf, LocalTypes, receiverClass, type FileTypes } from '../local-types.js';
import { isPascalCase, isUpperSnake } from '../names.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';
import { childOfType, shortText } from '../node-helpers.js';

const TYPES: ReadonlySet<string> = new Set([
  'package_header', 'import_header', 'class_declaration', 'object_declaration', 'companion_object',
  'enum_entry', 'function_declaration', 'secondary_constructor', 'class_parameter', 'property_declaration',
  'type_alias', 'delegation_specifier', 'call_expression', 'parameter', 'for_statement', 'lambda_literal',
]);
const isComment = (type: string): boolean => type === 'line_comment' || type === 'multiline_comment';

/**
 * Kotlin: the package, classes, interfaces, enums and entries, objects (as classes; companion
 * members fold into their class), functions and methods (extension functions and properties qualified by the
 * extended type), secondary constructors, `val`/`var` properties and constants, type aliases;
 * calls (PascalCase callees as instantiations, since Kotlin has no `new`), supertypes (a
 * constructor call is the superclass, the rest interfaces) and imports.
 */
export const kotlinExtractor: LanguageExtractor = {
  languages: ['kotlin'],
  extract: extractKotlin,
};

/**
 * What a call's receiver holds: the declared (or constructed) class of each function's locals and
 * parameters, what a collection of them yields in a `for`, and `Owner.property` for the file's
 * classes, so `route.match()` is recorded with `Route` as receiver.
 */
interface Typed extends FileTypes {
  readonly elements: LocalTypes;
}

function extractKotlin(tree: Tree, source: string, path: string, language: string): FileExtraction {
  const b = new ExtractionBuilder(language);
  const typed: Typed = { locals: new LocalTypes(), elements: new LocalTypes(), fields: propertyTypes(tree.rootNode) };
  walk(tree.rootNode, b, TYPES, (node, type) => enter(b, source, typed, node, type));
  return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
}

function enter(b: ExtractionBuilder, source: string, typed: Typed, node: Node, type: string): boolean | void {
  const scopeKind = b.symbolAt(b.current)?.kind;
  switch (type) {
    case 'package_header': {
      const name = node.firstNamedChild;
      if (name !== null) b.setPackage(name.text);
      return false;
    }
    case 'import_header':
      addImport(b, node);
      return false;
    case 'class_declaration':
    case 'object_declaration': {
      const name = childOfType(node, 'type_identifier');
      if (name === null) return;
      const body = childOfType(node, 'class_body') ?? childOfType(node, 'enum_class_body');
      b.open(b.define(type === 'object_declaration' ? 'class' : classKind(node), name.text, node, options(node, body)));
      return;
    }
    case 'companion_object': {
      // Companion members are called through the class (`Invoice.create()`), so a named
      // companion is a symbol but an anonymous one folds into its class.
      const name = childOfType(node, 'type_identifier');
      if (name !== null) b.open(b.define('class', name.text, node, options(node, childOfType(node, 'class_body'))));
      return;
    }
    case 'enum_entry': {
      const name = childOfType(node, 'simple_identifier');
      if (name !== null) b.open(b.define('enum_member', name.text, node, { exported: true, signature: name.text, docstring: kotlinDoc(node) }));
      return;
    }
    case 'function_declaration':
      functionDeclaration(b, node, scopeKind);
      return;
    case 'secondary_constructor':
      b.open(b.define('constructor', 'constructor', node, options(node, childOfType(node, 'statements'))));
      return;
    case 'class_parameter': {
      // Only `val`/`var` parameters of a primary constructor declare properties.
      const name = childOfType(node, 'simple_identifier');
      if (name !== null && childOfType(node, 'binding_pattern_kind') !== null) {
        b.define('property', name.text, node, options(node, null));
      }
      return false;
    }
    case 'property_declaration':
      if (scopeKind !== undefined && FUNCTION_KINDS.has(scopeKind)) noteLocal(b, typed, node);
      else propertyDeclaration(b, node, scopeKind);
      return;
    case 'parameter':
    case 'for_statement':
    case 'lambda_literal':
      if (b.current >= 0) noteLocal(b, typed, node);
      return;
    case 'type_alias': {
      const name = childOfType(node, 'type_identifier');
      if (name !== null) b.define('type_alias', name.text, node, options(node, null));
      return false;
    }
    case 'delegation_specifier':
      supertype(b, node, scopeKind === 'interface');
      return;
    case 'call_expression':
      callRef(b, source, typed, node);
      return;
    default:
      return;
  }
}

/** The definition options every Kotlin declaration shares: visibility, head and KDoc. */
function options(node: Node, body: Node | null): { exported: boolean; signature: string; docstring: string | undefined } {
  return {
    exported: !isPrivate(node),
    signature: headText(node, body),
    docstring: kotlinDoc(node),
  };
}

/**
 * A `fun` (`scopeKind` is the enclosing symbol's): a method in a type or when it extends a
 * receiver type (then qualified by that type), otherwise a function; opened for its body.
 */
function functionDeclaration(b: ExtractionBuilder, node: Node, scopeKind: NodeKind | undefined): void {
  const name = childOfType(node, 'simple_identifier');
  if (name === null) return;
  const body = childOfType(node, 'function_body');
  const extended = receiverType(node, name);
  const inType = scopeKind !== undefined && !FUNCTION_KINDS.has(scopeKind);
  b.open(b.define(extended !== undefined || inType ? 'method' : 'function', name.text, node, {
    ...options(node, body),
    ...(extended !== undefined ? { qualifiedName: `${extended}.${name.text}` } : {}),
  }));
}

/** A `val`/`var` outside a function body: a constant, a property of its type, or a file-level variable. */
function propertyDeclaration(b: ExtractionBuilder, node: Node, scopeKind: NodeKind | undefined): void {
  const name = childOfType(node, 'variable_declaration')?.firstNamedChild ?? null;
  if (name === null || name.type !== 'simple_identifier') return;
  const isConst = modifierWords(node).includes('const') || isUpperSnake(name.text);
  // An extension property (`val Shape.label get() = …`) is qualified by the type it extends, as
  // an extension function is.
  const extended = receiverType(node, name);
  if (extended !== undefined) {
    b.define('property', name.text, node, { ...options(node, null), qualifiedName: `${extended}.${name.text}` });
    return;
  }
  b.define(isConst ? 'constant' : (scopeKind === undefined ? 'variable' : 'property'), name.text, node, options(node, null));
}

function addImport(b: ExtractionBuilder, node: Node): void {
  const id = childOfType(node, 'identifier');
  if (id === null) return;
  const module = id.text;
  const line = node.startPosition.row + 1;
  if (childOfType(node, 'wildcard_import') !== null) {
    b.addImport({ module, names: [{ imported: '*', local: '*' }], reexport: false, line });
    return;
  }
  // `import a.b.C` stays whole: the JVM resolver finds `C` in package `a.b`; an alias renames it.
  const alias = childOfType(node, 'import_alias')?.firstNamedChild?.text;
  b.addImport({ module, names: [], reexport: false, line, ...(alias !== undefined ? { namespace: alias } : {}) });
}

/**
 * `: Base(x), Payable` — a constructor invocation can only be the superclass; a bare type on a
 * class is an interface, and an interface's supertypes are interfaces it extends.
 */
function supertype(b: ExtractionBuilder, node: Node, ofInterface: boolean): void {
  const first = node.firstNamedChild;
  if (first === null) return;
  const invoked = first.type === 'constructor_invocation';
  const typeNode = invoked || first.type === 'explicit_delegation' ? childOfType(first, 'user_type') : first;
  if (typeNode === null || typeNode.type !== 'user_type') return;
  const { qualifier, name } = userType(typeNode);
  b.ref(invoked || ofInterface ? 'extends' : 'implements', name, typeNode, qualifier);
}

/** `a.b.C<T>` as qualifier `a.b` and name `C`. */
function userType(node: Node): { qualifier: string; name: string } {
  const parts: string[] = [];
  for (const child of node.namedChildren) if (child !== null && child.type === 'type_identifier') parts.push(child.text);
  const name = parts.pop() ?? '';
  return { qualifier: parts.join('.'), name };
}

/** The type written in a parameter or variable declaration, if any. */
function typeNodeOf(node: Node | null | undefined): Node | undefined {
  return node?.namedChildren.find((c) => c?.type === 'user_type' || c?.type === 'nullable_type') ?? undefined;
}

/** The class a declared type names (`Route`, `Route?`, `List<Route>` -> `List`); undefined for a qualified name. */
function declaredClass(type: Node | null | undefined): string | undefined {
  const t = type?.type === 'nullable_type' ? childOfType(type, 'user_type') : type;
  if (t?.type !== 'user_type') return undefined;
  const { qualifier, name } = userType(t);
  return qualifier === '' && name !== '' ? name : undefined;
}

/** What a collection type yields: its one type argument (`List<Route>` -> `Route`). */
function elementClass(type: Node | null | undefined): string | undefined {
  const args = type?.type === 'user_type' ? childOfType(type, 'type_arguments') : null;
  const only = args?.namedChildCount === 1 ? args.firstNamedChild : null;
  return declaredClass(only?.type === 'type_projection' ? only.firstNamedChild : only);
}

/** The class `val x: T` declares, else the class `= T(…)` constructs, else the call `= make()` (see below). */
function heldClass(declaration: Node): string | undefined {
  const variable = childOfType(declaration, 'variable_declaration');
  const declared = typeNodeOf(variable);
  if (declared !== undefined) return declaredClass(declared);
  const value = childOfType(declaration, 'call_expression')?.firstNamedChild;
  if (value?.type === 'simple_identifier' && isPascalCase(value.text)) return value.text;
  // A value another call returns, as that call (`makeClient()`, `Factory.make()`): resolution types it.
  return value?.type === 'simple_identifier' || value?.type === 'navigation_expression' ? callOf(value.text) : undefined;
}

/** `Owner.property` -> its class, for the properties (and constructor `val`s) of the file's classes. */
function propertyTypes(root: Node): Map<string, string> {
  const types = new Map<string, string>();
  for (const node of root.descendantsOfType(['class_parameter', 'property_declaration'])) {
    if (node == null) continue;
    const owner = node.parent?.parent;
    const ownerName = owner?.type === 'class_declaration' || owner?.type === 'object_declaration' ? childOfType(owner, 'type_identifier')?.text : undefined;
    const name = node.type === 'class_parameter' ? childOfType(node, 'simple_identifier') : childOfType(node, 'variable_declaration')?.firstNamedChild;
    const type = node.type === 'class_parameter' ? declaredClass(typeNodeOf(node)) : heldClass(node);
    if (ownerName !== undefined && name?.type === 'simple_identifier' && type !== undefined) types.set(`${ownerName}.${name.text}`, type);
  }
  return types;
}

/** Notes the names a local declaration makes; a lambda's parameters hold no known class. */
function noteLocal(b: ExtractionBuilder, typed: Typed, node: Node): void {
  const note = (name: Node | null | undefined, type: string | undefined, element?: string): void => {
    if (name?.type !== 'simple_identifier') return;
    typed.locals.note(b.current, name.text, type);
    typed.elements.note(b.current, name.text, element);
  };
  switch (node.type) {
    case 'parameter': {
      const declared = typeNodeOf(node);
      note(childOfType(node, 'simple_identifier'), declaredClass(declared), elementClass(declared));
      return;
    }
    case 'property_declaration': {
      const variable = childOfType(node, 'variable_declaration');
      const declared = typeNodeOf(variable);
      note(variable?.firstNamedChild, heldClass(node), elementClass(declared));
      return;
    }
    case 'for_statement': {
      const variable = childOfType(node, 'variable_declaration');
      const declared = typeNodeOf(variable);
      const iterated = variable?.nextNamedSibling;
      const element = iterated?.type === 'simple_identifier' ? typed.elements.typeOf(b.current, iterated.text) : undefined;
      note(variable?.firstNamedChild, declared !== undefined ? declaredClass(declared) : element);
      return;
    }
    default:
      for (const p of childOfType(node, 'lambda_parameters')?.namedChildren ?? []) note(p?.firstNamedChild, undefined);
  }
}

/** The class a call's receiver holds when the file says (`route`, `first`, `this.first`). */
function receiverClassOf(b: ExtractionBuilder, typed: Typed, receiver: Node): string | undefined {
  if (receiver.type === 'simple_identifier') return receiverClass(b, typed, receiver.text, false);
  if (receiver.type !== 'navigation_expression' || receiver.firstNamedChild?.type !== 'this_expression') return undefined;
  const field = receiver.lastNamedChild?.lastNamedChild;
  return field?.type === 'simple_identifier' ? receiverClass(b, typed, field.text, true) : undefined;
}

function callRef(b: ExtractionBuilder, source: string, typed: Typed, node: Node): void {
  const callee = node.firstNamedChild;
  if (callee === null) return;
  if (callee.type === 'simple_identifier') {
    const name = callee.text;
    b.ref(isPascalCase(name) ? 'instantiates' : 'calls', name, callee);
    return;
  }
  if (callee.type !== 'navigation_expression') return;
  const suffix = callee.lastNamedChild;
  const target = suffix?.lastNamedChild ?? null;
  const receiver = callee.firstNamedChild;
  if (target === null || target.type !== 'simple_identifier' || receiver === null) return;
  const name = target.text;
  b.ref(isPascalCase(name) ? 'instantiates' : 'calls', name, target, receiverClassOf(b, typed, receiver) ?? shortText(source, receiver));
}

/** The type an extension function or property extends: a `user_type` written before its name. */
function receiverType(node: Node, name: Node): string | undefined {
  for (const child of node.namedChildren) {
    if (child === null || child.startIndex >= name.startIndex) break;
    if (child.type === 'user_type') return userType(child).name;
    if (child.type === 'nullable_type') {
      const inner = childOfType(child, 'user_type');
      if (inner !== null) return userType(inner).name;
    }
  }
  return undefined;
}

function classKind(node: Node): NodeKind {
  for (const child of node.children) {
    if (child === null || child.isNamed) continue;
    if (child.type === 'interface') return 'interface';
    if (child.type === 'enum') return 'enum';
    if (child.type === 'class') return 'class';
  }
  return 'class';
}

/** Modifier keywords (`private`, `const`, `override` …) of a declaration. */
function modifierWords(node: Node): string[] {
  const modifiers = childOfType(node, 'modifiers');
  if (modifiers === null) return [];
  const words: string[] = [];
  for (const child of modifiers.namedChildren) {
    if (child !== null && child.type !== 'annotation') words.push(child.text);
  }
  return words;
}

function isPrivate(node: Node): boolean {
  return modifierWords(node).includes('private');
}

/**
 * The comment block above a declaration. The grammar hangs a comment that follows the imports
 * inside the last import header, so an adjacent comment ending the previous node counts too.
 */
function kotlinDoc(node: Node): string | undefined {
  const direct = leadingComment(node, isComment);
  if (direct !== undefined) return direct;
  let last = node.previousNamedSibling?.lastNamedChild ?? null;
  for (let depth = 0; last !== null && !isComment(last.type) && depth < 3; depth++) last = last.lastNamedChild;
  if (last === null || !isComment(last.type) || last.endPosition.row !== node.startPosition.row - 1) return undefined;
  const text = cleanComment(last.text);
  return text === '' ? undefined : text;
}

