/**
 * ASP.NET Core routes: controller actions (`[HttpGet("{id}")]`, `[HttpPost]`, `[Route("x")]`)
 * under the class's `[Route("api/[controller]")]` (the `[controller]` and `[action]` tokens
 * filled in, a path starting with `/` or `~/` taken as is), and minimal APIs
 * (`app.MapGet("/p", handler)`, under a `var api = app.MapGroup("/api")` of the same file).
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { ANY_METHOD, defineRoute, joinRoutePath, methodHandler, type RouteHandler } from '../routes.js';

const HTTP_ATTRIBUTES: ReadonlyMap<string, string> = new Map([
  ['HttpGet', 'GET'], ['HttpPost', 'POST'], ['HttpPut', 'PUT'], ['HttpDelete', 'DELETE'], ['HttpPatch', 'PATCH'], ['HttpHead', 'HEAD'], ['HttpOptions', 'OPTIONS'],
]);
const MAP_METHODS: ReadonlyMap<string, string> = new Map([
  ['MapGet', 'GET'], ['MapPost', 'POST'], ['MapPut', 'PUT'], ['MapDelete', 'DELETE'], ['MapPatch', 'PATCH'], ['Map', ANY_METHOD],
]);

/** The attributes of a declaration as [bare name, first string argument, the attribute]. */
function attributesOf(node: Node): [string, string | undefined, Node][] {
  const out: [string, string | undefined, Node][] = [];
  for (const list of node.namedChildren) {
    if (list?.type !== 'attribute_list') continue;
    for (const attribute of list.namedChildren) {
      if (attribute?.type !== 'attribute') continue;
      const name = attribute.childForFieldName('name')?.text.split('.').pop()?.replace(/Attribute$/, '');
      if (name === undefined) continue;
      const args = attribute.namedChildren.find((c) => c?.type === 'attribute_argument_list');
      const first = args?.namedChildren.find((c) => c?.type === 'attribute_argument')?.namedChild(0) ?? undefined;
      out.push([name, stringOf(first), attribute]);
    }
  }
  return out;
}

/**
 * ASP.NET Core's own controller bases, which carry no route template: a class deriving from one
 * is where an inherited template's search ends. (Web API 2's `ApiController` is not among them:
 * projects name their own base so.)
 */
const FRAMEWORK_CONTROLLERS: ReadonlySet<string> = new Set(['ControllerBase', 'Controller', 'ODataController']);

/**
 * How a class's actions are routed: under its own `[Route("api/[controller]")]` (`template`);
 * without one, under its base class's name in braces (`{BaseApiController}`, `base`), which the
 * stage after resolution replaces by the template the class inherits (ASP.NET takes the nearest
 * base's that declares one); under nothing for a class deriving from the framework's controller
 * base, or from nothing. `heir` is set once a route is written under the base's name.
 */
export interface ControllerRouting {
  readonly template?: string;
  readonly base?: string;
  heir?: boolean;
}

/**
 * The routing of a class's actions. A class with a template of its own, or deriving from the
 * framework's base, is recorded for the classes below it (`RouteTemplate`); one whose routes go
 * under its base's name is recorded by the first such route (`actionRoutes`).
 */
export function controllerRouting(b: ExtractionBuilder, classNode: Node, index: number): ControllerRouting {
  const own = attributesOf(classNode).find(([name]) => name === 'Route')?.[1];
  const symbol = b.symbolAt(index);
  const base = symbol?.kind === 'class' ? baseClassName(classNode) : undefined;
  if (symbol !== undefined && (own !== undefined || (base !== undefined && FRAMEWORK_CONTROLLERS.has(base)))) b.routeTemplate(symbol.name, own, symbol.startLine);
  if (own !== undefined) return { template: own };
  return base === undefined || FRAMEWORK_CONTROLLERS.has(base) ? {} : { template: `{${base}}`, base };
}

/** The class a class declaration derives from (`Acme.Web.ApiBase<T>` is `ApiBase`): the first of its bases unless named as interfaces are (`IDisposable`). */
function baseClassName(classNode: Node): string | undefined {
  const first = classNode.childForFieldName('bases')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  const type = first?.type === 'primary_constructor_base_type' ? first.firstNamedChild : first;
  const name = type?.text.replace(/<[\s\S]*$/, '').split('.').pop()?.trim();
  return name === undefined || /^I[A-Z]/.test(name) || !/^[A-Za-z_]\w*$/.test(name) ? undefined : name;
}

/**
 * Records the routes a controller action's attributes declare, in scope `owner` (its class), under
 * the class's `template`, each calling the method.
 */
