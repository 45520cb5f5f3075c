/**
 * A JavaScript/TypeScript route's path as it is written: a string (`'/users/:id'`), a template
 * (`` `/${key}/:id` ``, `` `${API_PREFIX}/jobs` ``), a constant (`app.get(USERS_PATH, h)`) or a
 * concatenation (`base + '/users'`). A name the file declares once, as a `const` string (at its
 * top or in a function, before the path), is read as its value (`const v1 = '/v1/tournaments'`
 * makes `` `${v1}/live` `` `/v1/tournaments/live`); a name the file binds anywhere else too (a
 * parameter, another variable, an import) and any other substitution are kept as written,
 * `${expression}`, as a mount's prefix already was.
 */
import type { Node } from 'web-tree-sitter';
import {
  boundNames, constantLookup, joinedPath, MAX_PATH_CONSTANT, nameAsPath, namePart, namesBoundTwice, plusOperands, readsAsPath, unparenthesized, type ConstantLookup, type FileConstants,
  type PathPart,
} from '../../route-path-parts.js';

/** What route paths are read with in one file: its `const` strings, and the names of its other constants (`const AUTH = jwt(…)`), which are no paths. */
export interface PathConstants extends FileConstants {
  readonly others: Set<string>;
}

/** An empty set of constants, for one file. */
export function pathConstants(): PathConstants {
  return { values: new Map(), others: new Set() };
}

/** Notes the string constants of a `const` declaration (`const api = '/api'`, `export const BASE = …`, one in a function). */
export function notePathConstants(constants: PathConstants, declaration: Node): void {
  if (declaration.type !== 'lexical_declaration' || declaration.firstChild?.text !== 'const') return;
  for (const declarator of declaration.namedChildren) {
    if (declarator?.type !== 'variable_declarator') continue;
    const name = declarator.childForFieldName('name');
    const value = unwrapped(declarator.childForFieldName('value'));
    const parts = value === undefined ? undefined : partsOf(value);
    if (name?.type !== 'identifier') continue;
    const text = value === undefined || parts === undefined ? undefined : joinedPath(parts, lookupIn(constants, value));
    if (text !== undefined && text.length <= MAX_PATH_CONSTANT) constants.values.set(name.text, text);
    else if (parts === undefined) constants.others.add(name.text);
  }
}

/**
 * The path `node` writes, when it reads as one: it starts with `/`, or with a substitution
 * followed by `/` or by nothing (`` `${API}/x` ``, `` `${API}` ``); a bare name or member is a
 * path when a constant gives it one or it is named as a constant is (and is no constant the file
 * gives another value: `const AUTH = jwt(…)`).
 */
export function pathOf(node: Node | undefined | null, constants: PathConstants): string | undefined {
  const value = unwrapped(node ?? null);
  if (value === undefined) return undefined;
  const lookup = lookupIn(constants, value);
  if (value.type === 'identifier' || value.type === 'member_expression') {
    if (constants.others.has(value.text)) return undefined;
    const name = value.type === 'identifier' ? value.text : undefined;
    return nameAsPath(name, name ?? value.childForFieldName('property')?.text ?? '', `\${${value.text}}`, lookup);
  }
  const parts = partsOf(value);
  const text = parts === undefined ? undefined : joinedPath(parts, lookup);
  return text !== undefined && readsAsPath(text, '${', true) ? text : undefined;
}

/**
 * The path `node` writes whatever it reads as, for a decorator's relative path (`@Get(':id')`,
 * `@Controller(Routes.USERS)`): a constant's value, a name kept as written (`${Routes.USERS}`), a
 * template or concatenation joined; undefined for another expression or a name the file gives
 * a value other than a string.
 */
export function writtenPath(node: Node, constants: PathConstants): string | undefined {
  const value = unwrapped(node);
  if (value === undefined) return undefined;
  const lookup = lookupIn(constants, value);
  if (value.type === 'identifier') return lookup(value.text) ?? (constants.others.has(value.text) ? undefined : `\${${value.text}}`);
  if (value.type === 'member_expression') return `\${${value.text}}`;
  const parts = partsOf(value);
  return parts === undefined ? undefined : joinedPath(parts, lookup);
}

