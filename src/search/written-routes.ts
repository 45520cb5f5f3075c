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
/** A path's characters: words, placeholders in each framework's style (Next.js's `[id]` too), `.`, `-`, `@`, `*`. */
const PATH_CHAR = String.raw`[\w\-.:<>{}\[\]*@/]`;
/** What may not stand right before a path: a path character, but a bracket may open prose (`[/login]`). */
const BEFORE_PATH = String.raw`[\w\-.:<>{}*@/]`;
/**
 * A path from `/`, not inside a word, a relative file path (`a/b`, `./x`) or a URL's `//`. It
 * starts only where no path character is before it, so each run of them is read once, whatever
 * its length; a run past MAX_PATH_CHARS is dropped before anything else reads it.
 */
const PATH = new RegExp(String.raw`(?<!${BEFORE_PATH})\/(?!\/)${PATH_CHAR}*`, 'g');
/** The methods written right before a path: `POST `, `GET and POST `, `PUT, PATCH or DELETE `. */
const METHODS_BEFORE = new RegExp(String.raw`(?:\b(?:${METHOD_LIST})\b\s*(?:,|\band\b|\bor\b|&)?\s*)+$`);
const METHOD_WORD = new RegExp(String.raw`\b(?:${METHOD_LIST})\b`, 'g');
/** Characters before a path looked at for its methods: the longest list above, with room. */
const METHODS_REACH = 48;
/** Most paths read from one text: a question writes one or two; a pasted log may hold hundreds. */
const MAX_PATHS = 3;
/** Longest path read: a route is a short string; longer is a URL or data. */
const MAX_PATH_CHARS = 200;
/** Longest route name read as a pattern: its path and the longest list of methods before it. */
const MAX_ROUTE_CHARS = MAX_PATH_CHARS + METHODS_REACH;

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

/**
 * `path` without the full stops and colons after it, nor a closing bracket no bracket in it
 * opened: a sentence's end, a label's colon or the prose's bracket (`[/login]`) is no part of it.
 */
function withoutTrailingStops(path: string): string {
  let end = path.length;
  const opened = (to: number): boolean => path.lastIndexOf('[', to) > path.lastIndexOf(']', to - 1);
  while (end > 0 && (path[end - 1] === '.' || path[end - 1] === ':' || (path[end - 1] === ']' && !opened(end - 1)))) end -= 1;
  return path.slice(0, end);
}

/** A route's name compared with a written one: in lower case, without a trailing `/` (`GET /accounts/login/`). */
export function routeKey(name: string): string {
  const lower = name.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') && !lower.endsWith(' /') ? lower.slice(0, -1) : lower;
}

/** What a placeholder becomes while the others are read: characters no path holds, so none is read twice. */
const SEGMENT = '\u0000';
const REST = '\u0001';

/**
 * The placeholders of every framework's style, each with what it stands for: `{id}`, `{id:int}`,
 * `{id:[0-9]{3}}` and `{id?}` (FastAPI, Spring, Laravel, ASP.NET), `<id>` and `<int:id>` (Flask,
 * Django), `[id]` (Next.js), `:id`, `:id?` and `:id(\\d+)` (Express, Koa, Rails) one segment's
 * part; `{p:path}`, `{*slug}`, `<path:p>`, `[...slug]`, `*path` and a lone `*` the rest of the
 * path. In this order: a brace or an angle bracket may hold a `:`. No class holds its own opening
 * character, so each match ends at the first closing one and a long run costs one pass.
 */
const PLACEHOLDERS: readonly (readonly [RegExp, string])[] = [
  [/\{\*{1,2}[^{}/]*\}|\{[^{}/:]*:path\}|<path:[^<>/]*>/g, REST],
  [/\{(?:[^{}/]|\{[^{}/]*\})*\}/g, SEGMENT],
  [/<[^<>/]*>/g, SEGMENT],
  [/\[\[?\.\.\.[^[\]/]*\]\]?/g, REST],
  [/\[[^[\]/]*\]/g, SEGMENT],
  [/(?<=^|[/.\-@]):[A-Za-z_]\w*(?:\([^)/]*\))?[?+*]?/g, SEGMENT],
  [/\*[A-Za-z_]\w*|(?<=\/)\*(?=\/|$)/g, REST],
];

