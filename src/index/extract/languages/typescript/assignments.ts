/**
 * Definitions written as assignments, the way much of npm is written: `res.json = function json()
 * {…}`, `Router.prototype.dispatch = function () {…}`, `exports.parse = (s) => …`,
 * `module.exports = function name() {…}`, `X.prototype = { a() {}, b: function () {} }`,
 * `handle = function () {…}` and `this.onEnd = () => …`. Each defines a symbol named by the last
 * segment of its path and qualified by the whole path, `prototype` left out (`Router.dispatch`).
 */
import type { Node } from 'web-tree-sitter';
import type { NodeKind } from '../../../../model.js';
import { headText } from '../../builder.js';
import { unquote } from '../../comments.js';
import { defineClass } from './definitions.js';
import type { FileState } from './file-state.js';
import { docComment, FUNCTION_VALUES } from './syntax.js';

/** Longest member path read (`a.b.c.d…`); longer ones are not definitions anyone names. */
const MAX_PATH = 8;

/** The segments of `a.b.c` (identifiers, `this` and property names only), or undefined. */
export function memberPath(node: Node): string[] | undefined {
  const segments: string[] = [];
  let at: Node | null = node;
  while (at !== null && segments.length <= MAX_PATH) {
    if (at.type === 'identifier' || at.type === 'this') {
      segments.unshift(at.text);
      return segments;
    }
    if (at.type !== 'member_expression') return undefined;
    const property = at.childForFieldName('property');
    if (property === null || property.type !== 'property_identifier') return undefined;
    segments.unshift(property.text);
    at = at.childForFieldName('object');
  }
  return undefined;
}

/** True for `module.exports` and `exports`: the object a CommonJS module hands out. */
function isModuleExports(path: readonly string[]): boolean {
  return (path.length === 1 && path[0] === 'exports') || (path.length === 2 && path[0] === 'module' && path[1] === 'exports');
}

/** True when the path starts at the module's exports (`exports.x`, `module.exports.x`). */
function onModuleExports(path: readonly string[]): boolean {
  return path[0] === 'exports' || (path[0] === 'module' && path[1] === 'exports');
}

/** Skips parentheses around a value: `x = (function () {…})`. */
function unwrap(node: Node | null): Node | null {
  let at = node;
  while (at?.type === 'parenthesized_expression') at = at.namedChild(0);
  return at;
}

/** One assignment chain `a = b = value`: its targets left to right and the value. */
interface Chain {
  readonly targets: readonly Node[];
  readonly value: Node;
}

function chainOf(assignment: Node): Chain | undefined {
  const targets: Node[] = [];
  let value: Node | null = assignment;
  while (value?.type === 'assignment_expression') {
    const left = value.childForFieldName('left');
    if (left === null) return undefined;
    targets.push(left);
    value = unwrap(value.childForFieldName('right'));
  }
  return value === null ? undefined : { targets, value };
}

/** Where a definition sits: its enclosing symbol and the qualified name it gets. */
interface Placement {
  readonly parent: number;
  readonly qualifiedName: string;
}

/**
 * `this.x = …` belongs to the object being built: the class around the method or constructor,
 * or the constructor function itself. Any other path is qualified inside the current scope.
 */
function place(state: FileState, path: readonly string[]): Placement {
  const builder = state.builder;
  let parent = builder.current;
  let rest = path.filter((segment) => segment !== 'prototype');
  if (rest[0] === 'this') {
    rest = rest.slice(1);
    const current = builder.symbolAt(parent);
    const owner = current === undefined ? undefined : builder.symbolAt(current.parent);
    if (current !== undefined && current.kind !== 'function' && owner?.kind === 'class') parent = current.parent;
    if (builder.symbolAt(parent)?.kind === 'function') state.constructors.add(parent);
  } else if (rest.length < path.length) {
    // A prototype belongs to its module-level constructor wherever the assignment is written.
    parent = -1;
    if (path[path.length - 2] === 'prototype') state.prototypeOwners.add(rest.slice(0, -1).join('.'));
  }
  const parentQn = builder.symbolAt(parent)?.qualifiedName ?? '';
  const joined = rest.join('.');
  return { parent, qualifiedName: parentQn === '' ? joined : `${parentQn}.${joined}` };
}

