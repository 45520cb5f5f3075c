/**
 * Laravel routes: `Route::get('/users/{id}', [UserController::class, 'show'])`, the
 * `'UserController@show'` string form, a closure (whose calls are the route's), `Route::any` and
 * `Route::match(['get', 'post'], …)`, a handler in a variable, `Route::view` and
 * `Route::redirect`, `Route::resource` and `apiResource`, under the prefixes of the groups around them
 * (`Route::prefix('admin')->group(function () {…})`, `Route::group(['prefix' => 'admin'], …)`).
 * Symfony: a controller method's `#[Route('/p', methods: ['GET'])]` (or `@Route("/p")` in its doc
 * comment) under its class's.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { unquote } from '../comments.js';
import { EnclosingValues } from '../enclosing.js';
import { isSlash, trimEndWhile } from '../trim.js';
import { ANY_METHOD, defineRoute, HTTP_METHODS, joinRoutePath, METHOD_NAMES, methodHandler, type RouteHandler } from '../routes.js';

/** PHP's closure node types (`function () {…}`, `fn () => …`). */
export const CLOSURES: ReadonlySet<string> = new Set(['anonymous_function_creation_expression', 'anonymous_function', 'arrow_function']);

/** The joined prefix of the route groups around each place of a file (enclosing.ts). */
export type RouteGroups = EnclosingValues<string>;

/** A file's group prefixes, for a walk in document order. */
export function routeGroups(): RouteGroups {
  return new EnclosingValues('');
}

/** A call that may declare a Laravel route or group the routes in its closure. */
export function laravelCall(b: ExtractionBuilder, call: Node, groups: RouteGroups): void {
  laravelGroup(call, groups);
  laravelRoute(b, call, groups);
}

/**
 * A route group's call (`Route::prefix('admin')->group(function () {…})`,
 * `Route::group(['prefix' => 'admin'], function () {…})`): its closures' routes are under its
 * prefix, joined to those of the groups around it.
 */
function laravelGroup(call: Node, groups: RouteGroups): void {
  if (call.childForFieldName('name')?.text !== 'group') return;
  const args = argumentsOf(call);
  const prefix = call.type === 'scoped_call_expression' ? arrayOption(args[0], 'prefix') : chainedPrefix(call.childForFieldName('object'));
  if (prefix === undefined) return;
  const joined = joinRoutePath(groups.at(call.startIndex), prefix);
  for (const closure of args) if (CLOSURES.has(closure.type)) groups.give(closure.startIndex, closure.endIndex, joined);
}

/**
 * Records the route a `Route::…` call declares and opens it, so the rest of the call (a closure
 * handler) is its scope.
 */
function laravelRoute(b: ExtractionBuilder, call: Node, groups: RouteGroups): void {
  if (call.childForFieldName('scope')?.text !== 'Route') return;
  const verb = call.childForFieldName('name')?.text ?? '';
  const args = argumentsOf(call);
  if (RESOURCE_ACTIONS.has(verb)) {
    resourceRoutes(b, call, verb, args, groups);
    return;
  }
  let methods: string[];
  let rest: Node[];
  if (verb === 'match') {
    methods = stringList(args[0]).map((m) => m.toUpperCase());
    rest = args.slice(1);
  } else {
    const method = VIEW_VERBS.get(verb) ?? (verb === 'any' ? ANY_METHOD : METHOD_NAMES.get(verb));
    // `Route::all` is no Laravel route.
    if (method === undefined || verb === 'all') return;
    methods = [method];
    rest = args;
  }
  const path = stringOf(rest[0]);
  const action = rest[1];
  if (methods.length === 0 || path === undefined || action === undefined) return;
  const handler = VIEW_VERBS.has(verb) ? undefined : handlerOf(action);
  if (handler === undefined && !servesUnnamed(verb, action)) return;
  const [first] = defineRoute(b, methods, laravelPath(groups.at(call.startIndex), path), call, handler);
  if (first !== undefined) b.open(first);
}

/**
 * A Laravel route's path under its groups' prefix. Laravel trims the slashes around each part, so
 * `'/'` in a `register` group is `/register`: the join drops the leading ones, this the trailing.
 */
