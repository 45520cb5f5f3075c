/**
 * What a Java call's object holds, so `route.match()` and `this.first.match()` are recorded as
 * calls on `Route`: the declared class of each method's locals and parameters (`var x = new T()`,
 * for-each, catch and resource variables; a lambda's untyped parameters as unknown), and
 * `Owner.field` for the fields of the file's classes.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { callOf, LocalTypes, noteReturnClasses, receiverClass, returnedClass, type FileTypes } from '../local-types.js';
import { shallowNodes } from '../walk.js';

/** The bodies classes, interfaces, enums and annotations nest in. */
const JAVA_BODIES = ['class_body', 'interface_body', 'enum_body', 'annotation_type_body'];

/** The node types that declare a local or parameter. */
export const JAVA_LOCALS: ReadonlySet<string> = new Set([
  'local_variable_declaration', 'formal_parameter', 'spread_parameter', 'catch_formal_parameter', 'enhanced_for_statement',
  'resource', 'lambda_expression',
]);

/** A file's typing, its fields read up front. */
export function javaTypes(root: Node): FileTypes {
  return { locals: new LocalTypes(), fields: fieldTypes(root) };
}

/** The class a declared type names (`Route`, `List<Route>` -> `List`); undefined for arrays, primitives, `var` and qualified names. */
function declaredClass(type: Node | null): string | undefined {
  const t = type?.type === 'generic_type' ? type.namedChild(0) : type;
  return t?.type === 'type_identifier' && t.text !== 'var' ? t.text : undefined;
}

/** `Owner.field` -> the field's declared class, and `Owner.method()` -> the class it returns, for the file's classes. */
function fieldTypes(root: Node): Map<string, string> {
  const types = new Map<string, string>();
  const members = shallowNodes(root, ['field_declaration', 'method_declaration'], JAVA_BODIES);
  for (const field of members.filter((m) => m.type === 'field_declaration')) {
    const owner = field.parent?.parent?.childForFieldName('name')?.text;
    const type = declaredClass(field.childForFieldName('type'));
    if (owner === undefined || type === undefined) continue;
    for (const declarator of field.childrenForFieldName('declarator')) {
      const name = declarator?.childForFieldName('name')?.text;
      if (name !== undefined) types.set(`${owner}.${name}`, type);
    }
  }
  noteReturnClasses(types, members.filter((m) => m.type === 'method_declaration'), 'type', declaredClass);
  return types;
}

/** `f.make()` for a call of a method named by a path (`Factory.make(x)`, `make()`); undefined for others. */
function calledPath(call: Node): string | undefined {
  const object = call.childForFieldName('object');
  const name = call.childForFieldName('name')?.text;
  return name === undefined ? undefined : callOf(object === null ? name : `${object.text}.${name}`);
}

/** Notes the names a declaration inside a method makes (a lambda's untyped parameters as unknown). */
export function noteJavaLocal(b: ExtractionBuilder, typed: FileTypes, typeParams: ReadonlySet<string>, node: Node, type: string): void {
  if (b.current < 0) return;
  const note = (name: Node | null | undefined, declared: string | undefined): void => {
    if (name == null) return;
    typed.locals.note(b.current, name.text, declared !== undefined && !typeParams.has(declared) ? declared : undefined);
  };
  switch (type) {
    case 'local_variable_declaration': {
      const declared = node.childForFieldName('type');
      for (const d of node.childrenForFieldName('declarator')) {
        const value = d?.childForFieldName('value');
        // `var x = new T(…)` holds a T; `var x = f.make()` what `make` returns, which resolution reads.
        if (declared?.text === 'var' && value?.type === 'method_invocation') {
          note(d?.childForFieldName('name'), calledPath(value));
          continue;
        }
        const made = declared?.text === 'var' && value?.type === 'object_creation_expression' ? value.childForFieldName('type') : declared;
        note(d?.childForFieldName('name'), declaredClass(made ?? null));
      }
      return;
    }
    case 'lambda_expression': {
      const params = node.childForFieldName('parameters');
      if (params?.type === 'identifier') note(params, undefined);
      else if (params?.type === 'inferred_parameters') for (const p of params.namedChildren) note(p, undefined);
      return;
    }
    case 'catch_formal_parameter': {
      const types = node.namedChildren.find((c) => c?.type === 'catch_type')?.namedChildren ?? [];
      note(node.childForFieldName('name'), types.length === 1 ? declaredClass(types[0] ?? null) : undefined);
      return;
    }
    case 'spread_parameter':
      note(node.namedChildren.find((c) => c?.type === 'variable_declarator')?.childForFieldName('name') ?? null, undefined);
      return;
    default:
      note(node.childForFieldName('name'), declaredClass(node.childForFieldName('type')));
  }
}

/** The class a call's object holds when the file says (`route`, `first`, `this.first`, `this.route()`). */
export function javaReceiver(b: ExtractionBuilder, typed: FileTypes, object: Node): string | undefined {
  if (object.type === 'identifier') return receiverClass(b, typed, object.text, false);
  if (object.type === 'method_invocation') {
    const on = object.childForFieldName('object');
    const name = object.childForFieldName('name')?.text;
    return name !== undefined && (on === null || on.type === 'this') ? returnedClass(b, typed, name) : undefined;
  }
  const field = object.type === 'field_access' && object.childForFieldName('object')?.type === 'this' ? object.childForFieldName('field')?.text : undefined;
  return field === undefined ? undefined : receiverClass(b, typed, field, true);
}
