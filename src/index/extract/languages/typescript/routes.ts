/**
 * JavaScript/TypeScript web routes: a call on a router, `app.get('/users/:id', …handlers)`, as
 * Express, Koa's router, Fastify and Hono write them, and Express's `app.route('/p').get(h)`. The
 * receiver must be a router by its name (`app`, `router`, `route`, `routes`, `server`, `fastify`,
 * `…Router`, `…Route`, `…App`, also as a field: `this.app`), by what made it in this file
 * (`express()`, `Router()`, `new Router()`, `Fastify()`, `new Hono()`) or by its declared type
 * (`route: Router`), or its inline handler must take what a route's does (`takesRequest`), so HTTP
 * clients (`axios.post('/login', data)`) are not routes. The route is the handlers' scope: calls
 * inside an inline handler are the route's; a named handler is called. Route objects: Fastify's
 * and hapi's `server.route({ method, url | path, handler })`, a hapi route object wherever it is
 * written, and Hono's OpenAPI `app.openapi(createRoute({ method, path }), handler)`.
 * NestJS: `@Get(':id')` … on the methods of a `@Controller('users')` class, under its path.
 * A router another module mounts (`app.use('/api', users)`) is recorded as a mount; its prefix is
 * joined to that module's routes once the project is resolved.
 */
import type { Node } from 'web-tree-sitter';
import { ANY_METHOD, defineRoute, HTTP_METHODS, joinRoutePath, METHOD_NAMES, methodHandler, type RouteHandler } from '../../routes.js';
import type { MountTarget } from '../../../../model.js';
import type { FileState } from './file-state.js';
import { pathOf, writtenPath, type PathConstants } from './route-paths.js';
import { FUNCTION_VALUES } from './syntax.js';

/**
 * Receiver names routers go by. `route` and `…Route` too: in public Express code a router is often
 * named so (`const route = express.Router()`, `telegramRoute.get(…)`, or a parameter,
 * `export default function (route) { route.get('/-/ping', …) }`, as compiled TypeScript leaves
 * it); every one of ten sampled `route.get('/…')` calls there was a router's.
 */
const ROUTER_NAME = /^(?:app|router|route|server|fastify|routes|[a-z][A-Za-z0-9]*(?:Router|Route|App|Routes))$/;

/** Calls whose result is a router or an application that routes. */
const ROUTER_FACTORIES: ReadonlySet<string> = new Set(['express', 'Router', 'Fastify', 'fastify', 'Hono', 'Koa', 'KoaRouter', 'polka']);

/**
 * Notes `const api = express.Router()` (and the other factories): a router by what made it, with
 * the prefix its options give (`new Router({ prefix: '/api' })`, as Koa's router takes one).
 */
export function noteRouterVariable(state: FileState, declarator: Node): void {
  const name = declarator.childForFieldName('name');
  const value = declarator.childForFieldName('value');
  if (name?.type !== 'identifier' || value === null) return;
  let factory: Node | null;
  if (value.type === 'new_expression') factory = value.childForFieldName('constructor');
  else if (value.type === 'call_expression') factory = value.childForFieldName('function');
  else return;
  const made = factory?.type === 'member_expression' ? factory.childForFieldName('property')?.text : factory?.text;
  if (made === undefined || !ROUTER_FACTORIES.has(made)) return;
  const options = argumentsOf(value).find((a) => a.type === 'object');
  let prefix = '';
  for (const pair of options?.namedChildren ?? []) {
    if (pair?.type === 'pair' && pair.childForFieldName('key')?.text === 'prefix') prefix = pathOf(pair.childForFieldName('value'), state.pathConstants) ?? '';
  }
  state.routers.set(name.text, prefix);
}

/**
 * Records the route a call declares, if it is one, and walks the call's parts itself: the callee
 * (a chain's earlier routes) in the current scope, the arguments as the route's. Returns whether
 * it did, so the walk skips what was walked.
 */
