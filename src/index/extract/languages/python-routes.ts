/**
 * Python web routes: Flask and FastAPI decorators (`@app.route('/p', methods=[…])`,
 * `@bp.get('/p')`, `@router.post('/p')`), Flask's `app.add_url_rule('/p', view_func=f)` and
 * FastAPI's `router.add_api_route('/p', f)`, with the prefix of a Blueprint or APIRouter made in
 * the same file (a path built from strings and names, `python-route-paths.ts`: `API_PREFIX + '/login'`,
 * `/{base_path}/status`); a
 * blueprint or router of another module registered under a prefix (`app.register_blueprint(bp, url_prefix='/p')`,
 * `app.include_router(router, prefix='/p')`) mounts that module's routes; and Django URL tables
 * (`path`/`re_path`/`url` entries of `urlpatterns` and other URL tables, and of a list included in
 * place, `include([…])`, under the including entry's path), whose `include('app.urls')` entries
 * mount that module's routes under the entry's path.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { unquote } from '../comments.js';
import { ANY_METHOD, defineRoute, joinRoutePath, METHOD_NAMES, type RouteHandler } from '../routes.js';
import { pythonPathConstants, routePath, type PythonPathConstants } from './python-route-paths.js';

/** Decorator methods that take a route and the methods it answers (default GET, as Flask and FastAPI do). */
const ROUTE_METHODS: ReadonlySet<string> = new Set(['route', 'api_route']);

/** Router factories and the keyword that carries their prefix. */
const ROUTER_PREFIX: ReadonlyMap<string, string> = new Map([['Blueprint', 'url_prefix'], ['APIRouter', 'prefix']]);

/** Django's URL table entries. */
const DJANGO_ENTRIES: ReadonlySet<string> = new Set(['path', 're_path', 'url']);

/**
 * One file's routes context: each variable made by a router factory, with its prefix, and which
 * route idioms the file's text can hold at all. Those are read once from the source, so the calls
 * and assignments of a file without the names an idiom needs are passed over unread (reading them
 * was a tenth of extracting django, whose files mostly hold none).
 */
export interface PythonRouters {
  readonly prefixes: Map<string, string>;
  /** The module's string constants, which route paths are read with. */
  readonly constants: PythonPathConstants;
  /**
   * The calls that are URL table entries, by node id, each with the path its route goes under:
   * '' in a table, the entries' paths joined in a list included in place. Known from above, as
   * the walk meets the table and each entry, not by climbing from each call (entries nested 500
   * deep took 18 s so, each climb step as long as the call is deep).
   */
  readonly tableEntries: Map<number, string>;
  readonly mayMakeRouters: boolean;
  readonly mayHoldTables: boolean;
  readonly mayAddRules: boolean;
  readonly mayRegister: boolean;
}

/** The routes context of a file whose text is `source`, with no router noted yet. */
export function pythonRouters(source: string): PythonRouters {
  const any = ROUTE_WORDS.test(source);
  return {
    prefixes: new Map(),
    constants: pythonPathConstants(source),
    tableEntries: new Map(),
    mayMakeRouters: any && [...ROUTER_PREFIX.keys()].some((name) => source.includes(name)),
    mayHoldTables: any && URL_TABLE_WORDS.test(source),
    mayAddRules: any && (source.includes('add_url_rule') || source.includes('add_api_route')),
    mayRegister: any && [...REGISTRATIONS.keys()].some((name) => source.includes(name)),
  };
}

/** Notes `name = Blueprint(…, url_prefix='/p')` or `name = APIRouter(prefix='/p')`. */
export function noteRouter(routers: PythonRouters, assignment: Node): void {
  if (!routers.mayMakeRouters) return;
  const left = assignment.childForFieldName('left');
  const right = assignment.childForFieldName('right');
  if (left?.type !== 'identifier' || right?.type !== 'call') return;
  const factory = lastSegment(right.childForFieldName('function'));
  const keyword = factory === undefined ? undefined : ROUTER_PREFIX.get(factory);
  if (keyword === undefined) return;
  routers.prefixes.set(left.text, stringArgument(keywordValue(right, keyword)) ?? '');
}

/**
 * The routes a decorator of function `name` declares, recorded in scope `parent`: `@x.route(…)`,
 * `@x.api_route(…)` or `@x.<method>(…)` whose first argument is a path (`/…`, or '' on a router).
 */
export function decoratorRoutes(b: ExtractionBuilder, decorator: Node, handler: RouteHandler, parent: number, routers: PythonRouters): void {
  const expr = decorator.namedChild(0);
  if (expr?.type !== 'call') return;
  const fn = expr.childForFieldName('function');
  if (fn?.type !== 'attribute') return;
  const method = fn.childForFieldName('attribute')?.text ?? '';
  const fixed = METHOD_NAMES.get(method);
  if ((fixed === undefined || fixed === ANY_METHOD) && !ROUTE_METHODS.has(method)) return;
  const path = routePath(positionalArguments(expr)[0], routers.constants);
  const object = fn.childForFieldName('object');
  const prefix = object?.type === 'identifier' ? routers.prefixes.get(object.text) : undefined;
  if (path === undefined || !(path.startsWith('/') || (path === '' && prefix !== undefined))) return;
  const methods = fixed !== undefined ? [fixed] : (listedMethods(keywordValue(expr, 'methods')) ?? ['GET']);
  defineRoute(b, methods, joinRoutePath(prefix ?? '', path), decorator, handler, parent);
}