/**
 * After the walk: a function with prototype members (or that assigns methods to `this`) is a
 * class, and members assigned onto a name the module exports are exported.
 */
export function applyAssignedFacts(state: FileState): void {
  const builder = state.builder;
  for (const index of state.constructors) builder.amend(index, { kind: 'class' });
  if (state.prototypeOwners.size > 0) {
    for (let index = 0; index < builder.symbolCount; index++) {
      const symbol = builder.symbolAt(index);
      if (symbol?.kind === 'function' && state.prototypeOwners.has(symbol.qualifiedName)) builder.amend(index, { kind: 'class' });
    }
  }
  if (state.exportedNames.size === 0) return;
  for (const index of state.assigned) {
    const symbol = builder.symbolAt(index);
    const dot = symbol?.qualifiedName.indexOf('.') ?? -1;
    if (symbol !== undefined && !symbol.exported && dot > 0 && state.exportedNames.has(symbol.qualifiedName.slice(0, dot))) {
      builder.amend(index, { exported: true });
    }
  }
}

/** The kind of a function assigned to `path`: exports' members are functions, others methods. */
function functionKind(path: readonly string[]): NodeKind {
  if (path.length === 1) return 'function';
  return onModuleExports(path) ? 'function' : 'method';
}

/**
 * Defines the function or class `value` assigned to `path` (written as `span`) and opens it;
 * returns false when it walked the value itself (a class body).
 */
function defineAssigned(
  state: FileState, span: Node, path: readonly string[], value: Node, kind = functionKind(path),
): boolean | void {
  const builder = state.builder;
  const name = path[path.length - 1] ?? '';
  const { parent, qualifiedName } = place(state, path);
  // `this.run = …` for a member the class already declares (`run: () => void;`) adds nothing.
  if (path[0] === 'this' && declaredIn(state, parent, name)) return undefined;
  const exported = onModuleExports(path) && builder.current < 0;
  state.assigned.push(builder.symbolCount);
  if (value.type === 'class') return defineClass(state, value, span, name, { parent, qualifiedName, exported });
  builder.open(builder.define(kind, name, span, {
    parent, qualifiedName, exported,
    signature: headText(span, value.childForFieldName('body')),
    docstring: docComment(span),
  }));
  return undefined;
}

/** The other names of a chain (`res.set` of `res.set = res.header = function …`), spanning it all. */
function defineAlias(state: FileState, span: Node, path: readonly string[], value: Node): void {
  const { parent, qualifiedName } = place(state, path);
  state.assigned.push(state.builder.symbolCount);
  state.builder.define(value.type === 'class' ? 'class' : functionKind(path), path[path.length - 1] ?? '', span, {
    parent, qualifiedName, exported: onModuleExports(path) && state.builder.current < 0,
    signature: headText(span, value.childForFieldName('body')), docstring: docComment(span),
  });
}

/** True when symbol `parent` already has a member `name` (searched from the latest symbol back). */
function declaredIn(state: FileState, parent: number, name: string): boolean {
  if (parent < 0) return false;
  for (let index = state.builder.symbolCount - 1; index > parent; index--) {
    const symbol = state.builder.symbolAt(index);
    if (symbol?.parent === parent && symbol.name === name) return true;
  }
  return false;
}

/** True for a value that defines something when assigned: a function or a class. */
function isDefinitionValue(value: Node): boolean {
  return FUNCTION_VALUES.has(value.type) || value.type === 'class';
}

/** `expression_statement` holding an assignment: CommonJS exports and assigned definitions. */
export function visitAssignmentStatement(state: FileState, statement: Node): boolean | void {
  const assignment = statement.namedChild(0);
  if (assignment?.type !== 'assignment_expression') return;
  const chain = chainOf(assignment);
  if (chain === undefined) return;
  const paths = chain.targets.map(memberPath);
  const { value } = chain;
  const exportsAt = paths.findIndex((path) => path !== undefined && isModuleExports(path));
  if (exportsAt >= 0) return exportValue(state, statement, value);
  // `req.get = req.header = function header() {…}`: named by the target written next to it.
  const first = paths[paths.length - 1];
  if (first === undefined) return;
  if (value.type === 'identifier' && onModuleExports(first)) {
    state.exportedNames.add(value.text);
    state.builder.ref('exports', value.text, value);
    return;
  }
  if (isDefinitionValue(value)) {
    for (const alias of paths.slice(0, -1)) if (alias !== undefined && alias.length > 1) defineAlias(state, statement, alias, value);
    return defineAssigned(state, statement, first, value);
  }
  if (value.type === 'object' && first.length > 1) noteObjectMembers(state, first, value);
  return;
}

