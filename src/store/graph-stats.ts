/**
 * Totals over the whole graph for `status` and the end of a sync: per table, node kind, edge kind
 * and language. Counted with grouped scans, never row by row.
 */
import { EDGE_KINDS, NODE_KINDS } from '../model.js';
import type { EdgeKind, NodeKind } from '../model.js';
import { EDGE_CODE, code } from './records.js';
import type { GraphCounts, LanguageCounts } from './records.js';
import type { SqliteDb } from './sqlite.js';

const IMPORTS = code(EDGE_CODE, 'imports');

/** Totals by table, node kind, edge kind and language. */
export function graphCounts(db: SqliteDb): GraphCounts {
  const num = (sql: string): number => Number(db.value(sql) ?? 0);
  const nodesByKind: Partial<Record<NodeKind, number>> = {};
  db.each(`SELECT kind, count(*) FROM nodes GROUP BY kind`, [], ([k, n]) => {
    nodesByKind[NODE_KINDS[Number(k)] ?? 'file'] = Number(n);
  });
  const edgesByKind: Partial<Record<EdgeKind, number>> = {};
  db.each(`SELECT kind, count(*) FROM edges GROUP BY kind`, [], ([k, n]) => {
    edgesByKind[EDGE_KINDS[Number(k)] ?? 'references'] = Number(n);
  });
  const nesting = num(`SELECT count(*) FROM nodes WHERE parent_id IS NOT NULL`);
  if (nesting > 0) edgesByKind.contains = nesting;
  const filesByLanguage: Record<string, number> = {};
  db.each(`SELECT language, count(*) FROM files GROUP BY language ORDER BY language`, [], ([l, n]) => {
    filesByLanguage[String(l)] = Number(n);
  });
  const edges = Object.values(edgesByKind).reduce((a, b) => a + (b ?? 0), 0);
  const refs = num(`SELECT count(*) FROM refs`);
  // Resolution binds each reference to at most one edge of the reference's own kind, and
  // references are never of kind contains or imports (those come from nesting and import
  // statements), so the bound count is a subtraction instead of a probe per reference.
  const boundRefs = edges - (edgesByKind.contains ?? 0) - (edgesByKind.imports ?? 0);
  return {
    files: num(`SELECT count(*) FROM files`),
    nodes: num(`SELECT count(*) FROM nodes`),
    edges,
    refs,
    unresolvedRefs: Math.max(0, refs - boundRefs),
    nodesByKind,
    edgesByKind,
    filesByLanguage,
  };
}

/** The totals a sync's closing summary prints. */
export type SummaryCounts = Pick<GraphCounts, 'files' | 'nodes' | 'edges' | 'refs' | 'unresolvedRefs' | 'filesByLanguage'>;

/**
 * `graphCounts`' summary fields without its passes over the node and edge rows by kind (20 of a
 * django daemon sync's 130 ms): table counts SQLite answers from the smallest index, nesting from
 * the parent index, and one pass for import edges. Equal to those fields, since no nesting edge
 * is stored.
 */
export function summaryCounts(db: SqliteDb): SummaryCounts {
  const num = (sql: string): number => Number(db.value(sql) ?? 0);
  const filesByLanguage: Record<string, number> = {};
  let files = 0;
  db.each(`SELECT language, count(*) FROM files GROUP BY language ORDER BY language`, [], ([l, n]) => {
    filesByLanguage[String(l)] = Number(n);
    files += Number(n);
  });
  const stored = num(`SELECT count(*) FROM edges`);
  const refs = num(`SELECT count(*) FROM refs`);
  // As in `graphCounts`: every stored edge but an import statement binds one reference.
  const bound = stored - num(`SELECT count(*) FROM edges WHERE kind = ${IMPORTS}`);
  return {
    files,
    nodes: num(`SELECT count(*) FROM nodes`),
    edges: stored + num(`SELECT count(*) FROM nodes WHERE parent_id IS NOT NULL`),
    refs,
    unresolvedRefs: Math.max(0, refs - bound),
    filesByLanguage,
  };
}

