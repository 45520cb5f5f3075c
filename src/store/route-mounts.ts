/**
 * The stored side of mounted routers (`route_mounts`): which file mounts which under what prefix,
 * read through the mounting file's resolved `imports` edge at the mount's import line, and the
 * route nodes of mounted files. A route keeps the name its file writes (`GET /:id`); its qualified
 * name is the whole path its mounts give (`GET /api/users/:id`), as a method's is its class's
 * path; setting one re-indexes the route's full-text row.
 */
import { IN_JSON_LIST, connectionOf, type GraphReader } from './graph-reader.js';
import { EDGE_CODE, NODE_CODE, code, num, str } from './records.js';
import { qualifiedNameOf, storedQualifiedName } from './schema.js';
import type { SqliteDb } from './sqlite.js';

const FILE_KIND = code(NODE_CODE, 'file');
const ROUTE_KIND = code(NODE_CODE, 'route');
const IMPORTS_KIND = code(EDGE_CODE, 'imports');
const METHOD_KIND = code(NODE_CODE, 'method');
const CLASS_KIND = code(NODE_CODE, 'class');
const EXTENDS_KIND = code(EDGE_CODE, 'extends');
const CALLS_KIND = code(EDGE_CODE, 'calls');

/** Classes followed up from a controller to the template it inherits: jellyfin's controllers are one below theirs. */
export const MAX_TEMPLATE_DEPTH = 8;

/**
 * One mount: file `from` serves the routes of file `to` under `prefix`; through a sub-resource
 * locator, those of class `typeName`, whose routes are written under its name in braces.
 */
export interface MountLink {
  readonly from: number;
  readonly to: number;
  readonly prefix: string;
  readonly typeName?: string;
}

/** A route node: its name as its file writes it (`GET /:id`) and its qualified name now. */
export interface RouteName {
  readonly id: number;
  readonly fileId: number;
  /** The node it is declared in (a controller class, a function), null at the top of its file. */
  readonly parentId: number | null;
  /** The name of the first definition it calls (its handler), when one is resolved. */
  readonly handler?: string;
  readonly name: string;
  readonly qualifiedName: string;
}

/** A route's new qualified name, with its name (stored as '' when the two are equal). */
export interface QualifiedRoute {
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
}

/** Whether any file mounts a router (one row read; most indexes have none). */
export function hasMounts(reader: GraphReader): boolean {
  return connectionOf(reader).value(`SELECT 1 FROM route_mounts LIMIT 1`) !== undefined;
}

/**
 * Every mount whose import resolved to a file of the project, and every sub-resource locator whose
 * method refers to a class of the name it returns, by the mounting file's path and line.
 */
export function readMountLinks(reader: GraphReader): MountLink[] {
  const out: MountLink[] = [];
  connectionOf(reader).cached(
    `SELECT f.path, m.import_line, m.rowid, m.file_id, t.file_id, m.prefix, NULL FROM route_mounts m
       JOIN files f ON f.id = m.file_id
       JOIN nodes fn ON fn.file_id = m.file_id AND fn.kind = ${FILE_KIND}
       JOIN edges e ON e.source_id = fn.id AND e.kind = ${IMPORTS_KIND} AND e.line = m.import_line
       JOIN nodes t ON t.id = e.target_id
     WHERE m.type_name IS NULL
     UNION
     SELECT f.path, m.import_line, m.rowid, m.file_id, t.file_id, m.prefix, m.type_name FROM route_mounts m
       JOIN files f ON f.id = m.file_id
       JOIN nodes loc ON loc.file_id = m.file_id AND loc.start_line = m.import_line AND loc.kind = ${METHOD_KIND}
       JOIN edges e ON e.source_id = loc.id
       JOIN nodes t ON t.id = e.target_id AND t.kind = ${CLASS_KIND} AND t.name = m.type_name
     WHERE m.type_name IS NOT NULL
     ORDER BY 1, 2, 3`,
  ).each([], ([, , , from, to, prefix, typeName]) => {
    out.push({ from: num(from), to: num(to), prefix: str(prefix), ...(typeName === null ? {} : { typeName: str(typeName) }) });
  });
  return out;
}