function laravelPath(prefix: string, path: string): string {
  return joinRoutePath(prefix, trimEndWhile(path, isSlash));
}

/**
 * A route without a handler to name: a view or a redirect serves none of the project's, a closure
 * is the route's own body, and a variable holds one not known here.
 */
function servesUnnamed(verb: string, action: Node): boolean {
  return VIEW_VERBS.has(verb) || CLOSURES.has(action.type) || action.type === 'variable_name';
}

/** Routes that serve a view or a redirect (`Route::view('/welcome', 'welcome')`), and their method. */
const VIEW_VERBS: ReadonlyMap<string, string> = new Map([['view', 'GET'], ['redirect', ANY_METHOD], ['permanentRedirect', ANY_METHOD]]);

/**
 * The routes `Route::resource('photos', PhotoController::class)` makes, each calling the
 * controller's method of its name: index, create, store, show, edit, update (PUT and PATCH) and
 * destroy, the item's parameter named for the resource in the singular (`{photo}`); an
 * `apiResource` leaves out the two that show forms (create and edit).
 */
const RESOURCE_ROUTES: readonly (readonly [string, string, boolean, string])[] = [
  ['GET', '', false, 'index'], ['GET', '/create', false, 'create'], ['POST', '', false, 'store'], ['GET', '', true, 'show'],
  ['GET', '/edit', true, 'edit'], ['PUT', '', true, 'update'], ['PATCH', '', true, 'update'], ['DELETE', '', true, 'destroy'],
];
const RESOURCE_ACTIONS: ReadonlySet<string> = new Set(['resource', 'apiResource']);
const FORM_ACTIONS: ReadonlySet<string> = new Set(['create', 'edit']);

function resourceRoutes(b: ExtractionBuilder, call: Node, verb: string, args: readonly Node[], groups: RouteGroups): void {
  const name = stringOf(args[0]);
  const controller = args[1]?.type === 'class_constant_access_expression' ? args[1].namedChild(0) : null;
  if (name === undefined || controller === null || controller === undefined || name.includes('.')) return;
  const base = laravelPath(groups.at(call.startIndex), name);
  const item = `${base}/{${singular((name.split('/').pop() ?? name).replace(/-/g, '_'))}}`;
  const kept = keptActions(call);
  for (const [method, suffix, onItem, action] of RESOURCE_ROUTES) {
    if ((verb === 'apiResource' && FORM_ACTIONS.has(action)) || !kept(action)) continue;
    defineRoute(b, [method], `${onItem ? item : base}${suffix}`, call, { name: action, node: controller, receiver: controller.text.split('\\').pop() });
  }
}

/** The actions `->only([…])` and `->except([…])` chained on a resource keep (every one when none is). */
function keptActions(call: Node): (action: string) => boolean {
  let only: ReadonlySet<string> | undefined;
  const except = new Set<string>();
  for (let chain = call.parent; chain?.type === 'member_call_expression'; chain = chain.parent) {
    const listed = argumentsOf(chain)[0];
    const names = listed?.type === 'array_creation_expression' ? stringList(listed) : [stringOf(listed) ?? ''];
    const verb = chain.childForFieldName('name')?.text;
    if (verb === 'only') only = new Set(names);
    else if (verb === 'except') for (const n of names) except.add(n);
  }
  return (action) => (only === undefined || only.has(action)) && !except.has(action);
}

/** Plurals no suffix rule gives back (after Doctrine's inflector, which Laravel uses). */
const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([
  ['people', 'person'], ['children', 'child'], ['men', 'man'], ['women', 'woman'], ['movies', 'movie'], ['cookies', 'cookie'],
  ['mice', 'mouse'], ['geese', 'goose'], ['feet', 'foot'], ['teeth', 'tooth'],
]);

/**
 * A resource name in the singular, as Laravel names its parameter: `photos` → `photo`,
 * `categories` → `category`, `statuses` → `status`, `addresses` → `address`, `people` → `person`
 * (the last word of a snake_case name).
 */
