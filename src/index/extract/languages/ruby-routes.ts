/**
 * Rails routes, in `config/routes.rb` (and `config/routes/*.rb`): `get 'p', to: 'photos#show'`
 * (or `=> 'photos#show'`, or `controller: 'photos', action: 'show'`), `root`, `resources`/`resource` with `only:`/`except:` (the seven
 * actions, or six), and the paths and controller modules of the `namespace`, `scope`,
 * `resources … do`, `member` and `collection` blocks around them. Each route calls its action
 * on its controller (`PhotosController#show`, `Admin::PhotosController` in a namespace).
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { EnclosingValues } from '../enclosing.js';
import { ANY_METHOD, defineRoute, joinRoutePath } from '../routes.js';

/** Whether `path` is a routes file. */
export function isRoutesFile(path: string): boolean {
  return /(?:^|\/)config\/routes(?:\.rb$|\/[^/]+\.rb$)/.test(path);
}

const VERBS: ReadonlyMap<string, string> = new Map([['get', 'GET'], ['post', 'POST'], ['put', 'PUT'], ['patch', 'PATCH'], ['delete', 'DELETE']]);

/** The actions of `resources` (plural) and `resource` (singular): method, path after the base, action. */
const PLURAL: readonly (readonly [string, string, string])[] = [
  ['GET', '', 'index'], ['GET', '/new', 'new'], ['POST', '', 'create'], ['GET', '/:id', 'show'], ['GET', '/:id/edit', 'edit'],
  ['PATCH', '/:id', 'update'], ['PUT', '/:id', 'update'], ['DELETE', '/:id', 'destroy'],
];
const SINGULAR: readonly (readonly [string, string, string])[] = [
  ['GET', '/new', 'new'], ['POST', '', 'create'], ['GET', '', 'show'], ['GET', '/edit', 'edit'],
  ['PATCH', '', 'update'], ['PUT', '', 'update'], ['DELETE', '', 'destroy'],
];

/** Where a call sits: the path and controller modules of the blocks around it, and the resource it is inside. */
interface Context {
  readonly path: string;
  readonly modules: readonly string[];
  /** The enclosing `resources`/`resource`: its controller name and where `member`/`collection` routes go. */
  readonly resource?: { readonly controller: string; readonly member: string; readonly collection: string; readonly inside: 'member' | 'collection' | 'nested' };
}

/** The context of each place of a routes file, given by the blocks around it (enclosing.ts). */
export type RouteContexts = EnclosingValues<Context>;

/** A routes file's contexts, for a walk in document order. */
export function routeContexts(): RouteContexts {
  return new EnclosingValues<Context>({ path: '', modules: [] });
}

/**
 * Records the routes a call of a routes file declares, and the context its block gives the calls
 * in it; returns whether it declared any.
 */
export function railsRoutes(b: ExtractionBuilder, call: Node, contexts: RouteContexts): boolean {
  const context = contexts.at(call.startIndex);
  const block = call.childForFieldName('block');
  // Also a call with a receiver: Rails 2's `map.namespace :admin do`.
  if (block !== null) {
    const inside = blockContext(call, context);
    if (inside !== context) contexts.give(block.startIndex, block.endIndex, inside);
  }
  return call.childForFieldName('receiver') === null && declaredRoutes(b, call, context);
}

function declaredRoutes(b: ExtractionBuilder, call: Node, context: Context): boolean {
  const method = call.childForFieldName('method')?.text ?? '';
  const args = argumentsOf(call);
  if (method === 'resources' || method === 'resource') return resourceRoutes(b, call, method === 'resources', args, context);
  if (method === 'root') {
    const target = optionValue(args, 'to') ?? stringOf(args[0]);
    return target !== undefined && define(b, ['GET'], joinRoutePath(context.path, '/'), call, target, context);
  }
  const verb = VERBS.get(method);
  const verbs = method === 'match' ? matchVerbs(args) : verb === undefined ? undefined : [verb];
  if (verbs === undefined) return false;
  const first = args[0];
  const written = first?.type === 'pair' ? stringOf(first.childForFieldName('key') ?? undefined) : (stringOf(first) ?? symbolOf(first));
  if (written === undefined) return false;
  let target = optionValue(args, 'to') ?? (first?.type === 'pair' ? stringOf(first.childForFieldName('value') ?? undefined) : undefined) ?? controllerAction(args);
  const resource = context.resource;
  let base = context.path;
  if (resource !== undefined && resource.inside !== 'nested') {
    base = resource.inside === 'member' ? resource.member : resource.collection;
    target ??= `${resource.controller}#${written.replace(/^\//, '')}`;
  }
  return target !== undefined && define(b, verbs, joinRoutePath(base, written), call, target, context);
}

/** `controller: 'my', action: 'account'` (also `:controller => 'my'`) as the target `my#account`. */
function controllerAction(args: readonly Node[]): string | undefined {
  const controller = optionValue(args, 'controller');
  const action = optionValue(args, 'action');
  return controller === undefined || action === undefined ? undefined : `${controller}#${action}`;
}

