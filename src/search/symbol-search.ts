/**
 * The ranked symbol search: candidates from the name index and the full-text index (see
 * candidates.ts), re-scored on several signals (exact, qualified, prefix and word matches, kind,
 * path words) and filtered by kind, language and path. Test, generated and vendored files always
 * rank last. Used by codegraph_search, codegraph_node's similar symbols and explore's text seeds.
 */
import type { NodeKind } from '../model.js';
import type { GraphStore, StoredNode } from '../store/index.js';
import { gatherCandidates, queryShape } from './candidates.js';
import type { Candidate, QueryShape } from './candidates.js';
import { kindsFor, parseSearchQuery } from './query.js';
import type { ParsedSearchQuery } from './query.js';
import { symbolIndex } from './symbol-index.js';
import type { FileEntry, SymbolEntry, SymbolIndex } from './symbol-index.js';

/** Score added per kind: definitions people look for first outrank members and locals. */
const KIND_WEIGHT: Readonly<Partial<Record<NodeKind, number>>> = {
  class: 8, struct: 8, interface: 7, trait: 7, protocol: 7, function: 7, method: 6, constructor: 3,
  type_alias: 6, enum: 6, union: 5, module: 5, namespace: 5, component: 7, route: 6, macro: 5,
  constant: 4, variable: 3, property: 2, field: 2, enum_member: 2, impl: 4,
};

/** Options of `searchSymbols`. */
export interface SymbolSearchOptions {
  /** Maximum matches (default 10). */
  readonly limit?: number;
  /** A `kind` category from `KIND_FILTERS`, or a stored kind name. */
  readonly kind?: string;
  /** Allow matches one edit away when the query finds few results (default true). */
  readonly fuzzy?: boolean;
}

/** One match. */
export interface SymbolMatch {
  readonly node: StoredNode;
  readonly score: number;
  /** In a test, generated or vendored file. */
  readonly demoted: boolean;
  /** Found by typo tolerance rather than by the query's own spelling. */
  readonly fuzzy: boolean;
}

/** A search's outcome. */
export interface SymbolSearch {
  readonly query: ParsedSearchQuery;
  readonly matches: readonly SymbolMatch[];
  /** Candidates that passed the filters (at least `matches.length`). */
  readonly total: number;
  /** Whether typo tolerance supplied the matches. */
  readonly fuzzy: boolean;
}

/**
 * Searches symbol names, qualified names, signatures and docstrings. Never scans the database:
 * names come from a derived in-memory index (built once per store) and full-text matches from
 * the store's full-text index with a row limit.
 */
export function searchSymbols(store: GraphStore, query: string, options: SymbolSearchOptions = {}): SymbolSearch {
  const limit = Math.max(1, Math.min(options.limit ?? 10, 100));
  const parsed = parseSearchQuery(query);
  const extraKinds = options.kind === undefined ? undefined : kindsFor(options.kind);
  const kinds = intersectKinds(parsed.kinds, extraKinds);
  const index = symbolIndex(store);
  const accept = filterOf(index, { ...parsed, kinds });
  const q = queryShape(parsed.text);
  const { found, fuzzy } = gatherCandidates(store, index, q, accept, limit, options.fuzzy !== false);

  const scored = [...found.values()].map((c) => {
    const file = index.files.get(c.entry.fileId);
    return { c, file, score: scoreOf(c, file, q) };
  });
  scored.sort(
    (a, b) =>
      Number(a.file?.demoted ?? false) - Number(b.file?.demoted ?? false) ||
      b.score - a.score ||
      compareText(a.file?.path ?? '', b.file?.path ?? '') ||
      a.c.entry.line - b.c.entry.line ||
      a.c.entry.id - b.c.entry.id,
  );
  const top = scored.slice(0, limit);
  const nodes = new Map(store.nodesByIds(top.map((s) => s.c.entry.id)).map((n) => [n.id, n]));
  const matches: SymbolMatch[] = top.flatMap((s) => {
    const node = nodes.get(s.c.entry.id);
    if (node === undefined) return [];
    return [{ node, score: Math.round(s.score * 100) / 100, demoted: s.file?.demoted ?? false, fuzzy: s.c.fuzzy }];
  });
  return { query: { ...parsed, kinds }, matches, total: scored.length, fuzzy };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function intersectKinds(a: readonly NodeKind[] | undefined, b: readonly NodeKind[] | undefined): readonly NodeKind[] | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a.filter((k) => b.includes(k));
}

function filterOf(index: SymbolIndex, q: Pick<ParsedSearchQuery, 'kinds' | 'languages' | 'paths'>): (e: SymbolEntry) => boolean {
  const kinds = q.kinds === undefined ? undefined : new Set(q.kinds);
  const languages = q.languages === undefined ? undefined : new Set(q.languages);
  const paths = q.paths;
  if (languages === undefined && paths.length === 0) return (e) => kinds === undefined || kinds.has(e.kind);
  // File verdicts are computed once per file, not once per symbol.
  const verdicts = new Map<number, boolean>();
  const fileAccepted = (fileId: number): boolean => {
    let ok = verdicts.get(fileId);
    if (ok === undefined) {
      const file = index.files.get(fileId);
      ok = file !== undefined && (languages === undefined || languages.has(file.language)) &&
        (paths.length === 0 || paths.some((want) => file.lowerPath.includes(want)));
      verdicts.set(fileId, ok);
    }
    return ok;
  };
  return (e) => (kinds === undefined || kinds.has(e.kind)) && fileAccepted(e.fileId);
}

function scoreOf(c: Candidate, file: FileEntry | undefined, q: QueryShape): number {
  const { text, lower, words, qualified } = q;
  const e = c.entry;
  let score = KIND_WEIGHT[e.kind] ?? 1;
  if (c.fuzzy) return score + 30;
  if (text === '') return score;
  if (e.name === text) score += 100;
  else if (e.lower === lower) score += 90;
  else if (qualified !== undefined && (e.qualifiedName === qualified || e.qualifiedName.endsWith(`.${qualified}`))) score += 95;
  else if (lower.length >= 2 && e.lower.startsWith(lower)) score += 40 + (20 * lower.length) / e.lower.length;
  else if (lower.length >= 3 && e.lower.includes(lower)) score += 15;
  if (words.length > 0) {
    let exact = 0;
    let prefix = 0;
    for (const w of words) {
      if (e.words.includes(w)) exact += 1;
      else if (e.words.some((x) => x.startsWith(w))) prefix += 1;
    }
    score += (24 * exact + 10 * prefix) / words.length;
    if (exact === words.length && e.words.length === words.length) score += 10;
    if (file !== undefined) {
      score += Math.min(9, 3 * words.filter((w) => w.length >= 3 && file.lowerPath.includes(w)).length);
    }
  }
  if (c.fts) score += 6;
  // Shorter names are closer to what was typed, all else equal.
  return score - Math.min(5, e.name.length / 10);
}
