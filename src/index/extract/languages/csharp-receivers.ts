/**
 * C# calls, and what a call's object holds, so `route.Match()` is recorded as a call on `Route`: the declared
 * class of each member's locals and parameters (`var x = new T()` too; foreach, catch, pattern and
 * out variables), and `Owner.member` for the fields and properties of the file's types.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { argumentCount } from '../arity.js';
import { callOf, LocalTypes, receiverClass, type FileTypes } from '../local-types.js';
import { receiverText, type PathShape } from '../receivers.js';
import { shallowNodes } from '../walk.js';

const SHAPE: PathShape = {
  leaves: new Set(['identifier', 'this_expression', 'base_expression', 'predefined_type', 'generic_name']),
  members: { member_access_expression: ['expression', 'name', '.'], qualified_name: ['qualifier', 'name', '.'] },
  calls: { invocation_expression: 'function' },
  wrappers: new Set(['parenthesized_expression', 'await_expression', 'postfix_unary_expression']),
  subscripts: { element_access_expression: 'expression' },
};

/** The node types that declare a local or parameter. */
export const CSHARP_LOCALS: ReadonlySet<string> = new Set([
  'variable_declaration', 'parameter', 'for_each_statement', 'catch_declaration', 'declaration_pattern',
  'declaration_expression', 'lambda_expression',
]);

/** A file's typing, its fields and properties read up front. */
export function csharpTypes(root: Node): FileTypes {
  return { locals: new LocalTypes(), fields: memberTypes(root) };
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
  for (const member of shallowNodes(root, ['field_declaration', 'property_declaration'], ['declaration_list'])) {
    const owner = member.parent?.parent?.childForFieldName('name')?.text;
    if (owner === undefined) continue;
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

/** Notes the names a declaration inside a member makes (`var x = new T()` holds a T, `var x = F()` what `F` returns; a lambda's bare parameter is unknown). */
export function noteCsharpLocal(b: ExtractionBuilder, typed: FileTypes, node: Node, type: string): void {
  const note = (name: Node | null | undefined, declared: string | undefined): void => {
    if (name?.type === 'identifier') typed.locals.note(b.current, name.text, declared);
  };
  switch (type) {
    case 'variable_declaration': {
      if (node.parent?.type === 'field_declaration' || node.parent?.type === 'event_field_declaration') return;
      const declared = node.childForFieldName('type');
      for (const d of node.namedChildren) {
        if (d?.type !== 'variable_declarator') continue;
        const value = d.namedChildren.find((c) => c?.type === 'equals_value_clause')?.namedChild(0);
        // `var x = Factory.Make()` holds what `Make` returns, as the call: resolution types it.
        const called = declared?.type === 'implicit_type' && value?.type === 'invocation_expression' ? callOf(value.childForFieldName('function')?.text) : undefined;
        if (called !== undefined) {
          note(d.childForFieldName('name') ?? d.firstNamedChild, called);
          continue;
        }
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
export function csharpReceiver(b: ExtractionBuilder, typed: FileTypes, object: Node): string | undefined {
  if (object.type === 'identifier') return receiverClass(b, typed, object.text, false);
  const field = object.type === 'member_access_expression' && object.childForFieldName('expression')?.type === 'this_expression'
    ? object.childForFieldName('name')?.text : undefined;
  return field === undefined ? undefined : receiverClass(b, typed, field, true);
}

/** A call: its name, argument count and receiver (the receiver's class when the file says). */
export function invocation(b: ExtractionBuilder, typed: FileTypes, node: Node): void {
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
      if (name != null) b.ref('calls', name.text, name, object !== null ? (csharpReceiver(b, typed, object) ?? receiverText(object, SHAPE)) : undefined, args);
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
