/**
 * The reads the search ranker makes: symbols by case-folded name, name prefix or qualified name
 * (b-tree indexes), and the full-text indexes (`node_search`, porter-stemmed, five columns, and
 * `strings_search`, the words of the symbols' string literals, one column): per
 * word and column the number of rows holding it (read once per query from the words' doclists),
 * and per matching row only the docid and which columns hold each word (`matchinfo` 'b', cheap;
 * sql.js has no FTS5 and so no bm25()). Every read is bounded by an index seek or a row limit;
 * none scans all symbols.
 * The MATCH syntax is built here from plain words, so no user text reaches it. Reading restores
 * indexes a bulk load deferred, so a search never sees a half-built index.
 */
import { SYMBOL_KINDS } from '../model.js';
import type { NodeKind } from '../model.js';
import { fileFactsOf } from './file-facts.js';
import { IN_JSON_LIST, connectionOf } from './graph-reader.js';
import type { GraphStore } from './graph-store.js';
import { NODE_CODE, code, nodeKindOf } from './records.js';
import { QUALIFIED_STORED, qualifiedNameOf } from './schema.js';
import type { FullTextTable } from './schema.js';
import type { SqlValue } from './sqlite.js';

/** A symbol as the ranker scores it: its name, place and file. */
export interface SearchRow {
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly kind: NodeKind;
  readonly fileId: number;
  readonly line: number;
  readonly path: string;
  readonly language: string;
  readonly isTest: boolean;
}

