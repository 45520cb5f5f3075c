/** Rust: modules, items, impl blocks (methods qualified by type), traits, `use` trees, calls. */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { leadingComment } from '../comments.js';
import { LocalTypes } from '../local-types.js';
import { receiverText } from '../receivers.js';
import type { PathShape } from '../receivers.js';
import { isTestPath } from '../test-paths.js';
import { macroBodyItems } from './rust-macro-items.js';
import type { LanguageExtractor } from '../types.js';
import { walk, walkNode } from '../walk.js';
import { noteLet, noteParameters, noteTypeParameters, noteUnwrapping, receiverType, type RustTyping } from './rust-receivers.js';

const TYPES: ReadonlySet<string> = new Set([
  'mod_item', 'function_item', 'function_signature_item', 'impl_item', 'struct_item', 'enum_item',
  'union_item', 'trait_item', 'type_item', 'associated_type', 'const_item', 'static_item', 'macro_definition',
  'use_declaration', 'call_expression', 'macro_invocation', 'struct_expression', 'type_identifier',
  'scoped_type_identifier', 'type_parameters', 'attribute_item', 'inner_attribute_item', 'shebang', 'let_declaration',
  'let_condition', 'match_expression', 'for_expression',
]);

const SHAPE: PathShape = {
  leaves: new Set(['identifier', 'self', 'field_identifier', 'scoped_identifier', 'super', 'crate']),
  members: { field_expression: ['value', 'field', '.'] },
  calls: { call_expression: 'function' },
  wrappers: new Set(['parenthesized_expression', 'reference_expression', 'try_expression', 'await_expression', 'unary_expression']),
  subscripts: { index_expression: 'value' },
};

/** Standard macros: calls to them would never resolve to project code. */
const STD_MACROS: ReadonlySet<string> = new Set([
  'println', 'print', 'eprintln', 'eprint', 'format', 'write', 'writeln', 'vec', 'assert', 'assert_eq',
  'assert_ne', 'debug_assert', 'debug_assert_eq', 'debug_assert_ne', 'panic', 'unreachable', 'todo',
  'unimplemented', 'matches', 'format_args', 'include_str', 'include_bytes', 'concat', 'env', 'cfg', 'dbg',
]);

const isComment = (type: string): boolean => type === 'line_comment' || type === 'block_comment';
const ATTRIBUTES: ReadonlySet<string> = new Set(['attribute_item']);

/** The walk's state; what receivers hold (`locals`, `Self`) is typed in rust-receivers.ts. */
interface State extends RustTyping {
  readonly b: ExtractionBuilder;
  readonly source: string;
  /** True inside `impl Trait for Type`, whose methods are as visible as the trait. */
  traitImpl: boolean;
  /** What an enclosing `impl` block's items are qualified with: the module path and the type. */
  implOwner: string;
  readonly typeParams: Set<string>;
  /** The file declares itself test-only (`#![cfg(test)]`). */
  testFile: boolean;
}

/** Extracts symbols, references and imports from Rust files. */
export const rustExtractor: LanguageExtractor = {
  languages: ['rust'],
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const st: State = { b, source, traitImpl: false, implOwner: '', typeParams: new Set(), testFile: false, locals: new LocalTypes() };
    walk(tree.rootNode, b, TYPES, (n, t) => enter(st, n, t));
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path) || st.testFile);
  },
};

function isPub(node: Node): boolean {
  const first = node.namedChild(0);
  return first?.type === 'visibility_modifier';
}

function doc(node: Node): string | undefined {
  return leadingComment(node, isComment, ATTRIBUTES, { transparentEndsLikeCode: false });
}

const ITEM_KINDS: Readonly<Record<string, NodeKind>> = {
  mod_item: 'module', struct_item: 'struct', enum_item: 'enum', union_item: 'union', trait_item: 'trait',
  type_item: 'type_alias', associated_type: 'type_alias', const_item: 'constant', static_item: 'variable', macro_definition: 'macro',
};

