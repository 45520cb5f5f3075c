/**
 * Generic call signatures on their own line. An interface or object type may list several call
 * signatures, one per line without a `;` (`(options: O): Compose` then `<S extends {}>(...funcs:
 * S[]): Enhancer<S>`, the layout formatters give overloaded callables). The grammar reads the
 * second line's `<` as type arguments of the member before and loses the rest of the file: on
 * @reduxjs/toolkit's `createSlice.ts` one such interface left the whole file one error and its
 * functions extracted as one-line methods.
 */

/** A generic call signature starting an indented line: `<T>(`, `<Returned, ThunkArg = void>(`, a lone `<`. */
const SIGNATURE_LINE = /^([ \t]+)<(?:[A-Za-z_$]|\s*$)/;
/** A line that may end a member's type: a name, `>`, `]`, `)` or `}` (not `,`, `(`, `=`, `|` …). */
const ENDS_A_TYPE = /[\w$>\])}]\s*$/;

/**
 * The text with a `;` in place of the last indentation character before each generic call
 * signature that follows a member without a separator, or undefined when there is none. Same
 * length and line breaks. Asked only of a file the grammar failed on; a `;` it adds in JSX text
 * (`>` then `<span` on the next line) changes no definition.
 */
export function separateCallSignatures(parsed: string): string | undefined {
  const lines = parsed.split('\n');
  let previous = '';
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const match = SIGNATURE_LINE.exec(line);
    if (match !== null && ENDS_A_TYPE.test(previous)) {
      const indent = match[1]?.length ?? 1;
      lines[i] = `${line.slice(0, indent - 1)};${line.slice(indent)}`;
      changed = true;
    }
    const trimmed = line.trim();
    if (trimmed !== '' && !/^(?:\/\/|\/\*|\*)/.test(trimmed)) previous = line;
  }
  return changed ? lines.join('\n') : undefined;
}