export function actionRoutes(b: ExtractionBuilder, method: Node, nameNode: Node, owner: number, className: string, routing: ControllerRouting | undefined): void {
  const template = routing?.template;
  const found = attributesOf(method);
  const own = found.find(([name]) => name === 'Route')?.[1];
  const action = found.find(([name]) => name === 'ActionName')?.[1] ?? actionName(nameNode.text);
  const fill = (path: string): string => withTokens(path, className, action);
  const handler = methodHandler(nameNode);
  for (const [name, path, attribute] of found) {
    const verb = HTTP_ATTRIBUTES.get(name);
    if (verb === undefined) continue;
    const written = path ?? own ?? '';
    const rooted = written.startsWith('/') || written.startsWith('~/');
    if (template === undefined && !rooted && own === undefined && path === undefined) continue;
    const full = rooted ? joinRoutePath('', written.replace(/^~/, '')) : joinRoutePath(template ?? '', written);
    const [index] = defineRoute(b, [verb], fill(full), attribute, handler, owner);
    // The first route written under the base's name records the class for the stage that joins templates.
    if (index === undefined || rooted || routing?.base === undefined || routing.heir === true) continue;
    const line = b.symbolAt(owner)?.startLine;
    if (line === undefined) continue;
    routing.heir = true;
    b.routeTemplate(className, undefined, line, routing.base);
  }
}

/**
 * The name an action's method gives a route's `[action]`: without an `Async` suffix, as ASP.NET
 * Core names actions by default (`SuppressAsyncSuffixInActionNames`, since 3.0): `GetAsync` is `Get`.
 * An `[ActionName("…")]` attribute names it instead (read where the action's file is).
 */
export function actionName(method: string): string {
  return method.length > 'Async'.length && method.endsWith('Async') ? method.slice(0, -'Async'.length) : method;
}

/**
 * A route template with its tokens filled in, in any case as ASP.NET reads them: `[controller]`
 * with the controller's name without `Controller`, `[action]` with `action` when it is known.
 */
export function withTokens(template: string, className: string, action: string | undefined): string {
  const controller = template.replace(/\[controller\]/gi, () => className.replace(/Controller$/, ''));
  return action === undefined ? controller : controller.replace(/\[action\]/gi, () => action);
}

/** One file's route groups (`var api = app.MapGroup("/api")`), with their whole prefix. */
export type MapGroups = Map<string, string>;

/**
 * Records the route a minimal-API call declares (`app.MapGet("/p", handler)`) and opens it, so a
 * lambda handler's calls are its; notes a group.
 */
export function minimalApiRoute(b: ExtractionBuilder, groups: MapGroups, call: Node): void {
  const fn = call.childForFieldName('function');
  if (fn?.type !== 'member_access_expression') return;
  const verb = fn.childForFieldName('name')?.text ?? '';
  const method = MAP_METHODS.get(verb);
  // Only these calls read their arguments: most calls of a file are none of them.
  if (method === undefined && verb !== 'MapGroup') return;
  const target = fn.childForFieldName('expression');
  const prefix = target?.type === 'identifier' ? (groups.get(target.text) ?? '') : '';
  const args = (call.childForFieldName('arguments')?.namedChildren ?? []).flatMap((a) => (a?.type === 'argument' ? (a.namedChild(a.namedChildCount - 1) ?? []) : []));
  const path = stringOf(args[0]);
  if (method === undefined) {
    noteGroup(groups, call, joinRoutePath(prefix, path ?? ''));
    return;
  }
  const handler = args[1];
  if (path === undefined || handler === undefined) return;
  const named = handlerOf(handler);
  if (named === undefined && handler.type !== 'lambda_expression' && handler.type !== 'anonymous_method_expression') return;
  const [index] = defineRoute(b, [method], joinRoutePath(prefix, path), call, named);
  if (index !== undefined) b.open(index);
}

function noteGroup(groups: MapGroups, call: Node, prefix: string): void {
  const declarator = call.parent?.type === 'equals_value_clause' ? call.parent.parent : call.parent;
  if (declarator?.type !== 'variable_declarator') return;
  const name = declarator.childForFieldName('name') ?? declarator.namedChild(0);
  if (name?.type === 'identifier') groups.set(name.text, prefix);
}

function handlerOf(node: Node): RouteHandler | undefined {
  if (node.type === 'identifier') return { name: node.text, node };
  if (node.type === 'member_access_expression') {
    const name = node.childForFieldName('name');
    return name === null ? undefined : { name: name.text, node: name, receiver: node.childForFieldName('expression')?.text };
  }
  return undefined;
}

/** A regular or verbatim string literal's text, without interpolation. */
function stringOf(node: Node | undefined): string | undefined {
  if (node === undefined || (node.type !== 'string_literal' && node.type !== 'verbatim_string_literal')) return undefined;
  return node.text.replace(/^@/, '').slice(1, -1);
}
