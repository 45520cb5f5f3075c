/**
 * Go web routes: `net/http`'s `HandleFunc`/`Handle` (a Go 1.22 `"GET /p"` pattern fixes the
 * method, gorilla/mux's `.Methods("GET")` too), Gin's and Echo's `r.GET("/p", h)` and `Any`, chi's
 * `r.Get("/p", h)`, and a method written before the path (chi's `r.MethodFunc("GET", "/p", h)`, Gin's
 * `r.Handle("GET", "/p", h)`), with the prefixes of groups made in the same file (`v1 := r.Group("/v1")`),
 * a path joined from strings and names (`apiPrefix+"/users"`, `go-route-paths.ts`);
 * chi's `Mount` of another package's router is recorded as a mount of that package.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { unquote } from '../comments.js';
import { ANY_METHOD, defineRoute, joinRoutePath, METHOD_NAMES, type RouteHandler } from '../routes.js';
import { walkNode, type EnterNode } from '../walk.js';
import { goPathConstants, goRoutePath, isString, type GoPathConstants } from './go-route-paths.js';

/**
 * chi's `r.Mount("/users", users.Routes())` (or `users.Handler`): the routes of package `users`
 * are served under the path (after the group's prefix), tied to the import of that package.
 */
function noteMount(b: ExtractionBuilder, prefix: string, args: readonly Node[], call: Node, paths: GoPathConstants): void {
  const path = goRoutePath(args[0], paths);
  let mounted = args[1];
  if (mounted?.type === 'call_expression') mounted = mounted.childForFieldName('function') ?? undefined;
  const pkg = mounted?.type === 'selector_expression' ? mounted.childForFieldName('operand') : null;
  if (path === undefined || !path.startsWith('/') || pkg?.type !== 'identifier') return;
  b.mount(joinRoutePath(prefix, path), { local: pkg.text }, call.startPosition.row + 1);
}

/** One file's route groups (each variable made by `x.Group("/p")`, with its whole prefix) and the constants its paths are read with. */
export interface GoRoutes {
  readonly groups: Map<string, string>;
  readonly paths: GoPathConstants;
}

/** A file's routes context, nothing noted yet. */
export function goRoutes(): GoRoutes {
  return { groups: new Map(), paths: goPathConstants() };
}

/** Calls that register a handler for any method unless their pattern names one. */
const HANDLE = new Set(['Handle', 'HandleFunc', 'HandlerFunc', 'Any']);

/** Calls whose first argument may be the method, before the path: chi's `Method`/`MethodFunc`, Gin's `Handle`. */
const METHOD_FIRST = new Set(['Method', 'MethodFunc', 'Handle']);

/** The HTTP method a Go router method name stands for (`GET`, `Get`), or ANY for `Handle…`. */
function methodOf(name: string): string | undefined {
  if (HANDLE.has(name)) return ANY_METHOD;
  const lower = name.toLowerCase();
  if (lower === 'all') return undefined;
  // Gin and Echo spell the method in capitals, chi capitalized; nothing else counts.
  return name === lower.toUpperCase() || name === lower.charAt(0).toUpperCase() + lower.slice(1) ? METHOD_NAMES.get(lower) : undefined;
}

/**
 * Records the route a call declares (walking its arguments as the route's scope), or notes a
 * group it makes. Returns true when it walked the call's arguments itself.
 */
