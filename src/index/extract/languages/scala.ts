import type { Node, Tree } from 'web-tree-sitter';
import { FUNCTION_KINDS, type FileExtraction, type NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { leadingComment } from '../comments.js';
import { isPascalCase, isUpperSnake } from '../names.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';
import { shortText } from '../node-helpers.js';

const TYPE_KINDS: Readonly<Record<string, NodeKind>> = {
  class_definition: 'class',
  object_definition: 'class',
  trait_definition: 'trait',
};
const TYPES: ReadonlySet<string> = new Set([
  ...Object.keys(TYPE_KINDS), 'package_clause', 'import_declaration', 'function_definition',
  'function_declaration', 'val_definition', 'var_definition', 'val_declaration', 'var_declaration',
  'type_definition', 'class_parameter', 'extends_clause', 'call_expression', 'instance_expression',
]);
const isComment = (type: string): boolean => type === 'comment' || type === 'block_comment';

/**
 * Scala: the package, classes, objects (as classes), traits, functions and methods, `val`/`var`
 * members (constants when upper-case), type aliases and `val`/`var` class parameters; calls,
 * `new X` instantiations (and PascalCase applies such as `Invoice(1)`), `extends … with …`
 * (the first type extends, mixins implement) and imports shaped for the JVM resolver.
 */
export const scalaExtractor: LanguageExtractor = {
  languages: ['scala'],
  extract: extractScala,
};

function extractScala(tree: Tree, source: string, path: string, language: string): FileExtraction {
  const b = new ExtractionBuilder(language);
  walk(tree.rootNode, b, TYPES, (node, type) => enter(b, source, node, type));
  return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
}

function enter(b: ExtractionBuilder, source: string, node: Node, type: string): boolean | void {
  const scopeKind = b.symbolAt(b.current)?.kind;
  const typeKind = TYPE_KINDS[type];
  if (typeKind !== undefined) {
    const name = node.childForFieldName('name');
    if (name !== null) b.open(define(b, typeKind, name.text, node, node.childForFieldName('body')));
    return;
  }
  switch (type) {
    case 'package_clause': {
      const name = node.childForFieldName('name');
      if (name !== null) b.setPackage(name.text);
      return;
    }
    case 'import_declaration':
      addImport(b, node);
      return false;
    case 'function_definition':
    case 'function_declaration': {
      const name = node.childForFieldName('name');
      if (name === null) return;
      const kind = scopeKind !== undefined && !FUNCTION_KINDS.has(scopeKind) ? 'method' : 'function';
      b.open(define(b, kind, name.text, node, node.childForFieldName('body')));
      return;
    }
    case 'val_definition':
    case 'var_definition':
    case 'val_declaration':
    case 'var_declaration':
      valueDefinition(b, node, type, scopeKind);
      return;
    case 'type_definition': {
      const name = node.childForFieldName('name');
      if (name !== null) define(b, 'type_alias', name.text, node, null);
      return false;
    }
    case 'class_parameter':
      classParameter(b, source, node);
      return;
    case 'extends_clause':
      supertypes(b, node, scopeKind === 'trait');
      return;
    case 'instance_expression': {
      const target = instantiated(node);
      if (target !== null) b.ref('instantiates', target.text, target);
      return;
    }
    case 'call_expression':
      callRef(b, source, node);
      return;
    default:
      return;
  }
}

/** Records a definition, exported unless declared `private`. */
function define(b: ExtractionBuilder, kind: NodeKind, name: string, node: Node, body: Node | null): number {
  return b.define(kind, name, node, {
    exported: !isPrivate(node),
    signature: headText(node, body),
    docstring: leadingComment(node, isComment),
  });
}

/**
 * A `val`/`var` outside a function body (`scopeKind` is the enclosing symbol's): a constant when
 * an upper-case or `final` `val`, otherwise a property of its type or a file-level variable.
 */
function valueDefinition(b: ExtractionBuilder, node: Node, type: string, scopeKind: NodeKind | undefined): void {
  if (scopeKind !== undefined && FUNCTION_KINDS.has(scopeKind)) return;
  const pattern = node.childForFieldName('pattern') ?? node.childForFieldName('name');
  if (pattern === null || pattern.type !== 'identifier') return;
  const name = pattern.text;
  const constant = type.startsWith('val') && (isUpperSnake(name) || modifierText(node).includes('final'));
  // The first line keeps the value in view (`val Max = 3`) without copying a long body.
  define(b, constant ? 'constant' : (scopeKind === undefined ? 'variable' : 'property'), name, node, null);
}

/** Case-class parameters and `val`/`var` parameters are members; plain ones are not. */
function classParameter(b: ExtractionBuilder, source: string, node: Node): void {
  const name = node.childForFieldName('name');
  if (name === null) return;
  const owner = node.parent?.parent ?? null;
  const ownerName = owner?.childForFieldName('name') ?? null;
  const isCase = owner !== null && ownerName !== null && /\bcase\b/u.test(source.slice(owner.startIndex, ownerName.startIndex));
  if (isCase || /\b(?:val|var)\s*$/u.test(source.slice(node.startIndex, name.startIndex))) {
    define(b, 'property', name.text, node, null);
  }
}

/**
 * `import a.b.C` stays whole (the JVM resolver finds `C` in package `a.b`); selectors
 * `import a.b.{C, D => E}` and wildcards `import a.b._` bind names from package `a.b`.
 */
function addImport(b: ExtractionBuilder, node: Node): void {
  const path = node.childForFieldName('path');
  if (path === null) return;
  const module = path.text;
  const line = node.startPosition.row + 1;
  const names: { imported: string; local: string }[] = [];
  let selectors = false;
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === 'wildcard') {
      names.push({ imported: '*', local: '*' });
      selectors = true;
    } else if (child.type === 'import_selectors') {
      selectors = true;
      for (const selector of child.namedChildren) {
        if (selector === null) continue;
        if (selector.type === 'identifier') names.push({ imported: selector.text, local: selector.text });
        else if (selector.type === 'renamed_identifier') {
          const imported = selector.childForFieldName('name')?.text ?? '';
          const local = selector.childForFieldName('alias')?.text ?? imported;
          if (imported !== '' && local !== '_') names.push({ imported, local });
        } else if (selector.type === 'wildcard') names.push({ imported: '*', local: '*' });
      }
    }
  }
  if (selectors && names.length === 0) return;
  b.addImport({ module, names, reexport: false, line });
}

