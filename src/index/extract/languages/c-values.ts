/**
 * Functions named as values in C and C++: a callback handed to a call (`g_io_add_watch(io, cond,
 * io_session_event, NULL)`, `&handler`, `(GSourceFunc) tick`), stored in an initializer (an ops
 * table's `.read = dev_read` or `{ open_fn, close_fn }`), assigned (`att->timeout_cb = flag ?
 * on_a : on_b`) or returned (`return on_read;`). Each becomes a reference from the function around
 * it (from the file, for a table at file level), so `callers` of a callback names where it is
 * registered instead of reading as dead code.
 *
 * Only names of functions the same file defines are read: C registers its callbacks beside them
 * (most are `static`), and a name the function around declares itself (a parameter `cmp`, a local
 * `tick`) is that variable, not the file's function. The names are found in the parsed text, and
 * only their occurrences no `(` follows are looked at in the tree: a walk over every call's
 * arguments cost 1.073x of a C `init` (linux `fs/`, one run of 9 pairs).
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';

/**
 * Expressions that pass on the value inside them, and the field that holds it (`''`: the only
 * child): a function's `&f` and `*f` are the function itself.
 */
const WRAPPERS: Readonly<Record<string, readonly string[]>> = {
  cast_expression: ['value'],
  parenthesized_expression: [''],
  pointer_expression: ['argument'],
  conditional_expression: ['consequence', 'alternative'],
};

/** Where a value is named, and the field of the parent that holds it (`''`: any child). */
const VALUE_PLACES: Readonly<Record<string, string>> = {
  argument_list: '',
  initializer_list: '',
  initializer_pair: 'value',
  init_declarator: 'value',
  assignment_expression: 'right',
  return_statement: '',
};

/** Most names of the file's functions looked for: a generated file may define thousands. */
const MAX_NAMES = 2000;

/** What follows a name that is called, defined or declared, not passed. */
const CALLED = /^\s*\(/;

/** A name a C word may be (a C++ `operator()` is none). */
const IDENTIFIER = /^[A-Za-z_]\w*$/;

/** Records a reference for each name of a function `b` defined that `root`'s text uses as a value. */
export function addValueRefs(b: ExtractionBuilder, root: Node): void {
  const names = new Set<string>();
  const functions = new Map<string, number>();
  for (let i = 0; i < b.symbolCount; i++) {
    const symbol = b.symbolAt(i);
    if (symbol === undefined || (symbol.kind !== 'function' && symbol.kind !== 'method' && symbol.kind !== 'constructor')) continue;
    functions.set(`${symbol.startLine}:${symbol.startCol}`, i);
    if (symbol.kind === 'function' && IDENTIFIER.test(symbol.name) && names.size < MAX_NAMES) names.add(symbol.name);
  }
  if (names.size === 0) return;
  // `root.text` starts where the root does: after any leading blank text of the file.
  const text = root.text;
  const base = root.startIndex;
  const bound = new Map<number, ReadonlySet<string>>();
  for (const [index, name] of namesIn(text, names)) {
    const end = index + name.length;
    if (CALLED.test(text.slice(end, end + 80))) continue;
    const at = base + index;
    const node = root.descendantForIndex(at);
    if (node?.type !== 'identifier' || node.startIndex !== at || node.endIndex !== base + end || !atValuePlace(node)) continue;
    const around = enclosingFunction(node);
    if (around !== null && boundNamesOf(around, bound).has(name)) continue;
    const start = around?.startPosition;
    const from = start === undefined ? -1 : (functions.get(`${start.row + 1}:${start.column}`) ?? -1);
    b.refFrom('references', name, from, node.startPosition.row + 1, node.startPosition.column);
  }
}

/**
 * Where `text` holds one of `names` as a whole word, in order: one pass over its characters that
 * cuts a word out only when a name has its length and first letter. On linux `fs/` it takes 290
 * to 320 ms; a pattern of the names' alternatives took 350 to 530 ms, 238 ms of it compiling the
 * pattern file by file.
 */
function* namesIn(text: string, names: ReadonlySet<string>): Generator<[number, string]> {
  const lengths = new Set<number>();
  const firsts = new Set<number>();
  for (const name of names) {
    lengths.add(name.length);
    firsts.add(name.charCodeAt(0));
  }
  for (let i = 0; i < text.length; ) {
    if (!isWordCode(text.charCodeAt(i))) {
      i += 1;
      continue;
    }
    let j = i + 1;
    while (j < text.length && isWordCode(text.charCodeAt(j))) j += 1;
    if (lengths.has(j - i) && firsts.has(text.charCodeAt(i))) {
      const word = text.slice(i, j);
      if (names.has(word)) yield [i, word];
    }
    i = j;
  }
}

/** The ASCII characters a C word may hold: letters, digits, `_` and `$`. */
const WORD_ASCII = (() => {
  const table = new Uint8Array(128);
  for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$') table[c.charCodeAt(0)] = 1;
  return table;
})();

/** Whether a C word may hold the character: one of `WORD_ASCII`, or any beyond ASCII (so `écb` is one word). */
function isWordCode(code: number): boolean {
  return code > 127 || WORD_ASCII[code] === 1;
}

/** Whether `name` stands where a value is passed, stored, assigned or returned, through casts, brackets, `&`, `*` and `?:`. */
function atValuePlace(name: Node): boolean {
  let node = name;
  let parent = node.parent;
  while (parent !== null && parent.type in WRAPPERS) {
    const fields = WRAPPERS[parent.type] ?? [];
    if (!fields.includes('') && !fields.some((f) => parent?.childForFieldName(f)?.startIndex === node.startIndex)) return false;
    node = parent;
    parent = node.parent;
  }
  if (parent === null) return false;
  const field = VALUE_PLACES[parent.type];
  if (field === undefined) return false;
  return field === '' || parent.childForFieldName(field)?.startIndex === node.startIndex;
}

/** The function definition `node` is inside, or null at file level. */
function enclosingFunction(node: Node): Node | null {
  let up = node.parent;
  while (up !== null && up.type !== 'function_definition') up = up.parent;
  return up;
}

/** The names `fn` declares itself, as parameters (K&R identifier lists too) and locals; read once per function. */
function boundNamesOf(fn: Node, cache: Map<number, ReadonlySet<string>>): ReadonlySet<string> {
  const known = cache.get(fn.startIndex);
  if (known !== undefined) return known;
  const names = new Set<string>();
  let declarator = fn.childForFieldName('declarator');
  while (declarator !== null && declarator.type !== 'function_declarator') declarator = declarator.childForFieldName('declarator');
  for (const p of declarator?.childForFieldName('parameters')?.namedChildren ?? []) {
    const name = p?.type === 'identifier' ? p.text : declaredName(p?.childForFieldName('declarator') ?? null);
    if (name !== undefined) names.add(name);
  }
  for (const d of fn.descendantsOfType('declaration')) {
    for (const inner of d?.childrenForFieldName('declarator') ?? []) {
      const name = declaredName(inner);
      if (name !== undefined) names.add(name);
    }
  }
  cache.set(fn.startIndex, names);
  return names;
}

/** The name a declarator declares, through pointers, arrays, function declarators, brackets and an initializer. */
function declaredName(declarator: Node | null): string | undefined {
  let d = declarator;
  while (d !== null && d.type !== 'identifier') d = d.childForFieldName('declarator') ?? (d.type === 'parenthesized_declarator' ? d.namedChild(0) : null);
  return d?.text;
}
