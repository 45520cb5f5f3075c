/**
 * The whole-project tables resolution reads (every definition, every import statement), kept
 * between syncs of a long-lived session and re-read only for the files a sync rewrote. A
 * one-shot run reads them once; the result is the same either way.
 */
import type { ExtractedImport } from './model.js';
import {
  readImportsByFile, readImportsOfFiles, readSymbols, readSymbolsOfFiles, StringPool, type BulkSymbol, type SqliteDb,
} from '../store/index.js';

/** Definitions and imports per file, refreshed by file. */
export class ResolverInputs {
  #symbols: Map<number, BulkSymbol[]> | undefined;
  #imports = new Map<number, ExtractedImport[]>();
  #flat: BulkSymbol[] | undefined;
  /** Names shared by every definition and reference read for this project. */
  readonly pool = new StringPool();

  /** Brings the tables up to date after the stored rows of `changedFileIds` were replaced or deleted. */
  refresh(db: SqliteDb, changedFileIds: Iterable<number>): void {
    if (this.#symbols === undefined) {
      this.#symbols = new Map();
      for (const s of readSymbols(db, this.pool)) push(this.#symbols, s.fileId, s);
      this.#imports = readImportsByFile(db);
      this.#flat = undefined;
      return;
    }
    const ids = [...new Set(changedFileIds)];
    if (ids.length === 0) return;
    for (const id of ids) {
      this.#symbols.delete(id);
      this.#imports.delete(id);
    }
    for (const s of readSymbolsOfFiles(db, ids, this.pool)) push(this.#symbols, s.fileId, s);
    for (const [id, list] of readImportsOfFiles(db, ids)) this.#imports.set(id, list);
    this.#flat = undefined;
  }

  /** Every definition in id order (as `readSymbols` returns them). */
  symbols(): readonly BulkSymbol[] {
    if (this.#symbols === undefined) throw new Error('ResolverInputs.refresh must run first');
    if (this.#flat === undefined) {
      // A file's nodes get consecutive ids when it is stored, so ordering the files by their
      // first id and concatenating gives id order without sorting every definition.
      const groups = [...this.#symbols.values()].filter((g) => g.length > 0);
      groups.sort((a, b) => (a[0] as BulkSymbol).id - (b[0] as BulkSymbol).id);
      this.#flat = groups.flat();
    }
    return this.#flat;
  }

  /** Import statements of a file, in statement order. */
  importsOf(fileId: number): readonly ExtractedImport[] {
    return this.#imports.get(fileId) ?? [];
  }
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
