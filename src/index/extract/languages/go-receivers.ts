/**
 * What a Go call's operand holds, so `route.Match()` is recorded as a call on `Route`: method
 * receivers, parameters, `x := &T{}`, `T{}`, `new(T)`, `x.(*T)`, `var x *T`, a range over a typed
 * slice, array or map, and the fields of the structs the file declares.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { callOf, fromTypedLocal, LocalTypes } from '../local-types.js';

/** The node types inside a function that declare variables (parameters and `var` are noted by the extractor's own cases). */
export const GO_LOCALS: ReadonlySet<string> = new Set(['short_var_declaration', 'assignment_statement', 'range_clause', 'type_switch_statement', 'receive_statement']);

/** Predeclared types: references to them carry no information. */
export const BUILTIN_TYPES: ReadonlySet<string> = new Set([
  'bool', 'byte', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16',
  'int32', 'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'any',
  'comparable',
]);

/**
 * What the variables of a function hold, so `route.Match()` is recorded with `Route` as its
 * receiver: `types` for a variable holding a named type (or a pointer to one), `elements` for a
 * slice, array or map of one (what `range` over it yields). From receivers, parameters,
 * `x := &T{}`, `x := T{}`, `x := new(T)`, `var x *T` and `for _, x := range xs`.
 */
export interface GoTypes {
  readonly types: LocalTypes;
  readonly elements: LocalTypes;
  /** `Type.field` -> what the field holds, for the structs this file declares. */
  readonly fields: ReadonlyMap<string, Held>;
  /** Type parameters seen so far: a variable of one holds no known type. */
  readonly typeParams: ReadonlySet<string>;
}

/** What a variable or field holds: a named type, or a collection of one. */
interface Held {
  readonly type: string | undefined;
  readonly element: string | undefined;
}

/** The fields of the structs declared at the top of the file, with what each holds. */
function structFields(root: Node): Map<string, Held> {
  const fields = new Map<string, Held>();
  for (const declaration of root.namedChildren) {
    if (declaration?.type !== 'type_declaration') continue;
    for (const spec of declaration.namedChildren) {
      const struct = spec?.type === 'type_spec' ? spec.childForFieldName('type') : null;
      const owner = spec?.childForFieldName('name')?.text;
      if (struct?.type !== 'struct_type' || owner === undefined) continue;
      const list = struct.namedChildren.find((c) => c?.type === 'field_declaration_list');
      for (const field of list?.namedChildren ?? []) {
        if (field?.type !== 'field_declaration') continue;
        const declared = field.childForFieldName('type');
        const held = { type: namedType(declared), element: elementType(declared) };
        for (const name of field.childrenForFieldName('name')) if (name !== null) fields.set(`${owner}.${name.text}`, held);
      }
    }
  }
  return fields;
}

/** What `expression` holds: a typed local, a field of one (`r.routes`), or a value it makes (`[]T{…}`). */
function heldBy(b: ExtractionBuilder, locals: GoTypes, expression: Node | null): Held | undefined {
  const made = madeType(expression);
  if (made !== null) return { type: namedType(made), element: elementType(made) };
  if (expression?.type === 'identifier') {
    return { type: locals.types.typeOf(b.current, expression.text), element: locals.elements.typeOf(b.current, expression.text) };
  }
  if (expression?.type !== 'selector_expression') return undefined;
  const operand = expression.childForFieldName('operand');
  const owner = operand?.type === 'identifier' ? locals.types.typeOf(b.current, operand.text) : undefined;
  const field = expression.childForFieldName('field')?.text;
  return owner === undefined || field === undefined ? undefined : locals.fields.get(`${owner}.${field}`);
}

/**
 * The type a declared type names, pointers and type arguments taken off: `*Box[T]` -> `Box`,
 * `*store.Store` -> `store.Store` (resolution follows the package's import: a project package's
 * type, or one from outside whose calls bind to nothing); undefined for others.
 */
function namedType(node: Node | null): string | undefined {
  let t = node;
  while (t !== null && (t.type === 'pointer_type' || t.type === 'generic_type' || t.type === 'parenthesized_type')) {
    t = t.type === 'generic_type' ? t.childForFieldName('type') : t.namedChild(0);
  }
  if (t?.type === 'qualified_type') {
    const pkg = t.childForFieldName('package')?.text;
    const name = t.childForFieldName('name')?.text;
    return pkg !== undefined && name !== undefined ? `${pkg}.${name}` : undefined;
  }
  return t?.type === 'type_identifier' && !BUILTIN_TYPES.has(t.text) ? t.text : undefined;
}

/** The element type of a slice, array or map type (a map's value), as `namedType` reads it. */
function elementType(node: Node | null): string | undefined {
  if (node?.type === 'slice_type' || node?.type === 'array_type') return namedType(node.childForFieldName('element'));
  if (node?.type === 'map_type') return namedType(node.childForFieldName('value'));
  return undefined;
}

/** Notes what `name`, declared with type node `declared`, holds in the current scope. */
function noteTyped(b: ExtractionBuilder, locals: GoTypes, name: string, declared: Node | null): void {
  if (name === '_') return;
  const known = (type: string | undefined): string | undefined => (type !== undefined && !locals.typeParams.has(type) ? type : undefined);
  locals.types.note(b.current, name, known(namedType(declared)));
  locals.elements.note(b.current, name, known(elementType(declared)));
}

