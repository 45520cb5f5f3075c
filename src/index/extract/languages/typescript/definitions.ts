/**
 * The definitions of TypeScript and JavaScript: functions, classes and their members, interfaces,
 * type aliases, enums and namespaces. Each definition opens a scope that the rest of its subtree
 * is recorded in.
 */
import type { Node } from 'web-tree-sitter';
import type { NodeKind } from '../../../../model.js';
import { headText, type ExtractionBuilder } from '../../builder.js';
import { unquote } from '../../comments.js';
import { isPascalCase } from '../../names.js';
import type { FileState } from './file-state.js';
import { firstOverload, isOverloadSignature } from './overloads.js';
import { decoratorRefs, decoratorsOf, heritageRef, noteTypeParameters } from './references.js';
import { controllerPath, controllerRoutes } from './routes.js';
import { FUNCTION_VALUES, annotatedClass, docComment, docOf, exportedSpan, isExported, memberDoc, nameOf, spanDoc } from './syntax.js';

/**
 * Defines a function named `name` whose syntax is `node` and whose symbol spans `span` (the
 * declaration itself, its variable declarator, or its `export default` statement; or from its
 * first overload signature to `until`, the implementation), and opens it. A PascalCase function
 * is remembered as a possible component. No-op when `name` is ''.
 */
export function defineFunction(state: FileState, node: Node, span: Node, name: string, body: Node | null, until?: Node): void {
  if (name === '') return;
  const builder = state.builder;
  const index = builder.define('function', name, span, {
    ...(until === undefined ? {} : { until }),
    exported: exportedSpan(span),
    signature: headText(span.type === 'variable_declarator' ? span : node, body),
    // Overloads: documented before the first signature, or else right before the implementation.
    docstring: spanDoc(span) ?? (until === undefined ? undefined : spanDoc(until)),
  });
  if (isPascalCase(name)) state.components.add(index);
  builder.open(index);
  noteTypeParameters(state, node);
  noteParameters(state, node, index);
}

/**
 * `function f() {…}`, `function* g() {…}` and a signature (`declare function`); an overload
 * signature is part of the implementation that follows it (overloads.ts).
 */
export function visitFunctionDeclaration(state: FileState, declaration: Node): void {
  const name = nameOf(declaration);
  if (isOverloadSignature(declaration, name)) return;
  const first = firstOverload(declaration, name);
  defineFunction(state, declaration, first ?? declaration, name, declaration.childForFieldName('body'), first === undefined ? undefined : declaration);
}

/** Parameters declared with a class type (`repo: Repo`) hold that class inside the function. */
function noteParameters(state: FileState, node: Node, index: number): void {
  for (const parameter of node.childForFieldName('parameters')?.namedChildren ?? []) {
    if (parameter?.type !== 'required_parameter' && parameter?.type !== 'optional_parameter') continue;
    const pattern = parameter.childForFieldName('pattern');
    const type = parameter.childForFieldName('type')?.namedChild(0);
    if (pattern?.type !== 'identifier') continue;
    state.typed.locals.note(index, pattern.text, annotatedClass(type));
  }
}

/** Where a class assigned to a path goes (`exports.Store = class {…}`), when not where it is written. */
export interface ClassPlacement {
  readonly parent: number;
  readonly qualifiedName: string;
  readonly exported: boolean;
}

/**
 * Defines a class named `name` whose syntax is `node` and whose symbol spans `span` (as for
 * functions), records its decorators and bases, and walks its body. Returns false once it has
 * walked the body (the caller must not descend again); nothing when `name` is ''.
 */
export function defineClass(
  state: FileState, node: Node, span: Node, name: string, placement?: ClassPlacement,
): boolean | void {
  if (name === '') return;
  const builder = state.builder;
  const index = builder.define('class', name, span, {
    ...placement,
    exported: placement?.exported ?? exportedSpan(span),
    signature: headText(placement !== undefined ? span : node, node.childForFieldName('body')), docstring: spanDoc(span),
  });
  decoratorRefs(builder, node, index);
  const controller = controllerPath(decoratorsOf(node), state.pathConstants);
  if (controller !== undefined) state.controllers.set(index, controller);
  builder.open(index);
  noteTypeParameters(state, node);
  for (const child of node.namedChildren) {
    if (child?.type === 'class_heritage') classHeritage(builder, child);
  }
  const body = node.childForFieldName('body');
  if (body !== null) state.visit(body);
  return false;
}

/** `class C extends …` and `abstract class C …`. */
export function visitClassDeclaration(state: FileState, declaration: Node): boolean | void {
  return defineClass(state, declaration, declaration, nameOf(declaration));
}

/** The `extends` and `implements` refs of a class. */
function classHeritage(builder: ExtractionBuilder, heritage: Node): void {
  for (const clause of heritage.namedChildren) {
    if (clause === null) continue;
    if (clause.type === 'extends_clause') {
      const value = clause.childForFieldName('value');
      if (value !== null) heritageRef(builder, 'extends', value);
    } else if (clause.type === 'implements_clause') {
      for (const target of clause.namedChildren) if (target !== null) heritageRef(builder, 'implements', target);
    } else {
      // JavaScript puts the superclass expression directly under class_heritage.
      heritageRef(builder, 'extends', clause);
    }
  }
}

