/**
 * Locals that escape as properties. A function declared in another function's body (`function
 * get(req) {…}`, `const post = (req) => …`, Python's nested `def`) is a local: its name is bound
 * in that body alone, so a call on some object (`db.get()`, `server.destroy()`) reaches it only
 * where the file makes it a property of its own name, as a factory does (JavaScript's `return {
 * get }`, `{ get: get }`, `api.get = get`; Python's `cls.get = get`). Those are marked exported,
 * reachable beyond their scope; resolution binds no call on an object to the others by their
 * name alone (resolve/locals.ts).
 */
import type { Node } from 'web-tree-sitter';
import { FUNCTION_KINDS } from '../../model.js';
import type { ExtractionBuilder } from './builder.js';

/**
 * How a language makes a name a property: its assignment node type, the member node an
 * assignment's target is and that node's name field (`x.get = get`), and any other node types that
 * make one with the name each gives (JavaScript's `{ get }`, `{ get: get }`).
 */
export interface PropertySyntax {
  readonly assignment: string;
  /** The conditional expression, whose branches an assignment may give. */
  readonly conditional: string;
  readonly member: string;
  readonly field: string;
  readonly others: readonly string[];
  readonly ownName: (node: Node, locals: ReadonlyMap<string, unknown>) => string | undefined;
}

/** Marks exported each local function of `builder` that `root` writes as a property of its own name. */
export function markEscapedLocals(builder: ExtractionBuilder, root: Node, syntax: PropertySyntax): void {
  const locals = localFunctions(builder);
  if (locals.size === 0) return;
  // The inner assignments of a chain already read from its head (`a.x = b.x = f`). A node's parent
  // is never asked for: the runtime finds it by walking down from the root.
  const inner = new Set<number>();
  for (const node of root.descendantsOfType([syntax.assignment, ...syntax.others])) {
    if (node === null || inner.has(node.id)) continue;
    const name = node.type === syntax.assignment ? assignedOwnName(node, locals, syntax, inner) : syntax.ownName(node, locals);
    if (name === undefined) continue;
    for (const index of locals.get(name) ?? []) builder.amend(index, { exported: true });
    locals.delete(name);
    if (locals.size === 0) return;
  }
}

/** The unexported functions declared in a function's, method's or constructor's body, by name. */
function localFunctions(builder: ExtractionBuilder): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let index = 0; index < builder.symbolCount; index++) {
    const symbol = builder.symbolAt(index);
    if (symbol === undefined || symbol.kind !== 'function' || symbol.exported || symbol.parent < 0) continue;
    const scope = builder.symbolAt(symbol.parent);
    if (scope === undefined || !FUNCTION_KINDS.has(scope.kind)) continue;
    const list = out.get(symbol.name);
    if (list === undefined) out.set(symbol.name, [index]);
    else list.push(index);
  }
  return out;
}

/**
 * JavaScript and TypeScript: `x.get = get` (also in a chain, `a.get = b.get = get`, or as a
 * branch, `x.get = c ? a : get`), `{ get }`,
 * `{ get: get }`. A value is read first and the key only for a local's name: an object of data
 * costs one look per entry.
 */
export const JS_PROPERTIES: PropertySyntax = {
  assignment: 'assignment_expression',
  conditional: 'ternary_expression',
  member: 'member_expression',
  field: 'property',
  others: ['shorthand_property_identifier', 'pair'],
  ownName(node, locals) {
    if (node.type === 'shorthand_property_identifier') return node.text;
    const value = node.childForFieldName('value');
    if (value?.type !== 'identifier' || !locals.has(value.text)) return undefined;
    return node.childForFieldName('key')?.text === value.text ? value.text : undefined;
  },
};

/** Python: `x.get = get` (`self`, `cls` or any object; also in a chain, `cls.a = (cls.get) = get`, or as a branch, `self.get = a if c else get`). */
export const PYTHON_PROPERTIES: PropertySyntax = {
  assignment: 'assignment', conditional: 'conditional_expression', member: 'attribute', field: 'attribute', others: [], ownName: () => undefined,
};

/**
 * The local the chain of assignments starting at `head` gives to a member of its own name: the
 * chain's last value is the local (or a conditional one of whose branches is), and one of its
 * targets (parentheses aside) is a member whose name is the local's. The chain's inner assignments are added to `inner`.
 */
function assignedOwnName(head: Node, locals: ReadonlyMap<string, unknown>, syntax: PropertySyntax, inner: Set<number>): string | undefined {
  const targets: Node[] = [];
  let value: Node | null = head;
  for (let depth = 0; value?.type === syntax.assignment && depth < MAX_CHAIN; depth++) {
    if (depth > 0) inner.add(value.id);
    const target = value.childForFieldName('left');
    if (target !== null) targets.push(target);
    value = value.childForFieldName('right');
  }
  const name = valueNames(unwrapped(value), syntax).find((n) => locals.has(n));
  if (name === undefined) return undefined;
  return targets.some((t) => {
    const member = unwrapped(t);
    return member?.type === syntax.member && member.childForFieldName(syntax.field)?.text === name;
  }) ? name : undefined;
}

/** The names a value may be: an identifier's, or a conditional's identifier branches (`a if c else f`, `c ? a : f`). */
function valueNames(value: Node | null, syntax: PropertySyntax): string[] {
  if (value?.type === 'identifier') return [value.text];
  if (value?.type !== syntax.conditional) return [];
  return value.namedChildren.flatMap((branch) => (branch?.type === 'identifier' ? [branch.text] : []));
}

/** Most assignments of a chain read from one head (`a = b = … = f`); real code chains two or three. */
const MAX_CHAIN = 16;

/** `node` without the parentheses around it. */
function unwrapped(node: Node | null): Node | null {
  let out = node;
  for (let depth = 0; out?.type === 'parenthesized_expression' && depth < MAX_CHAIN; depth++) out = out.firstNamedChild;
  return out;
}