/** How common each word is: `rows` indexed rows, and `frequencies[word][column]` the rows holding the word in that column. */
export interface TermStats {
  readonly rows: number;
  readonly frequencies: readonly (readonly number[])[];
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
// The file's path, language and test flag come from `fileFactsOf`, not a join (see file-facts.ts).
const ROW_COLUMNS = `n.id, n.name, ${qualifiedNameOf('n')}, n.kind, n.file_id, n.start_line`;
const ROW_FROM = `nodes n`;

/** Only letters and digits reach the MATCH syntax. */
function plainWords(words: readonly string[]): string[] {
  return words.filter((w) => /^[a-z0-9]+$/.test(w));
}

/** A condition on `n.kind` with its one parameter; statement texts stay fixed and cached. */
interface KindFilter {
  readonly clause: string;
  readonly param: SqlValue;
}

const FILE_CODE = code(NODE_CODE, 'file');

/**
 * The kinds as a filter, undefined for none: every symbol kind (a search without a kind filter)
 * as `n.kind <> file`, a fifth cheaper per read on django than matching a list; others as a JSON
 * list of codes.
 */
function kindFilter(kinds: readonly NodeKind[]): KindFilter | undefined {
  if (kinds.length === 0) return undefined;
  if (kinds.length === SYMBOL_KINDS.length && SYMBOL_KINDS.every((k) => kinds.includes(k))) return { clause: 'n.kind <> ?', param: FILE_CODE };
  return { clause: `n.kind ${IN_JSON_LIST}`, param: JSON.stringify(kinds.map((k) => code(NODE_CODE, k))) };
}

/**
 * Runs one symbol read (`ROW_COLUMNS` of `ROW_FROM`) and calls `fn` with each row, its file's
 * facts joined in JavaScript; a symbol whose file row is missing is skipped, as a join would.
 */
function eachRow(store: GraphStore, sql: string, params: SqlValue[], fn: (row: SearchRow) => void): void {
  const read: SqlValue[][] = [];
  connectionOf(store).cached(sql).each(params, (values) => read.push(values));
  if (read.length === 0) return;
  const files = fileFactsOf(store, read.map((values) => Number(values[4])));
  for (const [id, name, qualifiedName, kind, fileId, line] of read) {
    const file = files.get(Number(fileId));
    if (file === undefined) continue;
    fn({
      id: Number(id), name: String(name ?? ''), qualifiedName: String(qualifiedName ?? ''), kind: nodeKindOf(Number(kind)),
      fileId: Number(fileId), line: Number(line), path: file.path, language: file.language, isTest: file.isTest,
    });
  }
}

/**
 * Per word and column, the rows holding the word, read from the first matching row's matchinfo
 * (FTS4 computes them from each word's doclist, not from a scan). Words must be letters and
 * digits; a word that is not gets no rows.
 */
export function searchTermStats(store: GraphStore, words: readonly string[], table: FullTextTable = 'node_search'): TermStats {
  store.restoreIndexes();
  const plain = plainWords(words);
  const frequencies = words.map(() => [] as number[]);
  let rows = 0;
  if (plain.length === 0) return { rows, frequencies };
  connectionOf(store).cached(`SELECT matchinfo(${table}, 'pcnx') FROM ${table} WHERE ${table} MATCH ? LIMIT 1`).each([plain.join(' OR ')], ([blob]) => {
    if (!(blob instanceof Uint8Array)) return;
    const info = decodeMatchinfo(blob);
    const p = info[0] ?? 0;
    const c = info[1] ?? 0;
    rows = info[2] ?? 0;
    for (let i = 0; i < p; i += 1) {
      const perColumn: number[] = [];
      for (let j = 0; j < c; j += 1) perColumn.push(info[3 + 3 * (i * c + j) + 2] ?? 0);
      const at = words.indexOf(plain[i] ?? '');
      if (at >= 0) frequencies[at] = perColumn;
    }
  });
  return { rows, frequencies };
}

/** Which rows a full-text read returns: those holding any word or all of them, at most `limit`, optionally only `ids`. */
export interface MatchRequest {
  readonly words: readonly string[];
  readonly mode: 'any' | 'all';
  readonly limit: number;
  readonly ids?: readonly number[];
  /** The index read: the symbols' (default) or their string literals'. */
  readonly table?: FullTextTable;
}

/**
 * Calls `fn` with each matching row's id and, per word of the request (letters and digits only,
 * in order), a bit mask of the columns holding it; the masks are valid only during the call (one
 * array serves every row). Returns false when no word is plain.
 */
export function eachTextMatch(store: GraphStore, request: MatchRequest, fn: (id: number, columns: Uint32Array) => void): boolean {
  store.restoreIndexes();
  const plain = plainWords(request.words);
  if (plain.length === 0) return false;
  // `+docid`: a plain docid constraint would make FTS4 run the whole MATCH once per id.
  const only = request.ids === undefined ? '' : `AND +docid ${IN_JSON_LIST}`;
  const params: SqlValue[] = [plain.join(request.mode === 'any' ? ' OR ' : ' ')];
  if (request.ids !== undefined) params.push(JSON.stringify(request.ids));
  params.push(Math.max(0, Math.floor(request.limit)));
  const masks = new Uint32Array(plain.length);
  const table = request.table ?? 'node_search';
  connectionOf(store).cached(`SELECT docid, matchinfo(${table}, 'b') FROM ${table} WHERE ${table} MATCH ? ${only} LIMIT ?`).each(
    params,
    ([id, blob]) => {
      // 'b' with at most 32 columns: one mask per word ('p' and 'c' are known and cost more than they say).
      if (!(blob instanceof Uint8Array)) return;
      readUint32s(blob, masks);
      fn(Number(id), masks);
    },
  );
  return true;
}

/**
 * Calls `fn` for up to `limit` symbols of `kinds` whose indexed text holds every one of `words`
 * (letters and digits only; others are dropped). The kind is filtered before the limit, so the
 * symbols of other kinds that hold the words take none of it.
 */
export function eachSymbolHoldingAll(store: GraphStore, words: readonly string[], kinds: readonly NodeKind[], limit: number, fn: (row: SearchRow) => void): void {
  store.restoreIndexes();
  const plain = plainWords(words);
  const only = kindFilter(kinds);
  if (plain.length === 0 || only === undefined) return;
  eachRow(
    store,
    `SELECT ${ROW_COLUMNS} FROM node_search JOIN ${ROW_FROM} ON n.id = node_search.docid WHERE node_search MATCH ? AND ${only.clause} LIMIT ?`,
    [plain.join(' '), only.param, Math.max(0, Math.floor(limit))],
    fn,
  );
}

/** Calls `fn` for each symbol of `kinds` among `ids`. */
export function eachSymbolById(store: GraphStore, ids: readonly number[], kinds: readonly NodeKind[], fn: (row: SearchRow) => void): void {
  const only = kindFilter(kinds);
  if (ids.length === 0 || only === undefined) return;
  eachRow(store, `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE n.id ${IN_JSON_LIST} AND ${only.clause}`, [JSON.stringify(ids), only.param], fn);
}

/**
 * The docstrings of `ids` that hold `word` in any case (SQLite's LIKE; `%`, `_` and `\` in the
 * word are dropped), by id: a few rows' text read by their keys, not every row's.
 */
export function docstringsHolding(store: GraphStore, ids: readonly number[], word: string): Map<number, string> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  connectionOf(store).cached(`SELECT id, docstring FROM nodes WHERE id ${IN_JSON_LIST} AND docstring LIKE ?`).each(
    [JSON.stringify(ids), `%${word.replace(/[%_\\]/g, '')}%`],
    ([id, docstring]) => {
      out.set(Number(id), String(docstring ?? ''));
    },
  );
  return out;
}