/**
 * The value handed to `module.exports` (directly or through a chain): a name is marked exported,
 * a function or class defined (named by itself, else `default`), an object's members noted.
 */
function exportValue(state: FileState, span: Node, value: Node): boolean | void {
  const builder = state.builder;
  if (value.type === 'identifier') {
    state.exportedNames.add(value.text);
    builder.ref('exports', value.text, value);
    return;
  }
  const name = value.childForFieldName('name')?.text ?? 'default';
  const options = { parent: -1, qualifiedName: 'module.exports', exported: true };
  if (value.type === 'class') return defineClass(state, value, span, name, options);
  if (FUNCTION_VALUES.has(value.type)) {
    builder.open(builder.define('function', name, span, {
      ...options, signature: headText(span, value.childForFieldName('body')), docstring: docComment(span),
    }));
    return;
  }
  if (value.type === 'object') noteObjectMembers(state, ['module', 'exports'], value);
  return;
}

/**
 * `var self = module.exports = …` and `var a = b.c = …`: the value at the end of a declarator's
 * assignment chain, which the caller defines under the declarator's name; that name is marked
 * exported when the chain hands the value to `module.exports`.
 */
export function declaratorChain(state: FileState, declarator: Node, alias: string, assignment: Node): Node | undefined {
  const chain = chainOf(assignment);
  if (chain === undefined) return undefined;
  const exported = chain.targets.some((target) => {
    const path = memberPath(target);
    return path !== undefined && isModuleExports(path);
  });
  if (exported) {
    state.exportedNames.add(alias);
    state.builder.ref('exports', alias, declarator);
    if (chain.value.type === 'identifier') {
      state.exportedNames.add(chain.value.text);
      state.builder.ref('exports', chain.value.text, chain.value);
    }
  }
  return chain.value;
}

/** The name a key of an object literal gives: `a`, `'a'`, `1`; '' for a computed key. */
function keyName(key: Node | null): string {
  if (key === null) return '';
  if (key.type === 'property_identifier' || key.type === 'number') return key.text;
  if (key.type === 'string') return unquote(key.text);
  return '';
}

/**
 * Remembers that the members of `object` are members of `path` (`X.prototype = {…}`,
 * `module.exports = {…}`; `[]` for the object a module-level variable holds, whose members
 * belong to the open variable). The walk then meets its methods and keys.
 */
export function noteObjectMembers(state: FileState, path: readonly string[], object: Node): void {
  state.objectPaths.set(object.id, path);
}

/** The path `member` of an object literal is defined under, when its object was noted. */
export function objectMemberPath(state: FileState, member: Node, key: Node | null): string[] | undefined {
  if (state.objectPaths.size === 0) return undefined;
  const object = member.parent;
  const path = object === null ? undefined : state.objectPaths.get(object.id);
  const name = keyName(key);
  return path === undefined || name === '' ? undefined : [...path, name];
}

/** `key: function () {…}` in a noted object literal: a member like a method. */
export function visitPair(state: FileState, pair: Node): boolean | void {
  if (state.objectPaths.size === 0) return;
  const value = unwrap(pair.childForFieldName('value'));
  if (value === null || !isDefinitionValue(value)) return;
  const path = objectMemberPath(state, pair, pair.childForFieldName('key'));
  if (path !== undefined) return defineAssigned(state, pair, path, value, onModuleExports(path) ? 'function' : 'method');
  return;
}

/**
 * A method written in a noted object literal: defined with the object's path (a getter or setter
 * as a property); false when the object was not noted, for the class-member visitor to define it.
 */
