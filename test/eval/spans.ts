/**
 * Where a target definition ends, from the corpus text alone (neither tool's index), so the
 * evaluation can count targets shown whole beside targets whose header is shown.
 *
 * The rule reads indentation, as every corpus is formatted code: after the header line, the
 * definition goes on through lines indented deeper than the header and through lines at the
 * header's indentation that carry on its signature (a lone opening brace, `) -> T:` or `) {`
 * closing a parameter list, `where`, `throws`, a C++ initializer `: m(x)` or `, n(y)`). The first
 * other line at that indentation or less ends it: a closer (`}`, `)`, `]`, `end`) belongs to the
 * definition; anything else (the next definition, a comment, a dedent) does not. A header with
 * nothing deeper after it is a one-line definition.
 */

const OPENER = /^[{(]$/;
const CONTINUES = /^(?:[)\]].*[:{]$|where\b|throws\b|extends\b|implements\b|:(?!:)|,|->|=>)/;
const CLOSER = /^(?:[}\])]|end\b)/;

function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}

/** The last line (1-based) of the definition whose header is `line` of `source`; `line` itself when it is out of range. */
export function definitionEnd(source: readonly string[], line: number): number {
  const header = source[line - 1];
  if (header === undefined) return line;
  const indent = indentOf(header);
  let last = line;
  for (let n = line + 1; n <= source.length; n++) {
    const text = source[n - 1] ?? '';
    const trimmed = text.trim();
    if (trimmed === '') continue;
    if (indentOf(text) > indent || OPENER.test(trimmed) || CONTINUES.test(trimmed)) {
      last = n;
      continue;
    }
    return CLOSER.test(trimmed) ? n : last;
  }
  return last;
}