/**
 * How many stored edges (calls, references, imports, inheritance) point at each of `ids`, through
 * the edges' target index; ids nothing points at are absent.
 */
export function incomingEdgeCounts(store: GraphStore, ids: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  if (ids.length === 0) return counts;
  connectionOf(store).cached(`SELECT target_id, count(*) FROM edges WHERE target_id ${IN_JSON_LIST} GROUP BY target_id`).each(
    [JSON.stringify(ids)],
    ([id, count]) => counts.set(Number(id), Number(count)),
  );
  return counts;
}

/** Calls `fn` for each symbol of `kinds` whose case-folded name is one of `lowerNames`. */
export function eachSymbolNamed(store: GraphStore, lowerNames: readonly string[], kinds: readonly NodeKind[], fn: (row: SearchRow) => void): void {
  store.restoreIndexes();
  const only = kindFilter(kinds);
  if (lowerNames.length === 0 || only === undefined) return;
  eachRow(store, `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE lower(n.name) ${IN_JSON_LIST} AND ${only.clause}`, [JSON.stringify(lowerNames), only.param], fn);
}

/** The two keys a range of symbols is read by, each through its index: the case-folded name, and the stored qualified name. */
const RANGE_KEYS = {
  name: { key: 'lower(n.name)', stored: '' },
  // One equal to the name is stored as '' (schema.ts): such a symbol is in the name's range.
  qualified: { key: 'n.qualified_name', stored: `AND n.${QUALIFIED_STORED}` },
} as const;

/** Calls `fn` for up to `limit` symbols of `kinds` whose `by` key lies in [`low`, `high`), in that key's order. */
function eachSymbolInRange(
  store: GraphStore, by: keyof typeof RANGE_KEYS, low: string, high: string, kinds: readonly NodeKind[], limit: number, fn: (row: SearchRow) => void,
): void {
  store.restoreIndexes();
  const only = kindFilter(kinds);
  if (low === '' || only === undefined) return;
  const { key, stored } = RANGE_KEYS[by];
  eachRow(
    store,
    `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE ${key} >= ? AND ${key} < ? ${stored} AND ${only.clause} ORDER BY ${key} LIMIT ?`,
    [low, high, only.param, Math.max(0, Math.floor(limit))],
    fn,
  );
}

