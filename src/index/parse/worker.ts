/**
 * Parse worker: reads, hashes and extracts the files of each batch it is sent and posts the
 * results back. A failure in one file becomes that file's `failed` result; the worker goes on.
 */
import { parentPort } from 'node:worker_threads';
import { extractSource } from '../extract/extract.js';
import type { BatchResponse, ParseJob, ParseResult } from './jobs.js';
import { isBatchRequest } from './jobs.js';
import { readSource } from './read-source.js';

/** Processes one job; never throws. */
export async function processJob(job: ParseJob): Promise<ParseResult> {
  let source;
  try {
    source = await readSource(job.absPath);
  } catch (error) {
    return { kind: 'failed', path: job.path, detail: `cannot read file: ${describe(error)}` };
  }
  if (source.kind === 'binary') {
    return { kind: 'binary', path: job.path, sha256: source.sha256, size: source.size, detail: 'NUL byte in the first 8 KiB' };
  }
  try {
    const extraction = await extractSource(job.language, source.text, job.path);
    return { kind: 'ok', path: job.path, sha256: source.sha256, size: source.size, extraction };
  } catch (error) {
    return { kind: 'failed', path: job.path, sha256: source.sha256, size: source.size, detail: `extraction failed: ${describe(error)}` };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const port = parentPort;
if (port !== null) {
  port.on('message', (message: unknown) => {
    if (!isBatchRequest(message)) return;
    void (async () => {
      const results: ParseResult[] = [];
      for (const job of message.jobs) results.push(await processJob(job));
      const response: BatchResponse = { type: 'results', id: message.id, results };
      port.postMessage(response);
    })();
  });
}
