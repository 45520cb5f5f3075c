/**
 * A Python route's path as it is written: a string, an f-string (`f'{API}/items'`), a name
 * (`@app.route(API_PREFIX)`) or a concatenation (`API_PREFIX + '/login'`, as public Flask code
 * writes it). A module-level assignment of a string is read as its value where the module binds
 * that name nowhere else; any other part is kept as written, in braces (`/{base_path}/status`).
 */
import type { Node } from 'web-tree-sitter';
import { unquote } from '../comments.js';
import {
  boundNames, constantLookup, joinedPath, MAX_PATH_CONSTANT, nameAsPath, namePart, namesBoundTwice, plusOperands, readsAsPath, unparenthesized, type ConstantLookup, type FileConstants,
  type PathPart,
} from '../route-path-parts.js';

/** What a file's route paths are read with. */
export interface PythonPathConstants extends FileConstants {
  /** Whether the file's text can declare a route at all: only then are its module-level string assignments noted. */
  readonly enabled: boolean;
}

/** Route decorators and rules a file's text must hold for its constants to be noted. */
const ROUTE_CALLS = /@[\w.]+\.(?:route|api_route|get|post|put|delete|patch)\(|\.add_url_rule\(|\.add_api_route\(/;

/** The constants of a file whose text is `source`, none noted yet. */
export function pythonPathConstants(source: string): PythonPathConstants {
  return { enabled: ROUTE_CALLS.test(source), values: new Map() };
}

/** Notes a module-level `NAME = '…'` (or an f-string or concatenation of constants). */
export function notePathConstant(constants: PythonPathConstants, assignment: Node): void {
  if (!constants.enabled || assignment.parent?.type !== 'expression_statement' || assignment.parent.parent?.type !== 'module') return;
  const left = assignment.childForFieldName('left');
  const right = assignment.childForFieldName('right');
  const parts = right === null ? undefined : partsOf(right);
  if (left?.type !== 'identifier' || right === null || parts === undefined) return;
  const text = joinedPath(parts, lookupIn(constants, right));
  if (text !== undefined && text.length <= MAX_PATH_CONSTANT) constants.values.set(left.text, text);
}

/**
 * The path `node` writes: a plain string as it is; one built from parts rooted (`{base}/status`
 * is `/{base}/status`) when it reads as a path, starting with `/` or with a substitution
 * followed by `/`; a name alone when a constant gives it a path or it is named as constants are.
 */
export function routePath(node: Node | undefined, constants: PythonPathConstants): string | undefined {
  if (node === undefined) return undefined;
  const lookup = lookupIn(constants, node);
  if (node.type === 'identifier') return nameAsPath(node.text, node.text, `/{${node.text}}`, lookup);
  const parts = partsOf(node);
  // A plain string is taken as written: '' is a router's own root (`@router.get("")`).
  if (parts?.length === 1 && 'text' in parts[0]!) return parts[0].text;
  const text = parts === undefined ? undefined : joinedPath(parts, lookup);
  if (text === undefined || !readsAsPath(text, '{', false)) return undefined;
  return text.startsWith('/') ? text : `/${text}`;
}

/** A string's, f-string's or concatenation's parts; undefined for anything else, or a concatenation without a string. */
function partsOf(node: Node): PathPart[] | undefined {
  if (node.type === 'string') return stringParts(node);
  if (node.type === 'concatenated_string') return node.namedChildren.filter((c): c is Node => c !== null && c.type === 'string').flatMap(stringParts);
  const operands = plusOperands(node, 'binary_operator', (n) => unparenthesized(n));
  if (operands === undefined || !operands.some((o) => o.type === 'string' || o.type === 'concatenated_string')) return undefined;
  return operands.flatMap((o) => partsOf(o) ?? [substitution(o)]);
}

/** A string literal's parts: a plain one whole, an f-string's text and each `{…}` as a substitution. */
function stringParts(node: Node): PathPart[] {
  if (!node.namedChildren.some((c) => c?.type === 'interpolation')) return [{ text: unquote(node.text) }];
  const out: PathPart[] = [];
  for (const child of node.namedChildren) {
    if (child === null || child.type === 'string_start' || child.type === 'string_end') continue;
    if (child.type !== 'interpolation') out.push({ text: child.text });
    else {
      const expression = child.childForFieldName('expression');
      out.push({ ...(expression?.type === 'identifier' ? { name: expression.text } : {}), written: child.text });
    }
  }
  return out;
}

/** An expression inside a concatenation: a name a constant may give, else kept as written in braces. */
function substitution(node: Node): PathPart {
  return namePart(node, '{');
}

/** The values of the module's constants, except for a name the module binds anywhere else too. */
function lookupIn(constants: PythonPathConstants, at: Node): ConstantLookup {
  return constantLookup(constants, () => namesBoundTwice(at.tree.rootNode, BINDINGS, boundBy));
}

/** Where Python binds names: assignments, parameters, loop and `with`/`except` targets, `:=`, `global`, imports, `def` and `class`. */
const BINDINGS: readonly string[] = [
  'assignment', 'augmented_assignment', 'parameters', 'lambda_parameters', 'for_statement', 'for_in_clause', 'as_pattern', 'named_expression',
  'global_statement', 'import_statement', 'import_from_statement', 'function_definition', 'class_definition',
];

/** The names a binding node introduces. */
function boundBy(node: Node): readonly (Node | null)[] {
  switch (node.type) {
    case 'assignment':
    case 'augmented_assignment':
    case 'for_statement':
    case 'for_in_clause':
      return boundNames(node.childForFieldName('left'), NAMES, patternParts);
    case 'named_expression':
    case 'function_definition':
    case 'class_definition':
      return [node.childForFieldName('name')];
    case 'as_pattern':
      return boundNames(node.childForFieldName('alias'), NAMES, patternParts);
    case 'import_statement':
    case 'import_from_statement':
      return node.childrenForFieldName('name').flatMap((n) => boundNames(n, NAMES, patternParts));
    default:
      return boundNames(node, NAMES, patternParts);
  }
}

const NAMES: ReadonlySet<string> = new Set(['identifier']);

/** The parts of a binding pattern that may hold names: not a default's value, a type or an attribute. */
function patternParts(node: Node): readonly (Node | null)[] {
  switch (node.type) {
    case 'parameters':
    case 'lambda_parameters':
    case 'pattern_list':
    case 'tuple_pattern':
    case 'list_pattern':
    case 'as_pattern_target':
    case 'global_statement':
    case 'list_splat_pattern':
    case 'dictionary_splat_pattern':
      return node.namedChildren;
    case 'typed_parameter':
    case 'dotted_name':
      // `x: int` binds `x`; `import os.path` binds `os`.
      return [node.namedChild(0)];
    case 'default_parameter':
    case 'typed_default_parameter':
      return [node.childForFieldName('name')];
    case 'aliased_import':
      return [node.childForFieldName('alias')];
    default:
      return [];
  }
}
