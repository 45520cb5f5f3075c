/**
 * Where the ranker finds its candidates, each read bounded by an index: the exact name, the
 * qualified name and names starting with the query (b-tree indexes over names), the full-text
 * index for the query's words (a row budget, rarest words first), the members of a type a
 * sentence spells in words (the qualified-name index, a bounded read), and names one edit away
 * for a likely typo. Full-text candidates arrive as ids with the columns holding each word; only
 * the best of them by that text score are read as rows, so a common word costs little.
 */
import type { NodeKind } from '../model.js';
import {
  eachSymbolById, eachSymbolInOrder, eachSymbolUnder, eachSymbolNamed, eachSymbolQualified, eachSymbolWithPrefix, eachTextMatch, searchTermStats,
} from '../store/index.js';
import type { GraphStore, SearchRow, TermStats } from '../store/index.js';
import { fieldScore, NO_MATCH, STRINGS_COLUMN, weightsFor } from './fields.js';
import type { FieldScore } from './fields.js';
import { identifierWords, searchSpellings, searchWords } from './terms.js';
import { isSentence, NO_WRITTEN_NAMES, writtenNames, type WrittenNames } from './written-names.js';
import { queryRoutes } from './written-routes.js';
import { addWrittenRoutes } from './route-candidates.js';
import { COMPOUND_KINDS, compoundNames, MAX_COMPOUND_DEFINITIONS, type CompoundName } from './compound-names.js';
import { saidWords } from './said.js';
import { sayers } from './sayers.js';
import { packagelessNames } from '../words.js';

/** A symbol found for a query, and how. */
export interface Candidate {
  readonly row: SearchRow;
  /** Its full-text match over the query's words. */
  readonly text: FieldScore;
  /** Found only by typo tolerance. */
  readonly fuzzy: boolean;
  /** Its string literals hold every word the query says as a message (said.ts). */
  readonly said?: boolean;
  /** A member of a type the sentence spells in words, whose own name holds another word of it (compound-names.ts). */
  readonly compoundMember?: boolean;
}

/** What the query text reads as. */
export interface QueryShape {
  readonly text: string;
  readonly lower: string;
  /** The query's words (stop words dropped): what a row's text match is scored over. */
  readonly words: readonly string[];
  /** What is sent to the full-text index: the words, then their other spellings (`args` for `arguments`). */
  readonly spellings: readonly string[];
  /** Per spelling, the index of the word it spells. */
  readonly meaning: readonly number[];
  /** Identifier words of the text without stop words, compared with name words. */
  readonly nameWords: readonly string[];
  /** The text as a dotted qualified name, when it is one. */
  readonly qualified: string | undefined;
  /** Its ends after a package or module written in front (`java.util.ArrayList.grow` -> `ArrayList.grow`), longest first. */
  readonly packageless: readonly string[];
  /** The text holds a stop word: a sentence, not a name or a list of names (written-names.ts). */
  readonly sentence: boolean;
  /** The names a text of several words writes in code form (written-names.ts). */
  readonly written: WrittenNames;
  /** The ends of the written paths after a package written in front of them, as `packageless` is the text's. */
  readonly writtenEnds: readonly string[];
  /** The words the text says as a message, outside a label and quoted values (said.ts). */
  readonly said: readonly string[];
  /** The routes a sentence writes, named as routes are (`POST /login`; written-routes.ts). */
  readonly routes: readonly string[];
  /** The names runs of a sentence's words could spell (`SQL compiler`; compound-names.ts). */
  readonly compounds: readonly CompoundName[];
}

/** The candidates of one search, and whether typo tolerance supplied them. */
export interface Candidates {
  readonly found: readonly Candidate[];
  /** Candidates found, counting full-text matches not read as rows (filters apply only to rows read). */
  readonly total: number;
  readonly fuzzy: boolean;
}

/**
 * Rows the full-text index hands over per query before only the rarest words are used; it also
 * bounds a query of common words on a kernel-size index. On the evaluation's tuning half 800 found
 * as many targets as 3000 at a third of the cost; 300 lost some.
 */
const ROW_BUDGET = 800;
/** Full-text candidates read as rows, best text score first (more when filters may drop many). */
const TOP_ROWS = 60;
const TOP_ROWS_FILTERED = 1000;
/** Rows holding every word of a one-identifier query that make reading rows with any of them unnecessary. */
const ENOUGH_WHOLE = 10;
/** Names read per name prefix. */
const PREFIX_ROWS = 300;
/** Symbols listed for a query of filters only. */
const LISTED_ROWS = 2000;

