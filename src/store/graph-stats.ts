/**
 * Totals over the whole graph for `status` and the end of a sync: per table, node kind, edge kind
 * and language. Counted with grouped scans, never row by row.
 */
import { EDGE_KINDS, NODE_KINDS } from '../model.js';
import type { EdgeKind, NodeKind } from '../model.js';
import { UNBINDING_EDGE_CODES } from './records.js';
import type { GraphCounts, LanguageCounts } from './records.js';
import type { SqliteDb } from './sqlite.js';

const UNBINDING = UNBINDING_EDGE_CODES.join(', ');

/**
 * Totals by table, node kind, edge kind and language: the sums of a full count without the
 * per-language pass over every edge (files by language only).
 */
export function graphCounts(db: SqliteDb): GraphCounts {
  const languages: Record<string, LanguageTally> = {};
  db.each(`SELECT language, count(*) FROM files GROUP BY language`, [], ([l, n]) => {
    languages[String(l)] = { files: Number(n), nodes: 0, edges: 0, bound: 0, refs: 0 };
  });
  return totalsFromSums({ ...kindSums(db), languages }).counts;
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
  // As in `graphCounts`: every stored edge but the unbinding kinds binds one reference.
  const bound = stored - num(`SELECT count(*) FROM edges WHERE kind IN (${UNBINDING})`);
  return {
    files,
    nodes: num(`SELECT count(*) FROM nodes`),
    edges: stored + num(`SELECT count(*) FROM nodes WHERE parent_id IS NOT NULL`),
    refs,
    unresolvedRefs: Math.max(0, refs - bound),
    filesByLanguage,
  };
}

/** What the files of one language add up to, before unresolved references are derived. */
export interface LanguageTally {
  files: number;
  nodes: number;
  /** Stored edges from its nodes, plus its nesting links. */
  edges: number;
  /** Stored edges that bind a reference: all but import statements. */
  bound: number;
  refs: number;
}

/**
 * Files, nodes, edges (by the file of their source), references and bound references per
 * language. Reads every edge once: meant for a full count, not for every run.
 */
function languageTallies(db: SqliteDb): Map<string, LanguageTally> {
  const languageOf = new Map<number, string>();
  const rows = new Map<string, LanguageTally>();
  db.each(`SELECT id, language FROM files`, [], ([id, language]) => {
    const l = String(language);
    languageOf.set(Number(id), l);
    const row = rows.get(l) ?? { files: 0, nodes: 0, edges: 0, bound: 0, refs: 0 };
    row.files++;
    rows.set(l, row);
  });
  const add = (fileId: unknown, field: keyof LanguageTally, n: unknown): void => {
    const row = rows.get(languageOf.get(Number(fileId)) ?? '');
    if (row !== undefined) row[field] += Number(n);
  };
  db.each(`SELECT file_id, count(*), count(parent_id) FROM nodes GROUP BY file_id`, [], ([f, n, nested]) => {
    add(f, 'nodes', n);
    add(f, 'edges', nested);
  });
  db.each(`SELECT file_id, count(*) FROM refs GROUP BY file_id`, [], ([f, n]) => add(f, 'refs', n));
  // As in `graphCounts`: every stored edge not of an unbinding kind binds one reference (nesting
  // edges, counted with the nodes above, are not stored).
  db.each(
    `SELECT n.file_id, count(*), sum(e.kind NOT IN (${UNBINDING})) FROM edges e JOIN nodes n ON n.id = e.source_id GROUP BY n.file_id`,
    [],
    ([f, all, bound]) => {
      add(f, 'edges', all);
      add(f, 'bound', bound);
    },
  );
  return rows;
}

/** The per-language rows `status` prints, most files first. */
function languageRows(tallies: ReadonlyMap<string, LanguageTally>): LanguageCounts[] {
  return [...tallies]
    .filter(([, r]) => r.files > 0)
    .map(([language, r]) => ({ language, files: r.files, nodes: r.nodes, edges: r.edges, refs: r.refs, unresolvedRefs: Math.max(0, r.refs - r.bound) }))
    .sort((a, b) => b.files - a.files || a.language.localeCompare(b.language));
}

/**
 * Files, nodes, edges (by the file of their source), references and unresolved references per
 * language, most files first. Reads every edge once: meant for `status`, not for every run.
 */
