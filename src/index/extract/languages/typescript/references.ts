/**
 * What a TypeScript/JavaScript file refers to: calls, `new`, type names, decorators and the bases
 * a class or interface names, each with its receiver written as a path (`a.b` of `a.b.c()`).
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../../builder.js';
import { receiverClass, typedChain, type FileTypes } from '../../local-types.js';
import { walk } from '../../walk.js';
import type { FileState } from './file-state.js';
import { dynamicImport, isRequireCall, requireImport } from './imports.js';

type QualifiedRefKind = 'calls' | 'instantiates' | 'extends' | 'implements' | 'decorates';

/** A call visited in the file: `require(…)` and `import(…)` are imports, anything else a `calls` ref. */
export function visitCall(state: FileState, call: Node): void {
  callRef(state.builder, call, state.typed);
}

/** `new X()` and `new a.X()`: an `instantiates` ref to the constructor. */
export function visitNew(state: FileState, expression: Node): void {
  const constructor = expression.childForFieldName('constructor');
  if (constructor !== null) qualifiedRef(state.builder, 'instantiates', constructor);
}

/** A type name in use; declarations consume their own name nodes, so every one seen here is a use. */
export function visitTypeIdentifier(state: FileState, identifier: Node): void {
  const name = identifier.text;
  if (!state.typeParams.has(name)) state.builder.ref('references', name, identifier);
}

/** `ns.Type`: a ref to `Type` with `ns` as its receiver; the parts are not visited again. */
export function visitNestedTypeIdentifier(state: FileState, identifier: Node): boolean {
  const name = identifier.childForFieldName('name');
  const module = identifier.childForFieldName('module');
  if (name !== null) state.builder.ref('references', name.text, name, module?.text);
  return false;
}

/** `<T>` anywhere: later uses of `T` are not references to a type named `T`. */
export function visitTypeParameter(state: FileState, parameter: Node): void {
  const name = parameter.childForFieldName('name');
  if (name !== null) state.typeParams.add(name.text);
}

/** Notes the type parameters a declaration introduces (`function f<T>`, `class C<T>`) before its body. */
export function noteTypeParameters(state: FileState, declaration: Node): void {
  const parameters = declaration.childForFieldName('type_parameters');
  if (parameters === null) return;
  for (const parameter of parameters.namedChildren) {
    const name = parameter?.childForFieldName('name');
    if (name != null) state.typeParams.add(name.text);
  }
}

/** The variable `x = require('y')` assigns (declared earlier: `var x;` then a lazy require), else null. */
function assignedName(call: Node): Node | null {
  const parent = call.parent;
  if (parent?.type !== 'assignment_expression' || parent.childForFieldName('right')?.id !== call.id) return null;
  const left = parent.childForFieldName('left');
  return left?.type === 'identifier' ? left : null;
}

/**
 * Records a call: `require('y')` and `import('y')` as imports, `f()` and `a.b.f()` as `calls`
 * refs (the receiver is the class when it is a variable or `this` field of a known class).
 */
export function callRef(builder: ExtractionBuilder, call: Node, typed?: FileTypes): void {
  const callee = indirectCallee(call.childForFieldName('function'));
  if (callee === null) return;
  switch (callee.type) {
    case 'identifier':
      if (callee.text === 'require' && isRequireCall(call)) requireImport(builder, call, assignedName(call));
      else builder.ref('calls', callee.text, callee);
      return;
    case 'import':
      dynamicImport(builder, call);
      return;
    case 'member_expression':
      qualifiedRef(builder, 'calls', callee, typed);
      return;
    default:
      return;
  }
}

/**
 * The function an indirect call names: `(0, _utils.parse)(text)`, as Babel and TypeScript write
 * a call of an imported function in CommonJS output (so `this` is not the module), calls
 * `_utils.parse`. Any other callee is itself.
 */
function indirectCallee(callee: Node | null): Node | null {
  if (callee?.type !== 'parenthesized_expression') return callee;
  const inner = callee.namedChild(0);
  if (inner?.type !== 'sequence_expression') return callee;
  const last = inner.namedChildren.at(-1) ?? null;
  const first = inner.namedChild(0);
  return inner.namedChildCount === 2 && first?.type === 'number' && (last?.type === 'member_expression' || last?.type === 'identifier') ? last : callee;
}

/** A ref to `a.b.c` (name `c`, receiver `a.b`) or to a plain identifier. */
export function qualifiedRef(builder: ExtractionBuilder, kind: QualifiedRefKind, node: Node, typed?: FileTypes): void {
  if (node.type === 'member_expression') {
    const property = node.childForFieldName('property');
    const object = node.childForFieldName('object');
    if (property === null) return;
    const known = typed === undefined || object === null ? undefined : receiverOf(builder, typed, object);
    builder.ref(kind, property.text, property, known ?? (object !== null ? receiverPath(object, 0) : undefined));
    return;
  }
  if (node.type === 'identifier' || node.type === 'type_identifier') builder.ref(kind, node.text, node);
}

/**
 * The class a call's object holds when the file says: a typed local (`repo`) or a typed field
 * (`this.repo`); for a chain of calls starting at one (`repo.find().save()`), the chain with the
 * start written as its type (`Repo.find()`), which resolution follows call by call.
 */