function singular(name: string): string {
  const cut = name.lastIndexOf('_') + 1;
  const head = name.slice(0, cut);
  const word = name.slice(cut);
  const irregular = IRREGULAR_PLURALS.get(word.toLowerCase());
  if (irregular !== undefined) return head + irregular;
  if (/(?:ss|x|ch|sh|zz|alias|status|bus|campus|virus)es$/.test(word)) return head + word.slice(0, -2);
  if (/(?:[^aeiouy]|qu)ies$/.test(word)) return `${head}${word.slice(0, -3)}y`;
  return head + (word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
}

/** The arguments' expressions. */
function argumentsOf(call: Node): Node[] {
  const list = call.childForFieldName('arguments');
  return (list?.namedChildren ?? []).flatMap((a) => (a?.type === 'argument' ? (a.namedChild(a.namedChildCount - 1) ?? []) : []));
}

/** `[Controller::class, 'method']` or `'Controller@method'`. */
function handlerOf(action: Node): RouteHandler | undefined {
  if (action.type === 'array_creation_expression') {
    const [cls, method] = action.namedChildren.map((e) => e?.namedChild(0) ?? null);
    const name = stringOf(method ?? undefined);
    const scope = cls?.type === 'class_constant_access_expression' ? cls.namedChild(0)?.text : undefined;
    return name === undefined || method === null || method === undefined ? undefined : { name, node: method, receiver: scope };
  }
  // A single-action controller (`Route::get('/analytics', AnalyticsController::class)`) serves by its `__invoke`.
  if (action.type === 'class_constant_access_expression' && action.namedChild(1)?.text === 'class') {
    const cls = action.namedChild(0)?.text.split('\\').pop();
    return cls === undefined ? undefined : { name: '__invoke', node: action, receiver: cls };
  }
  const text = stringOf(action);
  const at = text?.lastIndexOf('@') ?? -1;
  if (text === undefined || at <= 0) return undefined;
  return { name: text.slice(at + 1), node: action, receiver: text.slice(0, at).split('\\').pop() };
}

function stringOf(node: Node | undefined): string | undefined {
  if (node?.type !== 'string' && node?.type !== 'encapsed_string') return undefined;
  if (node.namedChildren.some((c) => c !== null && c.type !== 'string_content' && c.type !== 'string_value' && c.type !== 'escape_sequence')) return undefined;
  return unquote(node.text);
}

function stringList(node: Node | undefined): string[] {
  if (node?.type !== 'array_creation_expression') return [];
  return node.namedChildren.flatMap((e) => {
    const value = stringOf(e?.namedChild(0) ?? undefined);
    return value === undefined ? [] : [value];
  });
}

/** `Route::prefix('admin')->middleware(…)` before `->group(…)`: the prefix call's path. */
function chainedPrefix(node: Node | null): string | undefined {
  let n = node;
  while (n !== null) {
    if ((n.type === 'member_call_expression' || n.type === 'scoped_call_expression') && n.childForFieldName('name')?.text === 'prefix') return stringOf(argumentsOf(n)[0]);
    if (n.type !== 'member_call_expression') return undefined;
    n = n.childForFieldName('object');
  }
  return undefined;
}

/** `['prefix' => 'admin', …]`: the string value of a key. */
function arrayOption(node: Node | undefined, key: string): string | undefined {
  if (node?.type !== 'array_creation_expression') return undefined;
  for (const element of node.namedChildren) {
    const [k, v] = element?.namedChildren ?? [];
    if (stringOf(k ?? undefined) === key) return stringOf(v ?? undefined);
  }
  return undefined;
}

/** The `#[Route(…)]` attribute of a declaration: its path and methods. */
function routeAttribute(node: Node): { path: string; methods: string[] } | undefined {
  const lists = node.childrenForFieldName('attributes');
  for (const list of lists) {
    for (const group of list?.namedChildren ?? []) {
      for (const attribute of group?.namedChildren ?? []) {
        if (attribute?.type !== 'attribute' || attribute.namedChild(0)?.text.split('\\').pop() !== 'Route') continue;
        let path: string | undefined;
        let pathWritten = false;
        let methods: string[] = [];
        for (const arg of attribute.childForFieldName('parameters')?.namedChildren ?? []) {
          if (arg?.type !== 'argument') continue;
          const key = arg.childForFieldName('name')?.text;
          const value = arg.namedChild(arg.namedChildCount - 1) ?? undefined;
          if (key === undefined || key === 'path') {
            pathWritten = true;
            path ??= stringOf(value);
          } else if (key === 'methods') methods = value?.type === 'array_creation_expression' ? stringList(value).map((m) => m.toUpperCase()) : [stringOf(value)?.toUpperCase() ?? ''];
        }
        // A route without a path of its own (`#[Route(name: 'post', methods: ['POST'])]`) is its
        // class's path; one whose path is not a literal (a constant, a localized map) is none.
        if (path === undefined && pathWritten) return undefined;
        return { path: path ?? '', methods: methods.filter((m) => m !== '') };
      }
    }
  }
  return docblockRoute(node);
}

/**
 * The `@Route("/p", methods={"GET"})` annotation of a declaration's doc comment, as Symfony
 * applications wrote routes before PHP had attributes (with `@Method("GET")` beside it in older
 * ones): its path (the first string or `path="…"`, none for the class's own) and methods.
 */
function docblockRoute(node: Node): { path: string; methods: string[] } | undefined {
  const doc = node.previousNamedSibling;
  const text = doc?.type === 'comment' ? doc.text : '';
  const written = text.startsWith('/**') ? annotationArguments(text, '@Route(') : undefined;
  if (written === undefined) return undefined;
  // Arguments over several lines (`@Route(\n *     "/{slug}",`) without each line's ` * `.
  const route = written.replace(/\n[ \t]*\*/g, '\n');
  const path = /^\s*(?:"([^"]*)"|'([^']*)')/.exec(route) ?? /\bpath\s*=\s*"([^"]*)"/.exec(route);
  // No path (`@Route(name="post", methods={"POST"})`) is the class's path, as for an attribute; a
  // path that is no literal (a localized map, `@Route({"nl": "/hier"})`) is none.
  if (path === null && (/^\s*[{"']/.test(route) || /\bpath\s*=/.test(route))) return undefined;
  const listed = /\bmethods\s*=\s*\{([^}]*)\}/.exec(route)?.[1] ?? annotationArguments(text, '@Method(') ?? '';
  const methods = [...listed.matchAll(/"([A-Za-z]+)"/g)].map((m) => (m[1] ?? '').toUpperCase()).filter((m) => HTTP_METHODS.has(m));
  return { path: path?.[1] ?? path?.[2] ?? '', methods };
}

/** Most characters of an annotation's arguments read: a doc comment is the file's text, any length. */
const MAX_ANNOTATION = 1024;

/**
 * The arguments of the first annotation `opening` (`@Route(`) that starts a line of the doc
 * comment `doc`: the text up to the first `)`, at most MAX_ANNOTATION characters; undefined when
 * no line starts with it or it is never closed. Found by searching, not by one pattern over the
 * comment, so a long comment costs one pass (a pattern spanning it took seconds on a few KB of
 * blank lines).
 */
function annotationArguments(doc: string, opening: string): string | undefined {
  for (let at = doc.indexOf(opening); at >= 0; at = doc.indexOf(opening, at + opening.length)) {
    const before = doc.slice(doc.lastIndexOf('\n', at) + 1, at).trim();
    if (before !== '' && before !== '*' && before !== '/**') continue;
    const from = at + opening.length;
    const end = doc.indexOf(')', from);
    return end < 0 ? undefined : doc.slice(from, Math.min(end, from + MAX_ANNOTATION));
  }
  return undefined;
}

/** Records the routes of a Symfony controller method (`#[Route]`), under its class's `#[Route]` path, calling the method. */
export function symfonyRoutes(b: ExtractionBuilder, method: Node): void {
  const own = routeAttribute(method);
  const name = method.childForFieldName('name');
  if (own === undefined || name === null) return;
  let owner: Node | null = method.parent;
  while (owner !== null && owner.type !== 'class_declaration') owner = owner.parent;
  const prefix = owner === null ? '' : (routeAttribute(owner)?.path ?? '');
  const methods = own.methods.length > 0 ? own.methods : [ANY_METHOD];
  defineRoute(b, methods, joinRoutePath(prefix, own.path), method.childrenForFieldName('attributes')[0] ?? method, methodHandler(name));
}