/** The methods of `match … via: [:get, :post]` (`via: :all`, or no `via`, is any method). */
function matchVerbs(args: readonly Node[]): readonly string[] {
  const via = optionList(args, 'via') ?? [];
  const verbs = via.flatMap((v) => (v === 'all' ? [] : [VERBS.get(v) ?? v.toUpperCase()]));
  return via.length === 0 || via.includes('all') ? [ANY_METHOD] : verbs;
}

function resourceRoutes(b: ExtractionBuilder, call: Node, plural: boolean, args: readonly Node[], context: Context): boolean {
  const name = symbolOf(args[0]) ?? stringOf(args[0]);
  if (name === undefined) return false;
  const only = optionList(args, 'only');
  const except = optionList(args, 'except') ?? [];
  const controller = optionValue(args, 'controller') ?? (plural ? name : `${name}s`);
  let defined = false;
  for (const [method, suffix, action] of plural ? PLURAL : SINGULAR) {
    if ((only !== undefined && !only.includes(action)) || except.includes(action)) continue;
    defined = define(b, [method], joinRoutePath(context.path, `/${name}${suffix}`), call, `${controller}#${action}`, context) || defined;
  }
  return defined;
}

/** Records one route calling `target` (`photos#show`) in the context's controller modules. */
function define(b: ExtractionBuilder, methods: readonly string[], path: string, at: Node, target: string, context: Context): boolean {
  const hash = target.indexOf('#');
  if (hash <= 0) return false;
  const parts = [...context.modules, ...target.slice(0, hash).split('/')];
  const controller = `${parts.map(camel).join('::')}Controller`;
  defineRoute(b, methods, path, at, { name: target.slice(hash + 1), node: at, receiver: controller });
  return true;
}

/** The calls whose block gives its calls another context. */
const CONTEXT_METHODS: ReadonlySet<string> = new Set(['namespace', 'scope', 'resources', 'resource', 'member', 'collection']);

/** The context inside the block of call `outer`, which sits in `context`. */
function blockContext(outer: Node, context: Context): Context {
  const method = outer.childForFieldName('method')?.text;
  // Most blocks (`draw`, `constraints`, `concern`) give the context they sit in.
  if (method === undefined || !CONTEXT_METHODS.has(method)) return context;
  const args = argumentsOf(outer);
  const name = symbolOf(args[0]) ?? stringOf(args[0]) ?? '';
  if (method === 'namespace') return { path: joinRoutePath(context.path, name), modules: [...context.modules, name] };
  if (method === 'scope') {
    const path = optionValue(args, 'path') ?? stringOf(args[0]) ?? '';
    const module = optionValue(args, 'module');
    return { ...context, path: joinRoutePath(context.path, path), modules: module === undefined ? context.modules : [...context.modules, module] };
  }
  if (method === 'resources' || method === 'resource') {
    const base = joinRoutePath(context.path, name);
    const plural = method === 'resources';
    const singular = name.replace(/s$/, '');
    const controller = optionValue(args, 'controller') ?? (plural ? name : `${name}s`);
    return {
      path: plural ? `${base}/:${singular}_id` : base,
      modules: context.modules,
      resource: { controller, member: plural ? `${base}/:id` : base, collection: base, inside: 'nested' },
    };
  }
  if ((method === 'member' || method === 'collection') && context.resource !== undefined) return { ...context, resource: { ...context.resource, inside: method } };
  return context;
}

function argumentsOf(call: Node): Node[] {
  return (call.childForFieldName('arguments')?.namedChildren ?? []).filter((a): a is Node => a !== null && a.type !== 'comment');
}

/** A keyword option (`to: 'x'`, `:to => 'x'`) written as a string or a symbol. */
function optionValue(args: readonly Node[], key: string): string | undefined {
  const value = option(args, key);
  return stringOf(value) ?? symbolOf(value);
}

/** A keyword option written as an array of symbols or strings (`only: [:index, :show]`), or one of them. */
function optionList(args: readonly Node[], key: string): string[] | undefined {
  const value = option(args, key);
  if (value === undefined) return undefined;
  const items = value.type === 'array' ? value.namedChildren : [value];
  return items.flatMap((i) => {
    const text = i === null ? undefined : (symbolOf(i) ?? stringOf(i));
    return text === undefined ? [] : [text];
  });
}

function option(args: readonly Node[], key: string): Node | undefined {
  for (const arg of args) {
    const pairs = arg.type === 'hash' ? arg.namedChildren : [arg];
    for (const pair of pairs) {
      if (pair?.type !== 'pair') continue;
      const k = pair.childForFieldName('key');
      const name = k?.type === 'hash_key_symbol' ? k.text : (symbolOf(k ?? undefined) ?? stringOf(k ?? undefined));
      if (name === key) return pair.childForFieldName('value') ?? undefined;
    }
  }
  return undefined;
}

function stringOf(node: Node | undefined): string | undefined {
  if (node?.type !== 'string' || node.namedChildren.some((c) => c !== null && c.type !== 'string_content')) return undefined;
  return node.text.slice(1, -1);
}

function symbolOf(node: Node | undefined): string | undefined {
  return node?.type === 'simple_symbol' ? node.text.slice(1) : undefined;
}

/** `admin` -> `Admin`, `user_photos` -> `UserPhotos`. */
function camel(word: string): string {
  return word.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}
