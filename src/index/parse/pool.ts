/**
 * A pool of parse workers. Jobs go out in small batches with a bounded number of batches in flight
 * per worker, so memory stays flat however many files a run has; a worker that dies is replaced
 * and its in-flight jobs come back as `failed` results, so one bad file never fails the run.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BatchRequest, ParseJob, ParseResult } from './jobs.js';
import { isBatchResponse } from './jobs.js';

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

interface Slot {
  worker: Worker;
  readonly inFlight: Map<number, readonly ParseJob[]>;
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
  const size = Math.max(1, Math.floor(options.size ?? Math.min(availableParallelism(), options.maxSize ?? 8)));
  const batchSize = Math.max(1, options.batchSize ?? 16);
  const inFlightPerWorker = Math.max(1, options.inFlightPerWorker ?? 2);
  const entry = workerEntry();
  const slots: Slot[] = [];
  let closed = false;
  let nextBatchId = 1;
  /** Set while a run is active: receives worker events. */
  let active: {
    onResults: (slot: Slot, id: number, results: readonly ParseResult[], retry: readonly ParseJob[] | undefined) => void;
    onCrash: (slot: Slot, error: Error) => void;
    fail: (error: Error) => void;
  } | undefined;

  const spawn = (slot?: Slot): Slot => {
    const worker = new Worker(entry.script, { eval: entry.eval });
    const s: Slot = slot ?? { worker, inFlight: new Map() };
    s.worker = worker;
    worker.on('message', (message: unknown) => {
      if (!isBatchResponse(message)) return;
      active?.onResults(s, message.id, message.results, message.retry);
    });
    worker.on('error', (error) => {
      if (s.worker === worker) active?.onCrash(s, error);
    });
    worker.on('exit', (code) => {
      if (!closed && s.worker === worker) active?.onCrash(s, new Error(`parse worker exited with code ${code}`));
    });
    return s;
  };
  for (let i = 0; i < size; i++) slots.push(spawn());

  const run = (jobs: Iterable<ParseJob>, onResult: (result: ParseResult) => void, signal?: AbortSignal): Promise<void> => {
    if (closed) return Promise.reject(new Error('parse pool is closed'));
    if (active !== undefined) return Promise.reject(new Error('parse pool is already running'));
    return new Promise<void>((resolve, reject) => {
      const iterator = jobs[Symbol.iterator]();
      // Jobs not yet handed out, when the run knows its length.
      let unsent = Array.isArray(jobs) ? jobs.length : Infinity;
      /** Jobs handed back by a worker whose parser state went bad; served before new ones. */
      const requeued: ParseJob[] = [];
      let exhausted = false;
      let failure: unknown;
      let settled = false;

      const nextBatch = (): ParseJob[] => {
        const batch: ParseJob[] = requeued.splice(0, batchSize);
        // About a quarter of a fair share of what is left, so the last batches are single files.
        const size = Math.max(1, Math.min(batchSize, Math.ceil(unsent / (slots.length * inFlightPerWorker * 4))));
        while (!exhausted && batch.length < size) {
          const step = iterator.next();
          if (step.done === true) exhausted = true;
          else {
            batch.push(step.value);
            unsent--;
          }
        }
        return batch;
      };
      const pending = (): number => slots.reduce((n, s) => n + s.inFlight.size, 0);
      const finish = (): void => {
        if (settled) return;
        settled = true;
        active = undefined;
        signal?.removeEventListener('abort', onAbort);
        if (failure !== undefined) reject(failure);
        else resolve();
      };
      const deliver = (results: readonly ParseResult[]): void => {
        for (const r of results) {
          try {
            onResult(r);
          } catch (error) {
            // A throwing callback stops the run: report it rather than lose it in a worker event.
            failure ??= error;
          }
        }
      };
      const fill = (slot: Slot): void => {
        while (failure === undefined && !signal?.aborted && slot.inFlight.size < inFlightPerWorker) {
          const batch = nextBatch();
          if (batch.length === 0) break;
          const id = nextBatchId++;
          slot.inFlight.set(id, batch);
          const request: BatchRequest = { type: 'batch', id, jobs: batch };
          slot.worker.postMessage(request);
        }
        if (((exhausted && requeued.length === 0) || failure !== undefined || signal?.aborted === true) && pending() === 0) finish();
      };
      const onAbort = (): void => {
        failure ??= signal?.reason ?? new Error('aborted');
        if (pending() === 0) finish();
      };

      active = {
        onResults(slot, id, results, retry) {
          if (!slot.inFlight.delete(id)) return;
          deliver(results);
          if (retry !== undefined) {
            // The worker hit a WebAssembly fault: replace it, and give what it had not parsed
            // (this batch's rest and its other batches) to a fresh one.
            requeued.push(...retry, ...[...slot.inFlight.values()].flat());
            slot.inFlight.clear();
            void slot.worker.terminate();
            if (!closed) spawn(slot);
            for (const s of slots) fill(s);
            return;
          }
          fill(slot);
        },
        onCrash(slot, error) {
          const lost = [...slot.inFlight.values()].flat();
          slot.inFlight.clear();
          void slot.worker.terminate();
          if (!closed) spawn(slot);
          deliver(lost.map((job) => ({ kind: 'failed', path: job.path, detail: `parse worker crashed: ${error.message}` })));
          fill(slot);
        },
        fail(error) {
          failure ??= error;
          for (const s of slots) s.inFlight.clear();
          finish();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted === true) {
        onAbort();
        return;
      }
      for (const slot of slots) fill(slot);
      if (pending() === 0) finish();
    });
  };

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      closed = true;
      active?.fail(new Error('parse pool closed during a run'));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    })();
    return closing;
  };

  return { size, run, close };
}
