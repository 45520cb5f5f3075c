/**
 * Iterator-style macros in C and C++ (`for_each_sched_entity(se)`, `list_for_each_entry(pos, head,
 * member) { … }`, `Q_FOREACH(x, list)`): a call followed by a loop body instead of a semicolon. The
 * grammar cannot know the macro expands to a loop header, so it recovers by gluing the body and
 * every definition after it into one broken function. Masking the macro's name as the keyword
 * `while` (padded to the same length, so every offset, line and column stays put) gives the grammar
 * a loop it can parse; the extractor then records the macro call that the mask hid.
 */

/** One macro used as a loop header: its name, where it starts (UTF-16 offset), its row and column. */
export interface IteratorMacro {
  readonly name: string;
  readonly offset: number;
  readonly row: number;
  readonly column: number;
}

// A name that says it iterates: for_each, foreach, FOR_EACH, list_for_each_entry_safe, Q_FOREACH.
const CANDIDATE = /\b(\w*for_?each\w*)[ \t]*\(/gi;
const MASK = 'while';
// Longest macro argument list scanned for its closing parenthesis.
const MAX_ARGS_CHARS = 2000;
// What may precede a statement: the end of one, a block edge, an `if (…)` head, a label.
const STATEMENT_BEFORE = new Set([';', '{', '}', ')', ':']);
// What may begin the loop body after the macro's closing parenthesis.
const BODY_START = /[A-Za-z_{(*]/;

/** The iterator-macro loop headers in `source`, in order. Definitions and `#define` lines are not. */
export function findIteratorMacros(source: string): IteratorMacro[] {
  const found: IteratorMacro[] = [];
  let row = 0;
  let counted = 0;
  let lineStart = 0;
  for (const match of source.matchAll(CANDIDATE)) {
    const offset = match.index;
    const name = match[1] ?? '';
    if (!startsStatement(source, offset) || inPreprocessorLine(source, offset)) continue;
    const open = offset + match[0].length - 1;
    const close = closingParen(source, open);
    if (close < 0 || !BODY_START.test(nextSignificant(source, close + 1))) continue;
    for (; counted < offset; counted++) {
      if (source.charCodeAt(counted) === 10) {
        row++;
        lineStart = counted + 1;
      }
    }
    found.push({ name, offset, row, column: offset - lineStart });
  }
  return found;
}

/** `source` with each macro's name replaced by `while` and spaces: the same length, line for line. */
export function maskIteratorMacros(source: string, macros: readonly IteratorMacro[]): string {
  if (macros.length === 0) return source;
  const parts: string[] = [];
  let at = 0;
  for (const m of macros) {
    parts.push(source.slice(at, m.offset), MASK.padEnd(m.name.length, ' '));
    at = m.offset + m.name.length;
  }
  parts.push(source.slice(at));
  return parts.join('');
}

function startsStatement(source: string, offset: number): boolean {
  let i = offset - 1;
  while (i >= 0 && isSpace(source.charCodeAt(i))) i--;
  if (i < 0) return false;
  if (STATEMENT_BEFORE.has(source[i] ?? '')) return true;
  const word = /(?:^|\W)(else|do)$/.exec(source.slice(Math.max(0, i - 4), i + 1));
  return word !== null;
}

/** Whether `offset` sits on a `#` line or a backslash-continued line of one. */
function inPreprocessorLine(source: string, offset: number): boolean {
  let lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  for (;;) {
    if (/^[ \t]*#/.test(source.slice(lineStart, lineStart + 200))) return true;
    if (lineStart < 2) return false;
    const before = source.slice(0, lineStart - 1).replace(/\r$/, '');
    if (!before.endsWith('\\')) return false;
    lineStart = source.lastIndexOf('\n', lineStart - 2) + 1;
  }
}

/** Offset of the parenthesis closing the one at `open`, skipping string and character literals; -1 if none near. */
function closingParen(source: string, open: number): number {
  let depth = 0;
  const limit = Math.min(source.length, open + MAX_ARGS_CHARS);
  for (let i = open; i < limit; i++) {
    const c = source[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
    else if (c === '"' || c === "'") {
      i = literalEnd(source, i, limit);
      if (i < 0) return -1;
    } else if (c === ';' || c === '{' || c === '}') return -1;
  }
  return -1;
}

function literalEnd(source: string, start: number, limit: number): number {
  const quote = source[start];
  for (let i = start + 1; i < limit; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (c === '\n') return -1;
  }
  return -1;
}

/** The first character from `from` that is neither white space nor inside a comment. */
function nextSignificant(source: string, from: number): string {
  let i = from;
  for (;;) {
    while (i < source.length && isSpace(source.charCodeAt(i))) i++;
    if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      if (end < 0) return '';
      i = end + 2;
    } else if (source.startsWith('//', i)) {
      const end = source.indexOf('\n', i);
      if (end < 0) return '';
      i = end + 1;
    } else return source[i] ?? '';
  }
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11;
}