/** Calls `fn` for up to `limit` symbols of `kinds` whose stored qualified name starts with `prefix` (case kept), by qualified name. */
export function eachSymbolQualifiedWithPrefix(
  store: GraphStore, prefix: string, kinds: readonly NodeKind[], limit: number, fn: (row: SearchRow) => void,
): void {
  eachSymbolInRange(store, 'qualified', prefix, `${prefix}\uffff`, kinds, limit, fn);
}

/** Calls `fn` for up to `limit` symbols of `kinds` whose case-folded name starts with `prefix`, by name. */
export function eachSymbolWithPrefix(
  store: GraphStore, prefix: string, kinds: readonly NodeKind[], limit: number, fn: (row: SearchRow) => void,
): void {
  eachSymbolInRange(store, 'name', prefix, `${prefix}\uffff`, kinds, limit, fn);
}

/**
 * Calls `fn` for up to `limit` symbols of `kinds` whose qualified name continues `qualifiedName`
 * (`SQLCompiler.limit_clause` under `SQLCompiler`), by qualified name: a type's members, wherever
 * they are declared (a Go method beside its struct, a Rust method in an impl block), through the
 * qualified-name index.
 */
export function eachSymbolUnder(store: GraphStore, qualifiedName: string, kinds: readonly NodeKind[], limit: number, fn: (row: SearchRow) => void): void {
  // `/` is the character after `.`: the range holds exactly the names starting `qualifiedName.`.
  if (qualifiedName !== '') eachSymbolInRange(store, 'qualified', `${qualifiedName}.`, `${qualifiedName}/`, kinds, limit, fn);
}

/** Calls `fn` for each symbol of `kinds` with exactly this qualified name. */
export function eachSymbolQualified(store: GraphStore, qualifiedName: string, kinds: readonly NodeKind[], fn: (row: SearchRow) => void): void {
  store.restoreIndexes();
  const only = kindFilter(kinds);
  if (only === undefined) return;
  // Stored qualified names through their index; one equal to the name is stored as '' (schema.ts).
  eachRow(
    store,
    `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE n.qualified_name = ? AND n.${QUALIFIED_STORED} AND ${only.clause}
     UNION ALL
     SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE lower(n.name) = lower(?) AND n.name = ? AND n.qualified_name = '' AND ${only.clause}`,
    [qualifiedName, only.param, qualifiedName, qualifiedName, only.param],
    fn,
  );
}

/** Calls `fn` for the first `limit` symbols of `kinds`, in id order (a query of filters only). */
export function eachSymbolInOrder(store: GraphStore, kinds: readonly NodeKind[], limit: number, fn: (row: SearchRow) => void): void {
  const only = kindFilter(kinds);
  if (only === undefined) return;
  eachRow(store, `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE ${only.clause} ORDER BY n.id LIMIT ?`, [only.param, Math.max(0, Math.floor(limit))], fn);
}

/**
 * The matchinfo blob's first `out.length` numbers into `out`, without allocating: sqlite writes
 * native uint32s, little-endian in WASM. Viewing each row's blob as a new typed array cost a
 * tenth of a name search on django.
 */
function readUint32s(blob: Uint8Array, out: Uint32Array): void {
  for (let k = 0; k < out.length; k += 1) {
    const at = 4 * k;
    out[k] = ((blob[at] ?? 0) | ((blob[at + 1] ?? 0) << 8) | ((blob[at + 2] ?? 0) << 16) | ((blob[at + 3] ?? 0) << 24)) >>> 0;
  }
}

/** The matchinfo blob as numbers: sqlite writes native (little-endian in WASM) uint32s. */
function decodeMatchinfo(blob: Uint8Array): Uint32Array {
  // sql.js hands each blob over as its own copy: an aligned one is read in place.
  if (LITTLE_ENDIAN && blob.byteOffset % 4 === 0) return new Uint32Array(blob.buffer, blob.byteOffset, blob.byteLength >>> 2);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const out = new Uint32Array(Math.floor(blob.byteLength / 4));
  for (let i = 0; i < out.length; i += 1) out[i] = view.getUint32(i * 4, true);
  return out;
}
