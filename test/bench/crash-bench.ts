/**
 * `npm run bench -- crash --corpus django`: kill -9 at random instants of real saves. On a copy
 * of the corpus, indexed, each round appends a function to one of a few files and starts
 * `codegraph sync` (no daemon), kills it after a random delay (killWindowMs), and opens the index as a reader
 * does: it must open, whole. Every fifth round lets the sync finish. Every third round's sync writes
 * the image whole and removes the log (`CODEGRAPH_CHANGE_LOG=0`), as a compaction does, so kills
 * land in those writes too. At the end one more sync
 * must make the index equal a fresh `init` of the tree (files, nodes, edges and references,
 * compared row for row through the graph dump). `BENCH_RUNS` sets the rounds (default 50).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { indexProject } from '../../src/index/sync/index.js';
import { CHANGE_LOG_FILE, GraphStore, INDEX_DIR, openSavedDatabase } from '../../src/store/index.js';
import { dumpGraph } from '../support/graph-dump.js';
import { freshDump } from '../support/shop-edits.js';
import { CLI_PATH } from '../support/cli.js';
import { indexedCopy, sourceFiles } from './corpora.js';

export interface CrashReport {
  readonly corpus: string;
  readonly rounds: number;
  readonly killed: number;
  readonly corrupt: number;
  readonly openFailures: string[];
  readonly logSeen: number;
  /** Rounds whose sync wrote the image whole, and how many of those were killed. */
  readonly wholeRounds: number;
  readonly wholeKilled: number;
  readonly equalsFresh: boolean;
}

const ROUNDS = Number(process.env['BENCH_RUNS'] ?? 50);

export async function runCrashBench(corpusName: string): Promise<CrashReport> {
  const { spec, root } = await indexedCopy(corpusName, 'crash');
  const cleanups: (() => void)[] = [() => rmSync(root, { recursive: true, force: true })];
  try {
    const targets = (await sourceFiles(root, spec.probe.extension)).filter((f) => f.size > 1024).slice(0, 4).map((f) => f.path);
    if (targets.length === 0) throw new Error(`no ${spec.probe.extension} file in ${corpusName}`);
    let killed = 0;
    let corrupt = 0;
    let logSeen = 0;
    const finished: number[] = [];
    let wholeRounds = 0;
    let wholeKilled = 0;
    const openFailures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      appendFileSync(targets[round % targets.length] as string, spec.probe.snippet(`crash_${round}`));
      const whole = round % 3 === 2;
      if (whole) wholeRounds += 1;
      const env = { ...process.env, CODEGRAPH_NO_DAEMON: '1', ...(whole ? { CODEGRAPH_CHANGE_LOG: '0' } : {}) };
      const startedAt = performance.now();
      const child = spawn(process.execPath, [CLI_PATH, 'sync', '-q', root], { stdio: 'ignore', env });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      if (round % 5 !== 4) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * killWindowMs(finished)));
        if (child.exitCode === null && child.kill('SIGKILL')) {
          killed += 1;
          if (whole) wholeKilled += 1;
        }
      }
      await exited;
      if (round % 5 === 4) finished.push(performance.now() - startedAt);
      try {
        const opened = await openSavedDatabase(join(root, INDEX_DIR));
        if (opened === undefined) throw new Error('no index');
        // The full-text index's source view calls a function the store registers.
        GraphStore.open(opened.db);
        const check = opened.db.value('PRAGMA integrity_check');
        if (check !== 'ok') {
          corrupt += 1;
          openFailures.push(`round ${round}: integrity_check says ${String(check)}`);
        }
        if (opened.stamp.log !== undefined) logSeen += 1;
        opened.db.close();
      } catch (error) {
        corrupt += 1;
        openFailures.push(`round ${round}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await indexProject({ root, mode: 'incremental', command: 'bench' });
    const equalsFresh = (await dumpGraph(root)) === (await freshDump(root, cleanups));
    return { corpus: corpusName, rounds: ROUNDS, killed, corrupt, openFailures, logSeen, wholeRounds, wholeKilled, equalsFresh };
  } finally {
    for (const c of cleanups) c();
  }
}

/**
 * The kill comes at a random instant of this window: the first 1.5 s until a sync has run to its
 * end, then 1.2 times the median time of those that did, so kills spread over a whole sync, its
 * save at the end included, however fast syncs are.
 */
function killWindowMs(finished: readonly number[]): number {
  if (finished.length === 0) return 1500;
  const sorted = [...finished].sort((a, b) => a - b);
  return 1.2 * (sorted[Math.floor(sorted.length / 2)] as number);
}

export function formatCrashReport(r: CrashReport): string {
  return [
    `${r.corpus}: ${r.rounds} syncs after one-file edits, ${r.killed} killed (kill -9) at a random instant of their first 1.5 s, then of 1.2 times a finished sync's median time`,
    `  index opened whole after every round: ${r.corrupt === 0 ? 'yes' : `no (${r.corrupt} failures)`}; a change log was in use after ${r.logSeen} rounds (${CHANGE_LOG_FILE})`,
    `  ${r.wholeRounds} of the syncs wrote the image whole and removed the log, as a compaction does; ${r.wholeKilled} of those were killed`,
    ...r.openFailures.map((f) => `  ${f}`),
    `  after one more sync the index equals a fresh init of the tree: ${r.equalsFresh ? 'yes' : 'NO'}`,
  ].join('\n');
}
