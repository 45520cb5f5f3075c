/**
 * Solidity: contracts (and abstract contracts) as classes, interfaces, libraries as modules,
 * functions, modifiers, constructors, `receive`/`fallback`, state variables and constants,
 * structs, enums, events, custom errors and user-defined value types; imports, inheritance
 * (`is`), calls, `new`, `emit`, `revert` and modifier invocations.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, sourceHead } from '../builder.js';
import { leadingComment, unquote } from '../comments.js';
import { receiverText } from '../receivers.js';
import type { PathShape } from '../receivers.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';

const TYPES: ReadonlySet<string> = new Set([
  'import_directive', 'contract_declaration', 'interface_declaration', 'library_declaration',
  'function_definition', 'modifier_definition', 'constructor_definition', 'fallback_receive_definition',
  'state_variable_declaration', 'constant_variable_declaration', 'struct_declaration', 'enum_declaration',
  'event_definition', 'error_declaration', 'user_defined_type_definition', 'using_directive',
  'call_expression', 'new_expression', 'emit_statement', 'revert_statement', 'modifier_invocation',
]);

const CONTRACT_KINDS: Readonly<Record<string, NodeKind>> = {
  contract_declaration: 'class', interface_declaration: 'interface', library_declaration: 'module',
};
const CONTRACTS: ReadonlySet<NodeKind> = new Set(['class', 'interface', 'module']);

const SHAPE: PathShape = {
  leaves: new Set(['identifier']),
  members: { member_expression: ['object', 'property', '.'] },
  calls: { call_expression: 'function' },
  wrappers: new Set(['parenthesized_expression']),
  subscripts: { array_access: 'base' },
};

const isComment = (type: string): boolean => type === 'comment';

interface State {
  readonly b: ExtractionBuilder;
  readonly source: string;
  /** Ancestors of the contract being walked: `Base(x)` on its constructor calls a base constructor, not a modifier. */
  ancestors: Set<string>;
}

/** Extracts symbols, references and imports from Solidity files. */
export const solidityExtractor: LanguageExtractor = {
  languages: ['solidity'],
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const st: State = { b, source, ancestors: new Set() };
    walk(tree.rootNode, b, TYPES, (n, t) => enter(st, n, t));
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path) || /\.t\.sol$/.test(path));
  },
};

function enter(st: State, node: Node, type: string): boolean | void {
  const b = st.b;
  switch (type) {
    case 'import_directive':
      importDirective(b, node);
      return false;
    case 'function_definition':
    case 'modifier_definition':
    case 'constructor_definition':
    case 'fallback_receive_definition':
      callable(st, node, type);
      return;
    case 'state_variable_declaration':
    case 'constant_variable_declaration':
      return stateVariable(st, node, type);
    case 'struct_declaration':
      return struct(st, node);
    case 'enum_declaration':
      return enumeration(st, node);
    case 'event_definition':
    case 'error_declaration':
    case 'user_defined_type_definition':
      return memberlessDefinition(st, node, type);
    case 'using_directive': {
      // `using SafeMath for uint256;` attaches the library's functions to a type.
      const lib = node.namedChildren.find((c) => c?.type === 'type_alias')?.lastNamedChild ?? null;
      if (lib !== null) b.ref('references', lib.text, lib);
      return false;
    }
    case 'modifier_invocation': {
      const id = node.firstNamedChild;
      if (id?.type !== 'identifier') return;
      const name = id.text;
      if (!st.ancestors.has(name)) b.ref('decorates', name, id);
      return;
    }
    case 'call_expression':
      callExpression(b, node);
      return;
    case 'new_expression': {
      const t = typeName(node.childForFieldName('name'));
      if (t !== undefined) b.ref('instantiates', t.name, t.node, t.qualifier);
      return false;
    }
    case 'emit_statement': {
      const name = node.childForFieldName('name');
      if (name !== null) namedRef(b, 'calls', name);
      return;
    }
    case 'revert_statement': {
      const error = node.childForFieldName('error');
      if (error !== null) namedRef(b, 'instantiates', error);
      return;
    }
    default: {
      const kind = CONTRACT_KINDS[type];
      if (kind === undefined) return;
      return contract(st, node, kind);
    }
  }
}