/** The route nodes of `fileIds`. */
export function readRouteNames(reader: GraphReader, fileIds: readonly number[]): RouteName[] {
  const out: RouteName[] = [];
  if (fileIds.length === 0) return out;
  connectionOf(reader).cached(
    `SELECT n.id, n.file_id, n.parent_id, n.name, ${qualifiedNameOf('n')},
       (SELECT t.name FROM edges e JOIN nodes t ON t.id = e.target_id WHERE e.source_id = n.id AND e.kind = ${CALLS_KIND} ORDER BY e.line, e.col LIMIT 1)
     FROM nodes n WHERE n.file_id ${IN_JSON_LIST} AND n.kind = ${ROUTE_KIND} ORDER BY n.id`,
  ).each([JSON.stringify(fileIds)], ([id, fileId, parentId, name, qualified, handler]) => out.push({
    id: num(id), fileId: num(fileId), parentId: parentId === null ? null : num(parentId), name: str(name), qualifiedName: str(qualified),
    ...(handler === null ? {} : { handler: str(handler) }),
  }));
  return out;
}

/**
 * Sets each route's qualified name; with `indexSearch`, its full-text row follows (removed while
 * the row still reads the old text, then added again).
 */
export function writeRouteNames(db: SqliteDb, renames: readonly QualifiedRoute[], indexSearch: boolean): void {
  const unindex = db.cached(`DELETE FROM node_search WHERE docid = ?`);
  const update = db.cached(`UPDATE nodes SET qualified_name = ? WHERE id = ?`);
  const index = db.cached(
    `INSERT INTO node_search(docid, name, qualified_name, signature, docstring, uses)
     SELECT rowid, name, qualified_name, signature, docstring, uses FROM node_search_src WHERE rowid = ?`,
  );
  for (const r of renames) {
    if (indexSearch) unindex.run([r.id]);
    update.run([storedQualifiedName(r.name, r.qualifiedName), r.id]);
    if (indexSearch) index.run([r.id]);
  }
}

/**
 * One step up the chain of an ASP.NET controller whose routes are written under its base's name
 * (`base`): the class `depth` classes above controller `heirId` (0: the controller itself), and
 * what `route_templates` says of it: a template of its own (`template`), none given (`root`: it
 * derives from the framework's base), or nothing of its own (`none`: unrecorded, or itself under
 * its base's name), where the search goes on up.
 */
export interface TemplateChainStep {
  readonly heirId: number;
  readonly fileId: number;
  readonly className: string;
  readonly base: string;
  readonly depth: number;
  readonly step: 'template' | 'root' | 'none';
  readonly template?: string;
}

/** Whether any controller class is recorded for inherited route templates (one row read). */
export function hasRouteTemplates(reader: GraphReader): boolean {
  return connectionOf(reader).value(`SELECT 1 FROM route_templates WHERE base IS NOT NULL LIMIT 1`) !== undefined;
}

/**
 * The chain above every controller whose routes are written under its base's name, through the
 * resolved `extends` edges, MAX_TEMPLATE_DEPTH classes up at most, by controller and depth.
 */
export function readTemplateChains(reader: GraphReader): TemplateChainStep[] {
  const out: TemplateChainStep[] = [];
  connectionOf(reader).cached(
    `WITH RECURSIVE up(heir, file_id, name, base, at, depth) AS (
       SELECT d.id, d.file_id, d.name, t.base, d.id, 0 FROM route_templates t
         JOIN nodes d ON d.file_id = t.file_id AND d.start_line = t.line AND d.kind = ${CLASS_KIND} AND d.name = t.class_name
       WHERE t.base IS NOT NULL
       UNION
       SELECT u.heir, u.file_id, u.name, u.base, e.target_id, u.depth + 1 FROM up u
         JOIN edges e ON e.source_id = u.at AND e.kind = ${EXTENDS_KIND}
         JOIN nodes b ON b.id = e.target_id AND b.kind = ${CLASS_KIND}
       WHERE u.depth < ${MAX_TEMPLATE_DEPTH}
     )
     SELECT u.heir, u.file_id, u.name, u.base, u.depth, r.file_id IS NOT NULL AND r.base IS NULL, r.template FROM up u
       JOIN nodes b ON b.id = u.at
       LEFT JOIN route_templates r ON r.file_id = b.file_id AND r.line = b.start_line AND r.class_name = b.name
     ORDER BY u.heir, u.depth`,
  ).each([], ([heirId, fileId, className, base, depth, gives, template]) => {
    const step = template !== null ? 'template' : num(gives) === 1 ? 'root' : 'none';
    out.push({ heirId: num(heirId), fileId: num(fileId), className: str(className), base: str(base), depth: num(depth), step, ...(template === null ? {} : { template: str(template) }) });
  });
  return out;
}