export function goRouteCall(b: ExtractionBuilder, routes: GoRoutes, call: Node, visit: EnterNode, types: ReadonlySet<string>): boolean {
  const { groups, paths } = routes;
  const fn = call.childForFieldName('function');
  if (fn?.type !== 'selector_expression') return false;
  const name = fn.childForFieldName('field')?.text ?? '';
  const group = name === 'Group' || name === 'Route';
  const mount = name === 'Mount';
  let method = methodOf(name) ?? (METHOD_FIRST.has(name) ? ANY_METHOD : undefined);
  // Only these calls read their arguments: most calls of a file are none of them.
  if (method === undefined && !group && !mount) return false;
  const operand = fn.childForFieldName('operand');
  const prefix = operand?.type === 'identifier' ? (groups.get(operand.text) ?? '') : '';
  let args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter((a): a is Node => a !== null && a.type !== 'comment');
  // `r.MethodFunc("GET", "/p", h)`, `r.Handle("POST", "/p", h)`: the method, then the path.
  const named = METHOD_FIRST.has(name) && args.length >= 3 ? stringOf(args[0]) : undefined;
  const methodFirst = named !== undefined && /^[A-Z]+$/.test(named);
  if (methodFirst) {
    method = named;
    args = args.slice(1);
  }
  if (mount) {
    noteMount(b, prefix, args, call, paths);
    return false;
  }
  const path = goRoutePath(args[0], paths);
  if (group) noteGroup(groups, call, joinRoutePath(prefix, path ?? ''));
  if (method === undefined || path === undefined || args.length < 2) return false;
  const last = args[args.length - 1];
  if (last === undefined || !HANDLER_TYPES.has(last.type) || isClientCall(operand, name, args)) return false;
  let written = path;
  const pattern = /^([A-Z]+)\s+(\/.*)$/.exec(path);
  if (pattern !== null && method === ANY_METHOD && !methodFirst) {
    method = pattern[1] ?? ANY_METHOD;
    written = pattern[2] ?? path;
  }
  if (!written.startsWith('/')) return false;
  const methods = method === ANY_METHOD ? (chainedMethods(call) ?? [ANY_METHOD]) : [method];
  const indexes = defineRoute(b, methods, joinRoutePath(prefix, written), call, handlerOf(last));
  const first = indexes[0];
  if (first === undefined) return false;
  b.within(first, () => {
    for (const arg of args) walkNode(arg, b, types, visit);
  });
  return true;
}

/**
 * An HTTP client's request, not a route: `net/http`'s own `http.Get(url)`, `http.Post(url, "application/json", body)`
 * (a package that registers only with `Handle…`), or any call passing a string after the path, a
 * client's content type (`client.Post(srv.URL+"/login", "application/json", body)`).
 */
function isClientCall(operand: Node | null, name: string, args: readonly Node[]): boolean {
  if (operand?.type === 'identifier' && operand.text === 'http' && !HANDLE.has(name)) return true;
  return args.slice(1, -1).some(isString);
}

/** `v1 := r.Group("/v1")` or `v1 = …`: the variable's routes get the prefix. */
function noteGroup(groups: Map<string, string>, call: Node, prefix: string): void {
  const list = call.parent;
  const statement = list?.parent;
  if (list?.type !== 'expression_list' || (statement?.type !== 'short_var_declaration' && statement?.type !== 'assignment_statement')) return;
  const left = statement.childForFieldName('left')?.namedChildren[0];
  if (left?.type === 'identifier') groups.set(left.text, prefix);
}

/** gorilla/mux: `r.HandleFunc("/p", h).Methods("GET", "POST")`. */
function chainedMethods(call: Node): string[] | undefined {
  const selector = call.parent;
  if (selector?.type !== 'selector_expression' || selector.childForFieldName('field')?.text !== 'Methods') return undefined;
  const outer = selector.parent;
  if (outer?.type !== 'call_expression') return undefined;
  const methods = (outer.childForFieldName('arguments')?.namedChildren ?? []).map((a) => (a === null ? undefined : stringOf(a)?.toUpperCase()));
  return methods.length > 0 && methods.every((m): m is string => m !== undefined && /^[A-Z]+$/.test(m)) ? methods : undefined;
}

/** What a handler argument can be: a name, a selector, a function literal, or a wrapper call. */
const HANDLER_TYPES: ReadonlySet<string> = new Set(['identifier', 'selector_expression', 'func_literal', 'call_expression']);

/** The handler a name or selector names; a wrapper's last argument (`http.HandlerFunc(h)`). */
function handlerOf(node: Node): RouteHandler | undefined {
  if (node.type === 'identifier') return { name: node.text, node };
  if (node.type === 'selector_expression') {
    const field = node.childForFieldName('field');
    return field === null ? undefined : { name: field.text, node: field, receiver: node.childForFieldName('operand')?.text };
  }
  if (node.type === 'call_expression') {
    const inner = (node.childForFieldName('arguments')?.namedChildren ?? []).filter((a): a is Node => a !== null);
    const last = inner[inner.length - 1];
    return last === undefined || last.type === 'call_expression' ? undefined : handlerOf(last);
  }
  return undefined;
}

function stringOf(node: Node | undefined): string | undefined {
  return node !== undefined && isString(node) ? unquote(node.text) : undefined;
}
