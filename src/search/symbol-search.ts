/**
 * The one search ranker, behind codegraph_search, every "did you mean" and explore's text seeds:
 * candidates from the name indexes and the full-text index (candidates.ts), scored on name
 * signals (exact, qualified, prefix, name words, path words), kind, and the field-weighted
 * full-text match (fields.ts: stemmed words in name, qualified name, signature, docstring and the
 * names the body uses, weighted by column and rarity; how many of the query's words one symbol
 * holds, and how many its body uses); equal scores at the top by how many edges point at each.
 * Filtered by kind, language and path; test, generated and vendored files and bundles (a
 * JavaScript file copying other files' code, bundles.ts) rank last.
 */
import { SYMBOL_KINDS } from '../model.js';
import type { NodeKind } from '../model.js';
import { docstringsHolding, incomingEdgeCounts } from '../store/index.js';
import type { GraphStore, SearchRow, StoredNode } from '../store/index.js';
import { gatherCandidates, queryShape } from './candidates.js';
import type { Candidate, QueryShape } from './candidates.js';
import type { FieldScore } from './fields.js';
import { kindsFor, parseSearchQuery } from './query.js';
import type { ParsedSearchQuery } from './query.js';
import { BUNDLE_LANGUAGES, bundledFiles } from './bundles.js';
import { DEPRECATED_SHARE, DEPRECATION_WORD, isDeprecatedDoc } from './deprecation.js';
import { isDemotedPath } from './symbol-index.js';
import { identifierWords } from './terms.js';
import { routePattern } from './written-routes.js';
import type { Scored } from './scored.js';
import { handlerReader, SENTENCE_WINDOW, sentenceOrder } from './sentence-order.js';

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
 * Searches symbol names, qualified names, signatures, docstrings and the names bodies use. Reads
 * only what indexes reach (see candidates.ts), never every symbol, and keeps nothing between calls
 * but the bundles of an index (bundles.ts), read once per store revision and only by a search
 * whose candidates include copies.
 */
export function searchSymbols(store: GraphStore, query: string, options: SymbolSearchOptions = {}): SymbolSearch {
  const limit = Math.max(1, Math.min(options.limit ?? 10, 100));
  const parsed = parseSearchQuery(query);
  const extraKinds = options.kind === undefined ? undefined : kindsFor(options.kind);
  const kinds = intersectKinds(parsed.kinds, extraKinds);
  const wanted = kinds ?? SYMBOL_KINDS;
  const q = queryShape(parsed.text);
  const filtered = kinds !== undefined || parsed.languages !== undefined || parsed.paths.length > 0;
  const accept = filterOf(parsed);
  const { found, total, fuzzy } = gatherCandidates(store, q, { kinds: wanted, accept, filtered, fuzzy: options.fuzzy !== false });
  const bundles = copiesFound(found) ? bundledFiles(store) : NO_BUNDLES;
  const namedIds = writtenNameIds(found, q);
  const demoted = (row: SearchRow): boolean => row.isTest || isDemotedPath(row.path) || bundles.has(row.path);
  const ends = new Set(q.writtenEnds);
  const routes = writtenRouteIds(found, q.routes);
  const written = (row: SearchRow): boolean => isWrittenPath(row, q.written.paths, ends) || routes.has(row.id);
  const scored = found.map((c) => ({ c, demoted: demoted(c.row), written: written(c.row), score: scoreOf(c, q, namedIds), uses: 0 }));
  scored.sort(byRank);
  // A sentence is reordered among its first SENTENCE_WINDOW at least, so its first answers do not depend on how many were asked for.
  const window = Math.max(limit, SENTENCE_WINDOW);
  withDeprecatedLower(store, scored, window * DEPRECATED_WINDOW);
  const top = q.sentence
    ? sentenceOrder(store, withUseTies(store, scored, window), window, handlerReader(store, wanted, accept, demoted)).slice(0, limit)
    : withUseTies(store, scored, limit).slice(0, limit);
  const nodes = new Map(store.nodesByIds(top.map((s) => s.c.row.id)).map((n) => [n.id, n]));
  const matches: SymbolMatch[] = top.flatMap((s) => {
    const node = nodes.get(s.c.row.id);
    if (node === undefined) return [];
    return [{ node, score: Math.round(s.score * 100) / 100, demoted: s.demoted, fuzzy: s.c.fuzzy }];
  });
  return { query: { ...parsed, kinds }, matches, total, fuzzy };
}

const NO_BUNDLES: ReadonlySet<string> = new Set();

/** How many times the results shown are read for deprecation marks. */
const DEPRECATED_WINDOW = 2;

