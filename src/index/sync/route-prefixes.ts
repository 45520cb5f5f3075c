/**
 * Joins the prefixes routers are mounted under to the routes of the files they come from:
 * `app.use('/api', users)` in one file and `router.get('/:id', show)` in `users.js` give the route
 * `GET /:id` the qualified name `GET /api/:id`. Runs after resolution, which ties each mount to the file its import names.
 * Recomputed whole by every sync that changed content: mounts are few, and the routes looked at
 * are those of the files mounted now or by the last run (kept in the index's metadata).
 */
import { actionName, withTokens } from '../extract/languages/csharp-routes.js';
import { joinRoutePath, routePath } from '../extract/routes.js';
import {
  hasMounts, hasRouteTemplates, MAX_TEMPLATE_DEPTH, readMountLinks, readRouteNames, readTemplateChains, type GraphStore, type MountLink, type QualifiedRoute, type TemplateChainStep,
} from '../../store/index.js';

/** The metadata key listing the files whose routes carry a mount's prefix. */
export const MOUNTED_FILES_META = 'mounted_route_files';

/** Mounts followed from a file up to the one that mounts nothing: Express apps nest two or three. */
export const MAX_MOUNT_DEPTH = 8;

/** Locators followed from a class up to a root resource: keycloak's admin API nests six. */
export const MAX_LOCATOR_DEPTH = 16;

/**
 * Qualifies the routes of mounted files by their whole path (and restores those no longer
 * mounted). Returns whether a route of a file outside `rewritten` changed: its file's derived
 * words changed too.
 */
export function joinMountedRoutes(store: GraphStore, rewritten: ReadonlySet<number>): boolean {
  const before = storedIds(store.getMeta(MOUNTED_FILES_META));
  const links = hasMounts(store) ? readMountLinks(store) : [];
  const prefixes = filePrefixes(links.filter((link) => link.typeName === undefined));
  const located = locatedPrefixes(links);
  const inherited = inheritedPaths(hasRouteTemplates(store) ? readTemplateChains(store) : []);
  const files = new Set([...prefixes.keys(), ...located.keys(), ...[...inherited.values()].map((h) => h.fileId)]);
  if (files.size === 0 && before.length === 0) return false;
  const renames: QualifiedRoute[] = [];
  let outside = false;
  for (const route of readRouteNames(store, [...new Set([...before, ...files])])) {
    const heir = route.parentId === null ? undefined : inherited.get(route.parentId);
    const qualifiedName = inheritedRoute(route.name, heir, route.handler) ?? qualifiedRoute(route.name, prefixes.get(route.fileId), located.get(route.fileId));
    if (qualifiedName === route.qualifiedName) continue;
    renames.push({ id: route.id, name: route.name, qualifiedName });
    if (!rewritten.has(route.fileId)) outside = true;
  }
  store.qualifyRoutes(renames);
  const now = [...files].sort((a, b) => a - b);
  if (now.join(',') !== before.join(',')) store.setMeta(MOUNTED_FILES_META, JSON.stringify(now));
  return outside;
}

/**
 * A controller's route written under its base's name, under the path that name stands for, an
 * inherited `[action]` filled with the name of the action it calls (`actionName`); undefined for any other.
 */
export function inheritedRoute(name: string, heir: InheritedPath | undefined, action: string | undefined): string | undefined {
  if (heir === undefined) return undefined;
  const bare = withoutPlaceholder(name, heir.base);
  return bare === name ? undefined : prefixedName(bare, withTokens(heir.path, heir.controller, action === undefined ? undefined : actionName(action)));
}

/**
 * A route's qualified name: under its file's mount prefix, or, for a route written under a located
 * class's name in braces, under that class's path (the rest of the file's routes keep their names).
 */
export function qualifiedRoute(name: string, prefix: string | undefined, classes: ReadonlyMap<string, string> | undefined): string {
  for (const [typeName, path] of classes ?? []) {
    const bare = withoutPlaceholder(name, typeName);
    if (bare !== name) return prefixedName(bare, path);
  }
  return prefix === undefined ? name : prefixedName(name, prefix);
}

/**
 * Each mounted file's whole prefix: its mount's, after the prefix of the file that mounts it, and
 * so on up. A file mounted twice takes its first mount (by the mounting file's path and line); a
 * cycle or a chain past MAX_MOUNT_DEPTH stops where it closes. Files whose prefix is '' are left out.
 */
export function filePrefixes(links: readonly MountLink[]): Map<number, string> {
  const first = new Map<number, MountLink>();
  for (const link of links) if (link.to !== link.from && !first.has(link.to)) first.set(link.to, link);
  const out = new Map<number, string>();
  for (const file of first.keys()) {
    const parts: string[] = [];
    const seen = new Set<number>([file]);
    let link = first.get(file);
    while (link !== undefined && parts.length < MAX_MOUNT_DEPTH) {
      parts.unshift(link.prefix);
      if (seen.has(link.from)) break;
      seen.add(link.from);
      link = first.get(link.from);
    }
    const prefix = parts.reduce((joined, part) => (part === '' ? joined : joinRoutePath(joined, part)), '');
    if (prefix !== '' && prefix !== '/') out.set(file, prefix);
  }
  return out;
}

/**
 * The path of each class a sub-resource locator returns, by file and class name. A locator's path
 * is written as its own class's routes are: under that class's name in braces when it is itself a
 * sub-resource, which that class's own path then replaces. A class takes the first of its locators
 * (by file path and line) whose chain ends at a class no locator returns; a locator in a cycle of
 * them (`A` returns `B`, which returns `A`) or past MAX_LOCATOR_DEPTH gives nothing.
 */
