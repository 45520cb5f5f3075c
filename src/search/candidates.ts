/**
 * Where the ranked symbol search finds its candidates: the name index (exact name, qualified
 * name, name prefix, identifier words), the full-text index (signatures, docstrings, qualified
 * names) when names find too little, and names one edit away for a likely typo.
 */
import { eachFullTextId } from '../store/index.js';
import type { GraphStore } from '../store/index.js';
import { identifierWords, keysWithPrefix } from './symbol-index.js';
import type { SymbolEntry, SymbolIndex } from './symbol-index.js';

/** A symbol found for a query, and how. */
export interface Candidate {
  readonly entry: SymbolEntry;
  /** Also matched in the full-text index. */
  fts: boolean;
  /** Found only by typo tolerance. */
  fuzzy: boolean;
}

/** What the query text reads as. */
export interface QueryShape {
  readonly text: string;
  readonly lower: string;
  /** Distinct identifier words of the text. */
  readonly words: readonly string[];
  /** The text as a dotted qualified name, when it is one. */
  readonly qualified: string | undefined;
}

/** The candidates of one search, and whether typo tolerance supplied them. */
export interface Candidates {
  readonly found: ReadonlyMap<number, Candidate>;
  readonly fuzzy: boolean;
}

/** Most candidates examined per query word or prefix, so very short words stay cheap. */
const MAX_CANDIDATES = 2000;
/** Full-text rows read when the name index alone finds too little. */
const MAX_FTS_ROWS = 300;

/** The shape of a query's text (inline filters already taken out). */
export function queryShape(text: string): QueryShape {
  return { text, lower: text.toLowerCase(), words: [...new Set(identifierWords(text))], qualified: qualifiedQuery(text) };
}

/**
 * Candidates for `q` that pass `accept`: name matches, then full-text matches when fewer than
 * three per wanted result were found, then (with `fuzzy`) names one edit away when almost
 * nothing was. An empty text lists symbols in id order.
 */
export function gatherCandidates(
  store: GraphStore, index: SymbolIndex, q: QueryShape, accept: (e: SymbolEntry) => boolean, limit: number, fuzzy: boolean,
): Candidates {
  const found = new Map<number, Candidate>();
  const add = (entry: SymbolEntry, how: 'name' | 'fts' | 'fuzzy'): void => {
    if (!accept(entry)) return;
    const known = found.get(entry.id);
    if (known === undefined) found.set(entry.id, { entry, fts: how === 'fts', fuzzy: how === 'fuzzy' });
    else if (how === 'fts') known.fts = true;
  };
  if (q.text === '') {
    for (const entry of index.symbols) {
      add(entry, 'name');
      if (found.size >= MAX_CANDIDATES) break;
    }
  } else {
    addNameMatches(store, index, q, add);
    addWordMatches(index, q.words, add);
    if (found.size < limit * 3 && q.words.length > 0) addFullText(store, index, q.words, add);
  }
  let usedFuzzy = false;
  if (fuzzy && found.size < 3 && q.words.length === 1 && q.lower.length >= 3 && q.lower.length <= 16 && /^[\w$]+$/.test(q.lower)) {
    const before = found.size;
    for (const variant of editVariants(q.lower)) {
      for (const entry of index.byLowerName.get(variant) ?? []) add(entry, 'fuzzy');
    }
    usedFuzzy = found.size > before && before === 0;
  }
  return { found, fuzzy: usedFuzzy };
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

/** The exact name (any case), the qualified name, and names starting with a one-word query. */
function addNameMatches(store: GraphStore, index: SymbolIndex, q: QueryShape, add: (e: SymbolEntry, how: 'name') => void): void {
  for (const entry of index.byLowerName.get(q.lower) ?? []) add(entry, 'name');
  if (q.qualified !== undefined) {
    for (const node of store.nodesByQualifiedName(q.qualified)) {
      const entry = index.byId.get(node.id);
      if (entry !== undefined) add(entry, 'name');
    }
  }
  if (q.lower.length >= 2 && !/\s/.test(q.lower)) {
    let seen = 0;
    for (const name of keysWithPrefix(index.names, q.lower, 500)) {
      for (const entry of index.byLowerName.get(name) ?? []) {
        add(entry, 'name');
        seen += 1;
      }
      if (seen >= MAX_CANDIDATES) break;
    }
  }
}

function addWordMatches(index: SymbolIndex, words: readonly string[], add: (e: SymbolEntry, how: 'name') => void): void {
  if (words.length === 0) return;
  // Symbols whose words start with every query word, walked from the rarest query word; when no
  // symbol has them all, symbols with any of them (bounded).
  const perWord = words.map((w) => {
    const keys = keysWithPrefix(index.words, w, 200);
    let size = 0;
    for (const key of keys) size += index.byWord.get(key)?.length ?? 0;
    return { w, keys, size };
  });
  perWord.sort((a, b) => a.size - b.size);
  const [rarest, ...rest] = perWord;
  if (rarest === undefined) return;
  let all = 0;
  let seen = 0;
  for (const key of rarest.keys) {
    for (const entry of index.byWord.get(key) ?? []) {
      if (rest.every((r) => entry.words.some((x) => x.startsWith(r.w)))) {
        add(entry, 'name');
        all += 1;
      }
      seen += 1;
    }
    if (seen >= MAX_CANDIDATES) break;
  }
  if (all > 0 || words.length === 1) return;
  for (const r of perWord) {
    let taken = 0;
    for (const key of r.keys) {
      for (const entry of index.byWord.get(key) ?? []) add(entry, 'name');
      taken += index.byWord.get(key)?.length ?? 0;
      if (taken >= MAX_CANDIDATES / words.length) break;
    }
  }
}

function addFullText(store: GraphStore, index: SymbolIndex, words: readonly string[], add: (e: SymbolEntry, how: 'fts') => void): void {
  // Only words of letters and digits reach the index's match syntax.
  // Short words match whole tokens only: a prefix like `set*` expands to hundreds of terms.
  const plain = words.filter((w) => /^[a-z0-9]+$/.test(w)).map((w) => ({ text: w, prefix: w.length > 3 }));
  if (plain.length === 0) return;
  eachFullTextId(store, plain, MAX_FTS_ROWS, (id) => {
    const entry = index.byId.get(id);
    if (entry !== undefined) add(entry, 'fts');
  });
}