/** The shape of a query's text (inline filters already taken out). */
export function queryShape(text: string): QueryShape {
  const words = searchWords(text);
  const qualified = qualifiedQuery(text);
  const sentence = isSentence(text);
  const { spellings, meaning } = searchSpellings(words, sentence);
  const nameWords = [...new Set(identifierWords(text))].filter((w) => words.includes(w));
  const written = sentence ? writtenNames(text) : NO_WRITTEN_NAMES;
  return {
    text, lower: text.toLowerCase(), words, spellings, meaning, nameWords, qualified, packageless: qualified === undefined ? [] : packagelessNames(qualified), sentence,
    written, writtenEnds: written.paths.flatMap(packagelessNames), said: saidWords(text), routes: queryRoutes(text, sentence),
    compounds: sentence ? compoundNames(text) : [],
  };
}

/** Where candidates may come from and what they must pass. */
export interface GatherOptions {
  readonly kinds: readonly NodeKind[];
  /** Language and path filters; `filtered` says whether there are any filters, kinds included. */
  readonly accept: (row: SearchRow) => boolean;
  readonly filtered: boolean;
  readonly fuzzy: boolean;
}

/** Candidates for `q`, each with its full-text match when the query has words. */
export function gatherCandidates(store: GraphStore, q: QueryShape, options: GatherOptions): Candidates {
  const { kinds, accept } = options;
  const rows = new Map<number, SearchRow>();
  const fuzzyIds = new Set<number>();
  const add = (row: SearchRow): void => {
    if (!rows.has(row.id) && accept(row)) rows.set(row.id, row);
  };
  if (q.text === '') {
    eachSymbolInOrder(store, kinds, LISTED_ROWS, add);
    return { found: [...rows.values()].map((row) => ({ row, text: NO_MATCH, fuzzy: false })), total: rows.size, fuzzy: false };
  }
  addNamed(store, q, kinds, add);
  const said = sayers(store, q.said, kinds, accept);
  for (const row of said.values()) add(row);
  const spelled = searchTermStats(store, q.spellings);
  const stats = byWord(spelled, q);
  const weights = weightsFor(q.sentence);
  const text = textMatches(store, q, spelled, !/\s/.test(q.text.trim()));
  const { masks } = text;
  const preScores = new Map<number, number>();
  /** How strongly a candidate's text matches, by the words' columns read so far (0 for none), computed once. */
  const textOf = (id: number): number => {
    const m = masks.get(id);
    if (m === undefined) return 0;
    let score = preScores.get(id);
    if (score === undefined) preScores.set(id, (score = preScore(fieldScore(m, stats, weights))));
    return score;
  };
  const compoundMembers = addCompoundMembers(store, q, { kinds, add, added: (id) => rows.has(id), textOf });
  /** The `keep` best full-text candidates not yet read as rows, in order, and how many there are. */
  const best = (keep: number): { top: { id: number; score: number }[]; count: number } => {
    const ids: number[] = [];
    const scores: number[] = [];
    for (const id of masks.keys()) {
      if (rows.has(id)) continue;
      const score = textOf(id);
      ids.push(id);
      scores.push(score);
    }
    // Only candidates scoring at least the keep-th best can be among the first `keep`.
    const floor = ids.length > keep ? (Float64Array.from(scores).sort()[ids.length - keep] ?? -Infinity) : -Infinity;
    const top: { id: number; score: number }[] = [];
    scores.forEach((score, i) => {
      if (score >= floor) top.push({ id: ids[i] ?? 0, score });
    });
    return { top: top.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, keep), count: ids.length };
  };
  const room = options.filtered ? TOP_ROWS_FILTERED : TOP_ROWS;
  const first = best(text.complete ? room : 2 * room);
  const textTotal = first.count;
  let ranked = first.top;
  if (!text.complete) {
    // Scored so far on the rarest words only: read all words' columns for the best few and the name candidates.
    const stale = [...rows.keys(), ...ranked.map((r) => r.id)].filter((id) => !text.whole.has(id));
    for (const id of stale) preScores.delete(id);
    rescore(store, q, stale, masks);
    ranked = best(room).top;
  }
  eachSymbolById(store, ranked.slice(0, room).map((t) => t.id), kinds, add);
  let usedFuzzy = false;
  if (options.fuzzy && rows.size < 3 && q.words.length === 1 && q.lower.length >= 3 && q.lower.length <= 16 && /^[\w$]+$/.test(q.lower)) {
    const before = rows.size;
    eachSymbolNamed(store, [...editVariants(q.lower)], kinds, (row) => {
      if (!rows.has(row.id)) fuzzyIds.add(row.id);
      add(row);
    });
    usedFuzzy = rows.size > before && before === 0;
  }
  const scoredStats = withStringWords(store, q, [...rows.keys()], masks, stats);
  const found = [...rows.values()].map((row) => {
    const m = masks.get(row.id);
    return { row, text: m === undefined ? NO_MATCH : fieldScore(m, scoredStats, weights), fuzzy: fuzzyIds.has(row.id), ...(said.has(row.id) ? { said: true } : {}), ...(compoundMembers.has(row.id) ? { compoundMember: true } : {}) };
  });
  const total = options.filtered ? found.length : Math.max(found.length, rows.size + textTotal - Math.min(room, textTotal));
  return { found, total, fuzzy: usedFuzzy };
}

