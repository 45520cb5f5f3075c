/**
 * A Go route's path as it is written: a string, or a concatenation (`apiPrefix+"/users"`,
 * `prefix+"/health"`, as public Go servers write them). A constant or variable the file declares
 * at its top as a string is read as its value (`const apiPrefix = "/api/v1"`) where the file binds
 * that name nowhere else; any other part is kept as written, in braces (`/{prefix}/health`). The
 * file's top-level declarations are read once, at the first path that names one: Go declares them
 * in any order.
 */
import type { Node } from 'web-tree-sitter';
import { unquote } from '../comments.js';
import {
  constantLookup, joinedPath, MAX_PATH_CONSTANT, namePart, namesBoundTwice, plusOperands, readsAsPath, unparenthesized, type ConstantLookup, type FileConstants, type PathPart,
} from '../route-path-parts.js';

/** A file's top-level string constants, read from the whole file at the first path that names a name (`read`). */
export interface GoPathConstants extends FileConstants {
  read?: boolean;
}

/** A file's constants, none read yet. */
export function goPathConstants(): GoPathConstants {
  return { values: new Map() };
}

/**
 * The text `node` writes as a path: a string as it is, a concatenation joined (a constant's value
 * read, another part kept as `{name}`), rooted when it starts with a part kept so and `/` follows
 * it; undefined for anything else, or for a concatenation whose text is no path.
 */
export function goRoutePath(node: Node | undefined, constants: GoPathConstants): string | undefined {
  if (node === undefined) return undefined;
  if (isString(node)) return unquote(node.text);
  const text = joined(node, lookupIn(constants, node));
  if (text === undefined) return undefined;
  // Go 1.22's `"GET "+prefix+"/p"`: the method, then the path.
  const path = text.replace(/^[A-Z]+\s+/, '');
  if (!readsAsPath(path, '{', false)) return undefined;
  return path.startsWith('/') ? text : `${text.slice(0, text.length - path.length)}/${path}`;
}

/** A Go string literal, interpreted (`"…"`) or raw (`` `…` ``). */
export function isString(node: Node): boolean {
  return node.type === 'interpreted_string_literal' || node.type === 'raw_string_literal';
}

function partOf(node: Node): PathPart {
  return isString(node) ? { text: unquote(node.text) } : namePart(node, '{');
}

/** A string, or a `+` chain (through parentheses) holding one, joined; undefined for anything else. */
function joined(node: Node, lookup: ConstantLookup): string | undefined {
  const operands = isString(node) ? [node] : plusOperands(node, 'binary_expression', (n) => unparenthesized(n));
  return operands === undefined || !operands.some(isString) ? undefined : joinedPath(operands.map(partOf), lookup);
}

/** The values of the file's top-level string constants and variables (read at the first name asked for), except for a name bound anywhere else too. */
function lookupIn(constants: GoPathConstants, at: Node): ConstantLookup {
  const root = at.tree.rootNode;
  const lookup = constantLookup(constants, () => namesBoundTwice(root, BINDINGS, boundBy));
  return (name) => {
    if (constants.read !== true) {
      constants.read = true;
      topLevelStrings(root, constants.values);
    }
    return lookup(name);
  };
}

/** Notes into `out` the file's `const`/`var` declarations of one name and one string (or a concatenation of strings and earlier ones). */
function topLevelStrings(root: Node, out: Map<string, string>): void {
  const known: ConstantLookup = (name) => out.get(name);
  for (const declaration of root.namedChildren) {
    if (declaration?.type !== 'const_declaration' && declaration?.type !== 'var_declaration') continue;
    // The declaration's own specs (in parentheses, a `var` keeps them in a list), never those of a function literal in a value.
    const list = declaration.namedChildren.find((c) => c?.type === 'var_spec_list');
    const specs = (list ?? declaration).namedChildren.filter((c) => c?.type === 'const_spec' || c?.type === 'var_spec');
    for (const spec of specs) {
      const names = spec?.childrenForFieldName('name') ?? [];
      const values = spec?.childForFieldName('value')?.namedChildren ?? [];
      const [name] = names;
      const [value] = values;
      if (names.length !== 1 || values.length !== 1 || name == null || value == null) continue;
      const text = joined(value, known);
      if (text !== undefined && text.length <= MAX_PATH_CONSTANT) out.set(name.text, text);
    }
  }
}

/** Where Go binds names. */
const BINDINGS: readonly string[] = ['const_spec', 'var_spec', 'short_var_declaration', 'parameter_declaration', 'variadic_parameter_declaration', 'range_clause', 'assignment_statement'];

/** The names a binding node introduces. */
function boundBy(node: Node): readonly (Node | null)[] {
  if (node.type === 'const_spec' || node.type === 'var_spec' || node.type === 'parameter_declaration' || node.type === 'variadic_parameter_declaration') {
    return node.childrenForFieldName('name');
  }
  return (node.childForFieldName('left')?.namedChildren ?? []).filter((n) => n?.type === 'identifier');
}