/**
 * A route's name as a pattern, whatever style its placeholders are written in: its key
 * (`routeKey`) with each placeholder as `{}`, or `{*}` for one taking the rest of the path, so
 * `GET /users/:id`, `GET /users/{user_id}` and `get /users/<int:id>/` are one route.
 */
export function routePattern(name: string): string {
  let pattern = routeKey(name);
  if (name.length > MAX_ROUTE_CHARS) return pattern;
  for (const [placeholder, as] of PLACEHOLDERS) pattern = pattern.replace(placeholder, as);
  return pattern.replaceAll(SEGMENT, '{}').replaceAll(REST, '{*}');
}

/**
 * The part of a written route before its first placeholder, as written (`POST /projects/` of
 * `POST /projects/{id}/issues`), where it has one: the routes declared in another placeholder
 * style all start with it. Undefined for a route without a placeholder.
 */
export function routePrefix(route: string): string | undefined {
  if (route.length > MAX_ROUTE_CHARS) return undefined;
  let first = route.length;
  for (const [placeholder] of PLACEHOLDERS) {
    const at = route.search(placeholder);
    if (at >= 0 && at < first) first = at;
  }
  return first < route.length ? route.slice(0, first) : undefined;
}

/**
 * The words of a written route's path outside its placeholders, in lower case (`projects` and `r7`
 * of `GET /projects/{id}/r7`): a route declared in any style holds them all, in its name or its
 * whole path, so a full-text read by them finds it past where a read by prefix stops.
 */
export function routeWords(route: string): string[] {
  const pattern = routePattern(route);
  return [...new Set(pattern.slice(pattern.indexOf(' ') + 1).match(/[a-z0-9]+/g) ?? [])];
}

/**
 * The routes a search query writes: a sentence's (`writtenRoutes`), or a query that is nothing but
 * a route, `POST /projects/{id}/issues`, or a path with a `:`, `{…}` or `<…>` placeholder written
 * without its first `/`, as Django declares them (`users/<int:id>/`). Other queries (names,
 * identifier lists, a file's path, `lib/users.js`, Next.js's `app/[id]/page.tsx`) write none.
 */
export function queryRoutes(text: string, sentence: boolean): string[] {
  if (sentence || isRouteText(text)) return writtenRoutes(text);
  const bare = text.trim();
  return bare.length <= MAX_PATH_CHARS && RELATIVE_ROUTE.test(bare) && RELATIVE_PLACEHOLDER.test(bare) ? writtenRoutes(`/${bare}`) : [];
}

/** A path written without its first `/`: a word, then segments of path characters. */
const RELATIVE_ROUTE = /^[A-Za-z_][\w-]*(?:\/[\w\-.:<>{}*@]*)+$/;
/** A placeholder such a path holds: a `{` or `<`, or a segment starting with `:`. */
const RELATIVE_PLACEHOLDER = /[{<]|\/:[A-Za-z_]/;

/**
 * Whether `text` is shaped as nothing but a route, its methods written or not (`POST
 * /projects/{id}/issues`); `writtenRoutes` still says whether its path is one (`/123` is none).
 */
export function isRouteText(text: string): boolean {
  const trimmed = text.trim();
  const path = /(?:^|\s)(\/\S*)$/.exec(trimmed);
  if (path === null || path[1] === undefined) return false;
  const before = trimmed.slice(0, trimmed.length - path[1].length);
  // Methods are a few words: a longer text before the path is no list of them (and is not read).
  return before.length <= METHODS_REACH && before.replace(METHODS_BEFORE, '').trim() === '';
}

/** The names a written route may be declared with: as written, and with a trailing `/` or without. */
export function routeSpellings(routes: readonly string[]): string[] {
  return [...new Set(routes.flatMap((r) => [r, r.endsWith('/') ? r.slice(0, -1) : `${r}/`]))];
}
