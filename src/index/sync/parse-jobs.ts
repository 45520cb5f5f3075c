/** Parsing a run's jobs: a handful on this thread, the rest in a pool of workers. */
import { createParsePool, type ParsePool } from '../parse/pool.js';
import type { ParseJob, ParseResult } from '../parse/jobs.js';

/** Up to this many files are parsed on the main thread instead of starting the worker pool. */
export const IN_PROCESS_MAX = 8;

/** Starts parse workers, `workers` of them or the default number. */
export function startPool(workers: number | undefined): ParsePool {
  return createParsePool(workers !== undefined ? { size: workers } : {});
}

/** Where and how to parse. */
export interface ParseOptions {
  /** Workers the caller started (left open); when absent, a pool is started and closed if needed. */
  readonly pool?: ParsePool | undefined;
  readonly workers?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** Parses every job, calling `onResult` once per job (in completion order); rejects when `signal` aborts. */
export async function parseJobs(jobs: readonly ParseJob[], onResult: (result: ParseResult) => void, options: ParseOptions): Promise<void> {
  const remaining = jobs.length > 0 && jobs.length <= IN_PROCESS_MAX ? await parseInProcess(jobs, onResult, options.signal) : jobs;
  if (remaining.length === 0) return;
  const pool = options.pool ?? startPool(options.workers);
  try {
    await pool.run(remaining, onResult, options.signal);
  } finally {
    if (pool !== options.pool) await pool.close();
  }
}

/**
 * Parses on this thread while its parser is trusted: starting workers costs more than parsing a
 * handful of files here; if a grammar faults, the rest (returned) goes to fresh workers.
 */
async function parseInProcess(jobs: readonly ParseJob[], onResult: (result: ParseResult) => void, signal: AbortSignal | undefined): Promise<readonly ParseJob[]> {
  // Loaded on demand: a run that parses in workers never needs the extractors on this thread.
  const { parserPoisoned, processJob } = await import('../parse/process-job.js');
  if (parserPoisoned()) return jobs;
  let i = 0;
  while (i < jobs.length && !parserPoisoned()) {
    signal?.throwIfAborted();
    onResult(await processJob(jobs[i++] as ParseJob));
  }
  return jobs.slice(i);
}
