/** Where a run's files are parsed: a handful on this thread, more in the workers (the caller's pool, left open). */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ParseJob, ParseResult } from '../../../src/index/parse/jobs.js';
import type { ParsePool } from '../../../src/index/parse/pool.js';
import { IN_PROCESS_MAX, parseJobs } from '../../../src/index/sync/parse-jobs.js';

const root = mkdtempSync(join(tmpdir(), 'codegraph-parse-jobs-'));
after(() => rmSync(root, { recursive: true, force: true }));

function jobs(n: number): ParseJob[] {
  return Array.from({ length: n }, (_, i) => {
    const path = `f${i}.ts`;
    writeFileSync(join(root, path), `export function f${i}() { return ${i}; }\n`);
    return { absPath: join(root, path), path, language: 'typescript' };
  });
}

/** A pool that records what it was given and answers each job as parsed by no one. */
function fakePool(): ParsePool & { given: string[]; closed: number; runs: number } {
  const pool = {
    given: [] as string[],
    closed: 0,
    runs: 0,
    run: async (list: readonly ParseJob[], onResult: (r: ParseResult) => void) => {
      pool.runs++;
      for (const job of list) {
        pool.given.push(job.path);
        onResult({ kind: 'failed', path: job.path, detail: 'fake pool' });
      }
    },
    close: async () => {
      pool.closed++;
    },
  };
  return pool as unknown as ParsePool & { given: string[]; closed: number; runs: number };
}

test(`up to ${IN_PROCESS_MAX} files are parsed on this thread, none in the pool`, async () => {
  const pool = fakePool();
  const results: ParseResult[] = [];
  await parseJobs(jobs(IN_PROCESS_MAX), (r) => results.push(r), { pool });
  assert.deepEqual(pool.given, []);
  assert.equal(results.length, IN_PROCESS_MAX);
  assert.ok(results.every((r) => r.kind === 'ok'), 'parsed here, for real');
  assert.deepEqual(results.map((r) => r.path), jobs(IN_PROCESS_MAX).map((j) => j.path));
});

test('more files all go to the pool, which the caller keeps open', async () => {
  const pool = fakePool();
  const results: ParseResult[] = [];
  const many = jobs(IN_PROCESS_MAX + 1);
  await parseJobs(many, (r) => results.push(r), { pool });
  assert.deepEqual(pool.given, many.map((j) => j.path));
  assert.equal(results.length, many.length);
  assert.equal(pool.closed, 0);
});

test('no files asks nothing of anyone', async () => {
  const pool = fakePool();
  let results = 0;
  await parseJobs([], () => results++, { pool });
  assert.deepEqual([pool.runs, pool.given.length, results, pool.closed], [0, 0, 0, 0]);
  // Nor do files all parsed on this thread.
  await parseJobs(jobs(2), () => results++, { pool });
  assert.deepEqual([pool.runs, results], [0, 2]);
});

test('an aborted run stops before parsing on this thread', async () => {
  const controller = new AbortController();
  controller.abort(new Error('stopped'));
  await assert.rejects(parseJobs(jobs(2), () => undefined, { pool: fakePool(), signal: controller.signal }), { message: 'stopped' });
});
