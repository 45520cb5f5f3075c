/**
 * The routes a text writes, as candidates: by the name they are declared with or by their whole
 * path under their mounts, each as written and with a trailing `/` or without; and a route written
 * with placeholders also in every other style (`/users/{id}` finds `GET /users/:id`), read by the
 * part before its first placeholder through the name indexes (and, where more routes share that
 * part than a read takes, by the words of its path outside the placeholders through the full-text
 * index), and kept when the patterns agree.
 */
import type { NodeKind } from '../model.js';
import { eachSymbolHoldingAll, eachSymbolNamed, eachSymbolQualified, eachSymbolQualifiedWithPrefix, eachSymbolWithPrefix } from '../store/index.js';
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
  for (const [prefix, placeheld] of byPrefix(routes)) {
    let read = 0;
    const counted = (row: SearchRow): void => {
      read += 1;
      alike(row);
    };
    eachSymbolWithPrefix(store, prefix.toLowerCase(), ['route'], PREFIX_ROUTES, counted);
    eachSymbolQualifiedWithPrefix(store, prefix, ['route'], PREFIX_ROUTES, counted);
    // More routes than a read takes share the prefix, or it is only the method and `/`: read by the path's words too.
    if (read < PREFIX_ROUTES && !BARE_PREFIX.test(prefix)) continue;
    for (const words of new Map(placeheld.map((r) => routeWords(r)).map((w) => [w.join(' '), w])).values()) {
      eachSymbolHoldingAll(store, words, ['route'], PREFIX_ROUTES, alike);
    }
  }
}

/** A prefix that is a method and the root alone (`GET /` of `GET /{tenant}/dashboard`): every route has it. */
const BARE_PREFIX = /^\S+ \/$/;

/** The written routes with a placeholder, by the part before it (`routePrefix`). */
function byPrefix(routes: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const route of routes) {
    const prefix = routePrefix(route);
    if (prefix !== undefined) out.set(prefix, [...(out.get(prefix) ?? []), route]);
  }
  return out;
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