export function visitObjectMethod(state: FileState, method: Node): boolean {
  const path = objectMemberPath(state, method, method.childForFieldName('name'));
  if (path === undefined) return false;
  const accessor = method.children.some((child) => child !== null && (child.type === 'get' || child.type === 'set'));
  const kind: NodeKind = accessor ? 'property' : 'method';
  const { parent, qualifiedName } = place(state, path);
  state.assigned.push(state.builder.symbolCount);
  state.builder.open(state.builder.define(kind, path[path.length - 1] ?? '', method, {
    parent, qualifiedName, exported: onModuleExports(path) && state.builder.current < 0,
    signature: headText(method, method.childForFieldName('body')), docstring: docComment(method),
  }));
  return true;
}

/**
 * `Object.defineProperty(obj, 'name', { get: function () {…} })`: a property `obj.name`, opened
 * so that the accessor bodies belong to it. Nothing for other calls.
 */
export function visitDefineProperty(state: FileState, call: Node): void {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'member_expression' || callee.text !== 'Object.defineProperty') return;
  const args = call.childForFieldName('arguments')?.namedChildren ?? [];
  const [target, key, descriptor] = args;
  if (target == null || key?.type !== 'string' || descriptor?.type !== 'object') return;
  const accessor = descriptor.namedChildren.some((pair) => {
    if (pair?.type === 'method_definition') return true;
    if (pair?.type !== 'pair') return false;
    const value = pair.childForFieldName('value');
    return value !== null && FUNCTION_VALUES.has(value.type);
  });
  const owner = memberPath(target);
  const name = unquote(key.text);
  if (!accessor || owner === undefined || name === '') return;
  const path = [...owner, name];
  const { parent, qualifiedName } = place(state, path);
  state.assigned.push(state.builder.symbolCount);
  const span = call.parent?.type === 'expression_statement' ? call.parent : call;
  state.builder.open(state.builder.define('property', name, span, {
    parent, qualifiedName, exported: onModuleExports(path) && state.builder.current < 0,
    signature: headText(span, descriptor), docstring: docComment(span),
  }));
}

/** Parents under which a function expression is defined by the construct around it. */
const DEFINING_PARENTS: ReadonlySet<string> = new Set([
  'variable_declarator', 'assignment_expression', 'pair', 'export_statement', 'public_field_definition',
  'field_definition',
]);

/** The nearest ancestor that is not a parenthesized expression (`var x = (function x() {…})`). */
function outsideParentheses(node: Node): Node | null {
  let parent = node.parent;
  while (parent?.type === 'parenthesized_expression') parent = parent.parent;
  return parent;
}

/**
 * A named function expression anywhere else (`defineGetter(req, 'xhr', function xhr() {…})`,
 * `middlewares: [function resolve() {…}]`): the author named it, so it is a function.
 */
export function visitFunctionExpression(state: FileState, expression: Node): void {
  const name = expression.childForFieldName('name');
  if (name === null || DEFINING_PARENTS.has(outsideParentheses(expression)?.type ?? '')) return;
  const builder = state.builder;
  const docstring = callStatementDoc(expression);
  builder.open(builder.define('function', name.text, expression, {
    signature: headText(expression, expression.childForFieldName('body')),
    ...(docstring === undefined ? {} : { docstring }),
  }));
}

/**
 * The doc comment of a call statement that defines a function by passing it, the call's one
 * function argument (`/** Check if … *\/ defineGetter(req, 'xhr', function xhr() {…});`): it
 * documents the function, as a comment above `x.y = function` does. Not for a chain of calls; a
 * call that only takes a named callback (`register(plugin, function done() {})`) gives it its
 * comment too.
 */
function callStatementDoc(expression: Node): string | undefined {
  const args = outsideParentheses(expression);
  const call = args?.type === 'arguments' ? args.parent : null;
  if (call?.type !== 'call_expression' || call.parent?.type !== 'expression_statement') return undefined;
  // A chain's last call (`router.route('/u').get(a).post(b)`) is one of several the comment is about.
  if (call.childForFieldName('function')?.childForFieldName('object')?.type === 'call_expression') return undefined;
  const functions = (args?.namedChildren ?? []).filter((a) => a !== null && FUNCTION_VALUES.has(a.type));
  return functions.length === 1 ? docComment(call.parent) : undefined;
}