export function visitRouteCall(state: FileState, call: Node): boolean {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'member_expression') return false;
  const property = callee.childForFieldName('property')?.text ?? '';
  if (property === 'route') return objectRoute(state, call, callee);
  if (property === 'openapi') return openapiRoute(state, call, callee);
  if (property === 'use') {
    noteMount(state, call, callee);
    return false;
  }
  const method = METHOD_NAMES.get(property);
  if (method === undefined) return false;
  const args = argumentsOf(call);
  const target = callee.childForFieldName('object');
  let path: string | undefined;
  let prefix = '';
  let handlers: Node[];
  const chain = target?.type === 'call_expression' ? routeChain(target, state) : undefined;
  if (chain !== undefined) {
    // `app.route('/book').get(list).put(update)`
    path = pathOf(argumentsOf(chain)[0], state.pathConstants);
    handlers = args;
  } else {
    // A router, or any receiver whose handler takes what a route's does (`api.get('/threads',
    // async (c) => …)` where Hono is imported).
    const routerPrefix = receiverPrefix(state, target);
    if (routerPrefix === undefined && !takesRequest(state, args[args.length - 1])) return false;
    path = pathOf(args[0], state.pathConstants);
    prefix = routerPrefix ?? '';
    handlers = args.slice(1);
  }
  const last = handlers[handlers.length - 1];
  if (path === undefined || last === undefined) return false;
  // Every named handler is called, in order: `delete(destroy, persist)` runs both.
  const named = handlers.map(handlerOf).filter((h): h is RouteHandler => h !== undefined);
  if (named.length === 0 && !FUNCTION_VALUES.has(last.type) && last.type !== 'call_expression') return false;
  const [index] = defineRoute(state.builder, [method], joinRoutePath(prefix, path), call, named);
  if (index === undefined) return false;
  walkRouteCall(state, callee, args, index);
  return true;
}

/** Walks a route call's callee in the current scope and its arguments (the handlers) as route `index`'s. */
function walkRouteCall(state: FileState, callee: Node, args: readonly Node[], index: number): void {
  state.visit(callee);
  state.builder.within(index, () => {
    for (const arg of args) state.visit(arg);
  });
}

/**
 * `app.use('/api', users)`, `router.use(`/${key}`, plural(db))`, `app.use('/v1', require('./v1'))`,
 * `router.use('/admin', admin.routes())`: the module each later argument comes from is mounted
 * under the path (read as a route's is; '' when the first argument is no path). A name alone is
 * what is mounted, not a path (`app.use(ROUTES)`). What the file imports under that name is tied
 * to the mount when the file is finished.
 */
function noteMount(state: FileState, call: Node, callee: Node): void {
  const prefix = receiverPrefix(state, callee.childForFieldName('object'));
  if (prefix === undefined) return;
  const args = argumentsOf(call);
  const alone = args.length === 1 && (args[0]?.type === 'identifier' || args[0]?.type === 'member_expression');
  const path = alone ? undefined : pathOf(args[0], state.pathConstants);
  const mounted = path === undefined ? args : args.slice(1);
  const line = call.startPosition.row + 1;
  const full = path === undefined && prefix === '' ? '' : joinRoutePath(prefix, path ?? '');
  for (const arg of mounted) {
    const source = mountedModule(arg);
    if (source !== undefined) state.builder.mount(full, source, line);
  }
}

/** Where a mounted argument's router comes from: a name, a factory's name, `x.routes()`'s `x`, or `require('m')`; a call of a library's method (`express.static(…)`) is none. */
function mountedModule(arg: Node): MountTarget | undefined {
  if (arg.type === 'identifier') return { local: arg.text };
  if (arg.type !== 'call_expression') return undefined;
  const fn = arg.childForFieldName('function');
  if (fn?.type === 'identifier') {
    if (fn.text !== 'require') return { local: fn.text };
    const first = argumentsOf(arg)[0];
    return first?.type === 'string' ? { module: first.text.slice(1, -1) } : undefined;
  }
  if (fn?.type !== 'member_expression' || !ROUTER_METHODS.has(fn.childForFieldName('property')?.text ?? '')) return undefined;
  const object = fn.childForFieldName('object');
  return object?.type === 'identifier' ? { local: object.text } : undefined;
}

