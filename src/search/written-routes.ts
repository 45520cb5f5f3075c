/**
 * The routes a sentence writes: a path from `/` (`/login`, `/projects/:project_id/issues`), with
 * the HTTP methods written right before it (`POST /login`, `GET and POST /search`). A person who
 * writes a route means that route, and the handler serving it. Text in, route names out, in the
 * form routes are named (`POST /login`): one per method written and `ANY`, or, when none is
 * written, one per method a route may be declared with. An absolute file path (a traceback's
 * `/app/views.py`) reads as a path too; it names only a route declared with that path.
 */
import { ANY_METHOD, HTTP_METHODS } from '../index/extract/routes.js';

const METHOD_LIST = [...HTTP_METHODS].join('|');
/** A path's characters: words, placeholders in each framework's style, `.`, `-`, `@`, `*`. */
const PATH_CHAR = String.raw`[\w\-.:<>{}*@/]`;
/**
 * A path from `/`, not inside a word, a relative file path (`a/b`, `./x`) or a URL's `//`. It
 * starts only where no path character is before it, so each run of them is read once, whatever
 * its length; a run past MAX_PATH_CHARS is dropped before anything else reads it.
 */
const PATH = new RegExp(String.raw`(?<!${PATH_CHAR})\/(?!\/)${PATH_CHAR}*`, 'g');
/** The methods written right before a path: `POST `, `GET and POST `, `PUT, PATCH or DELETE `. */
const METHODS_BEFORE = new RegExp(String.raw`(?:\b(?:${METHOD_LIST})\b\s*(?:,|\band\b|\bor\b|&)?\s*)+$`);
const METHOD_WORD = new RegExp(String.raw`\b(?:${METHOD_LIST})\b`, 'g');
/** Characters before a path looked at for its methods: the longest list above, with room. */
const METHODS_REACH = 48;
/** Most paths read from one text: a question writes one or two; a pasted log may hold hundreds. */
const MAX_PATHS = 3;
/** Longest path read: a route is a short string; longer is a URL or data. */
const MAX_PATH_CHARS = 200;

/** The route names `text` writes, as routes are named: `METHOD /path`. */
export function writtenRoutes(text: string): string[] {
  const out = new Set<string>();
  let paths = 0;
  for (const m of text.matchAll(PATH)) {
    if (m[0].length > MAX_PATH_CHARS) continue;
    const path = withoutTrailingStops(m[0]);
    if (!/[A-Za-z]/.test(path)) continue;
    const before = text.slice(Math.max(0, (m.index ?? 0) - METHODS_REACH), m.index);
    const written = METHODS_BEFORE.exec(before)?.[0].match(METHOD_WORD) ?? [];
    for (const method of written.length > 0 ? [...written, ANY_METHOD] : [...HTTP_METHODS, ANY_METHOD]) out.add(`${method} ${path}`);
    if ((paths += 1) >= MAX_PATHS) break;
  }
  return [...out];
}

/** `path` without the full stops and colons after it: a sentence's end or a label's colon is no part of it. */
function withoutTrailingStops(path: string): string {
  let end = path.length;
  while (end > 0 && (path[end - 1] === '.' || path[end - 1] === ':')) end -= 1;
  return path.slice(0, end);
}

/** A route's name compared with a written one: in lower case, without a trailing `/` (`GET /accounts/login/`). */
export function routeKey(name: string): string {
  const lower = name.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') && !lower.endsWith(' /') ? lower.slice(0, -1) : lower;
}

/** The names a written route may be declared with: as written, and with a trailing `/` or without. */
export function routeSpellings(routes: readonly string[]): string[] {
  return [...new Set(routes.flatMap((r) => [r, r.endsWith('/') ? r.slice(0, -1) : `${r}/`]))];
}
