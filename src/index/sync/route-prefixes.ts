/**
 * Joins the prefixes routers are mounted under to the routes of the files they come from:
 * `app.use('/api', users)` in one file and `router.get('/:id', show)` in `users.js` give the route
 * `GET /:id` the qualified name `GET /api/:id`. Runs after resolution, which ties each mount to the file its import names.
 * Recomputed whole by every sync that changed content: mounts are few, and the routes looked at
 * are those of the files mounted now or by the last run (kept in the index's metadata).
 */
import { joinRoutePath } from '../extract/routes.js';
import { hasMounts, readMountLinks, readRouteNames, type GraphStore, type MountLink, type QualifiedRoute } from '../../store/index.js';

/** The metadata key listing the files whose routes carry a mount's prefix. */
export const MOUNTED_FILES_META = 'mounted_route_files';

/** Mounts followed from a file up to the one that mounts nothing: Express apps nest two or three. */
export const MAX_MOUNT_DEPTH = 8;

/**
 * Qualifies the routes of mounted files by their whole path (and restores those no longer
 * mounted). Returns whether a route of a file outside `rewritten` changed: its file's derived
 * words changed too.
 */
export function joinMountedRoutes(store: GraphStore, rewritten: ReadonlySet<number>): boolean {
  const before = storedIds(store.getMeta(MOUNTED_FILES_META));
  const links = hasMounts(store) ? readMountLinks(store) : [];
  const prefixes = filePrefixes(links);
  if (prefixes.size === 0 && before.length === 0) return false;
  const located = locatedTypes(links);
  const renames: QualifiedRoute[] = [];
  let outside = false;
  for (const route of readRouteNames(store, [...new Set([...before, ...prefixes.keys()])])) {
    const prefix = prefixes.get(route.fileId);
    const typeName = located.get(route.fileId);
    const name = typeName === undefined ? route.name : withoutPlaceholder(route.name, typeName);
    const qualifiedName = prefix === undefined ? route.name : prefixedName(name, prefix);
    if (qualifiedName === route.qualifiedName) continue;
    renames.push({ id: route.id, name: route.name, qualifiedName });
    if (!rewritten.has(route.fileId)) outside = true;
  }
  store.qualifyRoutes(renames);
  const now = [...prefixes.keys()].sort((a, b) => a - b);
  if (now.join(',') !== before.join(',')) store.setMeta(MOUNTED_FILES_META, JSON.stringify(now));
  return outside;
}

/**
 * Each mounted file's whole prefix: its mount's, after the prefix of the file that mounts it, and
 * so on up. A file mounted twice takes its first mount (by the mounting file's path and line); a
 * cycle or a chain past MAX_MOUNT_DEPTH stops where it closes. Files whose prefix is '' are left out.
 */
export function filePrefixes(links: readonly MountLink[]): Map<number, string> {
  const first = firstLinks(links);
  const out = new Map<number, string>();
  for (const file of first.keys()) {
    const parts: string[] = [];
    const seen = new Set<number>([file]);
    let link = first.get(file);
    while (link !== undefined && parts.length < MAX_MOUNT_DEPTH) {
      // A locator in a sub-resource writes its path under its own class's placeholder, which the
      // mount of that class replaces.
      const up = first.get(link.from)?.typeName;
      parts.unshift(up === undefined ? link.prefix : withoutPlaceholder(link.prefix, up));
      if (seen.has(link.from)) break;
      seen.add(link.from);
      link = first.get(link.from);
    }
    const prefix = parts.reduce((joined, part) => (part === '' ? joined : joinRoutePath(joined, part)), '');
    if (prefix !== '' && prefix !== '/') out.set(file, prefix);
  }
  return out;
}

/** Each mounted file's first mount (by the mounting file's path and line). */
function firstLinks(links: readonly MountLink[]): Map<number, MountLink> {
  const first = new Map<number, MountLink>();
  for (const link of links) if (link.to !== link.from && !first.has(link.to)) first.set(link.to, link);
  return first;
}

/** The class each file mounted by a sub-resource locator is mounted as (by its first mount). */
export function locatedTypes(links: readonly MountLink[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const [file, link] of firstLinks(links)) if (link.typeName !== undefined) out.set(file, link.typeName);
  return out;
}

/**
 * A route or path of a JAX-RS sub-resource without the placeholder of its class: `GET
 * /{GroupResource}/members` is `GET /members`, `{GroupResource}/roles` is `/roles`, and `DELETE
 * /{GroupResource}` is `DELETE /`; anything else is kept.
 */
export function withoutPlaceholder(text: string, typeName: string): string {
  const space = text.indexOf(' ');
  const head = text.slice(0, space + 1);
  const path = text.slice(space + 1);
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
