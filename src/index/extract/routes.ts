/**
 * Web routes as definitions: a route is a node of kind `route` named `METHOD /path` (`ANY` where
 * the method is not fixed), with a `calls` reference to its handler. Language extractors find the
 * framework's idiom (a decorator, a call on a router, an entry of a URL table) and record it
 * through `defineRoute`; the path is written as the framework spells it, prefixes joined.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from './builder.js';
import { isSlash, trimEndWhile, trimStartWhile } from './trim.js';

/** The method a route answers when the framework does not fix one. */
export const ANY_METHOD = 'ANY';

/** Router method names that name an HTTP method, upper-cased. */
export const METHOD_NAMES: ReadonlyMap<string, string> = new Map([
  ['get', 'GET'], ['post', 'POST'], ['put', 'PUT'], ['delete', 'DELETE'], ['patch', 'PATCH'],
  ['head', 'HEAD'], ['options', 'OPTIONS'], ['all', ANY_METHOD],
]);

/** The methods a route can fix, upper-cased (everything METHOD_NAMES names but ANY). */
export const HTTP_METHODS: ReadonlySet<string> = new Set([...METHOD_NAMES.values()].filter((m) => m !== ANY_METHOD));

/** Joins a prefix and a path with one slash between them; the result starts with `/`. */
export function joinRoutePath(prefix: string, path: string): string {
  const joined = `${trimEndWhile(prefix, isSlash)}/${trimStartWhile(path, isSlash)}`;
  const single = joined.replace(/\/{2,}/g, '/');
  const rooted = single.startsWith('/') ? single : `/${single}`;
  return rooted.length > 1 && path === '' ? rooted.replace(/\/$/, '') : rooted;
}

/** A route's name: `GET /users/:id`. */
export function routeName(method: string, path: string): string {
  return `${method} ${path}`;
}

/** The path of a route's name (`GET /users/:id` -> `/users/:id`); a path without its method is itself. */
export function routePath(name: string): string {
  return name.slice(name.indexOf(' ') + 1);
}

/** What a route's handler is, as written where the route is declared. */
export interface RouteHandler {
  /** The handler's name (last segment), and the node it is written at. */
  readonly name: string;
  readonly node: Node;
  /** Its qualifier (`views` in `views.detail`), when there is one. */
  readonly receiver?: string | undefined;
  /** `references` for a class (a class-based view), else `calls`. */
  readonly kind?: 'calls' | 'references';
}

/** A method of the class the route is declared on, as its handler: `this.<name>`. */
export function methodHandler(nameNode: Node): RouteHandler {
  return { name: nameNode.text, node: nameNode, receiver: 'this' };
}

/**
 * Records one route per method at `node` (the decorator, call or table entry), in `parent`'s
 * scope (default: the current one), each calling `handler` (or each of the handlers, in order)
 * when given, with `signature` (default: the node's first line). Returns the indexes.
 */
export function defineRoute(
  b: ExtractionBuilder, methods: readonly string[], path: string, node: Node, handler: RouteHandler | readonly RouteHandler[] | undefined, parent?: number,
  signature: string = node.text.split('\n')[0]?.trim() ?? '',
): number[] {
  const handlers = handler === undefined ? [] : 'name' in handler ? [handler] : handler;
  const indexes: number[] = [];
  for (const method of methods) {
    const name = routeName(method, path);
    const index = b.define('route', name, node, {
      qualifiedName: name,
      exported: true,
      signature,
      ...(parent !== undefined ? { parent } : {}),
    });
    if (handlers.length > 0) b.within(index, () => { for (const h of handlers) b.ref(h.kind ?? 'calls', h.name, h.node, h.receiver); });
    indexes.push(index);
  }
  return indexes;
}
