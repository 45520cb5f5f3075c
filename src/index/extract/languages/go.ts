/** Go: package, functions, methods (qualified by receiver type), types, consts/vars, imports, calls. */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { leadingComment, unquote } from '../comments.js';
import { LocalTypes } from '../local-types.js';
import { receiverText } from '../receivers.js';
import type { PathShape } from '../receivers.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk, walkNode } from '../walk.js';

const TYPES: ReadonlySet<string> = new Set([
  'package_clause', 'import_spec', 'function_declaration', 'method_declaration', 'type_spec', 'type_alias',
  'const_spec', 'var_spec', 'call_expression', 'composite_literal', 'type_identifier', 'qualified_type',
  'type_parameter_declaration', 'parameter_declaration', 'short_var_declaration', 'range_clause',
  'type_switch_statement', 'receive_statement',
]);

const SHAPE: PathShape = {
  leaves: new Set(['identifier', 'field_identifier', 'package_identifier']),
  members: { selector_expression: ['operand', 'field', '.'] },
  calls: { call_expression: 'function' },
  wrappers: new Set(['parenthesized_expression', 'unary_expression']),
  subscripts: { index_expression: 'operand' },
};

/** Predeclared types: references to them carry no information. */
const BUILTIN_TYPES: ReadonlySet<string> = new Set([
  'bool', 'byte', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16',
  'int32', 'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'any',
  'comparable',
]);

const isComment = (type: string): boolean => type === 'comment';
const isExportedName = (name: string): boolean => /^\p{Lu}/u.test(name);

/** Extracts symbols, references and imports from Go files. */
export const goExtractor: LanguageExtractor = {
  languages: ['go'],
  extract(tree: Tree, _source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const typeParams = new Set<string>();
    const locals: Locals = { types: new LocalTypes(), elements: new LocalTypes(), fields: structFields(tree.rootNode), typeParams };
    const visit = (node: Node, type: string): boolean | void => enter(b, typeParams, locals, node, type, visit);
    walk(tree.rootNode, b, TYPES, visit);
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};

type Visit = (node: Node, type: string) => boolean | void;

/**
 * What the variables of a function hold, so `route.Match()` is recorded with `Route` as its
 * receiver: `types` for a variable holding a named type (or a pointer to one), `elements` for a
 * slice, array or map of one (what `range` over it yields). From receivers, parameters,
 * `x := &T{}`, `x := T{}`, `x := new(T)`, `var x *T` and `for _, x := range xs`.
 */
interface Locals {
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
function heldBy(b: ExtractionBuilder, locals: Locals, expression: Node | null): Held | undefined {
  const made = madeType(expression).type;
  if (made !== undefined) return { type: namedType(made), element: elementType(made) };
  if (expression?.type === 'identifier') {
    return { type: locals.types.typeOf(b.current, expression.text), element: locals.elements.typeOf(b.current, expression.text) };
  }
  if (expression?.type !== 'selector_expression') return undefined;
  const operand = expression.childForFieldName('operand');
  const owner = operand?.type === 'identifier' ? locals.types.typeOf(b.current, operand.text) : undefined;
  const field = expression.childForFieldName('field')?.text;
  return owner === undefined || field === undefined ? undefined : locals.fields.get(`${owner}.${field}`);
}

function enter(
  b: ExtractionBuilder, typeParams: Set<string>, locals: Locals, node: Node, type: string, visit: Visit,
): boolean | void {
  switch (type) {
    case 'package_clause':
      b.setPackage(node.namedChild(0)?.text ?? '');
      return false;
    case 'import_spec':
      importSpec(b, node);
      return false;
    case 'function_declaration': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return;
      b.open(b.define('function', name, node, {
        exported: isExportedName(name), signature: headText(node, node.childForFieldName('body')),
        docstring: leadingComment(node, isComment),
      }));
      return;
    }
    case 'method_declaration': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return;
      const receiverType = receiverTypeName(node.childForFieldName('receiver'));
      b.open(b.define('method', name, node, {
        exported: isExportedName(name), signature: headText(node, node.childForFieldName('body')),
        docstring: leadingComment(node, isComment),
        ...(receiverType !== '' ? { qualifiedName: `${receiverType}.${name}` } : {}),
      }));
      return;
    }
    case 'type_spec':
    case 'type_alias':
      return typeSpec(b, node, type === 'type_alias', visit);
    case 'const_spec':
    case 'var_spec':
      if (b.current >= 0) localSpec(b, locals, node);
      else valueSpec(b, node, type === 'const_spec' ? 'constant' : 'variable');
      return;
    case 'short_var_declaration':
      shortVar(b, locals, node);
      return;
    case 'range_clause':
      rangeClause(b, locals, node);
      return;
    case 'type_switch_statement':
    case 'receive_statement':
      // `switch v := x.(type)`, `case v := <-ch`: a new variable of no one known type.
      for (const n of node.childForFieldName(type === 'receive_statement' ? 'left' : 'alias')?.namedChildren ?? []) {
        if (n?.type === 'identifier') noteTyped(b, locals, n.text, null);
      }
      return;
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      if (fn?.type === 'identifier') b.ref('calls', fn.text, fn);
      else if (fn?.type === 'selector_expression') selectorRef(b, 'calls', fn, locals);
      return;
    }
    case 'composite_literal': {
      const t = node.childForFieldName('type');
      if (t !== null) typeRef(b, typeParams, 'instantiates', t.type === 'generic_type' ? (t.childForFieldName('type') ?? t) : t);
      const body = node.childForFieldName('body');
      if (body !== null) walk(body, b, TYPES, visit);
      return false;
    }
    case 'type_identifier':
      // type_spec consumes its own name, so every type_identifier seen here is a use.
      typeRef(b, typeParams, 'references', node);
      return;
    case 'qualified_type':
      typeRef(b, typeParams, 'references', node);
      return false;
    case 'type_parameter_declaration':
    case 'parameter_declaration':
      // Generic parameters of functions are `parameter_declaration`s inside a type parameter list.
      if (type === 'type_parameter_declaration' || node.parent?.type === 'type_parameter_list') {
        for (const n of node.childrenForFieldName('name')) if (n !== null) typeParams.add(n.text);
      } else if (b.current >= 0) {
        const held = node.childForFieldName('type');
        for (const n of node.childrenForFieldName('name')) if (n !== null) noteTyped(b, locals, n.text, held);
      }
      return;
    default:
      return;
  }
}