/** `ranked`'s first `window` with the deprecated ones' scores times DEPRECATED_SHARE, in their new order. */
function withDeprecatedLower(store: GraphStore, ranked: Scored[], window: number): void {
  const head = ranked.slice(0, window);
  const marked = docstringsHolding(store, head.map((s) => s.c.row.id), DEPRECATION_WORD);
  const deprecated = new Set([...marked].filter(([, doc]) => isDeprecatedDoc(doc)).map(([id]) => id));
  if (deprecated.size === 0) return;
  const lowered = head.map((s) => (deprecated.has(s.c.row.id) ? { ...s, score: s.score * DEPRECATED_SHARE } : s));
  lowered.sort(byRank);
  ranked.splice(0, head.length, ...lowered);
}

/**
 * Whether two JavaScript or TypeScript candidates in different files share a name and kind, as a
 * module's definition and its copy in a bundle do: only then are bundles looked for
 * (bundles.ts), so a search without such copies reads nothing more.
 */
function copiesFound(found: readonly Candidate[]): boolean {
  const fileOf = new Map<string, number>();
  for (const { row } of found) {
    if (!BUNDLE_LANGUAGES.includes(row.language)) continue;
    const key = `${row.kind}\u0000${row.name}`;
    const file = fileOf.get(key);
    if (file === undefined) fileOf.set(key, row.fileId);
    else if (file !== row.fileId) return true;
  }
  return false;
}

/** Demoted last, then a written path's symbols, then by score; equal scores by how much points at them, then by place. */
function byRank(a: Scored, b: Scored): number {
  return (
    Number(a.demoted) - Number(b.demoted) ||
    Number(b.written) - Number(a.written) ||
    b.score - a.score ||
    b.uses - a.uses ||
    compareText(a.c.row.path, b.c.row.path) ||
    a.c.row.line - b.c.row.line ||
    a.c.row.id - b.c.row.id
  );
}

/** Most symbols whose edges are counted to order a tie at the cut. */
const MAX_TIED = 200;

/**
 * `ranked` with the candidates that tie with others at or above the `limit`th place ordered by how
 * many edges point at them: of several same-named classes the one the project uses most comes
 * first, not the one whose path sorts first (`Field` in django: the model field, not GDAL's).
 */
function withUseTies(store: GraphStore, ranked: Scored[], limit: number): Scored[] {
  const last = ranked[Math.min(limit, ranked.length) - 1];
  if (last === undefined) return ranked;
  const same = (a: Scored, b: Scored): boolean => a.demoted === b.demoted && a.written === b.written && a.score === b.score;
  let end = Math.min(limit, ranked.length);
  while (end < ranked.length && end < MAX_TIED && same(ranked[end]!, last)) end += 1;
  const tied = ranked.slice(0, end).filter((s, i, all) => (i > 0 && same(all[i - 1]!, s)) || (i + 1 < all.length && same(all[i + 1]!, s)));
  if (tied.length === 0) return ranked;
  const counts = incomingEdgeCounts(store, tied.map((s) => s.c.row.id));
  for (const s of tied) s.uses = counts.get(s.c.row.id) ?? 0;
  return [...ranked.slice(0, end).sort(byRank), ...ranked.slice(end)];
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function intersectKinds(a: readonly NodeKind[] | undefined, b: readonly NodeKind[] | undefined): readonly NodeKind[] | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a.filter((k) => b.includes(k));
}

function filterOf(q: Pick<ParsedSearchQuery, 'languages' | 'paths'>): (row: SearchRow) => boolean {
  const languages = q.languages === undefined ? undefined : new Set(q.languages);
  const paths = q.paths;
  if (languages === undefined && paths.length === 0) return () => true;
  return (row) =>
    (languages === undefined || languages.has(row.language)) &&
    (paths.length === 0 || paths.some((want) => row.path.toLowerCase().includes(want)));
}

/**
 * The name typed in another case (`roundingMode` for `RoundingMode`), or a constructor that bears
 * its class's name (Java, C#, C++): below the exact name by more than kinds and the full-text part
 * of a one-name lookup differ, so the type typed comes first. Set on the name-lookup check of
 * docs/benchmarks.md (tuning half's type names, each searched by its name).
 */
const OTHER_CASE = 75;

/** A constructor named as the class it constructs (`String.String`). */
function isClassNamedConstructor(row: SearchRow): boolean {
  return row.kind === 'constructor' && row.qualifiedName.endsWith(`${row.name}.${row.name}`);
}