export function locatedPrefixes(links: readonly MountLink[]): Map<number, Map<string, string>> {
  const byClass = new Map<string, MountLink[]>();
  for (const link of links) {
    if (link.typeName === undefined) continue;
    const key = classKey(link.to, link.typeName);
    byClass.set(key, [...(byClass.get(key) ?? []), link]);
  }
  // Each class's path and how many locators lead to it, so the depth bound does not depend on the order classes are asked in.
  const known = new Map<string, { readonly path: string; readonly depth: number }>();
  const pathOf = (key: string, open: Set<string>): { readonly path: string; readonly depth: number } | undefined => {
    const done = known.get(key);
    // Past MAX_LOCATOR_DEPTH open classes the chain is too deep whatever lies above: no deeper recursion.
    if (done !== undefined || open.has(key) || open.size >= MAX_LOCATOR_DEPTH) return done;
    open.add(key);
    let found: { path: string; depth: number } | undefined;
    for (const link of byClass.get(key) ?? []) {
      let depth = 1;
      const path = locatorPath(link, (up) => {
        const upKey = classKey(link.from, up);
        if (!byClass.has(upKey)) return undefined;
        const above = pathOf(upKey, open);
        depth += above?.depth ?? 0;
        return above?.path ?? null;
      });
      if (path !== undefined && depth <= MAX_LOCATOR_DEPTH) {
        found = { path, depth };
        break;
      }
    }
    open.delete(key);
    if (found !== undefined) known.set(key, found);
    return found;
  };
  const out = new Map<number, Map<string, string>>();
  for (const [key, classLinks] of byClass) {
    const link = classLinks[0];
    const path = pathOf(key, new Set())?.path;
    if (link?.typeName === undefined || path === undefined) continue;
    out.set(link.to, (out.get(link.to) ?? new Map<string, string>()).set(link.typeName, path));
  }
  return out;
}

/** What an ASP.NET controller's routes written under its base's name (`{base}`) are served under. */
export interface InheritedPath {
  readonly fileId: number;
  readonly base: string;
  /** The inherited template, its tokens still to fill ('' for none). */
  readonly path: string;
  /** The controller's class name, which `[controller]` stands for. */
  readonly controller: string;
}

/**
 * By controller class: the template its base's name stands for in its routes. Up its chain, the
 * first class with a template of its own gives it (its tokens filled per route, `inheritedRoute`:
 * `api/[controller]` is `api/Orders` for `OrdersController`); one deriving from the framework's
 * base, or the chain's end (no project class above, as for a base from outside the project), gives
 * none (''). A chain past MAX_TEMPLATE_DEPTH, or one that loops, gives nothing: the routes keep the
 * base's name.
 */
export function inheritedPaths(steps: readonly TemplateChainStep[]): Map<number, InheritedPath> {
  const out = new Map<number, InheritedPath>();
  const chains = new Map<number, TemplateChainStep[]>();
  for (const step of steps) {
    const chain = chains.get(step.heirId);
    if (chain === undefined) chains.set(step.heirId, [step]);
    else chain.push(step);
  }
  for (const [heirId, chain] of chains) {
    const [self] = chain;
    if (self === undefined) continue;
    const given = chain.find((s) => s.depth > 0 && (s.step === 'template' || s.step === 'root'));
    const ended = given === undefined && chain.length - 1 < MAX_TEMPLATE_DEPTH;
    if (given === undefined && !ended) continue;
    out.set(heirId, { fileId: self.fileId, base: self.base, path: given?.template ?? '', controller: self.className });
  }
  return out;
}

function classKey(file: number, typeName: string): string {
  return `${file}\u0000${typeName}`;
}

/** A leading class name in braces (`/{GroupResource}/roles`; a locator's path is rooted): the locator's own class, a sub-resource. */
const LEADING_CLASS = /^\/\{([A-Za-z_$][\w$]*)\}(?=\/|$)/;

/**
 * A locator's whole path: as written when it starts with no class name in braces, or when no
 * locator returns that class (`upstream` gives undefined); after that class's path when one does;
 * nothing when that class has none (`upstream` gives null: a cycle, or too deep).
 */
function locatorPath(link: MountLink, upstream: (typeName: string) => string | null | undefined): string | undefined {
  const leading = LEADING_CLASS.exec(link.prefix);
  const path = leading?.[1] === undefined ? undefined : upstream(leading[1]);
  if (leading === null || path === undefined) return link.prefix;
  if (path === null) return undefined;
  const rest = link.prefix.slice(leading[0].length);
  return rest === '' ? path : joinRoutePath(path, rest);
}

/**
 * A route or path of a JAX-RS sub-resource without the placeholder of its class: `GET
 * /{GroupResource}/members` is `GET /members`, `{GroupResource}/roles` is `/roles`, and `DELETE
 * /{GroupResource}` is `DELETE /`; anything else is kept.
 */
export function withoutPlaceholder(text: string, typeName: string): string {
  const path = routePath(text);
  const head = text.slice(0, text.length - path.length);
  const placeholder = `{${typeName}}`;
  const start = path.startsWith('/') ? 1 : 0;
  if (!path.startsWith(placeholder, start)) return text;
  const rest = path.slice(start + placeholder.length);
  if (rest !== '' && !rest.startsWith('/')) return text;
  return head + (rest === '' ? '/' : rest);
}

/**
 * `GET /:id` under `/api` is `GET /api/:id`; the router's own root (`/`) is the prefix itself,
 * with its trailing slash when it has one (Django's `app/`).
 */
export function prefixedName(name: string, prefix: string): string {
  const space = name.indexOf(' ');
  if (space < 0) return name;
  const path = name.slice(space + 1);
  return `${name.slice(0, space)} ${joinRoutePath(prefix, path === '/' && !prefix.endsWith('/') ? '' : path)}`;
}

function storedIds(value: string | undefined): number[] {
  if (value === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}
