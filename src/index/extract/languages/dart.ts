import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { leadingComment, unquote } from '../comments.js';
import { isPascalCase } from '../names.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';

const TYPES: ReadonlySet<string> = new Set([
  'library_name', 'import_or_export', 'part_directive', 'class_definition', 'mixin_declaration',
  'enum_declaration', 'enum_constant', 'extension_declaration', 'type_alias', 'method_signature',
  'declaration', 'function_signature', 'function_body', 'static_final_declaration_list', 'superclass',
  'mixins', 'interfaces', 'new_expression', 'const_object_expression', 'selector',
]);
const SIGNATURES: ReadonlySet<string> = new Set([
  'function_signature', 'getter_signature', 'setter_signature', 'constructor_signature',
  'factory_constructor_signature', 'operator_signature',
]);
const MEMBER_SELECTORS: ReadonlySet<string> = new Set(['unconditional_assignable_selector', 'conditional_assignable_selector']);
const isComment = (type: string): boolean => type === 'comment' || type === 'documentation_comment';
/** Modifier tokens the grammar leaves as siblings between a doc comment and the declaration. */
const MODIFIERS: ReadonlySet<string> = new Set([
  'const_builtin', 'final_builtin', 'late_builtin', 'type_identifier', 'void_type', 'inferred_type', 'static', 'abstract', 'external_builtin',
]);

/**
 * Dart: the library name (as the package), classes, mixins (as traits), enums and values,
 * extension members (qualified by the extended type), constructors (named and factory),
 * methods, getters/setters, functions, fields, constants and typedefs; calls, `new`/`const`
 * instantiations (and PascalCase calls, as `new` is optional), `extends`/`with`/`implements`,
 * imports (`as` prefix, `show` names), exports (as re-exports) and parts. Names starting with `_`
 * are library-private. The grammar puts a function's body beside its signature rather than inside
 * it, so a function's span covers its signature while its body's references still belong to it.
 */
export const dartExtractor: LanguageExtractor = {
  languages: ['dart'],
  extract: extractDart,
};

interface State {
  readonly b: ExtractionBuilder;
  readonly source: string;
  /** Signature start offset -> symbol, so the sibling body can reopen its function's scope. */
  readonly bodies: Map<number, number>;
}

function extractDart(tree: Tree, source: string, path: string, language: string): FileExtraction {
  const b = new ExtractionBuilder(language);
  const st: State = { b, source, bodies: new Map() };
  walk(tree.rootNode, b, TYPES, (node, type) => enter(st, node, type));
  return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
}

function enter(st: State, node: Node, type: string): boolean | void {
  const b = st.b;
  switch (type) {
    case 'library_name':
      b.setPackage(node.namedChildren.map((child) => child?.text ?? '').join('.'));
      return false;
    case 'import_or_export':
    case 'part_directive':
      addImport(b, node);
      return false;
    case 'class_definition':
    case 'mixin_declaration':
    case 'enum_declaration':
      typeDeclaration(b, node, type);
      return;
    case 'enum_constant': {
      const name = node.childForFieldName('name');
      if (name !== null) b.define('enum_member', name.text, node, { exported: true, signature: name.text });
      return false;
    }
    case 'extension_declaration':
      return; // members qualify themselves by the extended type
    case 'type_alias': {
      const name = node.namedChildren.find((child) => child?.type === 'type_identifier') ?? null;
      if (name !== null) define(b, 'type_alias', name.text, node, null);
      return false;
    }
    case 'method_signature': {
      const signature = node.namedChildren.find((child) => child !== null && SIGNATURES.has(child.type)) ?? null;
      if (signature !== null) defineSignature(st, node, signature);
      return false;
    }
    case 'function_signature':
      // Members arrive wrapped in method_signature or declaration, which define them.
      if (node.parent?.type !== 'declaration') defineSignature(st, node, node);
      return false;
    case 'declaration':
      declaration(st, node);
      return;
    case 'static_final_declaration_list':
      staticFinals(b, node);
      return;
    case 'function_body': {
      const owner = node.previousNamedSibling;
      const index = owner === null ? undefined : st.bodies.get(owner.startIndex);
      if (index !== undefined) b.open(index);
      return;
    }
    case 'superclass':
    case 'mixins':
    case 'interfaces':
      for (const child of node.namedChildren) {
        if (child === null || child.type !== 'type_identifier') continue;
        b.ref(type === 'superclass' ? 'extends' : 'implements', child.text, child);
      }
      return;
    case 'new_expression':
    case 'const_object_expression': {
      const target = node.namedChildren.find((child) => child?.type === 'type_identifier') ?? null;
      if (target !== null) b.ref('instantiates', target.text, target);
      return false;
    }
    case 'selector':
      callRef(b, st.source, node);
      return;
    default:
      return;
  }
}

/** Records a definition whose name's leading `_` makes it library-private. */
function define(b: ExtractionBuilder, kind: NodeKind, name: string, node: Node, body: Node | null, qualifiedName?: string): number {
  return b.define(kind, name, node, {
    exported: !name.startsWith('_'),
    signature: headText(node, body),
    docstring: leadingComment(node, isComment, MODIFIERS),
    ...(qualifiedName !== undefined ? { qualifiedName } : {}),
  });
}

/** A class, mixin (as a trait) or enum, opened as the scope of its members. */
function typeDeclaration(b: ExtractionBuilder, node: Node, type: string): void {
  const name = node.childForFieldName('name') ?? node.namedChildren.find((child) => child?.type === 'identifier') ?? null;
  if (name === null) return;
  const kind = type === 'class_definition' ? 'class' : (type === 'mixin_declaration' ? 'trait' : 'enum');
  const body = node.childForFieldName('body') ?? node.namedChildren.find((child) => child?.type === 'class_body') ?? null;
  b.open(define(b, kind, name.text, node, body));
}

