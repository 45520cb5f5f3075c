/**
 * Lines in C and C++ that hold nothing but an upper-case macro name, from their first column:
 * `G_BEGIN_DECLS`, `QT_BEGIN_NAMESPACE`, `NLOHMANN_JSON_NAMESPACE_BEGIN`, `__BEGIN_DECLS`. They
 * expand to `extern "C" {`, a namespace's opening or nothing, and the grammar, which cannot expand
 * them, folds what follows into an error (nlohmann/json opens every header with one, and lost each
 * header's definitions). Such a line is blanked only where the grammar failed on it: when its name
 * lies inside an error, or starts a statement that holds one. The same name where it parses (the
 * last member of an enum) is left alone.
 */
import type { Node, Tree } from 'web-tree-sitter';

// At least three characters, all upper-case letters, digits and underscores, alone on a line that
// it starts: the file-level idiom. Indented ones stand in function bodies for statements or
// declarations (`DECL_X`, `PWXFORM` in libxcrypt), where blanking them made recovery worse.
const BARE_LINE = /^([A-Z_][A-Z0-9_]{2,})[ \t]*$/gm;
// The lists a top-level or member statement sits in.
const STATEMENT_LISTS: ReadonlySet<string> = new Set(['translation_unit', 'declaration_list', 'field_declaration_list']);

/** `parsed` with the bare macro lines the grammar failed on blanked, or undefined when there are none. */
export function blankFailedMacroLines(tree: Tree, parsed: string): string | undefined {
  const blanks: { start: number; end: number }[] = [];
  let row = 0;
  let counted = 0;
  for (const match of parsed.matchAll(BARE_LINE)) {
    const at = match.index;
    for (let i = parsed.indexOf('\n', counted); i >= 0 && i < at; i = parsed.indexOf('\n', i + 1)) row += 1;
    counted = at;
    const name = match[1] ?? '';
    const node = tree.rootNode.descendantForPosition({ row, column: 0 });
    if (node !== null && node.text === name && failedOn(node)) blanks.push({ start: at, end: at + name.length });
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

/** Whether the grammar failed on the statement `node` (an identifier) stands in. */
function failedOn(node: Node): boolean {
  for (let n: Node | null = node; n !== null; n = n.parent) {
    if (n.type === 'ERROR') return true;
    const parent = n.parent;
    if (parent !== null && STATEMENT_LISTS.has(parent.type)) return n.hasError && n.startIndex === node.startIndex;
  }
  return false;
}
