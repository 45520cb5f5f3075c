/**
 * Parameter lists written in a question: `String.indexOf(String)`, `Foo#bar(int, List<T>)`, the
 * way Javadoc and stack traces name one overload. Pure functions over signatures.
 */

/** Splits a parameter list at its top-level commas (not inside `<>`, `()` or `[]`). */
export function splitParameters(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '<' || c === '(' || c === '[') depth++;
    else if ((c === '>' || c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((p) => p.trim()).filter((p) => p !== '');
}

/** The parameter list of a one-line signature: the text inside the parentheses after `name`. */
export function signatureParameters(signature: string, name: string): string[] | undefined {
  // The name as a whole word followed by `(` or `<`: not an attribute's `[Get("x")]` before a `Get`.
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const at = new RegExp(`(?<![\\w$@[.])${escaped}\\s*[(<]`).exec(signature)?.index;
  if (at === undefined) return undefined;
  const open = signature.indexOf('(', at + name.length);
  if (open < 0) return undefined;
  let depth = 0;
  for (let i = open; i < signature.length; i++) {
    const c = signature[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return splitParameters(signature.slice(open + 1, i));
  }
  return undefined;
}

/** The identifiers a written parameter is made of, generics and array marks dropped. */
function words(parameter: string): string[] {
  // Innermost generics first, until none is left: every pass removes at least one pair.
  let text = parameter;
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(/<[^<>]*>/g, ' ');
  }
  return text.match(/[A-Za-z_$][\w$]*/g) ?? [];
}

/**
 * True when a written parameter list (`String`, `byte[], int`, `String s`) fits a definition's:
 * as many entries, and each written one's type or name among the words of the declared one. A
 * varargs definition takes any longer list, whatever its types.
 */
export function parametersMatch(written: readonly string[], declared: readonly string[]): boolean {
  const variadic = declared.length > 0 && /\.\.\.|\bparams\b|^\*/.test(declared[declared.length - 1] ?? '');
  if (written.length !== declared.length && !(variadic && written.length >= declared.length - 1)) return false;
  return written.every((w, i) => {
    // What goes into a varargs parameter is not checked: `Object...` takes an int.
    if (variadic && i >= declared.length - 1) return true;
    const d = declared[i];
    const parts = words(w);
    if (parts.length === 0 || d === undefined) return true;
    const have = words(d);
    // `String` is a type or a name; in `String s` the type decides, `s` may differ from `str`.
    const type = parts.length > 1 ? parts[parts.length - 2] : undefined;
    return have.includes(parts[parts.length - 1] ?? '') || (type !== undefined && have.includes(type));
  });
}