/** The kind of the contract, interface or library being walked, or undefined outside one. */
function enclosingContract(b: ExtractionBuilder): NodeKind | undefined {
  const kind = b.symbolAt(b.current)?.kind;
  return kind !== undefined && CONTRACTS.has(kind) ? kind : undefined;
}

/** A function, modifier, constructor or `receive`/`fallback`: opened so its body's calls are its own. */
function callable(st: State, node: Node, type: string): void {
  const b = st.b;
  const contractKind = enclosingContract(b);
  const inContract = contractKind !== undefined;
  const name = type === 'constructor_definition' ? 'constructor'
    : type === 'fallback_receive_definition' ? specialName(node) : node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  const kind: NodeKind = type === 'constructor_definition' ? 'constructor' : inContract ? 'method' : 'function';
  const body = node.childForFieldName('body');
  b.open(b.define(kind, name, node, {
    exported: type === 'modifier_definition' || type === 'constructor_definition' || !inContract || isPublic(node, contractKind),
    signature: sourceHead(st.source, node, body), docstring: leadingComment(node, isComment),
  }));
}

/** A state variable or file-level constant; `constant` and `immutable` ones are constants. */
function stateVariable(st: State, node: Node, type: string): boolean | void {
  const b = st.b;
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return false;
  const constant = type === 'constant_variable_declaration' || hasToken(node, 'constant') || hasToken(node, 'immutable');
  const visibility = node.childForFieldName('visibility')?.text;
  b.open(b.define(constant ? 'constant' : 'field', name, node, {
    exported: enclosingContract(b) === undefined || visibility === 'public' || visibility === 'external',
    signature: sourceHead(st.source, node, null), docstring: leadingComment(node, isComment),
  }));
  return;
}

/** A struct and its members as fields. */
function struct(st: State, node: Node): boolean {
  const b = st.b;
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return false;
  const index = b.define('struct', name, node, {
    exported: true, signature: sourceHead(st.source, node, firstToken(node, '{')), docstring: leadingComment(node, isComment),
  });
  b.within(index, () => {
    for (const m of node.namedChildren) {
      const mname = m?.type === 'struct_member' ? m.childForFieldName('name')?.text : undefined;
      if (m != null && mname !== undefined) b.define('field', mname, m, { exported: true, signature: sourceHead(st.source, m, null) });
    }
  });
  return false;
}

/** An enum and its values. */
function enumeration(st: State, node: Node): boolean {
  const b = st.b;
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return false;
  const index = b.define('enum', name, node, {
    exported: true, signature: sourceHead(st.source, node, firstToken(node, '{')), docstring: leadingComment(node, isComment),
  });
  b.within(index, () => {
    for (const v of node.namedChildren) {
      if (v?.type === 'enum_value') b.define('enum_member', v.text, v, { exported: true, signature: v.text });
    }
  });
  return false;
}

/** An event, custom error or user-defined value type: one definition, nothing inside it walked. */
function memberlessDefinition(st: State, node: Node, type: string): boolean {
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return false;
  // Events are emitted like calls and sit beside state; custom errors are raised like exceptions.
  const kind: NodeKind = type === 'event_definition' ? 'field' : type === 'error_declaration' ? 'class' : 'type_alias';
  st.b.define(kind, name, node, { exported: true, signature: sourceHead(st.source, node, null), docstring: leadingComment(node, isComment) });
  return false;
}

function contract(st: State, node: Node, kind: NodeKind): boolean | void {
  const b = st.b;
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  b.open(b.define(kind, name, node, {
    exported: true, signature: sourceHead(st.source, node, node.childForFieldName('body')), docstring: leadingComment(node, isComment),
  }));
  st.ancestors = new Set();
  for (const spec of node.namedChildren) {
    if (spec?.type !== 'inheritance_specifier') continue;
    const t = typeName(spec.childForFieldName('ancestor'));
    if (t === undefined) continue;
    st.ancestors.add(t.name);
    // `is` covers both: an interface is implemented (by the `IName` convention), a contract extended.
    const edge = kind === 'interface' || !/^I[A-Z]/.test(t.name) ? 'extends' : 'implements';
    b.ref(edge, t.name, t.node, t.qualifier);
  }
  return;
}

