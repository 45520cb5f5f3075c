/**
 * The stored side of mounted routers (`route_mounts`): which file mounts which under what prefix,
 * read through the mounting file's resolved `imports` edge at the mount's import line, and the
 * route nodes of mounted files. A route keeps the name its file writes (`GET /:id`); its qualified
 * name is the whole path its mounts give (`GET /api/users/:id`), as a method's is its class's
 * path; setting one re-indexes the route's full-text row.
 */
import { connectionOf, type GraphReader } from './graph-reader.js';
import { EDGE_CODE, NODE_CODE, code, num, str } from './records.js';
import { qualifiedNameOf, storedQualifiedName } from './schema.js';
import type { SqliteDb } from './sqlite.js';

const FILE_KIND = code(NODE_CODE, 'file');
const ROUTE_KIND = code(NODE_CODE, 'route');
const IMPORTS_KIND = code(EDGE_CODE, 'imports');
const METHOD_KIND = code(NODE_CODE, 'method');
const CLASS_KIND = code(NODE_CODE, 'class');
const EXTENDS_KIND = code(EDGE_CODE, 'extends');

/** Classes followed down from a template's class: jellyfin's controllers are one below theirs. */
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
    `SELECT n.id, n.file_id, n.parent_id, n.name, ${qualifiedNameOf('n')} FROM nodes n
     WHERE n.file_id IN (SELECT value FROM json_each(?)) AND n.kind = ${ROUTE_KIND} ORDER BY n.id`,
  ).each([JSON.stringify(fileIds)], ([id, fileId, parentId, name, qualified]) => out.push({
    id: num(id), fileId: num(fileId), parentId: parentId === null ? null : num(parentId), name: str(name), qualifiedName: str(qualified),
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
 * A controller class that inherits its route template: class `className` of file `fileId`
 * writes its routes under its base's name, `base`, in braces, and inherits `template` (none: the
 * class it comes down from has no `[Route]`) from the nearest class above it that declares one.
 */
export interface InheritedTemplate {
  readonly fileId: number;
  readonly classId: number;
  readonly className: string;
  readonly base: string;
  readonly template?: string;
}

/** Whether any class declares a route template its subclasses may inherit (one row read). */
export function hasRouteTemplates(reader: GraphReader): boolean {
  return connectionOf(reader).value(`SELECT 1 FROM route_templates LIMIT 1`) !== undefined;
}

/**
 * Every class below a class of `route_templates`, through resolved `extends` edges, down to
 * MAX_TEMPLATE_DEPTH, stopping at a class with a row of its own (its subclasses take its
 * template); and every class whose routes are written under the name of a project class it
 * extends that derives from no project class and has no template (none: ASP.NET gives such a
 * controller none). Each class once, nearest template first.
 */
export function readInheritedTemplates(reader: GraphReader): InheritedTemplate[] {
  const out: InheritedTemplate[] = [];
  const seen = new Set<number>();
  connectionOf(reader).cached(
    `WITH RECURSIVE heirs(class_id, file_id, name, base, template, depth) AS (
       SELECT d.id, d.file_id, d.name, b.name, t.template, 1 FROM route_templates t
         JOIN nodes b ON b.file_id = t.file_id AND b.start_line = t.line AND b.kind = ${CLASS_KIND} AND b.name = t.class_name
         JOIN edges e ON e.target_id = b.id AND e.kind = ${EXTENDS_KIND}
         JOIN nodes d ON d.id = e.source_id AND d.kind = ${CLASS_KIND}
       UNION
       SELECT d.id, d.file_id, d.name, b.name, h.template, h.depth + 1 FROM heirs h
         JOIN nodes b ON b.id = h.class_id
         JOIN edges e ON e.target_id = b.id AND e.kind = ${EXTENDS_KIND}
         JOIN nodes d ON d.id = e.source_id AND d.kind = ${CLASS_KIND}
       WHERE h.depth < ${MAX_TEMPLATE_DEPTH}
         AND NOT EXISTS (SELECT 1 FROM route_templates o WHERE o.file_id = b.file_id AND o.line = b.start_line AND o.class_name = b.name)
     )
     SELECT h.class_id, h.file_id, h.name, h.base, h.template, h.depth FROM heirs h
     UNION ALL
     SELECT DISTINCT d.id, d.file_id, d.name, b.name, NULL, ${MAX_TEMPLATE_DEPTH + 1} FROM nodes r
       JOIN nodes d ON d.id = r.parent_id AND d.kind = ${CLASS_KIND}
       JOIN edges e ON e.source_id = d.id AND e.kind = ${EXTENDS_KIND}
       JOIN nodes b ON b.id = e.target_id AND b.kind = ${CLASS_KIND}
     WHERE r.kind = ${ROUTE_KIND} AND substr(r.name, instr(r.name, ' ') + 1, length(b.name) + 3) = '/{' || b.name || '}'
       AND d.id NOT IN (SELECT class_id FROM heirs) AND b.id NOT IN (SELECT class_id FROM heirs)
       AND NOT EXISTS (SELECT 1 FROM edges up JOIN nodes a ON a.id = up.target_id AND a.kind = ${CLASS_KIND} WHERE up.source_id = b.id AND up.kind = ${EXTENDS_KIND})
     ORDER BY 1, 6`,
  ).each([], ([classId, fileId, className, base, template]) => {
    if (seen.has(num(classId))) return;
    seen.add(num(classId));
    out.push({ fileId: num(fileId), classId: num(classId), className: str(className), base: str(base), ...(template === null ? {} : { template: str(template) }) });
  });
  return out;
}
