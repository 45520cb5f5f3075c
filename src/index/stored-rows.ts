/**
 * What resolution reads back after a first index (every definition and every reference, see
 * `readSymbols` and `readRefs`), gathered while the files are stored instead: the same records in
 * the same order, names pooled the same way. Reading them back cost tokio's init about 80 ms after
 * parsing, when nothing else can run. Past a size limit it gives up and frees what it holds, so a
 * very large tree keeps that memory and reads the rows back as before.
 */
import type { FileExtraction } from '../model.js';
import { RefTable } from '../store/columnar.js';
import { bulkRef, bulkSymbol, keepsSignature, opensScope, StringPool, type BulkSymbol } from '../store/index.js';

/** References kept at most (a few tens of bytes each, plus the definitions' objects). */
const DEFAULT_LIMIT = 1_000_000;

/** Every definition by file (each file's in id order) and every reference in id order. */
export interface GatheredRows {
  readonly symbols: Map<number, BulkSymbol[]>;
  readonly refs: RefTable;
}

/** Resolution's records of the files stored so far, gathered up to a limit. */
export class StoredRows {
  /** The pool the names are interned in (default: a new one); resolution's other reads must use it too. */
  readonly pool: StringPool;
  readonly #limit: number;
  #gathered: GatheredRows | undefined = { symbols: new Map(), refs: new RefTable() };

  constructor(pool = new StringPool(), limit = DEFAULT_LIMIT) {
    this.pool = pool;
    this.#limit = limit;
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
    const pool = this.pool;
    const { symbols } = extraction;
    const list: BulkSymbol[] = [];
    symbols.forEach((s, i) => {
      const id = nodeIds[i];
      if (id === undefined || s.kind === 'file') return;
      // As `readSymbols` reports them: a parent missing, the file, or no scope is reported as null.
      const parent = s.parent >= 0 ? symbols[s.parent] : undefined;
      const parentId = parent === undefined || !opensScope(parent.kind) ? null : (nodeIds[s.parent] ?? null);
      const signature = keepsSignature(s.kind, parent?.kind, s.signature) ? s.signature : undefined;
      list.push(bulkSymbol(id, fileId, s.kind, s.name, s.qualifiedName, parentId, s.exported, s.arity, pool, signature, s.returns));
    });
    if (list.length > 0) byFile.set(fileId, list);
    for (const r of extraction.refs) {
      const fromId = r.from < 0 ? fileNodeId : (nodeIds[r.from] ?? fileNodeId);
      refs.push(bulkRef(fileId, fromId, r.kind, r.name, r.receiver, r.line, r.col, r.args, pool));
    }
  }
}