export function languageCounts(db: SqliteDb): LanguageCounts[] {
  return languageRows(languageTallies(db));
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
 * The totals as sums that a change can be added to and taken from: nodes and stored edges by kind
 * code, nesting links, references, and each language's tally. `status`'s figures derive from them.
 */
export interface TotalsSums {
  readonly nodesByKind: Record<string, number>;
  readonly storedEdgesByKind: Record<string, number>;
  readonly nested: number;
  readonly refs: number;
  readonly languages: Record<string, LanguageTally>;
}

/** `status`'s figures from the sums: the same as `graphCounts` and `languageCounts` count. */
export function totalsFromSums(sums: TotalsSums): GraphTotals {
  const nodesByKind: Partial<Record<NodeKind, number>> = {};
  NODE_KINDS.forEach((kind, code) => {
    const n = sums.nodesByKind[code] ?? 0;
    if (n > 0) nodesByKind[kind] = n;
  });
  const edgesByKind: Partial<Record<EdgeKind, number>> = {};
  EDGE_KINDS.forEach((kind, code) => {
    const n = sums.storedEdgesByKind[code] ?? 0;
    if (n > 0) edgesByKind[kind] = n;
  });
  if (sums.nested > 0) edgesByKind.contains = sums.nested;
  const languages = new Map(Object.entries(sums.languages));
  const filesByLanguage: Record<string, number> = {};
  for (const language of [...languages.keys()].sort()) {
    const files = languages.get(language)?.files ?? 0;
    if (files > 0) filesByLanguage[language] = files;
  }
  const edges = Object.values(edgesByKind).reduce((a, b) => a + (b ?? 0), 0);
  const unbinding = UNBINDING_EDGE_CODES.reduce((n, c) => n + (sums.storedEdgesByKind[c] ?? 0), 0);
  const boundRefs = edges - (edgesByKind.contains ?? 0) - unbinding;
  const counts: GraphCounts = {
    files: Object.values(filesByLanguage).reduce((a, b) => a + b, 0),
    nodes: Object.values(nodesByKind).reduce((a, b) => a + (b ?? 0), 0),
    edges,
    refs: sums.refs,
    unresolvedRefs: Math.max(0, sums.refs - boundRefs),
    nodesByKind,
    edgesByKind,
    filesByLanguage,
  };
  return { counts, byLanguage: languageRows(languages) };
}

/** Counts the whole graph as sums (the grouped scans of a full count). */
function countSums(db: SqliteDb): TotalsSums {
  return { ...kindSums(db), languages: Object.fromEntries(languageTallies(db)) };
}

/** The sums that do not go by language: nodes and stored edges by kind, nesting links, references. */
function kindSums(db: SqliteDb): Omit<TotalsSums, 'languages'> {
  const nodesByKind: Record<string, number> = {};
  db.each(`SELECT kind, count(*) FROM nodes GROUP BY kind`, [], ([k, n]) => {
    nodesByKind[String(k)] = Number(n);
  });
  const storedEdgesByKind: Record<string, number> = {};
  db.each(`SELECT kind, count(*) FROM edges GROUP BY kind`, [], ([k, n]) => {
    storedEdgesByKind[String(k)] = Number(n);
  });
  return {
    nodesByKind,
    storedEdgesByKind,
    nested: Number(db.value(`SELECT count(*) FROM nodes WHERE parent_id IS NOT NULL`) ?? 0),
    refs: Number(db.value(`SELECT count(*) FROM refs`) ?? 0),
  };
}

/** `graphCounts` and `languageCounts` in one count, for a graph whose totals are not stored. */
export function countTotals(db: SqliteDb): GraphTotals {
  return totalsFromSums(countSums(db));
}

/**
 * Counts the graph once and stores the totals, so `status` reads them instead of scanning every
 * node and edge (17 s on the Linux kernel). A full sync calls it after its last write.
 */
export function storeTotals(db: SqliteDb): GraphTotals {
  return storeSums(db, countSums(db));
}

/** Stores the totals these sums give, stamped with the graph as it is now. */
export function storeSums(db: SqliteDb, sums: TotalsSums): GraphTotals {
  const totals = totalsFromSums(sums);
  db.run(`INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, [
    TOTALS_META, JSON.stringify({ stamp: totalsStamp(db), ...totals, sums }),
  ]);
  return totals;
}

interface StoredTotalsJson {
  stamp?: unknown;
  counts?: GraphCounts;
  byLanguage?: LanguageCounts[];
  sums?: TotalsSums;
}

function readStored(db: SqliteDb): StoredTotalsJson | undefined {
  const raw = db.value(`SELECT value FROM meta WHERE key = ?`, [TOTALS_META]);
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed = JSON.parse(raw) as StoredTotalsJson;
    return parsed.stamp === totalsStamp(db) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The stored totals when they describe the graph as it is, else undefined. */
export function storedTotals(db: SqliteDb): GraphTotals | undefined {
  const parsed = readStored(db);
  if (parsed?.counts === undefined || parsed.byLanguage === undefined) return undefined;
  return { counts: parsed.counts, byLanguage: parsed.byLanguage };
}

/** The stored sums when the stored totals describe the graph as it is (an older index stored none). */
export function storedSums(db: SqliteDb): TotalsSums | undefined {
  return readStored(db)?.sums;
}
