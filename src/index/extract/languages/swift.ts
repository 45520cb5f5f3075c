import type { Node, Tree } from 'web-tree-sitter';
import { FUNCTION_KINDS, type FileExtraction, type NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { leadingComment } from '../comments.js';
import { isPascalCase, isUpperSnake } from '../names.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';
import { shortText } from '../node-helpers.js';
import { callOf, LocalTypes } from '../local-types.js';

const TYPES: ReadonlySet<string> = new Set([
  'import_declaration', 'class_declaration', 'protocol_declaration', 'function_declaration',
  'protocol_function_declaration', 'init_declaration', 'property_declaration',
  'protocol_property_declaration', 'enum_entry', 'typealias_declaration', 'inheritance_specifier',
  'call_expression', 'parameter',
]);
const DECLARATION_KINDS: Readonly<Record<string, NodeKind>> = {
  class: 'class', struct: 'struct', enum: 'enum', actor: 'class',
};
const isComment = (type: string): boolean => type === 'comment' || type === 'multiline_comment';

/**
 * Swift: classes, structs, enums and cases, actors (as classes), protocols, functions, methods,
 * initializers, properties, type aliases; members of an `extension X` are qualified as `X.member`
 * (the extension itself is no symbol). Calls (PascalCase callees as instantiations), superclass
 * (the first inherited type of a class) and protocol conformances, and module imports.
 */
export const swiftExtractor: LanguageExtractor = {
  languages: ['swift'],
  extract: extractSwift,
};

function extractSwift(tree: Tree, source: string, path: string, language: string): FileExtraction {
  const b = new ExtractionBuilder(language);
  // What a function's parameters and `let`/`var` bindings hold: a declared type, or a call whose
  // result resolution types (`let c = makeClient()`).
  const locals = new LocalTypes();

  /** Defines a member, qualifying it by the extended type when it sits directly in an extension. */
  const define = (kind: NodeKind, name: string, node: Node, body: Node | null): number => {
    const extended = extendedType(node);
    return b.define(extended !== undefined && kind === 'function' ? 'method' : kind, name, node, {
      exported: !isPrivate(node),
      signature: headText(node, body),
      docstring: leadingComment(node, isComment),
      ...(extended !== undefined ? { qualifiedName: `${extended}.${name}` } : {}),
    });
  };

  walk(tree.rootNode, b, TYPES, (node, type) => {
    const scopeKind = b.symbolAt(b.current)?.kind;
    const inType = scopeKind !== undefined && !FUNCTION_KINDS.has(scopeKind);
    switch (type) {
      case 'import_declaration':
        addImport(b, node);
        return false;
      case 'class_declaration': {
        const keyword = node.childForFieldName('declaration_kind')?.type ?? 'class';
        const kind = DECLARATION_KINDS[keyword];
        const name = node.childForFieldName('name');
        if (kind === undefined || name === null) return; // an extension: members qualify themselves
        b.open(define(kind, name.text, node, node.childForFieldName('body')));
        return;
      }
      case 'protocol_declaration': {
        const name = node.childForFieldName('name');
        if (name !== null) b.open(define('protocol', name.text, node, node.childForFieldName('body')));
        return;
      }
      case 'function_declaration':
      case 'protocol_function_declaration': {
        const name = node.childForFieldName('name');
        if (name === null) return;
        b.open(define(inType ? 'method' : 'function', name.text, node, node.childForFieldName('body')));
        return;
      }
      case 'init_declaration':
        b.open(define('constructor', 'init', node, node.childForFieldName('body')));
        return;
      case 'property_declaration':
      case 'protocol_property_declaration':
        // Inside a function, a local binding.
        if (scopeKind !== undefined && !inType) noteBinding(b, locals, node);
        else defineProperty(node, inType, define);
        return;
      case 'enum_entry':
        for (const name of node.childrenForFieldName('name')) {
          if (name !== null && name.type === 'simple_identifier') {
            b.define('enum_member', name.text, name, { exported: true, signature: headText(node, null) });
          }
        }
        return false;
      case 'typealias_declaration': {
        const name = node.childForFieldName('name');
        if (name !== null) b.define('type_alias', name.text, node, { exported: !isPrivate(node), signature: headText(node, null) });
        return false;
      }
      case 'inheritance_specifier':
        inheritance(b, node);
        return false;
      case 'parameter':
        if (b.current >= 0) noteParameter(b, locals, node);
        return false;
      case 'call_expression':
        callRef(b, source, node, locals);
        return;
      default:
        return;
    }
  });
  return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
}

/** `import Foundation` binds the whole module; `import struct Darwin.timeval` one declaration. */
function addImport(b: ExtractionBuilder, node: Node): void {
  const id = node.namedChildren.find((child) => child?.type === 'identifier') ?? null;
  if (id === null) return;
  const line = node.startPosition.row + 1;
  const path = id.text;
  const keyword = node.child(1);
  if (keyword !== null && !keyword.isNamed && path.includes('.')) {
    const at = path.lastIndexOf('.');
    const imported = path.slice(at + 1);
    b.addImport({ module: path.slice(0, at), names: [{ imported, local: imported }], reexport: false, line });
    return;
  }
  b.addImport({ module: path, names: [{ imported: '*', local: '*' }], reexport: false, line });
}

/**
 * Swift lists a class's superclass first and protocols after it, but the grammar cannot tell a
 * class from a protocol: the first type of a class counts as its superclass, protocols extend
 * their parents, and everything else (struct, enum, extension conformances) implements.
 */
function inheritance(b: ExtractionBuilder, node: Node): void {
  const typeNode = node.childForFieldName('inherits_from');
  const owner = node.parent;
  if (typeNode === null || owner === null) return;
  const parts: string[] = [];
  for (const child of typeNode.namedChildren) if (child !== null && child.type === 'type_identifier') parts.push(child.text);
  const name = parts.pop();
  if (name === undefined) return;
  let kind: 'extends' | 'implements' = 'implements';
  if (owner.type === 'protocol_declaration') kind = 'extends';
  else if (owner.childForFieldName('declaration_kind')?.type === 'class') {
    const first = owner.namedChildren.find((child) => child?.type === 'inheritance_specifier');
    if (first !== undefined && first !== null && first.startIndex === node.startIndex) kind = 'extends';
  }
  b.ref(kind, name, typeNode, parts.join('.'));
}

/** A property of a type or extension, or a top-level variable (a constant when UPPER_SNAKE). */
function defineProperty(node: Node, inType: boolean, define: (kind: NodeKind, name: string, node: Node, body: Node | null) => number): void {
  const name = node.childForFieldName('name')?.childForFieldName('bound_identifier');
  if (name === null || name === undefined) return;
  const member = inType || extendedType(node) !== undefined;
  define(isUpperSnake(name.text) ? 'constant' : (member ? 'property' : 'variable'), name.text, node, node.childForFieldName('computed_value'));
}

/** A declared type's name (`Store`, `Store?`); undefined for others. */
function declaredType(type: Node | null | undefined): string | undefined {
  const named = type?.type === 'optional_type' ? type.childForFieldName('wrapped') : type;
  const parts = named?.type === 'user_type' ? named.namedChildren.filter((c) => c?.type === 'type_identifier') : [];
  return parts.length === 1 && named?.namedChildCount === 1 ? parts[0]?.text : undefined;
}

/** `store: Store`: the parameter holds a Store. */
function noteParameter(b: ExtractionBuilder, locals: LocalTypes, node: Node): void {
  const [name, type] = node.childrenForFieldName('name');
  if (name?.type === 'simple_identifier') locals.note(b.current, name.text, declaredType(type));
}

/** `let c: Client = …`, `let c = makeClient()`: what a local binding holds. */
function noteBinding(b: ExtractionBuilder, locals: LocalTypes, node: Node): void {
  const name = node.childForFieldName('name')?.childForFieldName('bound_identifier');
  if (name == null) return;
  const annotation = node.namedChildren.find((c) => c?.type === 'type_annotation');
  const value = node.childForFieldName('value');
  const callee = value?.type === 'call_expression' ? value.firstNamedChild?.text : undefined;
  const declared = declaredType(annotation?.childForFieldName('name') ?? annotation?.namedChild(0));
  locals.note(b.current, name.text, declared ?? (callee !== undefined && isPascalCase(callee) ? callee : callOf(callee)));
}

function callRef(b: ExtractionBuilder, source: string, node: Node, locals: LocalTypes): void {
  const callee = node.firstNamedChild;
  if (callee === null) return;
  if (callee.type === 'simple_identifier') {
    const name = callee.text;
    b.ref(isPascalCase(name) ? 'instantiates' : 'calls', name, callee);
    return;
  }
  if (callee.type !== 'navigation_expression') return;
  const target = callee.childForFieldName('suffix')?.childForFieldName('suffix') ?? null;
  const receiver = callee.childForFieldName('target');
  if (target === null || target.type !== 'simple_identifier') return;
  const name = target.text;
  const typed = receiver?.type === 'simple_identifier' ? locals.typeOf(b.current, receiver.text) : undefined;
  b.ref(isPascalCase(name) ? 'instantiates' : 'calls', name, target, typed ?? (receiver === null ? undefined : shortText(source, receiver)));
}

/** The extended type's name when `node` is a direct member of an `extension` block. */
function extendedType(node: Node): string | undefined {
  const body = node.parent;
  const owner = body?.parent ?? null;
  if (owner === null || owner.type !== 'class_declaration') return undefined;
  if (owner.childForFieldName('declaration_kind')?.type !== 'extension') return undefined;
  const name = owner.childForFieldName('name');
  return name === null ? undefined : name.text.replace(/\s+/gu, '');
}

function isPrivate(node: Node): boolean {
  const modifiers = node.namedChildren.find((child) => child?.type === 'modifiers');
  if (modifiers === undefined || modifiers === null) return false;
  for (const child of modifiers.namedChildren) {
    if (child !== null && child.type === 'visibility_modifier') {
      const word = child.text;
      return word.startsWith('private') || word.startsWith('fileprivate');
    }
  }
  return false;
}

