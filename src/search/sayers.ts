/**
 * The symbols that say a pasted message: those outside tests whose string literals hold every
 * word the message says in its own text (said.ts), when at most MAX_SAYERS do. Read from the
 * literals' own index with one bounded match; search ranks them first (symbol-search.ts) and
 * explore seeds them as named.
 */
import { SYMBOL_KINDS } from '../model.js';
import type { NodeKind } from '../model.js';
import { eachSymbolById, eachTextMatch } from '../store/index.js';
import type { GraphStore, SearchRow } from '../store/index.js';
import { saidWords } from './said.js';

/** Most symbols taken for a message's sayers: more is a common phrase, not one message. */
const MAX_SAYERS = 3;
/** Literals read that hold a message's words: tests repeat the messages they expect, and are left out. */
const SAYERS_READ = 50;

/** The sayers of a message said by `said` (its words), among `kinds` and what `accept` passes, by id. */
export function sayers(store: GraphStore, said: readonly string[], kinds: readonly NodeKind[], accept: (row: SearchRow) => boolean): ReadonlyMap<number, SearchRow> {
  const out = new Map<number, SearchRow>();
  if (said.length === 0) return out;
  const ids: number[] = [];
  eachTextMatch(store, { words: said, mode: 'all', limit: SAYERS_READ, table: 'strings_search' }, (id) => ids.push(id));
  eachSymbolById(store, ids, kinds, (row) => {
    if (!row.isTest && accept(row)) out.set(row.id, row);
  });
  return out.size > MAX_SAYERS ? new Map() : out;
}

/** The ids of the symbols that say `text`, taken as a pasted message; none when it says too little. */
export function sayersOf(store: GraphStore, text: string): number[] {
  return [...sayers(store, saidWords(text), SYMBOL_KINDS, () => true).keys()];
}