/** The type node a value expression makes: `&T{…}`, `T{…}`, `new(T)`, `x.(*T)`, `[]T{…}`; null for other values. */
function madeType(value: Node | null): Node | null {
  let v = value;
  if (v?.type === 'unary_expression' && v.childForFieldName('operator')?.text === '&') v = v.childForFieldName('operand');
  if (v?.type === 'composite_literal' || v?.type === 'type_assertion_expression') return v.childForFieldName('type');
  if (v?.type === 'call_expression' && v.childForFieldName('function')?.text === 'new') return v.childForFieldName('arguments')?.namedChild(0) ?? null;
  return null;
}

/**
 * `x, y := a, b`: each name paired with its value; `v, ok := x.(*T)` gives v the asserted type;
 * `c, err := Open()` gives c the call (`Open()`), which resolution types by what `Open` returns.
 * Another count mismatch pairs none.
 */
function shortVar(b: ExtractionBuilder, locals: GoTypes, node: Node): void {
  const names = node.childForFieldName('left')?.namedChildren ?? [];
  const values = node.childForFieldName('right')?.namedChildren ?? [];
  const asserted = names.length === 2 && values.length === 1 && values[0]?.type === 'type_assertion_expression';
  const call = values.length === 1 && names.length <= 2 ? calledPath(values[0] ?? null) : undefined;
  // `flags := cmd.Flags()` with `cmd *cobra.Command`: the call on what `cmd` holds.
  const called = call === undefined ? undefined : (fromTypedLocal(locals.types, b.current, call) ?? call);
  names.forEach((n, i) => {
    if (n?.type !== 'identifier') return;
    if (called !== undefined && madeType(values[0] ?? null) === null) {
      if (n.text !== '_') locals.types.note(b.current, n.text, i === 0 ? called : undefined);
      if (n.text !== '_') locals.elements.note(b.current, n.text, undefined);
      return;
    }
    const paired = names.length === values.length || (asserted && i === 0) ? values[asserted ? 0 : i] ?? null : null;
    noteTyped(b, locals, n.text, madeType(paired));
  });
}

/**
 * A call of a function named by a path (`NewClient()`, `pkg.Open()`, `s.db.Conn()`), as `callOf`
 * writes it: a value it returns (`c, err := pkg.Open(x)`, the first result) is typed by resolution
 * from what it returns. The builtins `new` and `make` make what their argument names.
 */
function calledPath(value: Node | null): string | undefined {
  const fn = value?.type === 'call_expression' ? value.childForFieldName('function')?.text : undefined;
  return fn === 'new' || fn === 'make' ? undefined : callOf(fn);
}

/** `var x *T`, `var x = &T{}` inside a function. */
function localSpec(b: ExtractionBuilder, locals: GoTypes, node: Node): void {
  const declared = node.childForFieldName('type');
  const values = node.childForFieldName('value')?.namedChildren ?? [];
  const names = node.childrenForFieldName('name');
  names.forEach((n, i) => {
    if (n === null) return;
    noteTyped(b, locals, n.text, declared ?? (names.length === values.length ? madeType(values[i] ?? null) : null));
  });
}

/** `for _, x := range xs`: x holds what xs's elements are, when that is known. */
function rangeClause(b: ExtractionBuilder, locals: GoTypes, node: Node): void {
  const names = node.childForFieldName('left')?.namedChildren ?? [];
  const element = heldBy(b, locals, node.childForFieldName('right'))?.element;
  const value = names[1];
  if (names[0]?.type === 'identifier') locals.types.note(b.current, names[0].text, undefined);
  if (value?.type === 'identifier') locals.types.note(b.current, value.text, element);
}

/** A file's typing, its struct fields read up front. */
export function goTypes(root: Node, typeParams: ReadonlySet<string>): GoTypes {
  return { types: new LocalTypes(), elements: new LocalTypes(), fields: structFields(root), typeParams };
}

/**
 * The type an operand holds (a typed local, or a field of one), for a call on it; for a chain of
 * calls starting at a typed local (`c.Request()`), the chain with the start written as its type.
 */
export function goReceiver(b: ExtractionBuilder, locals: GoTypes, operand: Node | null, chain: string | undefined): string | undefined {
  if (operand?.type !== 'call_expression' || chain === undefined) return heldBy(b, locals, operand)?.type;
  return fromTypedLocal(locals.types, b.current, chain);
}

/** Notes what the variables a declaration inside a function makes hold. */
export function noteGoLocal(b: ExtractionBuilder, locals: GoTypes, node: Node, type: string): void {
  switch (type) {
    case 'short_var_declaration':
      shortVar(b, locals, node);
      return;
    // `x = v` gives x another value: one of another type leaves it none (`x += 1` keeps its type).
    case 'assignment_statement':
      if (node.childForFieldName('operator')?.text === '=') shortVar(b, locals, node);
      return;
    case 'range_clause':
      rangeClause(b, locals, node);
      return;
    case 'const_spec':
    case 'var_spec':
      localSpec(b, locals, node);
      return;
    case 'parameter_declaration':
      for (const n of node.childrenForFieldName('name')) if (n !== null) noteTyped(b, locals, n.text, node.childForFieldName('type'));
      return;
    default:
      // `switch v := x.(type)`, `case v := <-ch`: a new variable of no one known type.
      for (const n of node.childForFieldName(type === 'receive_statement' ? 'left' : 'alias')?.namedChildren ?? []) {
        if (n?.type === 'identifier') noteTyped(b, locals, n.text, null);
      }
  }
}
