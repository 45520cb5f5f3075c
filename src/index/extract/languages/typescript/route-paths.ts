/**
 * A JavaScript/TypeScript route's path as it is written: a string (`'/users/:id'`), a template
 * (`` `/${key}/:id` ``, `` `${API_PREFIX}/jobs` ``), a constant (`app.get(USERS_PATH, h)`) or a
 * concatenation (`base + '/users'`). A name the file declares at its top level as a constant
 * string is read as its value (`const v1 = '/v1/tournaments'` makes `` `${v1}/live` ``
 * `/v1/tournaments/live`); any other substitution is kept as written, `${expression}`, as a
 * mount's prefix already was.
 */
import type { Node } from 'web-tree-sitter';

/**
 * A top-level constant longer than this is not a path and is not read as one: a route path in
 * public Express code is tens of characters; the bound keeps a file that repeats a long constant
 * in a template from making its route names larger than the file.
 */
export const MAX_PATH_CONSTANT = 512;

/** A path longer than this is not built from constants: it is kept as written (as long as the source). */
const MAX_RESOLVED_PATH = 2048;

/** A constant's name by convention (`API_PREFIX`, `Paths.USERS`): taken as a path on its own. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*[A-Z0-9]$/;

/** What route paths are read with in one file. */
export interface PathConstants {
  /** The file's top-level string constants by name (a name bound twice is never read: `rebound`). */
  readonly values: Map<string, string>;
  /** The names the file binds more than once, found when a path first names a constant. */
  rebound?: Set<string>;
}

/** An empty set of constants, for one file. */
export function pathConstants(): PathConstants {
  return { values: new Map() };
}

/** Notes the string constants of a top-level `const` declaration (`const api = '/api'`, `export const BASE = …`). */
export function notePathConstants(constants: PathConstants, declaration: Node): void {
  if (declaration.type !== 'lexical_declaration' || declaration.firstChild?.text !== 'const' || !topLevel(declaration)) return;
  for (const declarator of declaration.namedChildren) {
    if (declarator?.type !== 'variable_declarator') continue;
    const name = declarator.childForFieldName('name');
    const value = unwrapped(declarator.childForFieldName('value'));
    if (name?.type !== 'identifier' || value === undefined) continue;
    const text = written(value, constants, true);
    if (text === undefined || text.length > MAX_PATH_CONSTANT) continue;
    constants.values.set(name.text, text);
  }
}

/**
 * The path `node` writes, when it reads as one: it starts with `/`, or with a substitution
 * followed by `/` or by nothing (`` `${API}/x` ``, `` `${API}` ``); a bare name or member is a
 * path when a constant gives it one or it is named as a constant is.
 */
export function pathOf(node: Node | undefined | null, constants: PathConstants): string | undefined {
  const value = unwrapped(node ?? null);
  if (value === undefined) return undefined;
  if (value.type === 'identifier' || value.type === 'member_expression') {
    const known = constantValue(value, constants);
    if (known !== undefined) return known.startsWith('/') ? known : undefined;
    const last = value.type === 'identifier' ? value.text : value.childForFieldName('property')?.text ?? '';
    return CONSTANT_NAME.test(last) ? `\${${value.text}}` : undefined;
  }
  const text = written(value, constants, true) ?? written(value, constants, false);
  return text !== undefined && readsAsPath(text) ? text : undefined;
}

/** Whether a built path starts with `/`, or with one substitution and then `/` or nothing. */
function readsAsPath(text: string): boolean {
  if (text.startsWith('/')) return true;
  if (!text.startsWith('${')) return false;
  const end = text.indexOf('}');
  return end > 0 && (end === text.length - 1 || text[end + 1] === '/');
}

/** A concatenation of more parts than this is not read as a path (public route paths join two to four). */
const MAX_PARTS = 64;

/**
 * The string `node` writes, substitutions and names kept as `${…}` unless `resolve` and a
 * constant gives their value; undefined when `node` is no string, template or concatenation
 * of them, or when resolving makes it longer than `MAX_RESOLVED_PATH`.
 */
