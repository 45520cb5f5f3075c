/**
 * Java web routes: Spring's `@GetMapping("/p")` … `@RequestMapping(value = "/p", method =
 * RequestMethod.POST)` and JAX-RS's `@GET @Path("p")` on methods, under the class's own
 * `@RequestMapping("/prefix")` or `@Path("/prefix")`; a JAX-RS sub-resource's (a class without
 * `@Path`) under its name in braces. Each route is the class's, beside the method it calls.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { unquote } from '../comments.js';
import { ANY_METHOD, defineRoute, HTTP_METHODS, joinRoutePath, methodHandler } from '../routes.js';

/** Spring's per-method mapping annotations and the method each fixes. */
const SPRING_MAPPINGS: ReadonlyMap<string, string> = new Map([
  ['GetMapping', 'GET'], ['PostMapping', 'POST'], ['PutMapping', 'PUT'], ['DeleteMapping', 'DELETE'], ['PatchMapping', 'PATCH'],
]);
const REQUEST_MAPPING = 'RequestMapping';
const JAXRS_PATH = 'Path';

/** The annotations of a declaration's modifiers, by simple name. */
function annotationsOf(mods: Node | null): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const a of mods?.namedChildren ?? []) {
    if (a === null || (a.type !== 'marker_annotation' && a.type !== 'annotation')) continue;
    const name = a.childForFieldName('name')?.text.split('.').pop();
    if (name !== undefined) out.set(name, a);
  }
  return out;
}

/** The path prefix a class declares (`@RequestMapping("/api")`, `@Path("/api")`), '' when none. */
export function classRoutePrefix(mods: Node | null): string | undefined {
  const found = annotationsOf(mods);
  const mapping = found.get(REQUEST_MAPPING) ?? found.get(JAXRS_PATH);
  return mapping === undefined ? undefined : (pathsOf(mapping)[0] ?? '');
}

/**
 * Records the routes a method's annotations declare, in scope `owner` (its class) under the
 * class's `prefix`, each calling the method.
 */
export function methodRoutes(b: ExtractionBuilder, mods: Node | null, nameNode: Node, owner: number, prefix: string | undefined, jaxrsFile: boolean): void {
  const found = annotationsOf(mods);
  for (const [name, annotation] of found) {
    const fixed = SPRING_MAPPINGS.get(name);
    let methods: string[];
    if (fixed !== undefined) methods = [fixed];
    else if (name === REQUEST_MAPPING) methods = requestMethods(annotation) ?? [ANY_METHOD];
    else continue;
    const paths = pathsOf(annotation);
    for (const path of paths.length > 0 ? paths : ['']) define(b, methods, joinRoutePath(prefix ?? '', path), annotation, nameNode, owner);
  }
  const jaxrs = [...found.keys()].filter((n) => HTTP_METHODS.has(n));
  if (jaxrs.length === 0) {
    if (jaxrsFile && found.has(JAXRS_PATH)) locator(b, found.get(JAXRS_PATH)!, nameNode, owner, prefix);
    return;
  }
  const base = prefix ?? (jaxrsFile && jaxrs.every((n) => found.get(n)?.type === 'marker_annotation') ? subResourcePrefix(b, owner) : undefined);
  if (base === undefined && !found.has(JAXRS_PATH)) return;
  const path = found.has(JAXRS_PATH) ? (pathsOf(found.get(JAXRS_PATH)!)[0] ?? '') : '';
  define(b, jaxrs, joinRoutePath(base ?? '', path), found.get(jaxrs[0]!)!, nameNode, owner);
}

/**
 * A JAX-RS sub-resource locator: a method with `@Path` and no HTTP method, whose returned class
 * serves the requests under its path (`@Path("groups/{id}") GroupResource group(…)`). Recorded
 * with the path as this class's routes are written, for the stage after resolution to join to the
 * returned class's routes. `void` or a primitive records nothing; a type that is no class of the
 * project (`Object`, `Response`) is recorded and joins nothing.
 */
function locator(b: ExtractionBuilder, path: Node, nameNode: Node, owner: number, prefix: string | undefined): void {
  const method = nameNode.parent;
  const returned = method?.childForFieldName('type');
  const typeName = returned === null || returned === undefined ? undefined : className(returned);
  if (method === null || typeName === undefined) return;
  const base = prefix ?? subResourcePrefix(b, owner) ?? '';
  b.locate(joinRoutePath(base, pathsOf(path)[0] ?? ''), typeName, method.startPosition.row + 1);
}

