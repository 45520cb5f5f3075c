/**
 * The routes a sentence writes: a path from `/` (`/login`, `/projects/:project_id/issues`), with
 * the HTTP methods written right before it (`POST /login`, `GET and POST /search`). A person who
 * writes a route means that route, and the handler serving it. Text in, route names out, in the
 * form routes are named (`POST /login`): one per method written and `ANY`, or, when none is
 * written, one per method a route may be declared with.
 */

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** The name of a route whose method is not fixed (extract/routes.ts). */
const ANY_METHOD = 'ANY';

/** A path from `/` holding a letter, not inside a word, a file path (`a/b`, `./x`) or a URL's `//`. */
const PATH = /(?<![\w./-])\/(?!\/)[\w\-.:<>{}*/]*[A-Za-z][\w\-.:<>{}*/]*/g;
/** The methods written right before a path: `POST `, `GET and POST `, `PUT, PATCH or DELETE `. */
const METHODS_BEFORE = /(?:\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b\s*(?:,|\band\b|\bor\b|&)?\s*)+$/;
const METHOD_WORD = /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g;
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
    const path = m[0].replace(/[.,:;!?)]+$/, '');
    if (path.length > MAX_PATH_CHARS || path === '/') continue;
    const before = text.slice(Math.max(0, (m.index ?? 0) - METHODS_REACH), m.index);
    const written = METHODS_BEFORE.exec(before)?.[0].match(METHOD_WORD) ?? [];
    for (const method of written.length > 0 ? [...written, ANY_METHOD] : [...METHODS, ANY_METHOD]) out.add(`${method} ${path}`);
    if ((paths += 1) >= MAX_PATHS) break;
  }
  return [...out];
}
