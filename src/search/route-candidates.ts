/**
 * The routes a text writes, as candidates: by the name they are declared with or by their whole
 * path under their mounts, each as written and with a trailing `/` or without; and a route written
 * with placeholders also in every other style (`/users/{id}` finds `GET /users/:id`), read by the
 * part before its first placeholder through the name indexes, and by the words of its path outside
 * the placeholders through the full-text index, and kept when the patterns agree.
 */
import type { NodeKind } from '../model.js';
import { eachSymbolById, eachSymbolNamed, eachSymbolQualified, eachSymbolQualifiedWithPrefix, eachSymbolWithPrefix, eachTextMatch } from '../store/index.js';
import type { GraphStore, SearchRow } from '../store/index.js';
import { ANY_METHOD, HTTP_METHODS } from '../index/extract/routes.js';
import { routePattern, routePrefix, routeSpellings, routeWords } from './written-routes.js';

/**
 * Routes read per placeholder prefix, by declared name and by whole path each, and per set of
 * path words: a bound on cost (all of redmine's 70 `GET /projects/…` routes fit), not a measured
 * value.
 */
const PREFIX_ROUTES = 300;

/** Adds the routes `routes` name (written-routes.ts) that `kinds` allows. */
export function addWrittenRoutes(store: GraphStore, routes: readonly string[], kinds: readonly NodeKind[], add: (row: SearchRow) => void): void {
  if (routes.length === 0 || !kinds.includes('route')) return;
  const spellings = routeSpellings(routes);
  eachSymbolNamed(store, spellings.map((r) => r.toLowerCase()), ['route'], add);
  for (const route of spellings) eachSymbolQualified(store, route, ['route'], add);
  const patterns = new Set(routes.map(routePattern));
  const alike = (row: SearchRow): void => {
    if (patterns.has(routePattern(row.qualifiedName)) || patterns.has(routePattern(row.name))) add(row);
  };
  const placeheld = routes.filter((r) => routePrefix(r) !== undefined);
  for (const prefix of new Set(placeheld.map((r) => routePrefix(r) ?? ''))) {
    eachSymbolWithPrefix(store, prefix.toLowerCase(), ['route'], PREFIX_ROUTES, alike);
    eachSymbolQualifiedWithPrefix(store, prefix, ['route'], PREFIX_ROUTES, alike);
  }
  // More routes than a prefix read takes may share the prefix (or it is only the method and `/`).
  for (const words of new Map(placeheld.map((r) => routeWords(r)).map((w) => [w.join(' '), w])).values()) {
    const ids: number[] = [];
    if (words.length > 0) eachTextMatch(store, { words, mode: 'all', limit: PREFIX_ROUTES }, (id) => void ids.push(id));
    eachSymbolById(store, ids, ['route'], alike);
  }
}

/**
 * Whether the index holds a route that `path` (`/users/{id}`) names under any method, by its
 * declared name or its whole path, in any placeholder style: for a path written alone, as the
 * prompt hook reads one from a prompt.
 */
export function hasRouteAt(store: GraphStore, path: string): boolean {
  let found = false;
  addWrittenRoutes(store, [...HTTP_METHODS, ANY_METHOD].map((method) => `${method} ${path}`), ['route'], () => {
    found = true;
  });
  return found;
}
