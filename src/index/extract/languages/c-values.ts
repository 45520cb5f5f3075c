/**
 * Functions named as values in C and C++: a callback handed to a call (`g_io_add_watch(io, cond,
 * io_session_event, NULL)`, `&handler`, `(GSourceFunc) tick`), stored in an initializer (an ops
 * table's `.read = dev_read` or `{ open_fn, close_fn }`) or assigned (`att->timeout_cb = on_timeout`).
 * Each becomes a reference from the definition around it (from the file, for a table at file
 * level), so `callers` of a callback names where it is registered instead of reading as dead code.
 *
 * Only names of functions the same file defines are read: C registers its callbacks beside them
 * (most are `static`), and a parameter or local of another name is never taken for a function
 * elsewhere that shares it. They are found in the file's text, and only their occurrences are
 * looked at in the tree, and of those only the ones no `(` follows: a walk over every call's
 * arguments cost a tenth more of a C `init`.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';

/** Expressions that pass on the value inside them: `(GSourceFunc) f`, `(f)`, `&f`. */
const WRAPPERS: ReadonlySet<string> = new Set(['cast_expression', 'parenthesized_expression', 'pointer_expression']);

/** Where a value is named, and the field of the parent that holds it (`''`: any child). */
const VALUE_PLACES: Readonly<Record<string, string>> = {
  argument_list: '',
  initializer_list: '',
  initializer_pair: 'value',
  init_declarator: 'value',
  assignment_expression: 'right',
};

/** Most names of the file's functions looked for at once: a generated file may define thousands. */
const MAX_NAMES = 2000;

/** Records a reference for each name of a function `b` defined that `root`'s text uses as a value. */
export function addValueRefs(b: ExtractionBuilder, root: Node): void {
  const spans: { readonly index: number; readonly start: number; readonly end: number }[] = [];
  const names = new Set<string>();
  for (let i = 0; i < b.symbolCount; i++) {
    const symbol = b.symbolAt(i);
    if (symbol === undefined) continue;
    spans.push({ index: i, start: symbol.startLine, end: symbol.endLine });
    if (symbol.kind === 'function' && IDENTIFIER.test(symbol.name)) names.add(symbol.name);
  }
  if (names.size === 0 || names.size > MAX_NAMES) return;
  const pattern = new RegExp(String.raw`(?<![\w$])(?:${[...names].join('|')})(?![\w$])`, 'g');
  const text = root.text;
  for (const m of text.matchAll(pattern)) {
    // A name followed by `(` is called, defined or declared: most occurrences, told without the tree.
    if (CALLED.test(text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 80))) continue;
    const node = root.descendantForIndex(m.index ?? 0);
    if (node?.type !== 'identifier' || !atValuePlace(node)) continue;
    const line = node.startPosition.row + 1;
    // The innermost definition around the line: of those holding it, the one that starts last.
    let from = -1;
    let fromStart = 0;
    for (const s of spans) {
      if (s.start <= line && line <= s.end && (from < 0 || s.start >= fromStart)) {
        from = s.index;
        fromStart = s.start;
      }
    }
    b.refFrom('references', m[0], from, line, node.startPosition.column);
  }
}

/** What follows a name that is called, defined or declared, not passed. */
const CALLED = /^\s*\(/;

/** A name the pattern may hold as it is (a C++ `operator==` may not). */
const IDENTIFIER = /^[A-Za-z_]\w*$/;

/** Whether `name` stands where a value is passed, stored or assigned, through casts, brackets and `&`. */
function atValuePlace(name: Node): boolean {
  let node = name;
  let parent = node.parent;
  while (parent !== null && WRAPPERS.has(parent.type)) {
    if (parent.type === 'pointer_expression' && parent.child(0)?.type !== '&') return false;
    if (parent.type === 'cast_expression' && parent.childForFieldName('value')?.startIndex !== node.startIndex) return false;
    node = parent;
    parent = node.parent;
  }
  if (parent === null) return false;
  const field = VALUE_PLACES[parent.type];
  if (field === undefined) return false;
  return field === '' || parent.childForFieldName(field)?.startIndex === node.startIndex;
}