/**
 * Flask's `x.add_url_rule('/p', 'endpoint', view_func, methods=[…])` and FastAPI's
 * `x.add_api_route('/p', endpoint, methods=[…])`: a route calling the view function (GET when no
 * methods are listed, as both take it).
 */
export function urlRule(b: ExtractionBuilder, call: Node, routers: PythonRouters): void {
  if (!routers.mayAddRules) return;
  const fn = call.childForFieldName('function');
  const adder = fn?.type === 'attribute' ? fn.childForFieldName('attribute')?.text : undefined;
  if (fn?.type !== 'attribute' || (adder !== 'add_url_rule' && adder !== 'add_api_route')) return;
  const object = fn.childForFieldName('object');
  const prefix = object?.type === 'identifier' ? routers.prefixes.get(object.text) : undefined;
  const positional = positionalArguments(call);
  const path = routePath(positional[0], routers.constants);
  const view = adder === 'add_url_rule' ? (keywordValue(call, 'view_func') ?? positional[2]) : (keywordValue(call, 'endpoint') ?? positional[1]);
  const handler = view === undefined ? undefined : viewHandler(view);
  if (path === undefined || !path.startsWith('/') || handler === undefined) return;
  defineRoute(b, listedMethods(keywordValue(call, 'methods')) ?? ['GET'], joinRoutePath(prefix ?? '', path), call, handler);
}

/** Registration calls that mount another module's routes, and the keyword that carries the prefix. */
const REGISTRATIONS: ReadonlyMap<string, string> = new Map([['register_blueprint', 'url_prefix'], ['include_router', 'prefix']]);

/**
 * Flask's `x.register_blueprint(bp, url_prefix='/p')` and FastAPI's `x.include_router(router,
 * prefix='/p')`, the blueprint or router imported from another module (`bp`, or `views.bp` through
 * a module import): that module's routes are served under the prefix. The mount follows the
 * import's resolved edge, which `from . import views` does not get yet (the package itself is
 * what it names), so only `from .views import bp` and `import app.views as views` mount. Flask's own rule that a
 * prefix given here replaces the one the Blueprint was made with is not followed: the two are
 * joined, which is right whenever only one of them is given.
 */
export function registeredRouter(b: ExtractionBuilder, call: Node, routers: PythonRouters): void {
  if (!routers.mayRegister) return;
  const fn = call.childForFieldName('function');
  const keyword = fn?.type === 'attribute' ? REGISTRATIONS.get(fn.childForFieldName('attribute')?.text ?? '') : undefined;
  if (keyword === undefined) return;
  const prefix = stringArgument(keywordValue(call, keyword));
  const router = positionalArguments(call)[0];
  const local = router?.type === 'identifier' ? router.text : router?.type === 'attribute' ? router.childForFieldName('object')?.text : undefined;
  if (prefix === undefined || !prefix.startsWith('/') || local === undefined || !/^\w+$/.test(local)) return;
  b.mount(prefix, { local }, call.startPosition.row + 1);
}

/**
 * A Django URL table entry, `path('users/<int:pk>/', views.detail)`, inside the list assigned to
 * `urlpatterns`: a route answering any method, calling the view (or naming the class of
 * `View.as_view()`). An `include(…)` entry is no route: it mounts the included module.
 */
export function djangoRoute(b: ExtractionBuilder, call: Node, routers: PythonRouters): void {
  if (!routers.mayHoldTables) return;
  const prefix = routers.tableEntries.get(call.id);
  if (prefix === undefined) return;
  const entry = entryPath(call);
  if (entry === undefined) return;
  // Django joins an included list's paths to the including entry's as written.
  const written = prefix + entry;
  noteIncludedLists(call, written, routers.tableEntries);
  const view = positionalArguments(call)[1];
  if (view === undefined) return;
  const included = includedModule(view);
  if (included !== undefined) {
    // `include('app.urls')` imports that module: its routes are served under this entry's path.
    const line = call.startPosition.row + 1;
    b.addImport({ module: included, names: [], reexport: false, line });
    b.mount(written, { module: included }, line);
    return;
  }
  const handler = viewHandler(view);
  if (handler === undefined) return;
  defineRoute(b, [ANY_METHOD], joinRoutePath('', written), call, handler);
}

/** The path of a URL table entry, `path('p/', …)` or `re_path(r'^p/$', …)` (anchors dropped), if it is one. */
function entryPath(call: Node): string | undefined {
  const name = lastSegment(call.childForFieldName('function'));
  if (name === undefined || !DJANGO_ENTRIES.has(name)) return undefined;
  const path = stringArgument(positionalArguments(call)[0]);
  return path === undefined || name === 'path' ? path : path.replace(/^\^/, '').replace(/\$$/, '');
}

