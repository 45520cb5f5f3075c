/**
 * A file's path, language and test flag by file id, for reads that return many symbols (the
 * search ranker's candidates): joining `files` and decoding the path on every symbol row cost a
 * third of those reads on django. Facts are read once per file id and kept per store until its
 * next write (`revision`), so a daemon's store never answers with a file a sync renamed.
 */
import { IN_JSON_LIST, connectionOf } from './graph-reader.js';
import type { GraphStore } from './graph-store.js';

/** What a symbol row needs to know about its file. */
export interface FileFacts {
  readonly path: string;
  readonly language: string;
  readonly isTest: boolean;
}

/** Files kept per store; past it the table starts over (a kernel-size index has 57,000 files). */
const MAX_KEPT = 100_000;

interface Kept {
  readonly revision: number;
  readonly facts: Map<number, FileFacts>;
}

const kept = new WeakMap<GraphStore, Kept>();

/** The facts of every file in `fileIds` that exists, read from the database only for ids not yet kept. */
export function fileFactsOf(store: GraphStore, fileIds: Iterable<number>): ReadonlyMap<number, FileFacts> {
  let table = kept.get(store);
  if (table === undefined || table.revision !== store.revision || table.facts.size > MAX_KEPT) {
    table = { revision: store.revision, facts: new Map() };
    kept.set(store, table);
  }
  const facts = table.facts;
  const missing: number[] = [];
  for (const id of fileIds) if (!facts.has(id)) missing.push(id);
  if (missing.length > 0) {
    connectionOf(store).cached(`SELECT id, path, language, is_test FROM files WHERE id ${IN_JSON_LIST}`).each(
      [JSON.stringify([...new Set(missing)])],
      ([id, path, language, isTest]) => facts.set(Number(id), { path: String(path), language: String(language), isTest: isTest === 1 }),
    );
  }
  return facts;
}
