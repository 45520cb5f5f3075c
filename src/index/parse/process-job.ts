/** One parse job, start to end: read, classify, hash, extract. Used by workers and in-process. */
import { extractSource } from '../extract/extract.js';
import type { ParseJob, ParseResult } from './jobs.js';
import { readSource } from './read-source.js';

/**
 * Set once a grammar has failed inside WebAssembly (an out-of-bounds access, `unreachable`): the
 * runtime's shared memory may be damaged, so nothing parsed afterwards in this thread is trusted.
 */
let poisoned = false;

/** Whether a WebAssembly fault has made this thread's parser state untrustworthy. */
export function parserPoisoned(): boolean {
  return poisoned;
}

/** Processes one job; never throws. */
export async function processJob(job: ParseJob): Promise<ParseResult> {
  let source;
  try {
    source = readSource(job.absPath);
  } catch (error) {
    return { kind: 'failed', path: job.path, detail: `cannot read file: ${describe(error)}` };
  }
  if (source.kind === 'binary') {
    return { kind: 'binary', path: job.path, sha256: source.sha256, size: source.size, detail: 'NUL byte in the first 8 KiB' };
  }
  try {
    const extraction = await extractSource(job.language, source.text, job.path);
    // A Rust file's package is its crate, by the name its manifest gives (scan/cargo.ts).
    const crate = job.crate;
    return {
      kind: 'ok', path: job.path, sha256: source.sha256, size: source.size,
      extraction: crate === undefined ? extraction : { ...extraction, packageName: crate },
    };
  } catch (error) {
    // A fault inside WebAssembly, or a JS error thrown through its frames (a grammar calling a
    // function the runtime does not provide), unwinds the parser without cleanup.
    if (error instanceof Error && (error.name === 'RuntimeError' || /wasm-function/.test(error.stack ?? ''))) poisoned = true;
    return { kind: 'failed', path: job.path, sha256: source.sha256, size: source.size, detail: failureDetail(error, source.size) };
  }
}

/**
 * What to record for a file the extraction failed on. The runtime aborts (`Aborted()`) when the
 * parser cannot allocate: 16 MiB of dense JavaScript tokens exhausted its 2 GiB heap.
 */
function failureDetail(error: unknown, size: number): string {
  const message = describe(error);
  if (message.startsWith('Aborted(')) return `skipped: the parser could not take this ${size}-byte file (it ran out of memory)`;
  return `extraction failed: ${message}`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

