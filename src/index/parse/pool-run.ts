/**
 * One run of the parse pool: hands jobs out in shrinking batches, delivers results, requeues what
 * a faulted worker gave back, turns a crashed worker's jobs into `failed` results, and settles once.
 */
import type { Worker } from 'node:worker_threads';
import type { BatchRequest, ParseJob, ParseResult } from './jobs.js';

/** One worker of the pool with the batches it has been handed and not yet answered. */
export interface Slot {
  worker: Worker;
  readonly inFlight: Map<number, readonly ParseJob[]>;
}

/** What a run needs of the pool. */
export interface PoolWorkers {
  readonly slots: readonly Slot[];
  /** Most jobs per batch. */
  readonly batchSize: number;
  /** Batches in flight per worker. */
  readonly inFlightPerWorker: number;
  /** A batch id unique over the pool's life. */
  nextBatchId(): number;
  /** Terminates the slot's worker and, unless the pool is closed, starts a fresh one in its place. */
  replaceWorker(slot: Slot): void;
  /** Told once, when the run settles: the pool can take the next run. */
  runEnded(): void;
}

/** How a run's promise is settled. */
export interface Settle {
  readonly resolve: () => void;
  readonly reject: (reason: unknown) => void;
}

/** The state of one run, receiving the pool's worker events until it settles. */
export class PoolRun {
  readonly #pool: PoolWorkers;
  readonly #iterator: Iterator<ParseJob>;
  readonly #onResult: (result: ParseResult) => void;
  readonly #signal: AbortSignal | undefined;
  readonly #settle: Settle;
  /** Jobs not yet handed out, when the run knows its length. */
  #unsent: number;
  /** Jobs handed back by a worker whose parser state went bad; served before new ones. */
  readonly #requeued: ParseJob[] = [];
  #exhausted = false;
  #failure: unknown;
  #settled = false;
  readonly #onAbort = (): void => {
    this.#failure ??= this.#signal?.reason ?? new Error('aborted');
    if (this.#pending() === 0) this.#finish();
  };

  /** A run of `jobs`, settled through `settle`; nothing is sent before `start`. */
  constructor(pool: PoolWorkers, jobs: Iterable<ParseJob>, onResult: (result: ParseResult) => void, signal: AbortSignal | undefined, settle: Settle) {
    this.#pool = pool;
    this.#iterator = jobs[Symbol.iterator]();
    this.#unsent = Array.isArray(jobs) ? jobs.length : Infinity;
    this.#onResult = onResult;
    this.#signal = signal;
    this.#settle = settle;
  }

  /** Fills every worker (or settles at once, for an aborted signal or no jobs). */
  start(): void {
    this.#signal?.addEventListener('abort', this.#onAbort, { once: true });
    if (this.#signal?.aborted === true) {
      this.#onAbort();
      return;
    }
    for (const slot of this.#pool.slots) this.#fill(slot);
    if (this.#pending() === 0) this.#finish();
  }

  /** A worker answered batch `id`; `retry` lists what it left unparsed after a WebAssembly fault. */
  onResults(slot: Slot, id: number, results: readonly ParseResult[], retry: readonly ParseJob[] | undefined): void {
    if (!slot.inFlight.delete(id)) return;
    this.#deliver(results);
    if (retry !== undefined) {
      // Replace the worker, and give what it had not parsed (this batch's rest and its other
      // batches) to a fresh one.
      this.#requeued.push(...retry, ...[...slot.inFlight.values()].flat());
      slot.inFlight.clear();
      this.#pool.replaceWorker(slot);
      for (const s of this.#pool.slots) this.#fill(s);
      return;
    }
    this.#fill(slot);
  }

  /** A worker died: its in-flight jobs become `failed` results and a fresh worker takes its place. */
  onCrash(slot: Slot, error: Error): void {
    const lost = [...slot.inFlight.values()].flat();
    slot.inFlight.clear();
    this.#pool.replaceWorker(slot);
    this.#deliver(lost.map((job) => ({ kind: 'failed', path: job.path, detail: `parse worker crashed: ${error.message}` })));
    this.#fill(slot);
  }

  /** Ends the run at once with `error` (unless it already failed), dropping what is in flight. */
  fail(error: Error): void {
    this.#failure ??= error;
    for (const s of this.#pool.slots) s.inFlight.clear();
    this.#finish();
  }

  #nextBatch(): ParseJob[] {
    const { batchSize, inFlightPerWorker, slots } = this.#pool;
    const batch: ParseJob[] = this.#requeued.splice(0, batchSize);
    // About a quarter of a fair share of what is left, so the last batches are single files.
    const size = Math.max(1, Math.min(batchSize, Math.ceil(this.#unsent / (slots.length * inFlightPerWorker * 4))));
    while (!this.#exhausted && batch.length < size) {
      const step = this.#iterator.next();
      if (step.done === true) this.#exhausted = true;
      else {
        batch.push(step.value);
        this.#unsent--;
      }
    }
    return batch;
  }

  #pending(): number {
    return this.#pool.slots.reduce((n, s) => n + s.inFlight.size, 0);
  }

  #finish(): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#pool.runEnded();
    this.#signal?.removeEventListener('abort', this.#onAbort);
    if (this.#failure !== undefined) this.#settle.reject(this.#failure);
    else this.#settle.resolve();
  }

  #deliver(results: readonly ParseResult[]): void {
    for (const r of results) {
      try {
        this.#onResult(r);
      } catch (error) {
        // A throwing callback stops the run: report it rather than lose it in a worker event.
        this.#failure ??= error;
      }
    }
  }

  #fill(slot: Slot): void {
    const signal = this.#signal;
    while (this.#failure === undefined && !signal?.aborted && slot.inFlight.size < this.#pool.inFlightPerWorker) {
      const batch = this.#nextBatch();
      if (batch.length === 0) break;
      const id = this.#pool.nextBatchId();
      slot.inFlight.set(id, batch);
      const request: BatchRequest = { type: 'batch', id, jobs: batch };
      slot.worker.postMessage(request);
    }
    const drained = (this.#exhausted && this.#requeued.length === 0) || this.#failure !== undefined || signal?.aborted === true;
    if (drained && this.#pending() === 0) this.#finish();
  }
}