/**
 * Files, nodes, edges (by the file of their source), references and unresolved references per
 * language, most files first. Reads every edge once: meant for `status`, not for every run.
 */
export function languageCounts(db: SqliteDb): LanguageCounts[] {
  const languageOf = new Map<number, string>();
  const rows = new Map<string, { files: number; nodes: number; edges: number; bound: number; refs: number }>();
  db.each(`SELECT id, language FROM files`, [], ([id, language]) => {
    const l = String(language);
    languageOf.set(Number(id), l);
    const row = rows.get(l) ?? { files: 0, nodes: 0, edges: 0, bound: 0, refs: 0 };
    row.files++;
    rows.set(l, row);
  });
  const add = (fileId: unknown, field: 'nodes' | 'edges' | 'bound' | 'refs', n: unknown): void => {
    const row = rows.get(languageOf.get(Number(fileId)) ?? '');
    if (row !== undefined) row[field] += Number(n);
  };
  db.each(`SELECT file_id, count(*), count(parent_id) FROM nodes GROUP BY file_id`, [], ([f, n, nested]) => {
    add(f, 'nodes', n);
    add(f, 'edges', nested);
  });
  db.each(`SELECT file_id, count(*) FROM refs GROUP BY file_id`, [], ([f, n]) => add(f, 'refs', n));
  // As in `graphCounts`: every stored edge that is not an import statement binds one reference
  // (nesting edges, counted with the nodes above, are not stored).
  db.each(
    `SELECT n.file_id, count(*), sum(e.kind <> ${IMPORTS}) FROM edges e JOIN nodes n ON n.id = e.source_id GROUP BY n.file_id`,
    [],
    ([f, all, bound]) => {
      add(f, 'edges', all);
      add(f, 'bound', bound);
    },
  );
  return [...rows]
    .map(([language, r]) => ({ language, files: r.files, nodes: r.nodes, edges: r.edges, refs: r.refs, unresolvedRefs: Math.max(0, r.refs - r.bound) }))
    .sort((a, b) => b.files - a.files || a.language.localeCompare(b.language));
}

/** Everything `status` prints about the graph, as a sync stored it. */
export interface GraphTotals {
  readonly counts: GraphCounts;
  readonly byLanguage: readonly LanguageCounts[];
}

const TOTALS_META = 'graph_totals';

/** What any write changes: the largest node and edge ids and the files (their number and largest id); each an index seek. */
function totalsStamp(db: SqliteDb): string {
  const row = db.all<Record<string, unknown>>(
    'SELECT (SELECT max(id) FROM nodes) AS n, (SELECT max(id) FROM files) AS f, (SELECT count(*) FROM files) AS c, (SELECT max(rowid) FROM edges) AS e',
  )[0];
  return `${String(row?.['n'])}:${String(row?.['f'])}:${String(row?.['c'])}:${String(row?.['e'])}`;
}

/**
 * Counts the graph once and stores the totals, so `status` reads them instead of scanning every
 * node and edge (17 s on the Linux kernel). A sync calls it after its last write.
 */
export function storeTotals(db: SqliteDb): GraphTotals {
  const totals: GraphTotals = { counts: graphCounts(db), byLanguage: languageCounts(db) };
  db.run(`INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, [
    TOTALS_META, JSON.stringify({ stamp: totalsStamp(db), ...totals }),
  ]);
  return totals;
}

/** The stored totals when they describe the graph as it is, else undefined. */
export function storedTotals(db: SqliteDb): GraphTotals | undefined {
  const raw = db.value(`SELECT value FROM meta WHERE key = ?`, [TOTALS_META]);
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed = JSON.parse(raw) as { stamp?: unknown; counts?: GraphCounts; byLanguage?: LanguageCounts[] };
    if (parsed.stamp !== totalsStamp(db) || parsed.counts === undefined || parsed.byLanguage === undefined) return undefined;
    return { counts: parsed.counts, byLanguage: parsed.byLanguage };
  } catch {
    return undefined;
  }
}