/** `(s *Server[T])` -> `Server`. */
function receiverTypeName(receiver: Node | null): string {
  const param = receiver?.namedChildren.find((c) => c?.type === 'parameter_declaration');
  let t = param?.childForFieldName('type') ?? null;
  while (t !== null && (t.type === 'pointer_type' || t.type === 'generic_type' || t.type === 'parenthesized_type')) {
    t = t.type === 'generic_type' ? t.childForFieldName('type') : t.namedChild(0);
  }
  return t?.type === 'type_identifier' ? t.text : '';
}

function typeRef(
  b: ExtractionBuilder, typeParams: ReadonlySet<string>, kind: 'references' | 'instantiates' | 'extends', node: Node,
): void {
  if (node.type === 'type_identifier') {
    const name = node.text;
    if (!BUILTIN_TYPES.has(name) && !typeParams.has(name)) b.ref(kind, name, node);
  } else if (node.type === 'qualified_type') {
    const name = node.childForFieldName('name');
    if (name !== null) b.ref(kind, name.text, name, node.childForFieldName('package')?.text);
  } else if (node.type === 'pointer_type' || node.type === 'generic_type') {
    const inner = node.type === 'generic_type' ? node.childForFieldName('type') : node.namedChild(0);
    if (inner !== null) typeRef(b, typeParams, kind, inner);
  }
}

function selectorRef(b: ExtractionBuilder, kind: 'calls', node: Node, locals: Locals): void {
  const field = node.childForFieldName('field');
  const operand = node.childForFieldName('operand');
  if (field === null) return;
  const known = heldBy(b, locals, operand)?.type;
  b.ref(kind, field.text, field, known ?? (operand !== null ? receiverText(operand, SHAPE) : undefined));
}

