/**
 * Reads the result lists of the search and callers tools out of their text answers. Both sides
 * print one result per entry as a name (with its kind in parentheses) and a `path:line`, either on
 * one line (`- json (function) - lib/response.js:250`) or as a name line followed by a location
 * line (`**cookie** (variable)` / `lib/response.js:31`, or `Cart.add (method)` / `  src/cart.ts:12`).
 */

/** One listed result: the printed name, the file it names and the line there. */
export interface Row {
  readonly name: string;
  readonly file: string;
  readonly line: number;
}

const BULLET_ROW = /^\s*(?:[-*•]|\d+[.)])\s+(.+?)\s+\(([\w -]+)\)\s+[-—–]\s+`?([^\s`]+?):(\d+)/;
const LOCATION_ONLY = /^\s*`?([^\s`]+\.[A-Za-z0-9]+):(\d+)(?:-\d+)?`?\s*$/;
// A name may hold single spaces: a route's `GET /search`, a Rust impl block's `impl Serialize for Option`.
const NAME_LINE = /^\s*(?:#+\s*)?(?:\d+[.)]\s+)?[*`]*([^\s*`(]+(?: [^\s*`(]+)*)[*`]*\s*(?:\(|$)/;
// Suggestions offered when nothing matched are not results.
const SUGGESTIONS = /^\s*(?:close names|did you mean|similar names)/i;

/** The name a result line prints, without markup; qualified names are kept whole. */
function cleanName(text: string): string {
  return text.replace(/[*`]/g, '').trim();
}

/** Bulleted `name (kind) - path:line` rows, as callers lists print them, up to any suggestions. */
export function bulletRows(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (SUGGESTIONS.test(line)) break;
    const m = BULLET_ROW.exec(line);
    if (m !== null) rows.push({ name: cleanName(m[1] ?? ''), file: m[3] ?? '', line: Number(m[4]) });
  }
  return rows;
}

/** Search results in the order listed: bulleted rows, or a name line followed by a location line. */
export function searchRows(text: string): Row[] {
  const rows: Row[] = [];
  let lastName: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (SUGGESTIONS.test(line)) break;
    const bullet = BULLET_ROW.exec(line);
    if (bullet !== null) {
      rows.push({ name: cleanName(bullet[1] ?? ''), file: bullet[3] ?? '', line: Number(bullet[4]) });
      lastName = undefined;
      continue;
    }
    const location = LOCATION_ONLY.exec(line);
    if (location !== null) {
      if (lastName !== undefined) rows.push({ name: lastName, file: location[1] ?? '', line: Number(location[2]) });
      lastName = undefined;
      continue;
    }
    if (line.trim() === '') continue;
    const named = NAME_LINE.exec(line);
    lastName = named === null ? undefined : cleanName(named[1] ?? '');
  }
  return rows;
}

/** The last part of a qualified name (`Route.prototype.dispatch` -> `dispatch`, `A::b` -> `b`). */
export function lastPart(name: string): string {
  const parts = name.replace(/\(.*$/, '').split(/::|#|\.|->/).filter((p) => p !== '');
  return parts[parts.length - 1] ?? name;
}