function enter(st: State, node: Node, type: string): boolean | void {
  const b = st.b;
  switch (type) {
    case 'function_item':
    case 'function_signature_item':
      return functionItem(st, node);
    case 'impl_item':
      implItem(st, node);
      return false;
    case 'use_declaration':
      useDeclaration(b, node);
      return false;
    case 'call_expression':
      callExpression(st, node);
      return;
    case 'let_declaration':
      // The value is read before the name is bound again: in `let x = x.total()` the call is on the old `x`.
      for (const child of node.namedChildren) if (child !== null) walkNode(child, b, TYPES, (n, t) => enter(st, n, t));
      if (b.current >= 0) noteLet(b, st, node);
      return false;
    case 'let_condition':
    case 'match_expression':
    case 'for_expression':
      noteUnwrapping(b, st, node);
      return;
    case 'macro_invocation':
      macroInvocation(st, node);
      return false;
    case 'struct_expression': {
      const name = node.childForFieldName('name');
      if (name !== null) typeRef(st, 'instantiates', name);
      const body = node.childForFieldName('body');
      if (body !== null) walk(body, b, TYPES, (n, t) => enter(st, n, t));
      return false;
    }
    case 'type_identifier':
      // Items consume their own name nodes, so every type_identifier seen here is a use.
      typeRef(st, 'references', node);
      return;
    case 'scoped_type_identifier':
      typeRef(st, 'references', node);
      return false;
    case 'type_parameters':
      noteTypeParameters(st.typeParams, node);
      return false;
    case 'attribute_item':
      return false;
    case 'inner_attribute_item':
    case 'shebang':
      // `#![cfg(test)]` at the top of a file makes the whole file test code (on a file's first
      // line this grammar reads it as a shebang). Unit tests in a `#[cfg(test)] mod tests` do
      // not: the rest of such a file is the library itself.
      if (/^#!\[cfg\(test\)\]$/.test(node.text.replace(/\s+/g, '')) && node.parent?.type === 'source_file') st.testFile = true;
      return false;
    default: {
      const kind = ITEM_KINDS[type];
      if (kind === undefined) return;
      return item(st, node, kind);
    }
  }
}

/**
 * A macro call; standard macros are left out, `path::name!` keeps its path as the receiver. Items
 * written in its argument (`cfg_if! { … }`) are definitions of the file.
 */
function macroInvocation(st: State, node: Node): void {
  const b = st.b;
  const macro = node.childForFieldName('macro');
  if (macro === null) return;
  if (macro.type === 'identifier') {
    if (STD_MACROS.has(macro.text)) return;
    b.ref('calls', macro.text, macro);
  } else if (macro.type === 'scoped_identifier') {
    const name = macro.childForFieldName('name');
    if (name !== null) b.ref('calls', name.text, name, macro.childForFieldName('path')?.text);
  }
  const args = node.lastNamedChild;
  if (args?.type === 'token_tree') macroBodyItems(b, st.source, args);
}

/**
 * A named item other than a function or impl (module, type, constant, static, macro), opened
 * while its parts are walked; a type's members and a trait's bounds and body are recorded too.
 */
function item(st: State, node: Node, kind: NodeKind): boolean | void {
  const b = st.b;
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  const body = node.childForFieldName('body');
  const index = b.define(kind, name, node, {
    // A trait's associated types and constants are as visible as the trait, as its methods are.
    exported: isPub(node) || b.symbolAt(b.current)?.kind === 'trait'
      || (kind === 'macro' && /#\[macro_export\]/.test(node.previousNamedSibling?.text ?? '')),
    signature: headText(node, kind === 'macro' ? null : body),
    docstring: doc(node),
    // Associated items of an impl block are qualified by its type, as its methods are.
    ...(b.symbolAt(b.current)?.kind === 'impl' ? { qualifiedName: `${st.implOwner}.${name}` } : {}),
  });
  b.open(index);
  if (kind === 'module' && body === null) pathAttributeModule(b, node, name);
  if (kind === 'struct' || kind === 'union' || kind === 'enum') members(st, node, index);
  if (kind === 'trait') {
    for (const bound of node.childForFieldName('bounds')?.namedChildren ?? []) {
      if (bound !== null) typeRef(st, 'extends', bound);
    }
    if (body !== null) walk(body, b, TYPES, (n, t) => enter(st, n, t));
    return false;
  }
  if (kind === 'macro') {
    // What each rule expands to may define items (`impl Trait for $t { fn … }`).
    for (const rule of node.namedChildren) {
      const right = rule?.type === 'macro_rule' ? rule.childForFieldName('right') : null;
      if (right?.type === 'token_tree') macroBodyItems(b, st.source, right);
    }
    return false;
  }
  const nameStart = node.childForFieldName('name')?.startIndex ?? -1;
  for (const child of node.namedChildren) {
    if (child !== null && child.startIndex !== nameStart) walkNode(child, b, TYPES, (n, t) => enter(st, n, t));
  }
  return false;
}

/**
 * `#[path = "private/mod.rs"] mod __private;` at file level: the module's file is the one named,
 * relative to this file's directory, not the one its name gives. Recorded as an import of that
 * path bound to the module's name (a `use` path has `::` and never `/` or `.rs`), which the
 * module resolver also consults for paths through the module (`use __private::size_hint`).
 */
function pathAttributeModule(b: ExtractionBuilder, node: Node, name: string): void {
  if (node.parent?.type !== 'source_file') return;
  for (let sib = node.previousNamedSibling; sib !== null; sib = sib.previousNamedSibling) {
    if (sib.type !== 'attribute_item' && !sib.type.endsWith('comment')) return;
    const path = PATH_ATTRIBUTE.exec(sib.text.replace(/\s+/g, ' '))?.[1];
    if (path === undefined || path === '') continue;
    b.addImport({ module: path.replace(/\\/g, '/'), names: [], namespace: name, reexport: false, line: node.startPosition.row + 1 });
    return;
  }
}

/** `#[path = "…"]` and its file path (a Windows separator, written `\\`, becomes `/`). */
const PATH_ATTRIBUTE = /^#\[ ?path ?= ?"([^"]*)" ?\]$/;

function functionItem(st: State, node: Node): boolean | void {
  const b = st.b;
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  const parent = b.symbolAt(b.current);
  // Only an item of the block itself is a method; a `fn` nested in a method body is a local function.
  const inImpl = parent?.kind === 'impl';
  const kind: NodeKind = inImpl || parent?.kind === 'trait' ? 'method' : 'function';
  b.open(b.define(kind, name, node, {
    exported: isPub(node) || (inImpl && st.traitImpl) || parent?.kind === 'trait',
    signature: headText(node, node.childForFieldName('body')),
    docstring: doc(node),
    ...(inImpl ? { qualifiedName: `${st.implOwner}.${name}` } : {}),
  }));
  // Its type parameters first, so a parameter of type `T` is not taken for a type named `T`.
  const typeParams = node.childForFieldName('type_parameters');
  if (typeParams !== null) enter(st, typeParams, 'type_parameters');
  noteParameters(b, st, node.childForFieldName('parameters'));
  return;
}

function baseTypeName(node: Node | null): string {
  let t = node;
  while (t !== null) {
    if (t.type === 'generic_type') t = t.childForFieldName('type');
    else if (t.type === 'reference_type' || t.type === 'pointer_type') t = t.childForFieldName('type');
    else if (t.type === 'scoped_type_identifier') t = t.childForFieldName('name');
    else break;
  }
  return t?.type === 'type_identifier' || t?.type === 'primitive_type' ? t.text : (t?.text ?? '');
}

function implItem(st: State, node: Node): void {
  const b = st.b;
  const typeNode = node.childForFieldName('type');
  const typeName = baseTypeName(typeNode);
  const trait = node.childForFieldName('trait');
  // Attribute `impl Trait for Type` to the type's own symbol when this file defines it.
  let owner = -1;
  for (let i = b.symbolCount - 1; i >= 0; i--) {
    const s = b.symbolAt(i);
    if (s !== undefined && s.name === typeName && (s.kind === 'struct' || s.kind === 'enum' || s.kind === 'union')) {
      owner = i;
      break;
    }
  }
  const saved = { traitImpl: st.traitImpl, implOwner: st.implOwner };
  const mark = b.depth;
  try {
    if (owner >= 0) {
      b.open(owner);
      if (trait !== null) typeRef(st, 'implements', trait);
      b.restore(mark);
    }
    const params = node.childForFieldName('type_parameters');
    if (params !== null) enter(st, params, 'type_parameters');
    const prefix = b.currentQualifiedName;
    const body = node.childForFieldName('body');
    // The block is a definition of its own, named the way it reads (`impl Display for Point`), so
    // a search for a trait and a type finds it; its items are still qualified by the type.
    const name = `impl ${trait !== null ? `${baseTypeName(trait)} for ` : ''}${typeName}`;
    b.open(b.define('impl', name, node, {
      qualifiedName: `${prefix !== '' ? `${prefix}.` : ''}${name}`,
      // Impl blocks take no visibility: a trait impl is as visible as the trait, an inherent one is not exported itself.
      exported: trait !== null,
      signature: headText(node, body),
      docstring: doc(node),
    }));
    // A type this file does not define (another file's, or a foreign one such as `Vec<u8>`):
    // the block itself implements the trait, so `self` calls in it can reach the trait's methods.
    if (owner < 0 && trait !== null) typeRef(st, 'implements', trait);
    st.traitImpl = trait !== null;
    st.implOwner = `${prefix !== '' ? `${prefix}.` : ''}${typeName}`;
    if (body !== null) walk(body, b, TYPES, (n, t) => enter(st, n, t));
  } finally {
    st.traitImpl = saved.traitImpl;
    st.implOwner = saved.implOwner;
    b.restore(mark);
  }
}

function members(st: State, node: Node, owner: number): void {
  const b = st.b;
  const body = node.childForFieldName('body');
  if (body === null) return;
  const exported = b.symbolAt(owner)?.exported ?? false;
  for (const m of body.namedChildren) {
    if (m === null) continue;
    if (m.type === 'field_declaration' || m.type === 'enum_variant') {
      const name = m.childForFieldName('name')?.text ?? '';
      if (name === '') continue;
      const isVariant = m.type === 'enum_variant';
      b.define(isVariant ? 'enum_member' : 'field', name, m, {
        exported: isVariant ? exported : exported && isPub(m),
        signature: headText(m, null), docstring: doc(m),
      });
    }
  }
}

function typeRef(st: State, kind: 'references' | 'instantiates' | 'extends' | 'implements', node: Node): void {
  const b = st.b;
  switch (node.type) {
    case 'type_identifier': {
      const name = node.text;
      if (name !== 'Self' && !st.typeParams.has(name)) b.ref(kind, name, node);
      return;
    }
    case 'scoped_type_identifier':
    case 'scoped_identifier': {
      const name = node.childForFieldName('name');
      if (name !== null) b.ref(kind, name.text, name, node.childForFieldName('path')?.text);
      return;
    }
    case 'generic_type': {
      const inner = node.childForFieldName('type');
      if (inner !== null) typeRef(st, kind, inner);
      const args = node.childForFieldName('type_arguments');
      if (args !== null && kind !== 'references') walk(args, b, TYPES, (n, t) => enter(st, n, t));
      return;
    }
    default:
      return;
  }
}

function callExpression(st: State, node: Node): void {
  const b = st.b;
  let fn = node.childForFieldName('function');
  let type = fn?.type;
  if (type === 'generic_function') {
    fn = fn?.childForFieldName('function') ?? null;
    type = fn?.type;
  }
  if (fn === null) return;
  if (type === 'identifier') {
    b.ref('calls', fn.text, fn);
  } else if (type === 'scoped_identifier') {
    const name = fn.childForFieldName('name');
    const path = fn.childForFieldName('path')?.text.replace(/<.*>/s, '');
    // `self::f()` and `super::f()` name a function of this module or the one around it: looked up
    // as a bare call is (this file, then the project), not as a member of the value `self`.
    if (name !== null) b.ref('calls', name.text, name, path === 'self' || path === 'super' ? undefined : path);
  } else if (type === 'field_expression') {
    const field = fn.childForFieldName('field');
    const value = fn.childForFieldName('value');
    // A typed local's type (`formatter.write_str()` on `fmt::Formatter`), else the receiver as written.
    if (field !== null) b.ref('calls', field.text, field, value !== null ? (receiverType(b, st, value) ?? receiverText(value, SHAPE)) : undefined);
  }
}

/** Flattens a `use` tree into one import per module path. */
function useDeclaration(b: ExtractionBuilder, node: Node): void {
  const reexport = isPub(node);
  const line = node.startPosition.row + 1;
  const byModule = new Map<string, { names: { imported: string; local: string }[]; namespace?: string }>();
  const add = (module: string, imported: string, local: string): void => {
    let entry = byModule.get(module);
    if (entry === undefined) {
      entry = { names: [] };
      byModule.set(module, entry);
    }
    entry.names.push({ imported, local });
  };
  const join = (prefix: string, rest: string): string => (prefix === '' ? rest : rest === '' ? prefix : `${prefix}::${rest}`);
  const visit = (tree: Node, prefix: string): void => {
    switch (tree.type) {
      case 'identifier':
      case 'crate':
      case 'super':
      case 'self':
        if (tree.type === 'self' && prefix !== '') {
          const last = prefix.split('::').pop() ?? prefix;
          byModule.set(prefix, { names: byModule.get(prefix)?.names ?? [], namespace: last });
        } else if (prefix === '') {
          byModule.set(tree.text, { names: [], namespace: tree.text });
        } else {
          add(prefix, tree.text, tree.text);
        }
        return;
      case 'scoped_identifier': {
        const path = tree.childForFieldName('path');
        const name = tree.childForFieldName('name');
        if (name !== null) visit(name, join(prefix, path?.text ?? ''));
        return;
      }
      case 'use_as_clause': {
        const path = tree.childForFieldName('path');
        const alias = tree.childForFieldName('alias')?.text ?? '';
        if (path === null) return;
        if (path.type === 'scoped_identifier') {
          const module = join(prefix, path.childForFieldName('path')?.text ?? '');
          add(module, path.childForFieldName('name')?.text ?? '', alias);
        } else if (prefix === '') {
          byModule.set(path.text, { names: [], namespace: alias });
        } else {
          add(prefix, path.text, alias);
        }
        return;
      }
      case 'use_wildcard': {
        const inner = tree.namedChild(0);
        add(join(prefix, inner?.text ?? ''), '*', '*');
        return;
      }
      case 'scoped_use_list': {
        const path = tree.childForFieldName('path');
        const list = tree.childForFieldName('list');
        const next = join(prefix, path?.text ?? '');
        for (const item of list?.namedChildren ?? []) if (item !== null) visit(item, next);
        return;
      }
      case 'use_list':
        for (const item of tree.namedChildren) if (item !== null) visit(item, prefix);
        return;
      default:
        return;
    }
  };
  const argument = node.childForFieldName('argument');
  if (argument !== null) visit(argument, '');
  for (const [module, entry] of byModule) {
    b.addImport({
      module, names: entry.names, reexport, line,
      ...(entry.namespace !== undefined ? { namespace: entry.namespace } : {}),
    });
  }
}
