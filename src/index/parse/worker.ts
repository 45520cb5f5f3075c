/**
 * Parse worker: reads, hashes and extracts the files of each batch it is sent and posts the
 * results back. A failure in one file becomes that file's `failed` result; the worker goes on.
 */
import { parentPort } from 'node:worker_threads';
import type { BatchRequest, BatchResponse, ParseResult } from './jobs.js';
import { isBatchRequest } from './jobs.js';
import { initParser } from './grammar.js';
import { parserPoisoned, processJob } from './process-job.js';

const port = parentPort;
if (port !== null) {
  // Start the runtime before the first batch arrives; a failure surfaces again with that batch.
  initParser().catch(() => undefined);
  const work = async (batch: BatchRequest): Promise<void> => {
    const results: ParseResult[] = [];
    const jobs = batch.jobs;
    let i = 0;
    while (i < jobs.length && !parserPoisoned()) results.push(await processJob(jobs[i++] as (typeof jobs)[number]));
    const retry = jobs.slice(i);
    const response: BatchResponse = parserPoisoned() ? { type: 'results', id: batch.id, results, retry } : { type: 'results', id: batch.id, results };
    port.postMessage(response);
  };
  // Batches are worked through one after another, not interleaved: the first one's results then
  // go back as soon as it is done, and the pool's main thread can start storing them.
  let previous: Promise<void> = Promise.resolve();
  port.on('message', (message: unknown) => {
    if (!isBatchRequest(message)) return;
    previous = previous.then(() => work(message));
  });
}
