/**
 * The type a function returns, read from its declaration: the declared return type as a path
 * (`Client`, `models.Client`), with what only wraps a value taken off (a pointer, a reference, an
 * optional, a promise, a Rust `Result`'s success type, Go's `(*Conn, error)` first result), or,
 * where nothing is declared, the class every `return` of the body constructs (`return new
 * Client()`, Python's `return Client(…)`). Resolution types a call on a call's result with it
 * (resolve/steps/result-step.ts). Builtin and primitive types, type parameters and "any value"
 * types give nothing: they say nothing about which project type is meant.
 */
import type { Node } from 'web-tree-sitter';
import { namesClass } from './local-types.js';

/** Where one grammar keeps a function's return type. */
type ReturnSlot = (fn: Node) => Node | null;

const field = (name: string): ReturnSlot => (fn) => fn.childForFieldName(name);

/** The first type-shaped named child after `marker` (a child type or token). */
const after = (marker: string, types: ReadonlySet<string>): ReturnSlot => (fn) => {
  let seen = false;
  for (const child of fn.children) {
    if (child === null) continue;
    if (child.type === marker) seen = true;
    else if (seen && types.has(child.type)) return child;
  }
  return null;
};

const KOTLIN_TYPES: ReadonlySet<string> = new Set(['user_type', 'nullable_type']);
const SWIFT_TYPES: ReadonlySet<string> = new Set(['user_type', 'optional_type']);

/** How a language's body constructs what it returns: `made` reads one returned value; a body whose text `hint` does not match returns nothing `made` reads. */
interface Construction {
  readonly made: (value: Node) => string | undefined;
  readonly hint: RegExp;
}