/** A member is exported when its class is, unless it is `private`/`protected` or a `#private` name. */
function memberVisibility(member: Node, classExported: boolean): boolean {
  if (!classExported) return false;
  for (const child of member.namedChildren) {
    if (child?.type === 'accessibility_modifier') return child.text === 'public';
  }
  const name = member.childForFieldName('name');
  return name?.type !== 'private_property_identifier';
}

function parentExported(builder: ExtractionBuilder): boolean {
  return builder.symbolAt(builder.current)?.exported ?? false;
}

/** A method, constructor, getter or setter, or a method signature of an interface or abstract class. */
export function visitMethod(state: FileState, method: Node): void {
  const builder = state.builder;
  const name = nameOf(method);
  if (name === '' || isOverloadSignature(method, name)) return;
  const first = firstOverload(method, name);
  let kind: NodeKind = name === 'constructor' ? 'constructor' : 'method';
  // Getters and setters read like fields to callers; the `get`/`set` keyword is an anonymous child.
  if (method.children.some((child) => child !== null && (child.type === 'get' || child.type === 'set'))) kind = 'property';
  const owner = builder.current;
  const index = builder.define(kind, name, method, {
    ...(first === undefined ? {} : { span: first, until: method }),
    exported: memberVisibility(method, parentExported(builder)),
    signature: headText(method, method.childForFieldName('body')),
    docstring: memberDoc(first ?? method),
  });
  decoratorRefs(builder, method, index);
  const controller = state.controllers.get(owner);
  const nameNode = method.childForFieldName('name');
  if (controller !== undefined && nameNode !== null) controllerRoutes(state, decoratorsOf(method), nameNode, owner, controller);
  builder.open(index);
  noteTypeParameters(state, method);
  noteParameters(state, method, index);
}

/** A class field or an interface property; a field holding a function is a method. */
export function visitField(state: FileState, field: Node): void {
  const builder = state.builder;
  const name = nameOf(field);
  if (name === '') return;
  const value = field.childForFieldName('value');
  const isFunction = value !== null && FUNCTION_VALUES.has(value.type);
  const index = builder.define(isFunction ? 'method' : 'property', name, field, {
    exported: memberVisibility(field, parentExported(builder)),
    signature: headText(field, isFunction ? value.childForFieldName('body') : null),
    docstring: memberDoc(field),
  });
  decoratorRefs(builder, field, index);
  builder.open(index);
}

/** `interface I extends J {…}`: the interface, its bases, and its members (walked here). */
export function visitInterface(state: FileState, declaration: Node): boolean | void {
  const builder = state.builder;
  const name = nameOf(declaration);
  if (name === '') return;
  const index = builder.define('interface', name, declaration, {
    exported: isExported(declaration),
    signature: headText(declaration, declaration.childForFieldName('body')),
    docstring: docOf(declaration),
  });
  builder.open(index);
  for (const clause of declaration.namedChildren) {
    if (clause?.type !== 'extends_type_clause') continue;
    for (const target of clause.namedChildren) if (target !== null) heritageRef(builder, 'extends', target);
  }
  noteTypeParameters(state, declaration);
  const body = declaration.childForFieldName('body');
  if (body !== null) state.visit(body);
  return false;
}

/** `type A<T> = …`: the alias, and the types its value refers to (walked here). */
export function visitTypeAlias(state: FileState, declaration: Node): boolean | void {
  const builder = state.builder;
  const name = nameOf(declaration);
  if (name === '') return;
  builder.open(builder.define('type_alias', name, declaration, {
    exported: isExported(declaration), signature: headText(declaration, null), docstring: docOf(declaration),
  }));
  noteTypeParameters(state, declaration);
  const value = declaration.childForFieldName('value');
  if (value !== null) state.visit(value);
  return false;
}

/** `enum E { A, B = 1 }`: the enum and its members; nothing inside is visited further. */
export function visitEnum(state: FileState, declaration: Node): boolean {
  const builder = state.builder;
  const name = nameOf(declaration);
  if (name === '') return false;
  const exported = isExported(declaration);
  const index = builder.define('enum', name, declaration, {
    exported, signature: headText(declaration, declaration.childForFieldName('body')), docstring: docOf(declaration),
  });
  const body = declaration.childForFieldName('body');
  if (body === null) return false;
  builder.within(index, () => {
    for (const member of body.namedChildren) {
      if (member === null) continue;
      const memberName = member.type === 'enum_assignment' ? member.childForFieldName('name') : member;
      if (memberName === null || member.type === 'comment') continue;
      builder.define('enum_member', memberName.text, member, {
        exported, signature: member.text, docstring: docComment(member),
      });
    }
  });
  return false;
}

/** `namespace N {…}`, `module M {…}` and `declare module 'm' {…}` (exported when ambient). */
export function visitNamespace(state: FileState, declaration: Node): void {
  const nameNode = declaration.childForFieldName('name');
  if (nameNode === null) return;
  const name = nameNode.type === 'string' ? unquote(nameNode.text) : nameNode.text;
  const builder = state.builder;
  builder.open(builder.define('namespace', name, declaration, {
    exported: isExported(declaration) || declaration.parent?.type === 'ambient_declaration',
    signature: headText(declaration, declaration.childForFieldName('body')), docstring: docOf(declaration),
  }));
}