function written(node: Node, constants: PathConstants, resolve: boolean): string | undefined {
  if (node.type === 'string') return node.text.slice(1, -1);
  if (node.type === 'template_string') return templateText(node, constants, resolve);
  const parts = concatenated(node);
  if (parts === undefined || !parts.some((p) => p.type === 'string' || p.type === 'template_string')) return undefined;
  let out = '';
  for (const p of parts) {
    const text = p.type === 'string' ? p.text.slice(1, -1) : p.type === 'template_string' ? templateText(p, constants, resolve) : substitution(p, constants, resolve);
    if (text === undefined) return undefined;
    out += text;
    if (resolve && out.length > MAX_RESOLVED_PATH) return undefined;
  }
  return out;
}

/** The operands of a `+` chain, in order, each unwrapped (at most `MAX_PARTS`); undefined when `node` is no `+`. */
function concatenated(node: Node): Node[] | undefined {
  if (node.type !== 'binary_expression' || node.childForFieldName('operator')?.text !== '+') return undefined;
  const out: Node[] = [];
  const pending: Node[] = [node];
  while (pending.length > 0) {
    const at = pending.pop()!;
    const left = at.childForFieldName('left');
    const right = at.childForFieldName('right');
    if (at.type !== 'binary_expression' || at.childForFieldName('operator')?.text !== '+' || left === null || right === null) {
      out.push(at);
      if (out.length > MAX_PARTS) return undefined;
      continue;
    }
    const r = unwrapped(right);
    const l = unwrapped(left);
    if (r === undefined || l === undefined) return undefined;
    pending.push(r, l);
  }
  return out;
}

/** A template's text, each `${…}` read as `substitution` reads it. */
function templateText(node: Node, constants: PathConstants, resolve: boolean): string | undefined {
  let out = '';
  for (const child of node.children) {
    if (child === null || child.type === '`') continue;
    if (child.type !== 'template_substitution') {
      out += child.text;
      continue;
    }
    const inner = child.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
    out += inner === null ? '' : substitution(inner, constants, resolve);
    if (resolve && out.length > MAX_RESOLVED_PATH) return undefined;
  }
  return out;
}

/** An expression inside a path: a constant's value when `resolve` knows it, else `${expression}`. */
function substitution(node: Node, constants: PathConstants, resolve: boolean): string {
  return (resolve ? constantValue(node, constants) : undefined) ?? `\${${node.text}}`;
}

/** The value of the top-level constant `node` names, unless the file binds that name anywhere else too. */
function constantValue(node: Node, constants: PathConstants): string | undefined {
  if (node.type !== 'identifier') return undefined;
  const value = constants.values.get(node.text);
  if (value === undefined) return undefined;
  constants.rebound ??= boundTwice(node.tree.rootNode);
  return constants.rebound.has(node.text) ? undefined : value;
}

/** Where names are bound: declarators, parameters, loop and `catch` variables. */
const BINDINGS: readonly string[] = ['variable_declarator', 'formal_parameters', 'arrow_function', 'for_in_statement', 'catch_clause'];

/**
 * The names a file binds more than once (a top-level constant and a parameter or a local of the
 * same name): such a name in a path may not be the constant, so it is kept as written. One pass
 * over the file, made only when a path names a constant.
 */
function boundTwice(root: Node): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  const add = (pattern: Node | null): void => {
    if (pattern === null) return;
    const names = pattern.type === 'identifier' ? [pattern] : pattern.descendantsOfType(['identifier', 'shorthand_property_identifier_pattern']);
    for (const n of names) {
      if (n === null) continue;
      if (seen.has(n.text)) twice.add(n.text);
      seen.add(n.text);
    }
  };
  for (const node of root.descendantsOfType([...BINDINGS])) {
    if (node === null) continue;
    if (node.type === 'variable_declarator') add(node.childForFieldName('name'));
    else if (node.type === 'formal_parameters') add(node);
    else if (node.type === 'arrow_function') add(node.childForFieldName('parameter'));
    else if (node.type === 'for_in_statement') add(node.childForFieldName('left'));
    else add(node.childForFieldName('parameter'));
  }
  return twice;
}

/** `node` without parentheses and TypeScript's `as`/`satisfies` around it. */
function unwrapped(node: Node | null): Node | undefined {
  let at: Node | null = node;
  while (at !== null && (at.type === 'parenthesized_expression' || at.type === 'as_expression' || at.type === 'satisfies_expression')) {
    at = at.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  }
  return at ?? undefined;
}

/** Whether a declaration is the file's own (at the top, exported or not), not a function's. */
function topLevel(declaration: Node): boolean {
  const parent = declaration.parent;
  return parent?.type === 'program' || (parent?.type === 'export_statement' && parent.parent?.type === 'program');
}