/** The type a declared type names, pointers and type arguments taken off: `*Box[T]` -> `Box`; undefined for others. */
function namedType(node: Node | null): string | undefined {
  let t = node;
  while (t !== null && (t.type === 'pointer_type' || t.type === 'generic_type' || t.type === 'parenthesized_type')) {
    t = t.type === 'generic_type' ? t.childForFieldName('type') : t.namedChild(0);
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
function noteTyped(b: ExtractionBuilder, locals: Locals, name: string, declared: Node | null): void {
  if (name === '_') return;
  const known = (type: string | undefined): string | undefined => (type !== undefined && !locals.typeParams.has(type) ? type : undefined);
  locals.types.note(b.current, name, known(namedType(declared)));
  locals.elements.note(b.current, name, known(elementType(declared)));
}

/** The type a value expression makes: `&T{…}`, `T{…}`, `new(T)`, `x.(*T)`, `[]T{…}` (an element type). */
function madeType(value: Node | null): { type?: Node | null } {
  let v = value;
  if (v?.type === 'unary_expression' && v.childForFieldName('operator')?.text === '&') v = v.childForFieldName('operand');
  if (v?.type === 'composite_literal' || v?.type === 'type_assertion_expression') return { type: v.childForFieldName('type') };
  if (v?.type === 'call_expression' && v.childForFieldName('function')?.text === 'new') {
    return { type: v.childForFieldName('arguments')?.namedChild(0) ?? null };
  }
  return {};
}

/**
 * `x, y := a, b`: each name paired with its value; `v, ok := x.(*T)` gives v the asserted type.
 * Another count mismatch (a call's results) pairs none.
 */
function shortVar(b: ExtractionBuilder, locals: Locals, node: Node): void {
  const names = node.childForFieldName('left')?.namedChildren ?? [];
  const values = node.childForFieldName('right')?.namedChildren ?? [];
  const asserted = names.length === 2 && values.length === 1 && values[0]?.type === 'type_assertion_expression';
  names.forEach((n, i) => {
    if (n?.type !== 'identifier') return;
    const paired = names.length === values.length || (asserted && i === 0) ? values[asserted ? 0 : i] ?? null : null;
    noteTyped(b, locals, n.text, madeType(paired).type ?? null);
  });
}

/** `var x *T`, `var x = &T{}` inside a function. */
function localSpec(b: ExtractionBuilder, locals: Locals, node: Node): void {
  const declared = node.childForFieldName('type');
  const values = node.childForFieldName('value')?.namedChildren ?? [];
  const names = node.childrenForFieldName('name');
  names.forEach((n, i) => {
    if (n === null) return;
    noteTyped(b, locals, n.text, declared ?? (names.length === values.length ? madeType(values[i] ?? null).type ?? null : null));
  });
}

/** `for _, x := range xs`: x holds what xs's elements are, when that is known. */
function rangeClause(b: ExtractionBuilder, locals: Locals, node: Node): void {
  const names = node.childForFieldName('left')?.namedChildren ?? [];
  const element = heldBy(b, locals, node.childForFieldName('right'))?.element;
  const value = names[1];
  if (names[0]?.type === 'identifier') locals.types.note(b.current, names[0].text, undefined);
  if (value?.type === 'identifier') locals.types.note(b.current, value.text, element);
}

function typeSpec(b: ExtractionBuilder, node: Node, alias: boolean, visit: Visit): boolean | void {
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  const t = node.childForFieldName('type');
  let kind: NodeKind = 'type_alias';
  if (!alias && t?.type === 'struct_type') kind = 'struct';
  else if (!alias && t?.type === 'interface_type') kind = 'interface';
  // The doc comment sits above the `type` keyword unless the spec is inside a `type ( … )` group.
  const group = node.parent;
  const anchor = group !== null && group.type === 'type_declaration' && group.namedChildCount === 1 ? group : node;
  const exported = isExportedName(name);
  const index = b.define(kind, name, node, {
    exported, signature: `type ${headText(node, kind === 'type_alias' ? null : t)}${kind === 'struct' ? ' struct' : kind === 'interface' ? ' interface' : ''}`,
    docstring: leadingComment(anchor, isComment),
  });
  b.open(index);
  const typeParams = node.childForFieldName('type_parameters');
  if (typeParams !== null) walk(typeParams, b, TYPES, visit);
  if (t === null) return false;
  if (kind === 'struct') {
    const list = t.namedChildren.find((c) => c?.type === 'field_declaration_list');
    for (const f of list?.namedChildren ?? []) {
      if (f?.type !== 'field_declaration') continue;
      const names = f.childrenForFieldName('name');
      const ft = f.childForFieldName('type');
      if (names.length === 0) {
        // An embedded field promotes the embedded type's methods: the closest Go has to inheritance.
        if (ft !== null) embedded(b, ft);
        continue;
      }
      for (const n of names) {
        if (n === null) continue;
        b.define('field', n.text, f, {
          exported: exported && isExportedName(n.text), signature: headText(f, null), docstring: leadingComment(f, isComment),
        });
      }
      if (ft !== null) walkNode(ft, b, TYPES, visit);
    }
    return false;
  }
  if (kind === 'interface') {
    for (const m of t.namedChildren) {
      if (m === null) continue;
      if (m.type === 'method_spec' || m.type === 'method_elem') {
        const mName = m.childForFieldName('name')?.text ?? '';
        if (mName === '') continue;
        const mi = b.define('method', mName, m, {
          exported: exported && isExportedName(mName), signature: headText(m, null), docstring: leadingComment(m, isComment),
        });
        b.within(mi, () => walk(m, b, TYPES, visit));
      } else if (m.type === 'constraint_elem' || m.type === 'type_elem') {
        const inner = m.namedChild(0);
        if (inner !== null && m.namedChildCount === 1) embedded(b, inner);
      }
    }
    return false;
  }
  walkNode(t, b, TYPES, visit);
  return false;
}

function embedded(b: ExtractionBuilder, node: Node): void {
  let t: Node | null = node;
  while (t !== null && (t.type === 'pointer_type' || t.type === 'generic_type')) {
    t = t.type === 'generic_type' ? t.childForFieldName('type') : t.namedChild(0);
  }
  if (t?.type === 'type_identifier') b.ref('extends', t.text, t);
  else if (t?.type === 'qualified_type') {
    const name = t.childForFieldName('name');
    if (name !== null) b.ref('extends', name.text, name, t.childForFieldName('package')?.text);
  }
}

function valueSpec(b: ExtractionBuilder, node: Node, kind: 'constant' | 'variable'): void {
  if (b.current >= 0) return;
  const grouped = node.parent !== null && node.parent.namedChildCount > 1;
  const anchor = grouped ? node : (node.parent ?? node);
  const doc = leadingComment(anchor, isComment);
  const keyword = kind === 'constant' ? 'const' : 'var';
  for (const n of node.childrenForFieldName('name')) {
    if (n === null || n.text === '_') continue;
    b.define(kind, n.text, node, {
      exported: isExportedName(n.text), signature: `${keyword} ${headText(node, null)}`, docstring: doc,
    });
  }
}

function importSpec(b: ExtractionBuilder, node: Node): void {
  const pathNode = node.childForFieldName('path');
  if (pathNode === null) return;
  const module = unquote(pathNode.text);
  const line = node.startPosition.row + 1;
  const nameNode = node.childForFieldName('name');
  if (nameNode?.type === 'dot') {
    b.addImport({ module, names: [{ imported: '*', local: '*' }], reexport: false, line });
  } else if (nameNode?.type === 'blank_identifier') {
    b.addImport({ module, names: [], reexport: false, line });
  } else {
    b.addImport({ module, names: [], namespace: nameNode?.text ?? goPackageName(module), reexport: false, line });
  }
}

/** The conventional package name of an import path: its last segment without a major-version suffix. */
export function goPackageName(importPath: string): string {
  const parts = importPath.split('/');
  let last = parts[parts.length - 1] ?? importPath;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2] ?? last;
  return last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[-.]go$/, '');
}