function callExpression(b: ExtractionBuilder, node: Node): void {
  const fn = node.childForFieldName('function');
  if (fn === null) return;
  if (fn.type === 'identifier') {
    // `Line(a, b)` builds a struct and `IERC20(token)` converts to a contract type; functions are
    // camelCase by convention.
    const name = fn.text;
    b.ref(/^[A-Z]/.test(name) ? 'instantiates' : 'calls', name, fn);
  } else if (fn.type === 'member_expression') {
    const property = fn.childForFieldName('property');
    const object = fn.childForFieldName('object');
    if (property !== null) b.ref('calls', property.text, property, object !== null ? receiverText(object, SHAPE) : undefined);
  }
}

/** An identifier or `A.B` member path as name plus qualifier. */
function namedRef(b: ExtractionBuilder, kind: 'calls' | 'instantiates', node: Node): void {
  if (node.type === 'identifier') {
    b.ref(kind, node.text, node);
  } else if (node.type === 'member_expression') {
    const property = node.childForFieldName('property');
    const object = node.childForFieldName('object');
    if (property !== null) b.ref(kind, property.text, property, object !== null ? receiverText(object, SHAPE) : undefined);
  }
}

/** `A.B` in a `user_defined_type` (possibly wrapped in `type_name`) as qualifier `A` and name `B`. */
function typeName(node: Node | null): { name: string; qualifier: string | undefined; node: Node } | undefined {
  let t = node;
  if (t?.type === 'type_name') t = t.firstNamedChild;
  if (t?.type !== 'user_defined_type') return undefined;
  const parts: string[] = [];
  for (const id of t.namedChildren) if (id?.type === 'identifier') parts.push(id.text);
  const name = parts.pop();
  if (name === undefined) return undefined;
  return { name, qualifier: parts.length > 0 ? parts.join('.') : undefined, node: t };
}

/**
 * `import "x.sol";` brings every top-level name of x.sol into scope; `import {A, B as C} from`
 * binds names; `import * as N from "x"` and `import "x" as N` bind a namespace.
 */
function importDirective(b: ExtractionBuilder, node: Node): void {
  const source = node.childForFieldName('source');
  if (source === null) return;
  const module = unquote(source.text);
  const line = node.startPosition.row + 1;
  const names: { imported: string; local: string }[] = [];
  let namespace: string | undefined;
  // An alias right after an imported name renames it; any other alias names the whole module.
  let renamable = false;
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child === null) continue;
    const field = node.fieldNameForChild(i);
    if (field === 'import_name') {
      const text = child.text;
      names.push({ imported: text, local: text });
      renamable = true;
    } else if (field === 'alias') {
      const last = names[names.length - 1];
      if (renamable && last !== undefined) names[names.length - 1] = { imported: last.imported, local: child.text };
      else namespace = child.text;
      renamable = false;
    } else if (child.isNamed) {
      renamable = false;
    }
  }
  if (names.length === 0 && namespace === undefined) names.push({ imported: '*', local: '*' });
  b.addImport({ module, names, reexport: false, line, ...(namespace !== undefined ? { namespace } : {}) });
}

/**
 * `public`/`external` functions are callable from outside; interface functions always are, and a
 * library's internal functions are meant for the contracts that use it.
 */
function isPublic(node: Node, scopeKind: NodeKind | undefined): boolean {
  if (scopeKind === 'interface') return true;
  const visibility = node.namedChildren.find((c) => c?.type === 'visibility')?.text;
  if (scopeKind === 'module') return visibility !== 'private';
  return visibility === 'public' || visibility === 'external';
}

/** `receive` or `fallback`. */
function specialName(node: Node): string {
  for (const child of node.children) {
    if (child !== null && !child.isNamed && (child.type === 'receive' || child.type === 'fallback')) return child.type;
  }
  return 'fallback';
}

function hasToken(node: Node, word: string): boolean {
  for (const child of node.children) if (child !== null && !child.isNamed && child.type === word) return true;
  return false;
}

function firstToken(node: Node, token: string): Node | null {
  for (const child of node.children) if (child !== null && child.type === token) return child;
  return null;
}

