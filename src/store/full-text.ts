/**
 * The full-text index as the search engine reads it: the FTS4 MATCH syntax (built here from plain
 * words, so no user text reaches it) and the matching rows. sql.js has no FTS5 and so no bm25(),
 * so matches come with `matchinfo(node_search, 'pcnalx')` decoded for the engine to score.
 * Reading restores indexes a bulk load deferred, so a search never sees a half-built index.
 */
import type { NodeKind } from '../model.js';
import { connectionOf } from './graph-reader.js';
import type { GraphStore } from './graph-store.js';
import { NODE_CODE, code } from './records.js';

/** One query token, lowercased, and its camelCase words when it has several. */
export interface FullTextTerm {
  readonly whole: string;
  readonly words: readonly string[];
}

/** One word of a plain match: a whole token, or (with `prefix`) any token it begins. */
export interface FullTextWord {
  readonly text: string;
  readonly prefix: boolean;
}

/**
 * Calls `fn` for each node of `kinds` whose text matches every term (`all`) or any (`any`), as
 * prefixes, a term also matching its camelCase words in sequence. `info` is the decoded
 * 'pcnalx' matchinfo (undefined if sqlite returned none). Returns false, reading nothing, when
 * there is no term or no kind.
 */
export function eachFullTextMatch(
  store: GraphStore, terms: readonly FullTextTerm[], mode: 'all' | 'any', kinds: readonly NodeKind[],
  fn: (id: number, info: Uint32Array | undefined, name: string, qualifiedName: string) => void,
): boolean {
  store.restoreIndexes();
  const expression = matchExpression(terms, mode);
  const kindList = kinds.map((k) => code(NODE_CODE, k)).join(',');
  if (expression === undefined || kindList === '') return false;
  connectionOf(store).each(
    `SELECT s.docid, matchinfo(node_search, 'pcnalx'), n.name, n.qualified_name FROM node_search s JOIN nodes n ON n.id = s.docid
     WHERE node_search MATCH ? AND n.kind IN (${kindList})`,
    [expression],
    ([id, info, name, qualifiedName]) => {
      fn(Number(id), info instanceof Uint8Array ? decodeMatchinfo(info) : undefined, String(name), String(qualifiedName));
    },
  );
  return true;
}

/** Calls `fn` with the id of each of the first `limit` nodes whose text holds every word (letters and digits only). */
export function eachFullTextId(store: GraphStore, words: readonly FullTextWord[], limit: number, fn: (id: number) => void): void {
  store.restoreIndexes();
  const expression = words.map((w) => (w.prefix ? `${w.text}*` : w.text)).join(' ');
  connectionOf(store).each(`SELECT docid FROM node_search WHERE node_search MATCH ? LIMIT ${limit}`, [expression], ([id]) => {
    fn(Number(id));
  });
}

/**
 * An FTS4 MATCH expression with prefix terms, all terms required (`all`) or any (`any`).
 * Terms only contain letters and digits, so no user text reaches the query syntax.
 * Returns undefined when there is no term.
 */
function matchExpression(terms: readonly FullTextTerm[], mode: 'all' | 'any'): string | undefined {
  if (terms.length === 0) return undefined;
  const parts = terms.map((t) =>
    t.words.length < 2 ? `${t.whole}*` : `(${t.whole}* OR (${t.words.map((w) => `${w}*`).join(' ')}))`,
  );
  return parts.join(mode === 'all' ? ' ' : ' OR ');
}

/** The matchinfo 'pcnalx' blob as numbers: sqlite writes native (little-endian in WASM) uint32s. */
function decodeMatchinfo(blob: Uint8Array): Uint32Array {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const out = new Uint32Array(Math.floor(blob.byteLength / 4));
  for (let i = 0; i < out.length; i += 1) out[i] = view.getUint32(i * 4, true);
  return out;
}
