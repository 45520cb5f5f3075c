/**
 * TypeScript, TSX and JavaScript (including JSX): the three grammars share their node types for
 * everything extracted here, so one module serves all of them.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { namesClass, LocalTypes } from '../local-types.js';
import { leadingComment, unquote } from '../comments.js';
import { isPascalCase, isUpperSnake } from '../names.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk, walkNode } from '../walk.js';

const TYPES: ReadonlySet<string> = new Set([
  'import_statement', 'export_statement', 'function_declaration', 'generator_function_declaration',
  'function_signature', 'class_declaration', 'abstract_class_declaration', 'method_definition',
  'method_signature', 'abstract_method_signature', 'public_field_definition', 'field_definition',
  'property_signature', 'interface_declaration', 'type_alias_declaration', 'enum_declaration',
  'internal_module', 'module', 'lexical_declaration', 'variable_declaration', 'call_expression',
  'new_expression', 'type_identifier', 'nested_type_identifier', 'jsx_opening_element',
  'jsx_self_closing_element', 'decorator', 'type_parameter', 'expression_statement',
]);

const FUNCTION_VALUES: ReadonlySet<string> = new Set([
  'arrow_function', 'function_expression', 'function', 'generator_function',
]);

const isComment = (type: string): boolean => type === 'comment';
const DECORATORS: ReadonlySet<string> = new Set(['decorator']);

/** Extracts symbols, references and imports from TypeScript, TSX and JavaScript files. */
export const typescriptExtractor: LanguageExtractor = {
  languages: ['typescript', 'tsx', 'javascript'],
  extract(tree: Tree, _source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const state: FileState = { b, typeParams: new Set(), exportedNames: new Set(), components: new Set(), locals: new LocalTypes() };
    walk(tree.rootNode, b, TYPES, (node, type) => enter(state, node, type));
    if (state.exportedNames.size > 0) {
      for (let i = 0; i < b.symbolCount; i++) {
        const s = b.symbolAt(i);
        if (s !== undefined && s.parent === -1 && state.exportedNames.has(s.name)) b.amend(i, { exported: true });
      }
    }
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};

interface FileState {
  readonly b: ExtractionBuilder;
  /** Type parameter names seen so far: a reference to `T` is not a reference to a class `T`. */
  readonly typeParams: Set<string>;
  /** Names listed in `export { … }` without a source, applied to top-level symbols at the end. */
  readonly exportedNames: Set<string>;
  /** PascalCase functions that become components once JSX shows up inside them. */
  readonly components: Set<number>;
  /** Classes of variables made with `new` or declared with a class type. */
  readonly locals: LocalTypes;
}

function enter(st: FileState, node: Node, type: string): boolean | void {
  const b = st.b;
  switch (type) {
    case 'import_statement':
      importStatement(b, node);
      return false;
    case 'export_statement':
      return exportStatement(st, node);
    case 'function_declaration':
    case 'generator_function_declaration':
    case 'function_signature':
      return defineFunction(st, node, node, nameOf(node), node.childForFieldName('body'));
    case 'class_declaration':
    case 'abstract_class_declaration':
      return defineClass(st, node, node, nameOf(node));
    case 'method_definition':
    case 'method_signature':
    case 'abstract_method_signature':
      return defineMethod(st, node);
    case 'public_field_definition':
    case 'field_definition':
    case 'property_signature':
      return defineField(st, node);
    case 'interface_declaration': {
      const name = nameOf(node);
      if (name === '') return;
      const exported = isExported(node);
      const index = b.define('interface', name, node, {
        exported, signature: headText(node, node.childForFieldName('body')), docstring: docOf(node),
      });
      b.open(index);
      for (const clause of node.namedChildren) {
        if (clause?.type !== 'extends_type_clause') continue;
        for (const t of clause.namedChildren) if (t !== null) heritageRef(b, 'extends', t);
      }
      walkTypeParams(st, node);
      const body = node.childForFieldName('body');
      if (body !== null) walk(body, b, TYPES, (n, t) => enter(st, n, t));
      return false;
    }
    case 'type_alias_declaration': {
      const name = nameOf(node);
      if (name === '') return;
      b.open(b.define('type_alias', name, node, {
        exported: isExported(node), signature: headText(node, null), docstring: docOf(node),
      }));
      walkTypeParams(st, node);
      const value = node.childForFieldName('value');
      if (value !== null) walkNode(value, b, TYPES, (n, t) => enter(st, n, t));
      return false;
    }
    case 'enum_declaration':
      defineEnum(b, node);
      return false;
    case 'internal_module':
    case 'module': {
      const nameNode = node.childForFieldName('name');
      if (nameNode === null) return;
      const name = nameNode.type === 'string' ? unquote(nameNode.text) : nameNode.text;
      b.open(b.define('namespace', name, node, {
        exported: isExported(node) || node.parent?.type === 'ambient_declaration',
        signature: headText(node, node.childForFieldName('body')), docstring: docOf(node),
      }));
      return;
    }
    case 'lexical_declaration':
    case 'variable_declaration':
      declarations(st, node);
      return false;
    case 'expression_statement':
      return commonJsExport(st, node);
    case 'call_expression':
      callExpression(b, node, st.locals);
      return;
    case 'new_expression': {
      const ctor = node.childForFieldName('constructor');
      if (ctor !== null) qualifiedRef(b, 'instantiates', ctor);
      return;
    }
    case 'type_identifier': {
      // Declarations consume their own name nodes, so every type_identifier seen here is a use.
      const name = node.text;
      if (!st.typeParams.has(name)) b.ref('references', name, node);
      return;
    }
    case 'nested_type_identifier': {
      const name = node.childForFieldName('name');
      const module = node.childForFieldName('module');
      if (name !== null) b.ref('references', name.text, name, module?.text);
      return false;
    }
    case 'jsx_opening_element':
    case 'jsx_self_closing_element': {
      const owner = b.current;
      if (st.components.has(owner)) {
        b.amend(owner, { kind: 'component' });
        st.components.delete(owner);
      }
      const name = node.childForFieldName('name');
      if (name !== null && (name.type === 'member_expression' || isPascalCase(name.text) || /^[A-Z]/.test(name.text))) {
        qualifiedRef(b, 'calls', name);
      }
      return;
    }
    case 'decorator':
      // Recorded by the decorated definition, which knows the target.
      return false;
    case 'type_parameter': {
      const name = node.childForFieldName('name');
      if (name !== null) st.typeParams.add(name.text);
      return;
    }
    default:
      return;
  }
}

function nameOf(node: Node): string {
  return node.childForFieldName('name')?.text ?? '';
}

/** True when the declaration sits directly in an `export` statement. */
function isExported(node: Node): boolean {
  return node.parent?.type === 'export_statement';
}

/** Exported flag for a definition spanning `span` (a declaration, declarator or `export default`). */
function exportedSpan(span: Node): boolean {
  if (span.type === 'export_statement') return true;
  if (span.type === 'variable_declarator') return isExported(span.parent ?? span);
  return isExported(span);
}

/** The node whose preceding comment documents `node` (the export statement when exported). */
function docOf(node: Node): string | undefined {
  const anchor = isExported(node) ? (node.parent ?? node) : node;
  return leadingComment(anchor, isComment, DECORATORS);
}

/** Records `decorates` refs for decorators on `node`, inside it, or just before it in a class body. */
function decorators(b: ExtractionBuilder, node: Node, target: number): void {
  const found: Node[] = [];
  for (const d of node.childrenForFieldName('decorator')) if (d !== null) found.push(d);
  const parent = node.parent;
  if (parent?.type === 'export_statement') {
    for (const d of parent.childrenForFieldName('decorator')) if (d !== null) found.push(d);
  }
  // In a class body, a member's decorators are its preceding siblings rather than its children.
  if (parent?.type === 'class_body') {
    for (let s = node.previousNamedSibling; s?.type === 'decorator'; s = s.previousNamedSibling) found.push(s);
  }
  if (found.length === 0) return;
  b.within(target, () => {
    for (const d of found) {
      let expr = d.namedChild(0);
      if (expr?.type === 'call_expression') {
        const args = expr.childForFieldName('arguments');
        expr = expr.childForFieldName('function');
        if (args !== null) walk(args, b, CALL_TYPES, (n) => { callExpression(b, n); });
      }
      if (expr !== null) qualifiedRef(b, 'decorates', expr);
    }
  });
}

const CALL_TYPES: ReadonlySet<string> = new Set(['call_expression']);

function defineFunction(
  st: FileState, node: Node, spanNode: Node, name: string, body: Node | null,
): boolean | void {
  const b = st.b;
  if (name === '') return;
  const exported = exportedSpan(spanNode);
  const docAnchor = spanNode.type === 'variable_declarator' ? (spanNode.parent ?? spanNode) : spanNode;
  const index = b.define('function', name, spanNode, {
    exported,
    signature: headText(spanNode.type === 'variable_declarator' ? spanNode : node, body),
    docstring: docOf(docAnchor),
  });
  if (isPascalCase(name)) st.components.add(index);
  b.open(index);
  walkTypeParams(st, node);
  noteParameters(st, node, index);
  return;
}

/** Parameters declared with a class type (`repo: Repo`) hold that class inside the function. */
function noteParameters(st: FileState, node: Node, index: number): void {
  for (const p of node.childForFieldName('parameters')?.namedChildren ?? []) {
    if (p?.type !== 'required_parameter' && p?.type !== 'optional_parameter') continue;
    const pattern = p.childForFieldName('pattern');
    const type = p.childForFieldName('type')?.namedChild(0);
    if (pattern?.type !== 'identifier') continue;
    st.locals.note(index, pattern.text, type?.type === 'type_identifier' && namesClass(type.text) ? type.text : undefined);
  }
}

function walkTypeParams(st: FileState, node: Node): void {
  const params = node.childForFieldName('type_parameters');
  if (params === null) return;
  for (const p of params.namedChildren) {
    const name = p?.childForFieldName('name');
    if (name != null) st.typeParams.add(name.text);
  }
}

function defineClass(st: FileState, node: Node, spanNode: Node, name: string): boolean | void {
  const b = st.b;
  if (name === '') return;
  const exported = exportedSpan(spanNode);
  const docAnchor = spanNode.type === 'variable_declarator' ? (spanNode.parent ?? spanNode) : spanNode;
  const index = b.define('class', name, spanNode, {
    exported, signature: headText(node, node.childForFieldName('body')), docstring: docOf(docAnchor),
  });
  decorators(b, node, index);
  b.open(index);
  walkTypeParams(st, node);
  for (const child of node.namedChildren) {
    if (child?.type !== 'class_heritage') continue;
    for (const clause of child.namedChildren) {
      if (clause === null) continue;
      if (clause.type === 'extends_clause') {
        const value = clause.childForFieldName('value');
        if (value !== null) heritageRef(b, 'extends', value);
      } else if (clause.type === 'implements_clause') {
        for (const t of clause.namedChildren) if (t !== null) heritageRef(b, 'implements', t);
      } else {
        // JavaScript puts the superclass expression directly under class_heritage.
        heritageRef(b, 'extends', clause);
      }
    }
  }
  const body = node.childForFieldName('body');
  if (body !== null) walk(body, b, TYPES, (n, t) => enter(st, n, t));
  return false;
}

/** An `extends`/`implements` target: a name, a qualified name, a generic type, or a mixin call. */
function heritageRef(b: ExtractionBuilder, kind: 'extends' | 'implements', node: Node): void {
  switch (node.type) {
    case 'generic_type': {
      const name = node.childForFieldName('name');
      if (name !== null) heritageRef(b, kind, name);
      return;
    }
    case 'call_expression':
      // `class C extends mixin(A, B)`: the call is what runs; the arguments are the real bases.
      callExpression(b, node);
      for (const arg of node.childForFieldName('arguments')?.namedChildren ?? []) {
        if (arg !== null && (arg.type === 'identifier' || arg.type === 'member_expression')) heritageRef(b, kind, arg);
      }
      return;
    case 'nested_type_identifier': {
      const name = node.childForFieldName('name');
      if (name !== null) b.ref(kind, name.text, name, node.childForFieldName('module')?.text);
      return;
    }
    default:
      qualifiedRef(b, kind, node);
  }
}

function memberVisibility(node: Node, classExported: boolean): boolean {
  if (!classExported) return false;
  for (const child of node.namedChildren) {
    if (child?.type === 'accessibility_modifier') return child.text === 'public';
  }
  const name = node.childForFieldName('name');
  return name?.type !== 'private_property_identifier';
}

function parentExported(b: ExtractionBuilder): boolean {
  return b.symbolAt(b.current)?.exported ?? false;
}

function defineMethod(st: FileState, node: Node): boolean | void {
  const b = st.b;
  const name = nameOf(node);
  if (name === '') return;
  let kind: NodeKind = name === 'constructor' ? 'constructor' : 'method';
  // Getters and setters read like fields to callers; the `get`/`set` keyword is an anonymous child.
  if (node.children.some((c) => c !== null && (c.type === 'get' || c.type === 'set'))) kind = 'property';
  const index = b.define(kind, name, node, {
    exported: memberVisibility(node, parentExported(b)),
    signature: headText(node, node.childForFieldName('body')),
    docstring: leadingComment(node, isComment, DECORATORS),
  });
  decorators(b, node, index);
  b.open(index);
  walkTypeParams(st, node);
  noteParameters(st, node, index);
  return;
}

function defineField(st: FileState, node: Node): boolean | void {
  const b = st.b;
  const name = nameOf(node);
  if (name === '') return;
  const value = node.childForFieldName('value');
  const isFunction = value !== null && FUNCTION_VALUES.has(value.type);
  const index = b.define(isFunction ? 'method' : 'property', name, node, {
    exported: memberVisibility(node, parentExported(b)),
    signature: headText(node, isFunction ? value.childForFieldName('body') : null),
    docstring: leadingComment(node, isComment, DECORATORS),
  });
  decorators(b, node, index);
  b.open(index);
  return;
}

function defineEnum(b: ExtractionBuilder, node: Node): void {
  const name = nameOf(node);
  if (name === '') return;
  const exported = isExported(node);
  const index = b.define('enum', name, node, {
    exported, signature: headText(node, node.childForFieldName('body')), docstring: docOf(node),
  });
  const body = node.childForFieldName('body');
  if (body === null) return;
  b.within(index, () => {
    for (const member of body.namedChildren) {
      if (member === null) continue;
      const memberName = member.type === 'enum_assignment' ? member.childForFieldName('name') : member;
      if (memberName === null || member.type === 'comment') continue;
      b.define('enum_member', memberName.text, member, {
        exported, signature: member.text, docstring: leadingComment(member, isComment),
      });
    }
  });
}

/** `const a = …, b = …`: functions, classes, requires and module-level variables. */
function declarations(st: FileState, node: Node): void {
  const b = st.b;
  const keyword = node.child(0)?.type ?? 'var';
  const atModuleLevel = b.current < 0 || b.symbolAt(b.current)?.kind === 'namespace';
  for (const decl of node.namedChildren) {
    if (decl?.type !== 'variable_declarator') continue;
    const nameNode = decl.childForFieldName('name');
    let value = decl.childForFieldName('value');
    if (nameNode === null) continue;
    const mark = b.depth;
    try {
      while (value !== null && (value.type === 'parenthesized_expression' || value.type === 'await_expression')) {
        value = value.namedChild(0);
      }
      if (value !== null && isRequireCall(value)) {
        requireImport(b, value, nameNode);
        continue;
      }
      if (nameNode.type === 'identifier') st.locals.note(b.current, nameNode.text, declaredClass(decl, value));
      if (nameNode.type === 'identifier' && value !== null) {
        const name = nameNode.text;
        if (FUNCTION_VALUES.has(value.type)) {
          defineFunction(st, value, decl, name, value.childForFieldName('body'));
          walk(value, b, TYPES, (n, t) => enter(st, n, t));
          continue;
        }
        if (value.type === 'class') {
          defineClass(st, value, decl, name);
          continue;
        }
      }
      if (atModuleLevel && nameNode.type === 'identifier') {
        const name = nameNode.text;
        const exported = isExported(node);
        const constant = keyword === 'const' && isUpperSnake(name);
        b.open(b.define(constant ? 'constant' : 'variable', name, decl, {
          exported, signature: `${keyword} ${headText(decl, null)}`, docstring: docOf(node),
        }));
      }
      const type = decl.childForFieldName('type');
      if (type !== null) walk(type, b, TYPES, (n, t) => enter(st, n, t));
      if (value !== null) walkNode(value, b, TYPES, (n, t) => enter(st, n, t));
    } finally {
      b.restore(mark);
    }
  }
}

function isRequireCall(node: Node): boolean {
  if (node.type !== 'call_expression') return false;
  const fn = node.childForFieldName('function');
  if (fn?.type !== 'identifier' || fn.text !== 'require') return false;
  const arg = node.childForFieldName('arguments')?.namedChild(0);
  return arg?.type === 'string';
}

function requireImport(b: ExtractionBuilder, call: Node, binding: Node | null): void {
  const arg = call.childForFieldName('arguments')?.namedChild(0);
  if (arg == null) return;
  const module = unquote(arg.text);
  const line = call.startPosition.row + 1;
  if (binding?.type === 'identifier') {
    b.addImport({ module, names: [], namespace: binding.text, reexport: false, line });
    return;
  }
  const names: { imported: string; local: string }[] = [];
  if (binding?.type === 'object_pattern') {
    for (const p of binding.namedChildren) {
      if (p?.type === 'shorthand_property_identifier_pattern') names.push({ imported: p.text, local: p.text });
      else if (p?.type === 'pair_pattern') {
        const key = p.childForFieldName('key');
        const value = p.childForFieldName('value');
        if (key !== null && value !== null) names.push({ imported: key.text, local: value.text });
      }
    }
  }
  b.addImport({ module, names, reexport: false, line });
}

function importStatement(b: ExtractionBuilder, node: Node): void {
  const source = node.childForFieldName('source');
  if (source === null) {
    // `import x = require('y')` in TypeScript.
    const req = node.namedChildren.find((c) => c?.type === 'import_require_clause');
    if (req != null) {
      const id = req.namedChild(0);
      const src = req.childForFieldName('source');
      if (id !== null && src !== null) {
        b.addImport({ module: unquote(src.text), names: [], namespace: id.text, reexport: false, line: node.startPosition.row + 1 });
      }
    }
    return;
  }
  const names: { imported: string; local: string }[] = [];
  let namespace: string | undefined;
  const clause = node.namedChildren.find((c) => c?.type === 'import_clause');
  for (const part of clause?.namedChildren ?? []) {
    if (part === null) continue;
    if (part.type === 'identifier') names.push({ imported: 'default', local: part.text });
    else if (part.type === 'namespace_import') namespace = part.namedChild(0)?.text;
    else if (part.type === 'named_imports') {
      for (const spec of part.namedChildren) {
        if (spec?.type !== 'import_specifier') continue;
        const imported = spec.childForFieldName('name')?.text;
        if (imported === undefined) continue;
        names.push({ imported, local: spec.childForFieldName('alias')?.text ?? imported });
      }
    }
  }
  b.addImport({
    module: unquote(source.text), names, reexport: false, line: node.startPosition.row + 1,
    ...(namespace !== undefined ? { namespace } : {}),
  });
}

function exportStatement(st: FileState, node: Node): boolean | void {
  const b = st.b;
  const source = node.childForFieldName('source');
  const line = node.startPosition.row + 1;
  const clause = node.namedChildren.find((c) => c?.type === 'export_clause');
  const specs: { imported: string; local: string }[] = [];
  for (const spec of clause?.namedChildren ?? []) {
    if (spec?.type !== 'export_specifier') continue;
    const name = spec.childForFieldName('name');
    if (name === null) continue;
    specs.push({ imported: name.text, local: spec.childForFieldName('alias')?.text ?? name.text });
  }
  if (source !== null) {
    const module = unquote(source.text);
    const nsExport = node.namedChildren.find((c) => c?.type === 'namespace_export');
    if (nsExport != null) {
      const local = nsExport.namedChild(0)?.text ?? '*';
      b.addImport({ module, names: [{ imported: '*', local }], namespace: local, reexport: true, line });
    } else if (clause == null) {
      b.addImport({ module, names: [{ imported: '*', local: '*' }], reexport: true, line });
    } else {
      b.addImport({ module, names: specs, reexport: true, line });
    }
    return false;
  }
  if (clause != null) {
    for (const spec of specs) {
      st.exportedNames.add(spec.imported);
      b.ref('exports', spec.imported, node);
    }
    return false;
  }
  const value = node.childForFieldName('value');
  if (value !== null) {
    // `export default <expr>` and `export = <expr>`.
    if (FUNCTION_VALUES.has(value.type) || value.type === 'class') {
      const name = value.childForFieldName('name')?.text ?? 'default';
      if (value.type === 'class') {
        defineClass(st, value, node, name);
      } else {
        defineFunction(st, value, node, name, value.childForFieldName('body'));
        walk(value, b, TYPES, (n, t) => enter(st, n, t));
      }
      return false;
    }
    if (value.type === 'identifier') {
      st.exportedNames.add(value.text);
      b.ref('exports', value.text, value);
    }
  } else {
    const bare = node.namedChildren.find((c) => c?.type === 'identifier');
    if (bare != null) {
      st.exportedNames.add(bare.text);
      b.ref('exports', bare.text, bare);
    }
  }
  return;
}

/** `module.exports = …` and `exports.name = function …` in CommonJS files. */
function commonJsExport(st: FileState, node: Node): boolean | void {
  const assign = node.namedChild(0);
  if (assign?.type !== 'assignment_expression') return;
  const left = assign.childForFieldName('left');
  const right = assign.childForFieldName('right');
  if (left?.type !== 'member_expression' || right === null) return;
  const object = left.childForFieldName('object')?.text;
  const property = left.childForFieldName('property')?.text ?? '';
  if (object === 'module' && property === 'exports') {
    if (right.type === 'identifier') {
      st.exportedNames.add(right.text);
      st.b.ref('exports', right.text, right);
    }
    return;
  }
  if ((object === 'exports' || object === 'module.exports') && FUNCTION_VALUES.has(right.type)) {
    const index = st.b.define('function', property, node, {
      exported: true, signature: headText(node, right.childForFieldName('body')),
      docstring: leadingComment(node, isComment),
    });
    st.b.open(index);
  }
  return;
}

/** The class a declared variable holds: its type annotation's, or the class it is `new`ed from. */
function declaredClass(decl: Node, value: Node | null): string | undefined {
  const annotation = decl.childForFieldName('type')?.namedChild(0);
  let path: string | undefined;
  if (annotation?.type === 'type_identifier') path = annotation.text;
  else if (value?.type === 'new_expression') {
    const ctor = value.childForFieldName('constructor');
    if (ctor?.type === 'identifier' || ctor?.type === 'member_expression') path = receiverPath(ctor, 0);
  }
  return path !== undefined && namesClass(path) ? path : undefined;
}

function callExpression(b: ExtractionBuilder, node: Node, locals?: LocalTypes): void {
  const fn = node.childForFieldName('function');
  if (fn === null) return;
  switch (fn.type) {
    case 'identifier':
      if (fn.text === 'require' && isRequireCall(node)) requireImport(b, node, null);
      else b.ref('calls', fn.text, fn);
      return;
    case 'import': {
      const arg = node.childForFieldName('arguments')?.namedChild(0);
      if (arg?.type === 'string') {
        b.addImport({ module: unquote(arg.text), names: [], reexport: false, line: node.startPosition.row + 1 });
      }
      return;
    }
    case 'member_expression':
      qualifiedRef(b, 'calls', fn, locals);
      return;
    default:
      return;
  }
}

/** A ref to `a.b.c` (name `c`, receiver `a.b`) or to a plain identifier. */
function qualifiedRef(
  b: ExtractionBuilder, kind: 'calls' | 'instantiates' | 'extends' | 'implements' | 'decorates', node: Node, locals?: LocalTypes,
): void {
  if (node.type === 'member_expression') {
    const property = node.childForFieldName('property');
    const object = node.childForFieldName('object');
    if (property === null) return;
    const known = object?.type === 'identifier' ? locals?.typeOf(b.current, object.text) : undefined;
    b.ref(kind, property.text, property, known ?? (object !== null ? receiverPath(object, 0) : undefined));
    return;
  }
  if (node.type === 'identifier' || node.type === 'type_identifier') b.ref(kind, node.text, node);
}

/**
 * A receiver as written, with call arguments dropped so that long promise chains stay short
 * (`fetch().then()`); shapes that are not a path (literals, arrays …) become `…`.
 */
function receiverPath(node: Node, depth: number): string {
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
      const fn = node.childForFieldName('function');
      return `${fn !== null ? receiverPath(fn, depth + 1) : '…'}()`;
    }
    case 'subscript_expression': {
      const object = node.childForFieldName('object');
      return `${object !== null ? receiverPath(object, depth + 1) : '…'}[]`;
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
