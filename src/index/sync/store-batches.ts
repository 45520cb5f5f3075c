/** Storing parse results a batch per transaction, with what the run must remember about them. */
import type { ParseResult } from '../parse/jobs.js';
import type { Diagnostic, GraphStore } from '../../store/index.js';
import type { StoredRows } from '../stored-rows.js';
import type { ScanPlan } from './plan.js';

/**
 * Parse results stored per transaction. Small on purpose: while the main thread stores a batch it
 * cannot hand workers new files, so a long batch leaves them idle (measured: 200 -> 32 made tokio's
 * init about 4% faster on two cores, django's unchanged).
 */
const BATCH = 32;

/** Writes results into the store and records diagnostics, rewritten files and touched ones. */
export class StoreBatches {
  /** The run's diagnostics: the scan's, then those of each stored result. */
  readonly diagnostics: Diagnostic[];
  /** Files whose stored rows this run replaces or deletes. */
  readonly rewritten = new Set<number>();
  readonly #store: GraphStore;
  readonly #plan: ScanPlan;
  #rows: StoredRows | undefined;
  #pending: ParseResult[] = [];
  #touched = 0;

  /** `rows`, when given, gathers resolution's records of every file written. */
  constructor(store: GraphStore, plan: ScanPlan, diagnostics: Diagnostic[], rows: StoredRows | undefined) {
    this.#store = store;
    this.#plan = plan;
    this.diagnostics = diagnostics;
    this.#rows = rows;
  }

  /** Files whose content was unchanged, so only their size and time were updated. */
  get touched(): number {
    return this.#touched;
  }

  /** Queues a result; a full batch is stored at once. */
  add(result: ParseResult): void {
    this.#pending.push(result);
    if (this.#pending.length >= BATCH) this.flush();
  }

  /** Stores the queued results (and then `more`, if given) in one transaction. */
  flush(more?: readonly ParseResult[]): void {
    const batch = more === undefined ? this.#pending : [...this.#pending, ...more];
    this.#pending = [];
    this.#store.transaction(() => {
      for (const result of batch) this.#storeOne(result);
    });
  }

  /** The gathered rows, handed over once: afterwards this object no longer keeps them alive. */
  takeRows(): StoredRows | undefined {
    const rows = this.#rows;
    this.#rows = undefined;
    return rows;
  }

  #storeOne(result: ParseResult): void {
    const store = this.#store;
    const meta = this.#plan.scanned.get(result.path);
    if (meta === undefined) return;
    const old = this.#plan.stored.get(result.path);
    if (result.kind !== 'ok') {
      this.diagnostics.push({ path: result.path, reason: result.kind === 'binary' ? 'binary' : 'parse-failed', detail: result.detail });
      if (old !== undefined) this.rewritten.add(old.id);
      store.removeFile(result.path);
      return;
    }
    const samePackage = (old?.packageName ?? undefined) === result.extraction.packageName;
    if (this.#plan.sameExtraction && old !== undefined && old.sha256 === result.sha256 && old.language === meta.language && samePackage) {
      store.touchFile(result.path, meta.size, meta.mtimeMs);
      this.#touched++;
      return;
    }
    if (result.extraction.parseErrors > 0) {
      this.diagnostics.push({ path: result.path, reason: 'parse-errors', detail: `${result.extraction.parseErrors} syntax error(s); the rest of the file was indexed` });
    }
    const written = store.replaceFile(
      { path: result.path, language: meta.language, size: meta.size, mtimeMs: meta.mtimeMs, sha256: result.sha256 },
      result.extraction,
    );
    this.#rows?.add(written.fileId, written.fileNodeId, written.nodeIds, result.extraction);
    this.rewritten.add(written.fileId);
  }
}