function receiverOf(builder: ExtractionBuilder, typed: FileTypes, object: Node): string | undefined {
  if (object.type === 'identifier') return typed.locals.typeOf(builder.current, object.text);
  if (object.type === 'call_expression') return typedChain(builder, typed, receiverPath(object, 0), 'this');
  const field = object.type === 'member_expression' && object.childForFieldName('object')?.type === 'this' ? object.childForFieldName('property') : null;
  return field != null && field.type.endsWith('property_identifier') ? receiverClass(builder, typed, field.text, true) : undefined;
}

/** An `extends`/`implements` target: a name, a qualified name, a generic type, or a mixin call. */
export function heritageRef(builder: ExtractionBuilder, kind: 'extends' | 'implements', target: Node): void {
  switch (target.type) {
    case 'generic_type': {
      const name = target.childForFieldName('name');
      if (name !== null) heritageRef(builder, kind, name);
      return;
    }
    case 'call_expression':
      // `class C extends mixin(A, B)`: the call is what runs; the arguments are the real bases.
      callRef(builder, target);
      for (const argument of target.childForFieldName('arguments')?.namedChildren ?? []) {
        if (argument !== null && (argument.type === 'identifier' || argument.type === 'member_expression')) {
          heritageRef(builder, kind, argument);
        }
      }
      return;
    case 'nested_type_identifier': {
      const name = target.childForFieldName('name');
      if (name !== null) builder.ref(kind, name.text, name, target.childForFieldName('module')?.text);
      return;
    }
    default:
      qualifiedRef(builder, kind, target);
  }
}

const CALL_TYPES: ReadonlySet<string> = new Set(['call_expression']);

/**
 * Records `decorates` refs, from the definition `target`, for the decorators on `node`: its own,
 * its `export` statement's, or (in a class body) the ones just before it. Calls in a decorator's
 * arguments are recorded too.
 */
export function decoratorRefs(builder: ExtractionBuilder, node: Node, target: number): void {
  const found = decoratorsOf(node);
  if (found.length === 0) return;
  builder.within(target, () => {
    for (const decorator of found) {
      let expression = decorator.namedChild(0);
      if (expression?.type === 'call_expression') {
        const args = expression.childForFieldName('arguments');
        expression = expression.childForFieldName('function');
        if (args !== null) walk(args, builder, CALL_TYPES, (call) => { callRef(builder, call); });
      }
      if (expression !== null) qualifiedRef(builder, 'decorates', expression);
    }
  });
}

/** The decorators on `node`: its own, its `export` statement's, or (in a class body) the ones just before it. */
export function decoratorsOf(node: Node): Node[] {
  const found: Node[] = [];
  for (const decorator of node.childrenForFieldName('decorator')) if (decorator !== null) found.push(decorator);
  const parent = node.parent;
  if (parent?.type === 'export_statement') {
    for (const decorator of parent.childrenForFieldName('decorator')) if (decorator !== null) found.push(decorator);
  }
  // In a class body, a member's decorators are its preceding siblings rather than its children,
  // comments among them included (`@UseInterceptors(…) // why`).
  if (parent?.type === 'class_body') {
    for (let sibling = node.previousNamedSibling; sibling?.type === 'decorator' || sibling?.type === 'comment'; sibling = sibling.previousNamedSibling) {
      if (sibling.type === 'decorator') found.push(sibling);
    }
  }
  return found;
}

/**
 * A receiver as written, with call arguments dropped so that long promise chains stay short
 * (`fetch().then()`), and an instance made by `new` written as a call of its class; shapes that
 * are not a path (literals, arrays …) become `…`.
 */
export function receiverPath(node: Node, depth: number): string {
  if (depth > 6) return '…';
  switch (node.type) {
    case 'identifier':
    case 'this':
    case 'super':
    case 'property_identifier':
    case 'private_property_identifier':
      return node.text;
    case 'member_expression': {
      const object = node.childForFieldName('object');
      const property = node.childForFieldName('property');
      return `${object !== null ? receiverPath(object, depth + 1) : '…'}.${property?.text ?? ''}`;
    }
    case 'call_expression': {
      const callee = node.childForFieldName('function');
      return `${callee !== null ? receiverPath(callee, depth + 1) : '…'}()`;
    }
    case 'subscript_expression': {
      const object = node.childForFieldName('object');
      return `${object !== null ? receiverPath(object, depth + 1) : '…'}[]`;
    }
    // `new Client().send()` is a call on what `Client()` makes: resolution finds the class, or,
    // for a builtin one (`new Date()`), leaves the call to the later steps.
    case 'new_expression': {
      const made = node.childForFieldName('constructor');
      return made?.type === 'identifier' || made?.type === 'member_expression' ? `${receiverPath(made, depth + 1)}()` : '…';
    }
    case 'non_null_expression':
    case 'parenthesized_expression':
    case 'await_expression': {
      const inner = node.namedChild(0);
      return inner !== null ? receiverPath(inner, depth + 1) : '…';
    }
    default:
      return '…';
  }
}
