/**
 * Parse worker: reads, hashes and extracts the files of each batch it is sent and posts the
 * results back. A failure in one file becomes that file's `failed` result; the worker goes on.
 */
import { parentPort } from 'node:worker_threads';
import type { BatchResponse, ParseResult } from './jobs.js';
import { isBatchRequest } from './jobs.js';
import { initParser } from './grammar.js';
import { parserPoisoned, processJob } from './process-job.js';

const port = parentPort;
if (port !== null) {
  // Start the runtime before the first batch arrives; a failure surfaces again with that batch.
  initParser().catch(() => undefined);
  port.on('message', (message: unknown) => {
    if (!isBatchRequest(message)) return;
    void (async () => {
      const results: ParseResult[] = [];
      const jobs = message.jobs;
      let i = 0;
      while (i < jobs.length && !parserPoisoned()) results.push(await processJob(jobs[i++] as (typeof jobs)[number]));
      const retry = jobs.slice(i);
      const response: BatchResponse = parserPoisoned() ? { type: 'results', id: message.id, results, retry } : { type: 'results', id: message.id, results };
      port.postMessage(response);
    })();
  });
}