/** A URL table (`urlpatterns = [...]`, `+= [...]`): its calls are entries whose routes go under no prefix. */
export function noteUrlTable(routers: PythonRouters, assignment: Node): void {
  if (!routers.mayHoldTables) return;
  const right = assignment.childForFieldName('right');
  if (right?.type !== 'list' || !URL_TABLE.test(assignment.childForFieldName('left')?.text ?? '')) return;
  noteEntries(right, '', routers.tableEntries);
}

/** The lists an entry includes in place (`path('profile/', include([path('votes', v)]))`): their calls go under its path. */
function noteIncludedLists(entry: Node, path: string, entries: Map<number, string>): void {
  for (const include of entry.childForFieldName('arguments')?.namedChildren ?? []) {
    if (include?.type !== 'call' || lastSegment(include.childForFieldName('function')) !== 'include') continue;
    for (const list of include.childForFieldName('arguments')?.namedChildren ?? []) if (list?.type === 'list') noteEntries(list, path, entries);
  }
}

function noteEntries(list: Node, prefix: string, entries: Map<number, string>): void {
  for (const element of list.namedChildren) if (element?.type === 'call') entries.set(element.id, prefix);
}

/** The module of `include('app.urls')` (also with a namespace keyword), when written as a string. */
function includedModule(view: Node): string | undefined {
  if (view.type !== 'call' || lastSegment(view.childForFieldName('function')) !== 'include') return undefined;
  const module = stringArgument(positionalArguments(view)[0]);
  return module !== undefined && /^[\w.]+$/.test(module) ? module : undefined;
}

function viewHandler(view: Node): RouteHandler | undefined {
  if (view.type === 'identifier') return { name: view.text, node: view };
  if (view.type === 'attribute') {
    const attr = view.childForFieldName('attribute');
    return attr === null ? undefined : { name: attr.text, node: attr, receiver: view.childForFieldName('object')?.text };
  }
  // `views.Detail.as_view()`: the class is the handler.
  if (view.type === 'call') {
    const fn = view.childForFieldName('function');
    if (fn?.type !== 'attribute' || fn.childForFieldName('attribute')?.text !== 'as_view') return undefined;
    const cls = fn.childForFieldName('object');
    const inner = cls === null ? undefined : viewHandler(cls);
    return inner === undefined ? undefined : { ...inner, kind: 'references' };
  }
  return undefined;
}

/** Names of URL tables: `urlpatterns`, and the lists an `include` takes (`api_urls`, `admin_patterns`). */
const URL_TABLE = /^(?:urlpatterns|\w+_urls|\w+_?patterns)$/;
/** What the text of a file with a URL table holds: every name URL_TABLE takes contains one of these. */
const URL_TABLE_WORDS = /_urls|patterns/;
/**
 * A part of every word the flags of `pythonRouters` look for (`add_url_rule` holds `_url_rule`,
 * `add_api_route` `_api_route`, `register_blueprint` `_blueprint`, `include_router` `_router`):
 * one pass over a file that holds none, three times faster than the whole words in one alternation.
 */
const ROUTE_WORDS = /patterns|_urls|_url_rule|_api_route|_blueprint|_router|Blueprint|APIRouter/;

function lastSegment(fn: Node | null): string | undefined {
  if (fn?.type === 'identifier') return fn.text;
  if (fn?.type === 'attribute') return fn.childForFieldName('attribute')?.text;
  return undefined;
}

/** A call's arguments written without a keyword, in order. */
function positionalArguments(call: Node): Node[] {
  return (call.childForFieldName('arguments')?.namedChildren ?? []).filter((a): a is Node => a !== null && a.type !== 'keyword_argument' && a.type !== 'comment');
}

function keywordValue(call: Node, keyword: string): Node | undefined {
  for (const arg of call.childForFieldName('arguments')?.namedChildren ?? []) {
    if (arg?.type === 'keyword_argument' && arg.childForFieldName('name')?.text === keyword) return arg.childForFieldName('value') ?? undefined;
  }
  return undefined;
}

/** A plain string literal's text (no f-string interpolation, no concatenation). */
function stringArgument(node: Node | undefined): string | undefined {
  if (node?.type !== 'string' || node.namedChildren.some((c) => c?.type === 'interpolation')) return undefined;
  return unquote(node.text);
}

/** `methods=['GET', 'POST']` (or a tuple or set) upper-cased; undefined when not a literal list of strings. */
function listedMethods(node: Node | undefined): string[] | undefined {
  if (node === undefined || !['list', 'tuple', 'set'].includes(node.type)) return undefined;
  const methods = node.namedChildren.map((c) => (c === null ? undefined : stringArgument(c)?.toUpperCase()));
  return methods.length > 0 && methods.every((m): m is string => m !== undefined && m !== '') ? [...new Set(methods)] : undefined;
}
