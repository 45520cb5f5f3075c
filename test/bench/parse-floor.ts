/**
 * The floor `init` is judged against: what `init` does before storing anything. It reads the
 * project's config, starts the parse workers while the tree is walked, then parses and extracts
 * every scanned file where `init` would (`parseJobs`: the workers, or this thread for a handful)
 * and drops each result as it arrives. Nothing is stored, resolved or saved. Prints one JSON line: files parsed, symbols and references extracted.
 *
 * `node dist/test/bench/parse-floor.js ROOT [WORKERS]` (the index benchmark runs it under GNU time
 * with `--parse-only`). Its workers are the compiled ones of dist/src rather than the CLI's
 * bundle: each loads its modules from separate files, a start-up cost of tens of milliseconds per
 * worker that only makes the floor slightly higher, never lower.
 */
import { join, resolve } from 'node:path';
import { readConfig, scanWith } from '../../src/index/sync/index.js';
import { parseJobs, startPool } from '../../src/index/sync/parse-jobs.js';
import type { ParseJob } from '../../src/index/parse/jobs.js';
import { isBenchEntry } from './stats.js';

/** What the floor run parsed. */
export interface FloorCounts {
  readonly files: number;
  readonly failed: number;
  readonly symbols: number;
  readonly refs: number;
}

/** Scans `root` and parses and extracts every file in workers, keeping only counts. */
export async function parseFloor(root: string, workers?: number): Promise<FloorCounts> {
  const pool = startPool(workers);
  try {
    const config = await readConfig(root);
    const scan = await scanWith(root, config);
    const jobs: ParseJob[] = scan.files.map((f) => ({ absPath: join(root, f.path), path: f.path, language: f.language }));
    let files = 0;
    let failed = 0;
    let symbols = 0;
    let refs = 0;
    await parseJobs(jobs, (result) => {
      files++;
      if (result.kind !== 'ok') failed++;
      else {
        symbols += result.extraction.symbols.length;
        refs += result.extraction.refs.length;
      }
    }, { pool });
    return { files, failed, symbols, refs };
  } finally {
    await pool.close();
  }
}

if (isBenchEntry(import.meta.url)) {
  const root = process.argv[2];
  if (root === undefined) {
    process.stderr.write('usage: node dist/test/bench/parse-floor.js ROOT [WORKERS]\n');
    process.exit(2);
  }
  const workers = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
  process.stdout.write(`${JSON.stringify(await parseFloor(resolve(root), workers))}\n`);
}