/** Methods that hand a router over as middleware (Koa's `router.routes()`). */
const ROUTER_METHODS: ReadonlySet<string> = new Set(['routes', 'middleware']);

/**
 * Types a router or an application that routes is declared with: Express's `Router`, `IRouter`,
 * `Express` and `Application`, Koa's router's `Router`, Fastify's `FastifyInstance`, Hono's
 * `Hono`. A router handed to a function that adds its routes is often named for what it holds
 * (`function (route: Router) { route.get('/-/ping', …) }`), so its type says what its name does not.
 */
const ROUTER_TYPES: ReadonlySet<string> = new Set(['Router', 'IRouter', 'Express', 'Application', 'FastifyInstance', 'Hono']);

/**
 * Whether `name` is a router where the walk is: by what made it in this file, by its name, or by
 * its declared type, written alone or through its module (`express.Router`).
 */
function isRouter(state: FileState, name: string): boolean {
  if (state.routers.has(name) || ROUTER_NAME.test(name)) return true;
  const type = state.typed.locals.typeOf(state.builder.current, name);
  return type !== undefined && ROUTER_TYPES.has(type.slice(type.lastIndexOf('.') + 1));
}

/**
 * The prefix a call's receiver adds when it is a router: a variable one (`router`, its factory's
 * prefix or none), or one kept in a field (`this.app`, `this.router`, none); undefined for any
 * other receiver.
 */
function receiverPrefix(state: FileState, target: Node | null): string | undefined {
  if (target?.type === 'identifier') return isRouter(state, target.text) ? (state.routers.get(target.text) ?? '') : undefined;
  return target?.type === 'member_expression' && ROUTER_NAME.test(target.childForFieldName('property')?.text ?? '') ? '' : undefined;
}

/**
 * Whether `handler` is an inline function whose parameters are named as route handlers name what
 * they are given: a request and a response (Express's `(req, res)`, Fastify's `(request, reply)`,
 * hapi's `(request, h)`), or a context alone (Hono's `(c)`, Koa's `(ctx)`) in a file that imports
 * Hono or Koa (`state.contextRoutes`). Compiled TypeScript leaves a router handed to a function
 * untyped (`export function registerThreadRoutes(api, context) { api.get('/threads', async (c) =>
 * …) }`), and its handlers say what its name does not. An HTTP client's callback takes an error or
 * a response first (`(err, res) => …`), a cache's or a mock's a request alone, and a file that
 * imports the mock server msw declares mocks, not routes.
 */
function takesRequest(state: FileState, handler: Node | undefined): boolean {
  if (handler === undefined || !FUNCTION_VALUES.has(handler.type) || state.mockRoutes) return false;
  const single = handler.childForFieldName('parameter');
  const parameters = single !== null ? [single] : (handler.childForFieldName('parameters')?.namedChildren ?? []).filter((p): p is Node => p !== null && p.type !== 'comment');
  const [first, second] = parameters.map((p) => (p.type === 'required_parameter' || p.type === 'optional_parameter' ? p.childForFieldName('pattern') : p)?.text);
  if (first === 'req' || first === 'request') return second !== undefined && RESPONSE_PARAMETERS.has(second);
  return state.contextRoutes && (first === 'c' || first === 'ctx');
}

/** What route handlers name the parameter after the request (see `takesRequest`). */
const RESPONSE_PARAMETERS: ReadonlySet<string> = new Set(['res', 'response', 'reply', 'h']);

/** Whether a file's text imports Hono or Koa (a handler taking a context alone is a route's there) or the mock server msw. */
export function requestFrameworks(source: string): { readonly contextRoutes: boolean; readonly mockRoutes: boolean } {
  return { contextRoutes: CONTEXT_FRAMEWORKS.test(source), mockRoutes: MOCK_SERVERS.test(source) };
}

