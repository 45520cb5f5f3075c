/**
 * What resolution reads back after a first index (every definition and every reference, see
 * `readSymbols` and `readRefs`), gathered while the files are stored instead: the same records in
 * the same order, names pooled the same way. Reading them back cost tokio's init about 80 ms after
 * parsing, when nothing else can run. Past a size limit it gives up and frees what it holds, so a
 * very large tree keeps that memory and reads the rows back as before.
 */
import type { FileExtraction } from './model.js';
import { RefTable } from './resolve/tables.js';
import { StringPool, type BulkSymbol } from '../store/index.js';

/** References kept at most (a few tens of bytes each, plus the definitions' objects). */
const DEFAULT_LIMIT = 1_000_000;

/** Every definition by file (each file's in id order) and every reference in id order. */
export interface GatheredRows {
  readonly symbols: Map<number, BulkSymbol[]>;
  readonly refs: RefTable;
}

export class StoredRows {
  readonly #pool: StringPool;
  readonly #limit: number;
  #gathered: GatheredRows | undefined = { symbols: new Map(), refs: new RefTable() };

  /** `pool` (default: a new one) interns the names; resolution's other reads use it too. */
  constructor(pool = new StringPool(), limit = DEFAULT_LIMIT) {
    this.#pool = pool;
    this.#limit = limit;
  }

  /** The pool the names are interned in; resolution's other reads must use it too. */
  get pool(): StringPool {
    return this.#pool;
  }

  /** What was stored so far; undefined once the limit was passed. */
  get gathered(): GatheredRows | undefined {
    return this.#gathered;
  }

  /** Adds one file as `GraphStore.replaceFile` stored it (`nodeIds[i]` is the id of `symbols[i]`). */
  add(fileId: number, fileNodeId: number, nodeIds: readonly number[], extraction: FileExtraction): void {
    const gathered = this.#gathered;
    if (gathered === undefined) return;
    const { refs, symbols: byFile } = gathered;
    if (refs.length + extraction.refs.length > this.#limit) {
      this.#gathered = undefined;
      return;
    }
    const pool = this.#pool;
    const { symbols } = extraction;
    const list: BulkSymbol[] = [];
    symbols.forEach((s, i) => {
      const id = nodeIds[i];
      if (id === undefined || s.kind === 'file') return;
      // As `readSymbols` reports them: a parent that is the file or a Rust impl block is no scope.
      const parent = s.parent >= 0 ? symbols[s.parent] : undefined;
      const parentId = parent === undefined || parent.kind === 'file' || parent.kind === 'impl' ? null : (nodeIds[s.parent] ?? null);
      const name = pool.intern(s.name);
      list.push({
        id, fileId, kind: s.kind, name, qualifiedName: s.qualifiedName === name ? name : s.qualifiedName, parentId, exported: s.exported,
        ...(s.arity !== undefined ? { arity: s.arity } : {}),
      });
    });
    if (list.length > 0) byFile.set(fileId, list);
    for (const r of extraction.refs) {
      refs.push({
        fileId, fromId: r.from < 0 ? fileNodeId : (nodeIds[r.from] ?? fileNodeId), kind: r.kind, name: pool.intern(r.name),
        line: r.line, col: r.col, ...(r.receiver !== undefined ? { receiver: pool.intern(r.receiver) } : {}),
        ...(r.args !== undefined ? { args: r.args } : {}),
      });
    }
  }
}