const NEWED: Construction = { made: newedClass, hint: /\breturn\s+new\s/ };
// The called name's last part is PascalCase, and its arguments follow: `return None` (most Python
// bodies that return anything capitalised) is passed over without walking the body. Each dotted
// part ends at its dot, so a test takes time linear in the body: a pattern whose parts could also
// take spaces and capitals took 20 s on one 200 KB identifier, and seconds on 5,000 `return` lines.
const CALLED: Construction = { made: calledClass, hint: /\breturn\s+(?:\w+\.)*[A-Z]\w*\s*\(/ };

/** Per language: where the declared type is, and how a body's returns are read when none is. */
const LANGUAGES: Readonly<Record<string, { readonly slot: ReturnSlot; readonly made?: Construction }>> = {
  typescript: { slot: field('return_type'), made: NEWED },
  tsx: { slot: field('return_type'), made: NEWED },
  javascript: { slot: field('return_type'), made: NEWED },
  python: { slot: field('return_type'), made: CALLED },
  java: { slot: field('type') },
  c_sharp: { slot: (fn) => fn.childForFieldName('returns') ?? fn.childForFieldName('type') },
  go: { slot: field('result') },
  rust: { slot: field('return_type') },
  php: { slot: field('return_type'), made: NEWED },
  kotlin: { slot: after('function_value_parameters', KOTLIN_TYPES) },
  swift: { slot: after('->', SWIFT_TYPES) },
};

/** Wrappers whose first type argument is what a call on the value means (`Promise<Client>` -> `Client`). */
const UNWRAPPED: ReadonlySet<string> = new Set([
  'Promise', 'PromiseLike', 'Awaitable', 'Task', 'ValueTask', 'Optional', 'Option', 'Result', 'Future', 'CompletableFuture', 'Deferred',
]);

/** Types that hold any value: nothing to go on. */
const ANY_VALUE: ReadonlySet<string> = new Set(['any', 'Any', 'object', 'Object', 'unknown', 'mixed', 'dynamic', 'AnyObject']);

/** Spellings of "the enclosing type" in a return type. */
const SELF_TYPES: ReadonlySet<string> = new Set(['Self', 'self', 'static', 'this', 'typing.Self']);

/** Node types that only wrap the type they hold. */
const WRAPPERS: ReadonlySet<string> = new Set([
  'type_annotation', 'type', 'pointer_type', 'reference_type', 'optional_type', 'nullable_type', 'named_type',
  'parenthesized_type', 'type_projection', 'parameter_declaration',
]);

/** Node types that are a type's name, or a path to it. */
const NAMES: ReadonlySet<string> = new Set([
  'type_identifier', 'identifier', 'name', 'simple_identifier', 'nested_type_identifier', 'scoped_type_identifier',
  'qualified_type', 'qualified_name', 'attribute', 'scoped_identifier', 'this_type',
]);

/** Node types of a generic type's application: its base and its arguments. */
const GENERICS: ReadonlySet<string> = new Set(['generic_type', 'generic_name', 'subscript']);

/** Literal types a union drops (`Client | null`). */
const NOTHING: ReadonlySet<string> = new Set(['null', 'undefined', 'None', 'none', 'nil']);

const MAX_DEPTH = 6;

/** A written path with its separators made dots; undefined when it is not a plain path. */
function plainPath(text: string): string | undefined {
  const path = text.replace(/::|\\|->/g, '.').replace(/^\./, '').replace(/\s+/g, '');
  return /^[\w$]+(\.[\w$]+)*$/.test(path) ? path : undefined;
}

/** The type a type node names, wrappers off; undefined for anything else. */
function typePath(node: Node, depth: number): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const type = node.type;
  if (type === 'this_type') return 'this';
  if (NAMES.has(type)) return plainPath(node.text);
  if (WRAPPERS.has(type)) {
    const inner = node.childForFieldName('type') ?? node.childForFieldName('wrapped') ?? node.namedChild(0);
    return inner === null ? undefined : typePath(inner, depth + 1);
  }
  if (GENERICS.has(type) || type === 'user_type') return genericPath(node, depth);
  if (type === 'union_type' || type === 'binary_operator') {
    const members = node.namedChildren.filter((c): c is Node => c !== null && !NOTHING.has(c.text) && c.type !== 'literal_type');
    return members.length === 1 && members[0] !== undefined ? typePath(members[0], depth + 1) : undefined;
  }
  // Go's `(*Conn, error)`: the first result, when the rest is an error.
  if (type === 'parameter_list') {
    const results = node.namedChildren.filter((c): c is Node => c?.type === 'parameter_declaration');
    const first = results[0];
    if (first === undefined || results.slice(1).some((r) => r.childForFieldName('type')?.text !== 'error')) return undefined;
    return typePath(first, depth + 1);
  }
  // A forward reference written as a string (`-> "Client"`).
  if (type === 'string') return plainPath(node.text.replace(/^[rbuf]*(['"])(.*)\1$/s, '$2'));
  return undefined;
}

/** `Promise<Client>` -> `Client`; `List<Client>` -> `List`; Kotlin's `a.B<C>` -> `a.B`. */
function genericPath(node: Node, depth: number): string | undefined {
  const parts = node.namedChildren.filter((c): c is Node => c !== null);
  const args = parts.find((c) => c.type.includes('type_argument') || c.type === 'type_parameter');
  const base = node.childForFieldName('name') ?? node.childForFieldName('type') ?? node.childForFieldName('value') ?? parts[0];
  if (base === undefined) return undefined;
  const baseText = node.type === 'user_type'
    ? parts.filter((c) => c.type === 'type_identifier').map((c) => c.text).join('.')
    : typePath(base, depth + 1);
  if (baseText === undefined || baseText === '') return undefined;
  if (!UNWRAPPED.has(baseText.slice(baseText.lastIndexOf('.') + 1))) return baseText;
  // Python's subscript keeps its argument in the `subscript` field; the others in an argument list.
  const first = node.type === 'subscript' ? node.childForFieldName('subscript') : args?.namedChild(0);
  return first == null ? undefined : typePath(first, depth + 1);
}

/** `new Client(…)` -> `Client`. */
function newedClass(value: Node): string | undefined {
  if (value.type !== 'new_expression' && value.type !== 'object_creation_expression') return undefined;
  const made = value.childForFieldName('constructor') ?? value.childForFieldName('type') ?? value.namedChild(0);
  return made === null ? undefined : plainPath(made.text);
}

/** Python's `Client(…)`, a call of a name written as classes are. */
function calledClass(value: Node): string | undefined {
  if (value.type !== 'call') return undefined;
  const callee = value.childForFieldName('function');
  const path = callee === null ? undefined : plainPath(callee.text);
  return path !== undefined && namesClass(path) ? path : undefined;
}

/** Node types that start a function of their own: their returns are not the enclosing one's. */
const FUNCTION_NODES = /function|method|lambda|arrow|closure|class/;

/** The class every `return` of `fn`'s own body constructs, read by `made`; undefined when they differ or one returns anything else. */
function constructedByReturns(fn: Node, { made, hint }: Construction): string | undefined {
  const body = fn.childForFieldName('body');
  if (body === null) return undefined;
  // An arrow function's expression body is its one return.
  if (!body.type.includes('block') && body.type !== 'statement_block') return made(body);
  // Most bodies construct nothing they return: a look at the text spares walking their trees.
  if (!hint.test(body.text)) return undefined;
  let found: string | undefined;
  for (const ret of body.descendantsOfType('return_statement')) {
    if (ret === null || !ownReturn(ret, fn)) continue;
    const value = ret.namedChild(0);
    const type = value === null ? undefined : made(value);
    if (type === undefined || (found !== undefined && found !== type)) return undefined;
    found = type;
  }
  return found;
}

/** Whether `ret` returns from `fn` itself, not from a function nested in it. */
function ownReturn(ret: Node, fn: Node): boolean {
  for (let p = ret.parent; p !== null; p = p.parent) {
    if (p.id === fn.id) return true;
    if (FUNCTION_NODES.test(p.type)) return false;
  }
  return false;
}

/** Declarations whose type parameters a method's return type may name (`class Box<T>`, `impl<T> Box<T>`). */
const GENERIC_OWNERS = /class|interface|struct|impl|trait|object|enum|record/;
/** Nodes that only hold members: never a declaration of type parameters, often with very many children. */
const CONTAINERS = /body|list|block|program|source_file|module|statements|namespace/;

/**
 * Whether a child of `declaration` lists type parameters that include `name`. In a grammar with
 * a `type_parameters` field every such list is in it; the others' (Kotlin's, Swift's) are found
 * among the children, whose reading was a third of this on tokio.
 */
function declaresTypeParameter(declaration: Node, name: string): boolean {
  const listed = declaration.childForFieldName('type_parameters')
    ?? (hasParametersField(declaration) ? null : declaration.namedChildren.find((c) => c !== null && c.type.startsWith('type_parameter')) ?? null);
  if (listed === null) return false;
  for (const parameter of listed.descendantsOfType(['type_identifier', 'identifier', 'name', 'simple_identifier'])) {
    if (parameter?.text === name) return true;
  }
  return false;
}

/** Per grammar: whether it names its type parameter lists with a `type_parameters` field. */
const parametersField = new WeakMap<object, boolean>();

function hasParametersField(node: Node): boolean {
  const language = node.tree.language;
  let has = parametersField.get(language);
  if (has === undefined) {
    has = language.fields.includes('type_parameters');
    parametersField.set(language, has);
  }
  return has;
}

/**
 * Whether `name` is a type parameter of `fn` or of the declarations around it. Only declarations
 * are asked, never the bodies between them, whose members may be thousands.
 */
function isTypeParameter(fn: Node, name: string): boolean {
  if (name.includes('.')) return false;
  if (declaresTypeParameter(fn, name)) return true;
  let owners = 0;
  for (let node = fn.parent; node !== null && owners < 2; node = node.parent) {
    if (CONTAINERS.test(node.type) || !GENERIC_OWNERS.test(node.type)) continue;
    owners++;
    if (declaresTypeParameter(node, name)) return true;
  }
  return false;
}

/**
 * The type the function declared by `node` returns (see the module comment), in the language
 * `languageId`; `owner` is the enclosing type's name, which `Self`, `this` and `static` mean.
 * `node` may be a declarator holding the function (`const f = (): Client => …`).
 */
export function returnedType(languageId: string, node: Node, owner: string | undefined): string | undefined {
  const language = LANGUAGES[languageId];
  if (language === undefined) return undefined;
  const fn = node.type === 'variable_declarator' ? node.childForFieldName('value') : node;
  if (fn === null) return undefined;
  const slot = language.slot(fn);
  let path = slot === null ? undefined : typePath(slot, 0);
  if (slot === null && language.made !== undefined) path = constructedByReturns(fn, language.made);
  if (path === undefined || ANY_VALUE.has(path)) return undefined;
  if (SELF_TYPES.has(path)) return owner;
  return isTypeParameter(fn, path) ? undefined : path;
}