/** A method, constructor, getter, setter or function signature (`holder` carries the docs). */
function defineSignature(st: State, holder: Node, signature: Node): void {
  const b = st.b;
  const names = signature.namedChildren.filter((child) => child?.type === 'identifier');
  const named = signature.childForFieldName('name');
  const isConstructor = signature.type === 'constructor_signature' || signature.type === 'factory_constructor_signature';
  const last = names[names.length - 1];
  const nameNode = isConstructor ? (last ?? named) : (named ?? names[0] ?? null);
  if (nameNode === null || nameNode === undefined) return;
  const name = nameNode.text;
  const scopeKind = b.symbolAt(b.current)?.kind;
  const extended = extendedType(holder);
  let kind: NodeKind = isConstructor ? 'constructor' : (scopeKind === undefined && extended === undefined ? 'function' : 'method');
  if (signature.type === 'getter_signature' || signature.type === 'setter_signature') kind = 'property';
  const index = define(b, kind, name, holder, null, extended === undefined ? undefined : `${extended}.${name}`);
  st.bodies.set(holder.startIndex, index);
}

/** A member declaration: a signature-bearing one defines a callable, otherwise its fields. */
function declaration(st: State, node: Node): void {
  const signature = node.namedChildren.find((child) => child !== null && SIGNATURES.has(child.type)) ?? null;
  if (signature !== null) {
    defineSignature(st, node, signature);
    return;
  }
  const fields = node.namedChildren.find((child) => child?.type === 'initialized_identifier_list') ?? null;
  for (const field of fields?.namedChildren ?? []) {
    const name = field?.firstNamedChild ?? null;
    if (field !== null && name !== null && name.type === 'identifier') {
      st.b.define('property', name.text, field, { exported: !name.text.startsWith('_'), signature: headText(node, null), docstring: leadingComment(node, isComment) });
    }
  }
}

/** Top-level `const`/`final` and class-level `const` are constants; `final` fields are properties. */
function staticFinals(b: ExtractionBuilder, node: Node): void {
  const holder = node.parent?.type === 'declaration' ? node.parent : node;
  const isConst = holder === node || holder.namedChildren.some((child) => child?.type === 'const_builtin');
  for (const declaration of node.namedChildren) {
    const name = declaration?.firstNamedChild ?? null;
    if (declaration === null || name === null || name.type !== 'identifier') continue;
    b.define(isConst ? 'constant' : 'property', name.text, declaration, {
      exported: !name.text.startsWith('_'),
      signature: headText(declaration, null),
      docstring: leadingComment(holder, isComment, MODIFIERS),
    });
  }
}

/**
 * A call is a `selector` holding an argument list; its callee is what precedes it: a member
 * selector (`recv.name(…)`, receiver as written) or a bare identifier (`name(…)`).
 */
function callRef(b: ExtractionBuilder, source: string, node: Node): void {
  const first = node.firstNamedChild;
  if (first === null || first.type !== 'argument_part') return;
  const prev = node.previousNamedSibling;
  if (prev === null) return;
  if (prev.type === 'identifier') {
    const name = prev.text;
    b.ref(isPascalCase(name) ? 'instantiates' : 'calls', name, prev);
    return;
  }
  if (prev.type !== 'selector') return;
  const member = prev.firstNamedChild;
  if (member === null || !MEMBER_SELECTORS.has(member.type)) return;
  const name = member.lastNamedChild;
  if (name === null || name.type !== 'identifier') return;
  // The receiver runs from the chain's primary expression up to the member selector.
  let primary = prev.previousNamedSibling;
  while (primary !== null && primary.type === 'selector') primary = primary.previousNamedSibling;
  const receiver = primary !== null && prev.startIndex - primary.startIndex <= 80
    ? source.slice(primary.startIndex, prev.startIndex).replace(/\?$/u, '').trim()
    : '';
  b.ref(isPascalCase(name.text) ? 'instantiates' : 'calls', name.text, name, receiver.includes('\n') ? undefined : receiver);
}

/** `import 'x' as p show a, b;`, `export 'y';`, `part 'z';`. */
function addImport(b: ExtractionBuilder, node: Node): void {
  const uri = node.descendantsOfType('uri')[0];
  if (uri === undefined || uri === null) return;
  const module = unquote(uri.text);
  const line = node.startPosition.row + 1;
  const exported = node.descendantsOfType('library_export').length > 0;
  const spec = node.descendantsOfType('import_specification')[0] ?? null;
  const names: { imported: string; local: string }[] = [];
  let namespace: string | undefined;
  if (spec !== null) {
    for (const child of spec.namedChildren) {
      if (child === null) continue;
      if (child.type === 'identifier') namespace = child.text;
      else if (child.type === 'combinator' && child.text.startsWith('show')) {
        for (const id of child.namedChildren) if (id !== null && id.type === 'identifier') names.push({ imported: id.text, local: id.text });
      }
    }
  }
  b.addImport({ module, names, reexport: exported, line, ...(namespace !== undefined ? { namespace } : {}) });
}

/** The extended type's name when `node` is a direct member of an `extension … on T` block. */
function extendedType(node: Node): string | undefined {
  const owner = node.parent?.parent ?? null;
  if (owner === null || owner.type !== 'extension_declaration') return undefined;
  return owner.childForFieldName('class')?.text;
}
