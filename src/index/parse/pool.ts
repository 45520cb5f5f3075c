/**
 * A pool of parse workers. Jobs go out in small batches with a bounded number of batches in flight
 * per worker, so memory stays flat however many files a run has; a worker that dies is replaced
 * and its in-flight jobs come back as `failed` results, so one bad file never fails the run.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ParseJob, ParseResult } from './jobs.js';
import { isBatchResponse } from './jobs.js';
import { PoolRun, type PoolWorkers, type Slot } from './pool-run.js';

export type { ParseJob, ParseResult } from './jobs.js';

/** Pool settings; every field is optional. */
export interface ParsePoolOptions {
  /** Number of workers; defaults to the available parallelism, capped by `maxSize`. */
  readonly size?: number;
  /** Upper bound for the default size (default 8). */
  readonly maxSize?: number;
  /**
   * Most jobs per batch message (default 16). Batches shrink toward the end of a run so that no
   * worker is left with a long queue while the others have nothing to do.
   */
  readonly batchSize?: number;
  /** Batches in flight per worker (default 2: one being worked on, one queued). */
  readonly inFlightPerWorker?: number;
}

/** A running pool. */
export interface ParsePool {
  /** Number of workers. */
  readonly size: number;
  /**
   * Parses every job, calling `onResult` once per job in completion order. Resolves when all are
   * done; rejects with the abort reason when `signal` aborts (after in-flight batches settle) and
   * when the pool is closed mid-run. One run at a time.
   */
  run(jobs: Iterable<ParseJob>, onResult: (result: ParseResult) => void, signal?: AbortSignal): Promise<void>;
  /** Terminates the workers. Idempotent; a run in progress rejects. */
  close(): Promise<void>;
}

/**
 * How to start a worker. Compiled, it is `worker.js` next to this module: in dist/src/index/parse/,
 * or in the shipped bundle the worker entry beside the chunk holding this code. Running from source
 * under tsx (the tests), `--import tsx` in a worker's execArgv does not take effect on Node 20,
 * so a small bootstrap registers tsx's loader inside the worker before importing `worker.ts`.
 */
function workerEntry(): { script: URL | string; eval: boolean } {
  if (import.meta.url.endsWith('.ts')) {
    const target = new URL('./worker.ts', import.meta.url).href;
    const script = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(target)}); })`
      + '.catch((error) => { throw error; });';
    return { script, eval: true };
  }
  return { script: new URL('./worker.js', import.meta.url), eval: false };
}

/** Starts a pool of parse workers. */
export function createParsePool(options: ParsePoolOptions = {}): ParsePool {
  const pool = new WorkerPool(options);
  return { size: pool.size, run: (jobs, onResult, signal) => pool.run(jobs, onResult, signal), close: () => pool.close() };
}

/** The workers, and the run (at most one) their events go to. */
class WorkerPool implements PoolWorkers {
  readonly size: number;
  readonly batchSize: number;
  readonly inFlightPerWorker: number;
  readonly slots: Slot[] = [];
  readonly #entry = workerEntry();
  #closed = false;
  #closing: Promise<void> | undefined;
  #nextBatchId = 1;
  /** Set while a run is active: receives worker events. */
  #active: PoolRun | undefined;

  constructor(options: ParsePoolOptions) {
    this.size = Math.max(1, Math.floor(options.size ?? Math.min(availableParallelism(), options.maxSize ?? 8)));
    this.batchSize = Math.max(1, options.batchSize ?? 16);
    this.inFlightPerWorker = Math.max(1, options.inFlightPerWorker ?? 2);
    for (let i = 0; i < this.size; i++) this.slots.push(this.#spawn());
  }

  run(jobs: Iterable<ParseJob>, onResult: (result: ParseResult) => void, signal?: AbortSignal): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('parse pool is closed'));
    if (this.#active !== undefined) return Promise.reject(new Error('parse pool is already running'));
    return new Promise<void>((resolve, reject) => {
      const run = new PoolRun(this, jobs, onResult, signal, { resolve, reject });
      this.#active = run;
      run.start();
    });
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#closed = true;
      this.#active?.fail(new Error('parse pool closed during a run'));
      await Promise.all(this.slots.map((s) => s.worker.terminate()));
    })();
    return this.#closing;
  }

  nextBatchId(): number {
    return this.#nextBatchId++;
  }

  replaceWorker(slot: Slot): void {
    void slot.worker.terminate();
    if (!this.#closed) this.#spawn(slot);
  }

  runEnded(): void {
    this.#active = undefined;
  }

  /** Starts a worker, in `slot` (replacing its worker) or in a new slot; its events go to the active run. */
  #spawn(slot?: Slot): Slot {
    const worker = new Worker(this.#entry.script, { eval: this.#entry.eval });
    const s: Slot = slot ?? { worker, inFlight: new Map() };
    s.worker = worker;
    worker.on('message', (message: unknown) => {
      if (!isBatchResponse(message)) return;
      this.#active?.onResults(s, message.id, message.results, message.retry);
    });
    worker.on('error', (error) => {
      if (s.worker === worker) this.#active?.onCrash(s, error);
    });
    worker.on('exit', (code) => {
      if (!this.#closed && s.worker === worker) this.#active?.onCrash(s, new Error(`parse worker exited with code ${code}`));
    });
    return s;
  }
}
