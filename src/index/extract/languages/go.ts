/** Go: package, functions, methods (qualified by receiver type), types, consts/vars, imports, calls. */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { leadingComment, unquote } from '../comments.js';
import { receiverText } from '../receivers.js';
import type { PathShape } from '../receivers.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk, walkNode } from '../walk.js';
import { BUILTIN_TYPES, GO_LOCALS, goReceiver, goTypes, noteGoLocal, type GoTypes } from './go-receivers.js';
import { goRouteCall, goRoutes, type GoRoutes } from './go-routes.js';

const TYPES: ReadonlySet<string> = new Set([
  'package_clause', 'import_spec', 'function_declaration', 'method_declaration', 'type_spec', 'type_alias',
  'const_spec', 'var_spec', 'call_expression', 'composite_literal', 'type_identifier', 'qualified_type',
  'type_parameter_declaration', 'parameter_declaration', ...GO_LOCALS,
]);

const SHAPE: PathShape = {
  leaves: new Set(['identifier', 'field_identifier', 'package_identifier']),
  members: { selector_expression: ['operand', 'field', '.'] },
  calls: { call_expression: 'function' },
  wrappers: new Set(['parenthesized_expression', 'unary_expression']),
  subscripts: { index_expression: 'operand' },
};

const isComment = (type: string): boolean => type === 'comment';
const isExportedName = (name: string): boolean => /^\p{Lu}/u.test(name);

/** Extracts symbols, references and imports from Go files. */
export const goExtractor: LanguageExtractor = {
  languages: ['go'],
  extract(tree: Tree, _source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const typeParams = new Set<string>();
    const locals = goTypes(tree.rootNode, typeParams);
    const routes = goRoutes();
    const visit = (node: Node, type: string): boolean | void => enter(b, typeParams, locals, routes, node, type, visit);
    walk(tree.rootNode, b, TYPES, visit);
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};

type Visit = (node: Node, type: string) => boolean | void;

function enter(
  b: ExtractionBuilder, typeParams: Set<string>, locals: GoTypes, routes: GoRoutes, node: Node, type: string, visit: Visit,
): boolean | void {
  if (GO_LOCALS.has(type)) {
    if (b.current >= 0) noteGoLocal(b, locals, node, type);
    return;
  }
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
      if (b.current >= 0) noteGoLocal(b, locals, node, type);
      else valueSpec(b, node, type === 'const_spec' ? 'constant' : 'variable');
      return;
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      if (fn?.type === 'identifier') b.ref('calls', fn.text, fn);
      else if (fn?.type === 'selector_expression') selectorRef(b, 'calls', fn, locals);
      // A route walks its arguments itself: its handlers are its scope.
      return goRouteCall(b, routes, node, visit, TYPES) ? false : undefined;
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
        noteGoLocal(b, locals, node, type);
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

function selectorRef(b: ExtractionBuilder, kind: 'calls', node: Node, locals: GoTypes): void {
  const field = node.childForFieldName('field');
  const operand = node.childForFieldName('operand');
  if (field === null) return;
  const written = operand !== null ? receiverText(operand, SHAPE) : undefined;
  b.ref(kind, field.text, field, goReceiver(b, locals, operand, written) ?? written);
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