/** Score for the name itself: exact, qualified, prefix and substring matches, then name words. */
function nameScore(row: SearchRow, q: QueryShape): number {
  const { text, lower, nameWords, qualified } = q;
  const lowerName = row.name.toLowerCase();
  let score = 0;
  if (row.name === text && !isClassNamedConstructor(row)) score += 100;
  else if (lowerName === lower) score += OTHER_CASE;
  else if (qualified !== undefined && (row.qualifiedName === qualified || row.qualifiedName.endsWith(`.${qualified}`))) score += 95;
  else if (q.packageless.includes(row.qualifiedName)) score += 95;
  else if (lower.length >= 2 && lowerName.startsWith(lower)) score += 40 + (20 * lower.length) / lowerName.length;
  else if (lower.length >= 3 && lowerName.includes(lower)) score += 15;
  if (nameWords.length === 0) return score;
  const words = identifierWords(row.name);
  let exact = 0;
  let prefix = 0;
  for (const w of nameWords) {
    if (words.includes(w)) exact += 1;
    else if (words.some((x) => x.startsWith(w))) prefix += 1;
  }
  score += (24 * exact + 10 * prefix) / nameWords.length;
  if (exact === nameWords.length && words.length === nameWords.length) score += 10;
  const path = row.path.toLowerCase();
  score += Math.min(9, 3 * nameWords.filter((w) => w.length >= 3 && path.includes(w)).length);
  return score;
}

/**
 * The full-text part: the field-weighted score scaled by the (rarity-weighted) share of the
 * query's words the symbol holds, and a bonus per query word beyond the first that its body uses (an identifier bag
 * names the function that uses them all).
 */
function textScore(f: FieldScore): number {
  if (f.matched === 0) return 0;
  return TEXT_SCALE * f.weighted * f.coverage * f.coverage + USES_BONUS * Math.max(0, f.inUses - 1);
}

/** Scale of the full-text part against the name signals; set on the evaluation's tuning half, checked again under the sentence weights (1.5 and 3 lose one and two first hits). */
const TEXT_SCALE = 2;
/** Bonus per further query word a body uses; set on the evaluation's tuning half, checked again under the sentence weights (4 and 12 lose first hits). */
const USES_BONUS = 8;
/**
 * The share of the full-text part when the query is one identifier: how the name matches
 * (exactly, in another case, as a prefix) and the kind decide, and the word's other places order
 * what matches alike. A constructor repeats its class's name in its signature and qualified name,
 * a method `list` says "list" in its docstring; neither is the `String` or `List` that was typed.
 * Set with `OTHER_CASE` on the same name-lookup check; 0.15 and 0.4 give the tuning half's searches
 * the same hits.
 */
const ONE_NAME_TEXT_SHARE = 0.25;

function isOneName(q: QueryShape): boolean {
  return q.qualified === undefined && /^[\p{L}\p{N}_$]+$/u.test(q.text);
}

/**
 * A symbol a sentence names in code form (written-names.ts) by its path (`QuerySet.exclude`, the
 * whole qualified name or its end) ranks before every symbol it does not name so (`isWrittenPath`):
 * a person who writes the path means that symbol, however much more of the sentence another
 * symbol's docstring holds (the JDK's `ThreadPoolExecutor` constructor's against
 * `ThreadPoolExecutor.execute`). One named by an identifier no prose word looks like
 * (`check_password`) that at most WRITTEN_NAME_DEFINITIONS candidates bear gets WRITTEN_NAME; of
 * a name more bear, only the one outside tests whose text holds most of the sentence does (django's
 * `check_password` function, not the `check_password` of three user classes, for "how does
 * check_password verify a password and decide when the stored hash must be upgraded"): a name
 * many symbols bear (`getName()`, written as an example of a pattern) points at no one of them by
 * itself, but the rest of the sentence may say which. Set on the evaluation's tuning half; checked
 * again under the sentence weights (25 and 60 give the same hits). The bearer with the best text
 * gained django-05 (3rd to first) and lost none.
 */
const WRITTEN_NAME = 40;
const WRITTEN_NAME_DEFINITIONS = 3;
/**
 * A list of names (`PositionalArgs ExactArgs RangeArgs MatchAll`) asks for those names, or for
 * the function that uses them all, which the uses bonus finds: a name it lists that at most
 * WRITTEN_NAME_DEFINITIONS candidates bear gets this much, less than a sentence's written name.
 * Set on the evaluation's tuning half: 2 more first hits at 20 (cobra-06, rtk-07), none at 10,
 * 2 more and 1 fewer at 30 and 40. Checked again under the sentence weights: 10 and 30 lose a
 * first hit each.
 */
const LISTED_NAME = 20;

/**
 * The candidates a written name (`q.written.names`, or a list's names) points at: every bearer of
 * a name few candidates bear, and in a sentence the bearer outside tests whose text matches best
 * of a name more bear, when no other matches as well (the sentence's other words chose it).
 */
