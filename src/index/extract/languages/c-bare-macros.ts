/**
 * Lines in C and C++ that hold nothing but an upper-case macro, bare or with one line of
 * arguments. From their first column: `G_BEGIN_DECLS`, `QT_BEGIN_NAMESPACE`,
 * `NLOHMANN_JSON_NAMESPACE_BEGIN`, `__BEGIN_DECLS`, which expand to `extern "C" {`, a namespace's
 * opening or nothing. Before a declaration, at file, namespace or class level and indented or not:
 * attribute macros such as `JSON_HEDLEY_NON_NULL(1)`, `JSON_HEDLEY_DEPRECATED_FOR(3.11.0, x())`,
 * `G_GNUC_WARN_UNUSED_RESULT`; in a class, an access-specifier macro and its colon
 * (`JSON_PRIVATE_UNLESS_TESTED:`). The grammar cannot expand them and folds what follows into an error
 * (nlohmann/json lost each header's definitions, and every function after such an attribute).
 * Such a line is blanked only where the grammar failed on it: when its name lies inside an error,
 * or starts a statement that holds one. The same name where it parses (the last member of an
 * enum) is left alone, and so is a macro followed by a body (`SYSCALL_DEFINE3(…)` then `{`).
 */
import type { Node, Tree } from 'web-tree-sitter';

// At least three characters, all upper-case letters, digits and underscores, alone on its line,
// with one line of arguments (one level of nested parentheses) or none.
// Or followed by a colon, where it stands for an access specifier (`JSON_PRIVATE_UNLESS_TESTED:`,
// Qt's `Q_SIGNALS:`): the colon is blanked with it.
const MACRO_LINE = /^([ \t]*)([A-Z_][A-Z0-9_]{2,})([ \t]*\((?:[^()\n]|\([^()\n]*\))*\)|[ \t]*:(?!:))?[ \t]*$/gm;
// The lists a top-level or member statement sits in.
const STATEMENT_LISTS: ReadonlySet<string> = new Set(['translation_unit', 'declaration_list', 'field_declaration_list']);

/** `parsed` with the macro lines the grammar failed on blanked, or undefined when there are none. */
export function blankFailedMacroLines(tree: Tree, parsed: string): string | undefined {
  const blanks: { start: number; end: number }[] = [];
  let row = 0;
  let counted = 0;
  for (const match of parsed.matchAll(MACRO_LINE)) {
    const at = match.index;
    for (let i = parsed.indexOf('\n', counted); i >= 0 && i < at; i = parsed.indexOf('\n', i + 1)) row += 1;
    counted = at;
    const indent = match[1] ?? '';
    const name = match[2] ?? '';
    const args = match[3] ?? '';
    if (bodyFollows(parsed, at + match[0].length)) continue;
    const node = tree.rootNode.descendantForPosition({ row, column: indent.length });
    if (node === null || node.text !== name || !failedOn(node)) continue;
    // The file-level idiom may stand anywhere; an indented or argument-taking one only outside
    // function bodies, where such lines stand for statements (`DECL_X`, `PWXFORM` in libxcrypt)
    // and blanking them made recovery worse.
    if ((indent !== '' || args !== '') && insideBody(node)) continue;
    const start = at + indent.length;
    blanks.push({ start, end: start + name.length + args.length });
  }
  if (blanks.length === 0) return undefined;
  let out = '';
  let from = 0;
  for (const b of blanks) {
    out += parsed.slice(from, b.start) + ' '.repeat(b.end - b.start);
    from = b.end;
  }
  return out + parsed.slice(from);
}

/** Whether the next line that holds anything opens a body: the macro defines something. */
function bodyFollows(text: string, from: number): boolean {
  const rest = /^\s*(\S)/.exec(text.slice(from, from + 400));
  return rest?.[1] === '{';
}

/** Whether `node` lies in a function body: a block comes before any top-level or member list. */
function insideBody(node: Node): boolean {
  for (let n = node.parent; n !== null; n = n.parent) {
    if (n.type === 'compound_statement') return true;
    if (STATEMENT_LISTS.has(n.type)) return false;
  }
  return false;
}

/**
 * Whether the grammar failed on the statement `node` (an identifier) stands in: a member of a
 * statement list, or the declaration a `template<…>` header introduces.
 */
function failedOn(node: Node): boolean {
  for (let n: Node | null = node; n !== null; n = n.parent) {
    if (n.type === 'ERROR') return true;
    const parent = n.parent;
    if (parent !== null && (STATEMENT_LISTS.has(parent.type) || parent.type === 'template_declaration')) return n.hasError && n.startIndex === node.startIndex;
  }
  return false;
}