/** `extends Base(x) with A with B`: the first type extends, mixins implement (a trait's all extend). */
function supertypes(b: ExtractionBuilder, node: Node, ofTrait: boolean): void {
  const typeNode = node.childForFieldName('type');
  if (typeNode === null) return;
  if (typeNode.type === 'compound_type') {
    for (const child of typeNode.namedChildren) {
      if (child === null) continue;
      const first = child.startIndex === typeNode.startIndex;
      refType(b, child, first || ofTrait ? 'extends' : 'implements');
    }
    return;
  }
  refType(b, typeNode, 'extends');
}

function refType(b: ExtractionBuilder, node: Node, kind: 'extends' | 'implements'): void {
  if (node.type === 'type_identifier') b.ref(kind, node.text, node);
  else if (node.type === 'generic_type') {
    const inner = node.childForFieldName('type');
    if (inner !== null) refType(b, inner, kind);
  } else if (node.type === 'stable_type_identifier') {
    const text = node.text;
    const at = text.lastIndexOf('.');
    b.ref(kind, text.slice(at + 1), node, at < 0 ? undefined : text.slice(0, at));
  }
}

/** The class named by `new X(...)` / `new X[T](...)` / `new X`. */
function instantiated(node: Node): Node | null {
  let target = node.firstNamedChild;
  if (target !== null && target.type === 'call_expression') target = target.childForFieldName('function');
  if (target !== null && (target.type === 'generic_function' || target.type === 'generic_type')) {
    target = target.childForFieldName('function') ?? target.childForFieldName('type');
  }
  return target !== null && (target.type === 'identifier' || target.type === 'type_identifier') ? target : null;
}

function callRef(b: ExtractionBuilder, source: string, node: Node): void {
  // `new X(a)` parses as a call inside the instance expression, which already recorded it.
  if (node.parent?.type === 'instance_expression') return;
  let callee = node.childForFieldName('function');
  if (callee !== null && callee.type === 'generic_function') callee = callee.childForFieldName('function');
  if (callee === null) return;
  if (callee.type === 'identifier') {
    const name = callee.text;
    b.ref(isPascalCase(name) ? 'instantiates' : 'calls', name, callee);
  } else if (callee.type === 'field_expression') {
    const field = callee.childForFieldName('field');
    const value = callee.childForFieldName('value');
    if (field !== null) b.ref('calls', field.text, field, value === null ? undefined : shortText(source, value));
  }
}

function modifierText(node: Node): string {
  const modifiers = node.namedChildren.find((child) => child?.type === 'modifiers');
  return modifiers === undefined || modifiers === null ? '' : modifiers.text;
}

function isPrivate(node: Node): boolean {
  return /\bprivate\b/u.test(modifierText(node));
}