/**
 * Adds to the masks of `ids` which words their string literals hold (fields.ts STRINGS_COLUMN),
 * and answers `stats` with those words' counts there as the column after the symbol index's:
 * read for the candidates only, so the literals weigh the symbols found without changing which
 * are found.
 */
function withStringWords(store: GraphStore, q: QueryShape, ids: readonly number[], masks: Map<number, Uint32Array>, stats: TermStats): TermStats {
  if (ids.length === 0 || q.spellings.length === 0) return stats;
  const spelled = byWord(searchTermStats(store, q.spellings, 'strings_search'), q);
  if (spelled.frequencies.every((f) => (f[0] ?? 0) === 0)) return stats;
  const bit = 1 << STRINGS_COLUMN;
  const request = { words: q.spellings, mode: 'any' as const, limit: ids.length, ids, table: 'strings_search' as const };
  eachTextMatch(store, request, (id, columns) => {
    let full = masks.get(id);
    if (full === undefined) masks.set(id, (full = new Uint32Array(q.words.length)));
    q.spellings.forEach((_, k) => {
      const i = q.meaning[k] ?? 0;
      if ((columns[k] ?? 0) !== 0) full[i] = (full[i] ?? 0) | bit;
    });
  });
  // A word the symbol index holds nowhere has no counts there: its columns are zeros.
  const frequencies = stats.frequencies.map((f, i) => [...Array.from({ length: STRINGS_COLUMN }, (_, j) => f[j] ?? 0), spelled.frequencies[i]?.[0] ?? 0]);
  return { rows: stats.rows, frequencies };
}

/** Adds the symbols `q` names: by name prefix or whole name, qualified name, and what a sentence writes in code form. */
function addNamed(store: GraphStore, q: QueryShape, kinds: readonly NodeKind[], add: (row: SearchRow) => void): void {
  // The prefix range holds the exact name too: read on its own only when the prefix read may have stopped short of it.
  let prefixRows = PREFIX_ROWS;
  if (q.lower.length >= 2 && !/\s/.test(q.lower)) {
    prefixRows = 0;
    eachSymbolWithPrefix(store, q.lower, kinds, PREFIX_ROWS, (row) => {
      prefixRows += 1;
      add(row);
    });
  }
  if (prefixRows >= PREFIX_ROWS) eachSymbolNamed(store, [q.lower], kinds, add);
  if (q.qualified !== undefined) eachSymbolQualified(store, q.qualified, kinds, add);
  for (const end of q.packageless) eachSymbolQualified(store, end, kinds, add);
  // The symbols a sentence names in code form are candidates whatever its other words match.
  for (const name of [...q.written.paths, ...q.writtenEnds]) eachSymbolQualified(store, name, kinds, add);
  if (q.written.names.length > 0) eachSymbolNamed(store, q.written.names.map((n) => n.toLowerCase()), kinds, add);
  addWrittenRoutes(store, q.routes, kinds, add);
}