/** The class a type names (`GroupResource`, `admin.GroupResource`, `Resource<T>`), undefined for a primitive or `void`. */
function className(type: Node): string | undefined {
  if (type.type === 'generic_type') return type.namedChild(0) === null ? undefined : className(type.namedChild(0)!);
  if (type.type === 'scoped_type_identifier') return type.text.split('.').pop()?.trim();
  return type.type === 'type_identifier' ? type.text : undefined;
}

/**
 * Where a JAX-RS sub-resource's routes are: a class without `@Path` is served under the path of
 * a locator method elsewhere (`@Path("{id}") GroupResource group(…)`), not known here, so its
 * routes are written under the class's name in braces (`GET /{GroupResource}/members`), as a
 * constant in a path is. Only a class's, and only for JAX-RS's own marker annotations: Retrofit's
 * `@GET("users")` on an interface is an HTTP client's.
 */
function subResourcePrefix(b: ExtractionBuilder, owner: number): string | undefined {
  const owning = b.symbolAt(owner);
  return owning?.kind === 'class' ? `{${owning.name}}` : undefined;
}

/** Whether a Java file uses JAX-RS (`javax.ws.rs`, `jakarta.ws.rs`): only there is `@GET` on a class without `@Path` a sub-resource's. */
export function usesJaxrs(source: string): boolean {
  return JAXRS_PACKAGE.test(source);
}

const JAXRS_PACKAGE = /\b(?:javax|jakarta)\.ws\.rs\b/;

function define(b: ExtractionBuilder, methods: readonly string[], path: string, at: Node, nameNode: Node, owner: number): void {
  defineRoute(b, methods, path, at, methodHandler(nameNode), owner);
}

/** The annotation's paths: its sole value, or its `value`/`path` element, a string or an array of them. */
function pathsOf(annotation: Node): string[] {
  const args = annotation.childForFieldName('arguments');
  if (args === null) return [];
  for (const arg of args.namedChildren) {
    if (arg === null) continue;
    if (arg.type !== 'element_value_pair') return strings(arg);
    const key = arg.childForFieldName('key')?.text;
    if (key === 'value' || key === 'path') return strings(arg.childForFieldName('value'));
  }
  return [];
}

/** `method = RequestMethod.POST` or `method = {RequestMethod.GET, RequestMethod.HEAD}`. */
function requestMethods(annotation: Node): string[] | undefined {
  for (const arg of annotation.childForFieldName('arguments')?.namedChildren ?? []) {
    if (arg?.type !== 'element_value_pair' || arg.childForFieldName('key')?.text !== 'method') continue;
    const value = arg.childForFieldName('value');
    const items = value?.type === 'element_value_array_initializer' ? value.namedChildren : [value];
    const methods = items.map((m) => m?.text.split('.').pop()).filter((m): m is string => m !== undefined && HTTP_METHODS.has(m));
    return methods.length > 0 ? methods : undefined;
  }
  return undefined;
}

function strings(node: Node | null | undefined): string[] {
  if (node === null || node === undefined) return [];
  if (node.type === 'element_value_array_initializer') return node.namedChildren.flatMap((c) => (c === null ? [] : pathText(c) ?? []));
  const path = pathText(node);
  return path === undefined ? [] : [path];
}

/**
 * A path as written: a string, or a constant or a concatenation of strings and constants, each
 * constant kept as its name in braces (`@Path("/{version : " + VERSION + "}/entity")` is
 * `/{version : {VERSION}}/entity`, `@GetMapping(ApiPaths.USERS)` is `{ApiPaths.USERS}`), so the route
 * keeps the parts that are written rather than losing the whole path. Undefined for anything else.
 */
function pathText(node: Node): string | undefined {
  if (node.type === 'string_literal') return unquote(node.text);
  if (node.type === 'identifier' || node.type === 'field_access') return `{${node.text.replace(/\s+/g, '')}}`;
  if (node.type === 'parenthesized_expression') return node.namedChild(0) === null ? undefined : pathText(node.namedChild(0)!);
  if (node.type !== 'binary_expression' || node.childForFieldName('operator')?.text !== '+') return undefined;
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const a = left === null ? undefined : pathText(left);
  const b = right === null ? undefined : pathText(right);
  return a === undefined || b === undefined ? undefined : a + b;
}
