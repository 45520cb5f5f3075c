/**
 * A route's path built from parts, as JavaScript, Python and Go write one: strings, and names or
 * expressions between them (`` `${API}/users` ``, `API_PREFIX + '/login'`, `f'{base}/status'`,
 * `prefix+"/health"`). A name the file binds once, to a constant string, is read as its value
 * (`const API = '/api'`, `API_PREFIX = '/api/v1'`, `const apiPrefix = "/api"`; which declarations
 * count is each language's); any other part is kept as the language writes a substitution
 * (`${key}`, `{key}`). Each language
 * reads its syntax into parts; the joining, its bounds and what reads as a path are here, with
 * the walks every language's reading shares (a `+` chain's operands, the names a file binds twice).
 */
import type { Node } from 'web-tree-sitter';

/** A part of a path: literal text, or a name or expression a constant may give the value of. */
export type PathPart =
  | { readonly text: string }
  /** `name` when the part is a plain name; `written` is how it is kept when no constant gives it. */
  | { readonly name?: string; readonly written: string };

/**
 * A constant longer than this is not a path and is not read as one: a route path in
 * public code is tens of characters; the bound keeps a file that repeats a long constant in a
 * path from making its route names larger than the file.
 */
export const MAX_PATH_CONSTANT = 512;

/** A path longer than this is not built from constants: it is kept as written (as long as the source). */
export const MAX_RESOLVED_PATH = 2048;

/** A path of more parts than this is not read as one (public route paths join two to four). */
export const MAX_PATH_PARTS = 64;

/** A constant's name by convention (`API_PREFIX`): taken as a path on its own when nothing gives its value. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*[A-Z0-9]$/;

/** The value a file's constant gives a name, or undefined (no such constant, or the name is bound again). */
export type ConstantLookup = (name: string) => string | undefined;

/**
 * The parts joined: each name a constant gives a value read as it (unless that makes the path
 * longer than MAX_RESOLVED_PATH: then every part is kept as written); undefined for more than
 * MAX_PATH_PARTS parts.
 */
export function joinedPath(parts: readonly PathPart[], lookup: ConstantLookup): string | undefined {
  if (parts.length > MAX_PATH_PARTS) return undefined;
  let resolved = '';
  for (const part of parts) {
    resolved += 'text' in part ? part.text : (part.name === undefined ? undefined : lookup(part.name)) ?? part.written;
    if (resolved.length > MAX_RESOLVED_PATH) return parts.map((p) => ('text' in p ? p.text : p.written)).join('');
  }
  return resolved;
}

/**
 * A name alone as a path: the value a constant gives `name` when that is a path (`/…`); else the
 * name kept as `written` when it is named as constants are (`last`, its last segment:
 * `USERS_PATH`, `Paths.ADMIN`); else none.
 */
export function nameAsPath(name: string | undefined, last: string, written: string, lookup: ConstantLookup): string | undefined {
  const known = name === undefined ? undefined : lookup(name);
  if (known !== undefined) return known.startsWith('/') ? known : undefined;
  return CONSTANT_NAME.test(last) ? written : undefined;
}

/**
 * Whether a joined path reads as one: it starts with `/`, or with one substitution (opened by
 * `open`: `${` or `{`) followed by `/`, or, with `alone`, by nothing (JavaScript's
 * `` app.get(`${API_URL}`, …) ``).
 */
export function readsAsPath(text: string, open: string, alone: boolean): boolean {
  if (text.startsWith('/')) return true;
  if (!text.startsWith(open)) return false;
  const end = text.indexOf('}');
  return end > 0 && ((alone && end === text.length - 1) || text[end + 1] === '/');
}

/**
 * The operands of a `+` chain of `binary` nodes, in order, each through `unwrap` (parentheses);
 * undefined when `node` is no `+`, or for more than MAX_PATH_PARTS operands. Iterative: a chain
 * of 100,000 operands costs no stack.
 */
export function plusOperands(node: Node, binary: string, unwrap: (n: Node) => Node | undefined): Node[] | undefined {
  if (node.type !== binary || node.childForFieldName('operator')?.text !== '+') return undefined;
  const out: Node[] = [];
  const pending: Node[] = [node];
  while (pending.length > 0) {
    const at = unwrap(pending.pop()!);
    if (at === undefined) return undefined;
    const left = at.childForFieldName('left');
    const right = at.childForFieldName('right');
    if (at.type !== binary || at.childForFieldName('operator')?.text !== '+' || left === null || right === null) {
      out.push(at);
      if (out.length > MAX_PATH_PARTS) return undefined;
      continue;
    }
    pending.push(right, left);
  }
  return out;
}

/**
 * The names a file binds more than once (a constant and a parameter or a local of the same name): `namesOf` gives the name nodes each node of `types` binds. One pass over the file,
 * made only when a path first names a constant.
 */
export function namesBoundTwice(root: Node, types: readonly string[], namesOf: (node: Node) => readonly (Node | null)[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const node of root.descendantsOfType([...types])) {
    if (node === null) continue;
    for (const name of namesOf(node)) {
      if (name === null) continue;
      if (seen.has(name.text)) twice.add(name.text);
      seen.add(name.text);
    }
  }
  return twice;
}

/**
 * The names a binding pattern introduces: `names` are the node types that are a name, `inner`
 * gives the parts of a pattern that hold more of them (a destructuring's elements, a parameter's
 * pattern, a default's left side, never its value or a type). Iterative and never below a
 * default's value, so nested parameter lists are each read once.
 */
export function boundNames(pattern: Node | null, names: ReadonlySet<string>, inner: (node: Node) => readonly (Node | null)[]): Node[] {
  const out: Node[] = [];
  const pending: (Node | null)[] = [pattern];
  while (pending.length > 0) {
    const at = pending.pop();
    if (at === null || at === undefined) continue;
    if (names.has(at.type)) out.push(at);
    else pending.push(...inner(at));
  }
  return out;
}

/** A name or expression inside a path: a name a constant may give the value of, kept as `open…}` otherwise. */
export function namePart(node: Node, open: string): PathPart {
  return { ...(node.type === 'identifier' ? { name: node.text } : {}), written: `${open}${node.text}}` };
}

/** `node` without parentheses around it (`types`: the grammar's parenthesized node types). */
export function unparenthesized(node: Node, types: ReadonlySet<string> = PARENTHESIZED): Node | undefined {
  let at: Node | null = node;
  while (at !== null && types.has(at.type)) at = at.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  return at ?? undefined;
}

const PARENTHESIZED: ReadonlySet<string> = new Set(['parenthesized_expression']);

/** A file's string constants by name, and the names it binds more than once (found when first needed). */
export interface FileConstants {
  readonly values: Map<string, string>;
  rebound?: Set<string>;
}

/**
 * The values of a file's constants, except for a name the file binds anywhere else too (found
 * once, by `rebound`, the first time a path names a constant).
 */
export function constantLookup(constants: FileConstants, rebound: () => Set<string>): ConstantLookup {
  return (name) => {
    const value = constants.values.get(name);
    if (value === undefined) return undefined;
    constants.rebound ??= rebound();
    return constants.rebound.has(name) ? undefined : value;
  };
}