const NO_IDS: ReadonlySet<number> = new Set();
/**
 * Symbols under one spelled type read (its members and theirs), the first in qualified-name order:
 * a bound on cost, not a measured value, so a class of thousands of generated accessors costs no
 * more than 500 rows.
 */
const MAX_MEMBERS_READ = 500;
/**
 * Members of one spelled type that gain (COMPOUND_MEMBER): those whose names hold most of the
 * sentence's words, then whose text matches it best. Set on the evaluation's tuning half with
 * that order: the same figures as with no bound; ordered by id instead, ten lost two fifth hits.
 */
const MAX_COMPOUND_MEMBERS = 10;

/** How a spelled type's members are added and told apart. */
interface MemberSink {
  readonly kinds: readonly NodeKind[];
  readonly add: (row: SearchRow) => void;
  /** Whether a row was added (passed the filters). */
  readonly added: (id: number) => boolean;
  /** How strongly a symbol's text matches the query (0 when it matches no word). */
  readonly textOf: (id: number) => number;
}

/**
 * Adds the types `q`'s sentence spells in words (compound-names.ts) and those of their members
 * whose own name holds a word of the sentence other than the ones spelling the type; answers
 * those members.
 */
function addCompoundMembers(store: GraphStore, q: QueryShape, sink: MemberSink): ReadonlySet<number> {
  const { kinds, add, added, textOf } = sink;
  if (q.compounds.length === 0) return NO_IDS;
  const types: SearchRow[] = [];
  eachSymbolNamed(store, q.compounds.map((c) => c.joined), COMPOUND_KINDS, (row) => types.push(row));
  const bearing = new Map<string, number>();
  for (const t of types) bearing.set(t.name.toLowerCase(), (bearing.get(t.name.toLowerCase()) ?? 0) + 1);
  const members = new Set<number>();
  for (const type of types) {
    const joined = type.name.toLowerCase();
    if ((bearing.get(joined) ?? 0) > MAX_COMPOUND_DEFINITIONS) continue;
    if (kinds.includes(type.kind)) add(type);
    const own = new Set(q.compounds.find((c) => c.joined === joined)?.words ?? []);
    const others = q.nameWords.filter((w) => !own.has(w));
    const held: { row: SearchRow; count: number; text: number }[] = [];
    const member = `${type.qualifiedName}.`;
    eachSymbolUnder(store, type.qualifiedName, kinds, MAX_MEMBERS_READ, (row) => {
      // Its own members only: a method's local function or a nested class's method is not the type's.
      if (row.qualifiedName.indexOf('.', member.length) >= 0) return;
      const count = identifierWords(row.name).filter((w) => others.includes(w)).length;
      if (count > 0) held.push({ row, count, text: textOf(row.id) });
    });
    held.sort((a, b) => b.count - a.count || b.text - a.text || a.row.id - b.row.id);
    for (const { row } of held.slice(0, MAX_COMPOUND_MEMBERS)) {
      add(row);
      if (added(row.id)) members.add(row.id);
    }
  }
  return members;
}

/** The order full-text candidates are read in: rare words, and more of them, first. */
function preScore(f: FieldScore): number {
  return f.weighted * f.matched;
}

/** The full-text matches of a query: per-word column masks by id, and which masks hold every word's columns. */
interface TextMatches {
  readonly masks: Map<number, Uint32Array>;
  /** Every row holding any word was read (within the row budget). */
  readonly complete: boolean;
  /** Ids whose mask was read over every word the index holds: reading them again would change nothing. */
  readonly whole: Set<number>;
}

/**
 * The full-text matches of the query's words, as per-word column masks by id: every row holding
 * any word when together they fit the row budget (`complete`); otherwise the rows holding the
 * rarest words that fit (and, when even the rarest alone does not, those holding every word).
 * For one identifier of several words, the rows holding all of them come first and suffice when
 * there are enough: its common words (`get`, `string`) would otherwise read thousands of rows.
 */