function writtenNameIds(found: readonly Candidate[], q: QueryShape): ReadonlySet<number> {
  const names = q.sentence ? q.written.names : listedNames(q.text);
  if (names.length === 0) return NO_IDS;
  const bearing = new Map<string, Candidate[]>();
  for (const c of found) {
    if (!names.includes(c.row.name)) continue;
    const bearers = bearing.get(c.row.name);
    if (bearers === undefined) bearing.set(c.row.name, [c]);
    else bearers.push(c);
  }
  const out = new Set<number>();
  for (const bearers of bearing.values()) {
    if (bearers.length <= WRITTEN_NAME_DEFINITIONS) for (const c of bearers) out.add(c.row.id);
    else if (q.sentence) {
      const [best, next] = bearers.filter((c) => !c.row.isTest).sort((a, b) => textScore(b.text) - textScore(a.text));
      if (best !== undefined && (next === undefined || textScore(best.text) > textScore(next.text))) out.add(best.row.id);
    }
  }
  return out;
}

/**
 * The names a list of identifiers gives (`PositionalArgs ExactArgs RangeArgs`): its tokens with a
 * capital or an `_` after their first letter. A plain lowercase word is no name here: explore
 * sends a question's content words to search as such a list.
 */
function listedNames(text: string): string[] {
  const tokens = text.trim().split(/\s+/);
  if (tokens.length < 2 || !tokens.every((t) => /^[A-Za-z_$][\w$]*[?!]?$/.test(t))) return [];
  return tokens.filter((t) => /[A-Z_]/.test(t.slice(1)));
}

/** Whether `row` is named by one of `paths`, as written, or by one of their `ends` after a package written in front (`QueryShape.writtenEnds`). */
function isWrittenPath(row: SearchRow, paths: readonly string[], ends: ReadonlySet<string>): boolean {
  return ends.has(row.qualifiedName) || paths.some((p) => row.qualifiedName === p || row.qualifiedName.endsWith(`.${p}`));
}

/**
 * The candidate routes a sentence writes (`POST /login`, written-routes.ts): for each route
 * written, those whose whole path under their mounts it is, or when none is, those declared with
 * that name (a router's `GET /:id`, wherever it is mounted).
 */
function writtenRouteIds(found: readonly Candidate[], written: readonly string[]): ReadonlySet<number> {
  if (written.length === 0) return NO_IDS;
  const routes = found.filter((c) => c.row.kind === 'route').map((c) => ({ id: c.row.id, path: routePattern(c.row.qualifiedName), declared: routePattern(c.row.name) }));
  const out = new Set<number>();
  for (const key of new Set(written.map(routePattern))) {
    const byPath = routes.filter((r) => r.path === key);
    for (const r of byPath.length > 0 ? byPath : routes.filter((r) => r.declared === key)) out.add(r.id);
  }
  return out;
}

const NO_IDS: ReadonlySet<number> = new Set();

/**
 * A symbol whose string literals hold every word a pasted message says (said.ts), one of at most
 * three: it said the message, as much as a name typed exactly names its symbol.
 */
const SAID = 100;

/**
 * A member of a type the sentence spells in words (`limit_clause` of "the SQL compiler"), whose
 * own name holds another word of the sentence (candidates.ts): it does what the sentence asks of
 * that type, not of another type sharing the member's name (each SQL dialect's compiler). Less
 * than a written name's bonus. Set on the evaluation's tuning half with the first form of the
 * rule (any word of the sentence, every direct member): 30 and 40 (also giving the type 40)
 * raised sqlalchemy-06 from beyond the tenth result to 3rd and jdk-mgmt-s2 from 4th to 3rd; 20
 * (the type too) raised sqlalchemy-06 to 5th only. Not chosen again after the rule was narrowed;
 * under the sentence weights 15 gives the same hits and 45 loses one first hit.
 */
const COMPOUND_MEMBER = 30;

function scoreOf(c: Candidate, q: QueryShape, namedIds: ReadonlySet<number>): number {
  const row = c.row;
  let score = (KIND_WEIGHT[row.kind] ?? 1) + (c.said === true ? SAID : 0) + (c.compoundMember === true ? COMPOUND_MEMBER : 0);
  if (c.fuzzy) return score + 30;
  if (q.text === '') return score;
  score += nameScore(row, q) + (namedIds.has(row.id) ? (q.sentence ? WRITTEN_NAME : LISTED_NAME) : 0) + (isOneName(q) ? ONE_NAME_TEXT_SHARE : 1) * textScore(c.text);
  // Shorter names are closer to what was typed, all else equal.
  return score - Math.min(5, row.name.length / 10);
}