/** A string's, template's or concatenation's parts; undefined for anything else, or a concatenation without a string. */
function partsOf(node: Node): PathPart[] | undefined {
  if (node.type === 'string') return [{ text: node.text.slice(1, -1) }];
  if (node.type === 'template_string') return templateParts(node);
  const operands = plusOperands(node, 'binary_expression', (n) => unwrapped(n));
  if (operands === undefined || !operands.some((p) => p.type === 'string' || p.type === 'template_string')) return undefined;
  const out: PathPart[] = [];
  for (const operand of operands) {
    if (operand.type === 'string' || operand.type === 'template_string') out.push(...(partsOf(operand) ?? []));
    else out.push(substitution(operand));
  }
  return out;
}

/** A template's parts: its text, and each `${…}` as a substitution. */
function templateParts(node: Node): PathPart[] {
  const out: PathPart[] = [];
  for (const child of node.children) {
    if (child === null || child.type === '`') continue;
    if (child.type !== 'template_substitution') out.push({ text: child.text });
    else {
      const inner = child.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
      if (inner !== null) out.push(substitution(inner));
    }
  }
  return out;
}

/** An expression inside a path: a name a constant may give, else kept as written, `${expression}`. */
function substitution(node: Node): PathPart {
  return namePart(node, '${');
}

/** The values of the file's constants, except for a name the file binds anywhere else too. */
function lookupIn(constants: PathConstants, at: Node): ConstantLookup {
  return constantLookup(constants, () => namesBoundTwice(at.tree.rootNode, BINDINGS, boundBy));
}

/** Where names are bound: declarators, parameters, loop and `catch` variables, imports, functions and classes. */
const BINDINGS: readonly string[] = ['variable_declarator', 'formal_parameters', 'arrow_function', 'for_in_statement', 'catch_clause', 'import_clause', 'function_declaration', 'class_declaration'];

/** The names a binding node introduces. */
function boundBy(node: Node): readonly (Node | null)[] {
  if (node.type === 'function_declaration' || node.type === 'class_declaration') return [node.childForFieldName('name')];
  const pattern = node.type === 'variable_declarator' ? node.childForFieldName('name')
    : node.type === 'formal_parameters' || node.type === 'import_clause' ? node
      : node.type === 'for_in_statement' ? node.childForFieldName('left')
        : node.childForFieldName('parameter');
  return boundNames(pattern, NAMES, patternParts);
}

const NAMES: ReadonlySet<string> = new Set(['identifier', 'shorthand_property_identifier_pattern']);

/** The parts of a binding pattern that may hold names: not a default's value, a type or a key. */
function patternParts(node: Node): readonly (Node | null)[] {
  switch (node.type) {
    case 'formal_parameters':
    case 'import_clause':
    case 'named_imports':
    case 'namespace_import':
    case 'object_pattern':
    case 'array_pattern':
    case 'rest_pattern':
    case 'lexical_declaration':
    case 'variable_declaration':
      return node.namedChildren;
    case 'required_parameter':
    case 'optional_parameter':
      return [node.childForFieldName('pattern')];
    case 'assignment_pattern':
    case 'object_assignment_pattern':
      return [node.childForFieldName('left')];
    case 'pair_pattern':
      return [node.childForFieldName('value')];
    case 'import_specifier':
      return [node.childForFieldName('alias') ?? node.childForFieldName('name')];
    case 'variable_declarator':
      return [node.childForFieldName('name')];
    default:
      return [];
  }
}

/** `node` without parentheses and TypeScript's `as`/`satisfies` around it. */
function unwrapped(node: Node | null): Node | undefined {
  return node === null ? undefined : unparenthesized(node, WRAPPERS);
}

const WRAPPERS: ReadonlySet<string> = new Set(['parenthesized_expression', 'as_expression', 'satisfies_expression']);