const CONTEXT_FRAMEWORKS = /['"](?:@hono\/|@koa\/|hono['"/]|koa['"/-])/;
const MOCK_SERVERS = /['"]msw['"/]/;

/** The `x.route('/p')` call on a router that `call` is, or continues with method calls (`.get(h)`). */
function routeChain(call: Node, state: FileState): Node | undefined {
  const fn = call.childForFieldName('function');
  if (fn?.type !== 'member_expression') return undefined;
  const property = fn.childForFieldName('property')?.text ?? '';
  const object = fn.childForFieldName('object');
  if (property === 'route') return object?.type === 'identifier' && isRouter(state, object.text) ? call : undefined;
  return METHOD_NAMES.has(property) && object?.type === 'call_expression' ? routeChain(object, state) : undefined;
}

function argumentsOf(call: Node): Node[] {
  return (call.childForFieldName('arguments')?.namedChildren ?? []).filter((a): a is Node => a !== null && a.type !== 'comment');
}

/** The handler a name or member names; a wrapper call's last argument (`asyncHandler(list)`). */
function handlerOf(node: Node): RouteHandler | undefined {
  if (node.type === 'identifier' || node.type === 'shorthand_property_identifier') return { name: node.text, node };
  if (node.type === 'member_expression') {
    const property = node.childForFieldName('property');
    const object = node.childForFieldName('object');
    return property === null ? undefined : { name: property.text, node: property, receiver: object?.text };
  }
  if (node.type === 'call_expression') {
    const inner = argumentsOf(node);
    const last = inner[inner.length - 1];
    return last === undefined || last.type === 'call_expression' ? undefined : handlerOf(last);
  }
  return undefined;
}

/** NestJS's method decorators and the method each fixes. */
const NEST_METHODS: ReadonlyMap<string, string> = new Map([
  ['Get', 'GET'], ['Post', 'POST'], ['Put', 'PUT'], ['Delete', 'DELETE'], ['Patch', 'PATCH'], ['Head', 'HEAD'], ['Options', 'OPTIONS'], ['All', ANY_METHOD],
]);

/** A decorator as its name and arguments: `@Get(':id')` is `Get` with `[':id']`. */
function decoratorCall(decorator: Node): { name: string; args: Node[] } | undefined {
  const expression = decorator.namedChild(0);
  if (expression?.type !== 'call_expression') return undefined;
  const fn = expression.childForFieldName('function');
  if (fn?.type !== 'identifier') return undefined;
  return { name: fn.text, args: argumentsOf(expression) };
}

/** A decorator argument's path: a string, or an object's `path`; '' when there is none. */
function decoratorPath(arg: Node | undefined, constants: PathConstants): string | undefined {
  if (arg === undefined) return '';
  if (arg.type === 'object') {
    for (const pair of arg.namedChildren) {
      if (pair?.type === 'pair' && pair.childForFieldName('key')?.text === 'path') return decoratorPath(pair.childForFieldName('value') ?? undefined, constants);
    }
    return '';
  }
  return writtenPath(arg, constants);
}

/** The path of a `@Controller(…)` class, or undefined when it is no controller. */
export function controllerPath(decorators: readonly Node[], constants: PathConstants): string | undefined {
  for (const decorator of decorators) {
    const call = decoratorCall(decorator);
    if (call?.name === 'Controller') return decoratorPath(call.args[0], constants);
  }
  return undefined;
}

/** Records the routes of a controller's method (`@Get(':id')`), in scope `owner`, calling the method. */
export function controllerRoutes(state: FileState, decorators: readonly Node[], nameNode: Node, owner: number, prefix: string): void {
  for (const decorator of decorators) {
    const call = decoratorCall(decorator);
    const method = call === undefined ? undefined : NEST_METHODS.get(call.name);
    const path = call === undefined ? undefined : decoratorPath(call.args[0], state.pathConstants);
    if (method === undefined || path === undefined) continue;
    defineRoute(state.builder, [method], joinRoutePath(prefix, path), decorator, methodHandler(nameNode), owner);
  }
}

/**
 * Fastify's and hapi's object form, `server.route({ method: 'GET', url: '/p', handler })` (`path`
 * for hapi; a list of methods, or `'*'` for any). The object's parts are walked as the route's.
 */
function objectRoute(state: FileState, call: Node, callee: Node): boolean {
  const target = callee.childForFieldName('object');
  const options = argumentsOf(call)[0];
  if (target?.type !== 'identifier' || !isRouter(state, target.text) || options?.type !== 'object') return false;
  const fields = fieldsOf(options);
  const route = routeFields(state, fields, fields.get('url') ?? fields.get('path'));
  if (route === undefined) return false;
  const handlerNode = handlerField(fields);
  const handler = handlerNode === undefined ? undefined : handlerOf(handlerNode);
  const indexes = defineRoute(state.builder, route.methods, joinRoutePath(state.routers.get(target.text) ?? '', route.path), call, handler);
  state.builder.within(indexes[0]!, () => walkFields(state, options));
  return true;
}

/**
 * Notes `const getUser = createRoute({ method: 'get', path: '/users/{id}', … })`, the route
 * definition of Hono's OpenAPI helper (@hono/zod-openapi), which `app.openapi(getUser, handler)`
 * serves later.
 */
export function noteRouteDefinition(state: FileState, declarator: Node): void {
  const name = declarator.childForFieldName('name');
  const object = createdRoute(declarator.childForFieldName('value'));
  if (name?.type === 'identifier' && object !== undefined) state.routeDefinitions.set(name.text, object);
}

/** The object of a `createRoute({…})` call. */
function createdRoute(value: Node | null | undefined): Node | undefined {
  if (value?.type !== 'call_expression' || value.childForFieldName('function')?.text !== 'createRoute') return undefined;
  const object = argumentsOf(value)[0];
  return object?.type === 'object' ? object : undefined;
}

/**
 * `app.openapi(getUser, (c) => …)` or `app.openapi(createRoute({…}), handler)`: the route its
 * definition's method and path declare, served by the handler (whose body is the route's).
 */
function openapiRoute(state: FileState, call: Node, callee: Node): boolean {
  const args = argumentsOf(call);
  const [definition, handlerNode] = args;
  const object = definition?.type === 'identifier' ? state.routeDefinitions.get(definition.text) : createdRoute(definition);
  if (object === undefined || handlerNode === undefined) return false;
  const fields = fieldsOf(object);
  const route = routeFields(state, fields, fields.get('path'));
  if (route === undefined) return false;
  const indexes = defineRoute(state.builder, route.methods, route.path, call, handlerOf(handlerNode));
  walkRouteCall(state, callee, args, indexes[0]!);
  return true;
}

/**
 * A hapi route written as an object wherever it is, not only in `server.route(…)`: an array of
 * them exported from a routes module, or one a function returns
 * (`module.exports = () => ({ method: 'GET', path: '/builds/{id}', options: { handler } })`),
 * as hapi applications keep most of theirs. Only an object with a `path` literal, an HTTP method
 * and a handler (its own, or in its `options` or older `config`) is one, so an HTTP client's
 * request options (`{ method: 'GET', path: '/x', host }`) are not. The route is the object, its
 * signature the method and path as written. Returns whether it was one (its parts are walked).
 */
export function visitRouteObject(state: FileState, object: Node): boolean {
  const fields = fieldsOf(object);
  const route = routeFields(state, fields, fields.get('path'), true);
  if (route === undefined) return false;
  const handlerNode = handlerField(fields);
  if (handlerNode === undefined) return false;
  const signature = ['method', 'path'].map((key) => fields.get(key)?.parent?.text ?? '').join(', ');
  const indexes = defineRoute(state.builder, route.methods, route.path, object, handlerOf(handlerNode), undefined, signature);
  state.builder.within(indexes[0]!, () => walkFields(state, object));
  return true;
}

/** Whether `source` can hold a route object: it has a `path:` key and a `handler` (one test per file, not per object). */
export function mayHoldRouteObjects(source: string): boolean {
  return ROUTE_OBJECT_HANDLER.test(source) && ROUTE_OBJECT_PATH.test(source);
}

const ROUTE_OBJECT_HANDLER = /\bhandler\b/;
const ROUTE_OBJECT_PATH = /\bpath['"]?\s*:/;

/**
 * An object's properties by key (quotes dropped), each its value; a method (`handler(request, h)
 * {…}`) and a shorthand property (`{ handler }`) are their own values.
 */
function fieldsOf(object: Node): Map<string, Node> {
  const fields = new Map<string, Node>();
  for (const member of object.namedChildren) {
    const field = member === null ? undefined : fieldOf(member);
    if (field !== undefined) fields.set(field.key, field.value);
  }
  return fields;
}

/** An object member's key (quotes dropped) and value: a pair's, or a method or shorthand property as its own value. */
function fieldOf(member: Node): { readonly key: string; readonly value: Node } | undefined {
  if (member.type === 'shorthand_property_identifier') return { key: member.text, value: member };
  const keyNode = member.type === 'pair' ? member.childForFieldName('key') : member.type === 'method_definition' ? member.childForFieldName('name') : null;
  const value = member.type === 'pair' ? member.childForFieldName('value') : member;
  return keyNode === null || value === null ? undefined : { key: keyNode.text.replace(/^['"]|['"]$/g, ''), value };
}

/**
 * A route object's methods (upper-cased, `'*'` as any) and path, when both are written as
 * literals; `known` takes only HTTP's own methods (an object nothing says is a route's, where
 * `method: 'oauth'` is something else), else any word (Fastify's `SEARCH`, `PROPFIND`).
 */
function routeFields(state: FileState, fields: ReadonlyMap<string, Node>, pathNode: Node | undefined, known = false): { methods: string[]; path: string } | undefined {
  const path = pathOf(pathNode, state.pathConstants);
  const methodNode = fields.get('method');
  const written = methodNode?.type === 'array' ? methodNode.namedChildren : [methodNode];
  const methods = written.map((m) => (m?.type === 'string' ? m.text.slice(1, -1).toUpperCase() : undefined)).map((m) => (m === '*' ? ANY_METHOD : m));
  const valid = (m: string | undefined): m is string => m !== undefined && (known ? m === ANY_METHOD || HTTP_METHODS.has(m) : /^[A-Z]+$/.test(m));
  if (path === undefined || methods.length === 0 || !methods.every(valid)) return undefined;
  return { methods, path };
}

/** A route object's `handler`: its own, or that of its `options` (or older `config`) object. */
function handlerField(fields: ReadonlyMap<string, Node>): Node | undefined {
  const options = fields.get('options') ?? fields.get('config');
  return fields.get('handler') ?? (options?.type === 'object' ? fieldsOf(options).get('handler') : undefined);
}

/**
 * Walks a route object's properties (not the object itself, which would be taken for a route
 * again). Its handler, its own or in `options`/`config`, is walked as its parameters and body, so
 * that its calls are the route's whatever form it takes (an arrow, a function, a method), rather
 * than those of a symbol named `handler` that an object assigned to a name would define.
 */
function walkFields(state: FileState, object: Node): void {
  for (const child of object.namedChildren) {
    if (child === null) continue;
    const field = fieldOf(child);
    const value = field?.value;
    if (field?.key === 'handler' && value !== undefined && (value.type === 'method_definition' || FUNCTION_VALUES.has(value.type))) {
      for (const part of [value.childForFieldName('parameters') ?? value.childForFieldName('parameter'), value.childForFieldName('body')]) if (part !== null) state.visit(part);
    } else if ((field?.key === 'options' || field?.key === 'config') && value?.type === 'object') {
      walkFields(state, value);
    } else {
      state.visit(child);
    }
  }
}
