/**
 * Lambdas with an explicit return type (C# 10): `app.MapGet("/{id}", async Task<Results<Ok<Item>,
 * NotFound>> (int id) => …)`, the form ASP.NET's typed results are written in. The grammar does
 * not know it and loses the call (dotnet/eShop's webhooks API: three of its four routes). Asked
 * only of a file the grammar failed on, the text comes back with each such generic return type
 * blanked (spaces, same length and line breaks), so the lambda reads as `async (int id) => …`.
 * A generic method's own `Foo<T>(x) =>` is not one: its type is not written right after `(` or `,`.
 */

/** Longest parameter list and return type looked back over from an `=>`: each `=>` costs at most these. */
const MAX_PARAMETERS = 1000;
const MAX_TYPE = 500;

/** The text with explicit generic lambda return types blanked, or undefined when it has none. */
export function blankLambdaReturnTypes(parsed: string): string | undefined {
  let out: string[] | undefined;
  for (let arrow = parsed.indexOf('=>'); arrow >= 0; arrow = parsed.indexOf('=>', arrow + 2)) {
    const type = returnTypeBefore(parsed, arrow);
    if (type === undefined) continue;
    out ??= parsed.split('');
    for (let i = type[0]; i < type[1]; i++) if (out[i] !== '\n' && out[i] !== '\r') out[i] = ' ';
  }
  return out?.join('');
}

/** The [start, end) of a generic return type written before the parameter list that `=>` at `arrow` closes. */
function returnTypeBefore(text: string, arrow: number): [number, number] | undefined {
  let at = skipSpaceBack(text, arrow - 1);
  if (text[at] !== ')') return undefined;
  const open = matchBack(text, at, '(', ')', MAX_PARAMETERS);
  if (open === undefined) return undefined;
  at = skipSpaceBack(text, open - 1);
  if (text[at] !== '>') return undefined;
  const angle = matchBack(text, at, '<', '>', MAX_TYPE);
  if (angle === undefined) return undefined;
  let start = angle;
  while (start > 0 && /[\w.]/.test(text[start - 1]!)) start--;
  if (start === angle || !/[A-Za-z_]/.test(text[start]!)) return undefined;
  // Written where an argument starts: after `(` or `,`, with `async` between or not.
  let before = skipSpaceBack(text, start - 1);
  if (text.slice(before - 4, before + 1) === 'async' && !/\w/.test(text[before - 5] ?? '')) before = skipSpaceBack(text, before - 5);
  return text[before] === '(' || text[before] === ',' ? [start, at + 1] : undefined;
}

function skipSpaceBack(text: string, from: number): number {
  let at = from;
  while (at >= 0 && /\s/.test(text[at]!)) at--;
  return at;
}

/** The index of the `open` that balances the `close` at `at`, looking back at most `limit` characters. */
function matchBack(text: string, at: number, open: string, close: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = at; i >= 0 && at - i <= limit; i--) {
    if (text[i] === close) depth++;
    else if (text[i] === open && --depth === 0) return i;
  }
  return undefined;
}