function textMatches(store: GraphStore, q: QueryShape, stats: TermStats, identifier: boolean): TextMatches {
  const masks = new Map<number, Uint32Array>();
  const whole = new Set<number>();
  const words = q.words;
  const rarity = q.spellings
    .map((w, j) => ({ w, i: q.meaning[j] ?? 0, own: j < words.length, df: Math.max(0, ...(stats.frequencies[j] ?? [0])) }))
    .filter((x) => x.df > 0)
    .sort((a, b) => a.df - b.df);
  // Rows holding every word are read by the words as written: a row need not hold every spelling.
  const own = rarity.filter((x) => x.own);
  const readAll = identifier && own.length > 1 && own.length === words.length;
  if (readAll) {
    // One identifier (`get_random_string`): the rows holding all its words, when there are enough.
    readMasks(store, words, own, 'all', undefined, masks, whole);
    if (masks.size >= ENOUGH_WHOLE) return { masks, complete: true, whole };
  }
  const picked: typeof rarity = [];
  let total = 0;
  for (const x of rarity) {
    if (picked.length > 0 && total + x.df > ROW_BUDGET) break;
    picked.push(x);
    total += x.df;
  }
  if (picked.length === 0) return { masks, complete: true, whole };
  if (total > ROW_BUDGET && own.length > 1 && !readAll) readMasks(store, words, own, 'all', undefined, masks, whole);
  // A word's count is its largest column's, so rows holding it in different columns may together
  // pass the budget: a read that filled the budget left rows out.
  const read = readMasks(store, words, picked, 'any', undefined, masks, picked.length === rarity.length ? whole : undefined);
  return { masks, complete: picked.length === rarity.length && total <= ROW_BUDGET && read < ROW_BUDGET, whole };
}

/** Reads every spelling's columns for `ids` (rows holding none keep no mask). */
function rescore(store: GraphStore, q: QueryShape, ids: readonly number[], masks: Map<number, Uint32Array>): void {
  const all = q.spellings.map((w, j) => ({ w, i: q.meaning[j] ?? 0 }));
  for (const id of ids) masks.delete(id);
  if (ids.length > 0) readMasks(store, q.words, all, 'any', ids, masks, undefined);
}

/**
 * Per-word statistics from per-spelling ones: a word's rows in a column are those of its
 * spellings together (their sum, at most every row).
 */
function byWord(spelled: TermStats, q: QueryShape): TermStats {
  if (q.spellings.length === q.words.length) return spelled;
  const frequencies = q.words.map((_, i) => [...(spelled.frequencies[i] ?? [])]);
  for (let j = q.words.length; j < q.spellings.length; j += 1) {
    const into = frequencies[q.meaning[j] ?? 0];
    if (into === undefined) continue;
    (spelled.frequencies[j] ?? []).forEach((n, c) => (into[c] = Math.min(spelled.rows, (into[c] ?? 0) + n)));
  }
  return { rows: spelled.rows, frequencies };
}

/**
 * Reads the columns of `subset`'s spellings into `masks` (per word: the columns holding any of
 * its spellings) and answers how many rows it read; `whole` (when the subset is every spelling
 * the index holds) collects the ids read.
 */
function readMasks(
  store: GraphStore, words: readonly string[], subset: readonly { w: string; i: number }[], mode: 'any' | 'all',
  ids: readonly number[] | undefined, masks: Map<number, Uint32Array>, whole: Set<number> | undefined,
): number {
  const request = { words: subset.map((x) => x.w), mode, limit: ids?.length ?? ROW_BUDGET, ...(ids === undefined ? {} : { ids }) };
  let read = 0;
  eachTextMatch(store, request, (id, columns) => {
    read += 1;
    let full = masks.get(id);
    if (full === undefined) masks.set(id, (full = new Uint32Array(words.length)));
    // The same spelling read twice gives the same columns: or-ing is safe across reads.
    subset.forEach((x, k) => (full[x.i] = (full[x.i] ?? 0) | (columns[k] ?? 0)));
    whole?.add(id);
  });
  return read;
}

/** Every string one edit (delete, insert, substitute, swap) away from `word`. */
export function editVariants(word: string): Set<string> {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789_';
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i += 1) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail !== '') out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2));
    for (const ch of alphabet) {
      out.add(head + ch + tail);
      if (tail !== '') out.add(head + ch + tail.slice(1));
    }
  }
  out.delete(word);
  return out;
}

/** `Engine.serve`, `Engine::serve`, `Engine#serve` as a dotted qualified name; undefined for plain names. */
function qualifiedQuery(text: string): string | undefined {
  if (/\s/.test(text) || !/[.:#]/.test(text)) return undefined;
  const dotted = text.replace(/::|#/g, '.').replace(/^\.+|\.+$/g, '');
  return dotted.includes('.') ? dotted : undefined;
}
