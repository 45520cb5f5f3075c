/**
 * `npm run bench -- crash --corpus django`: kill -9 at random instants of real saves. On a copy
 * of the corpus, indexed, each round appends a function to one of a few files and starts
 * `codegraph sync` (no daemon), kills it after a random delay, and opens the index as a reader
 * does: it must open, whole. Every fifth round lets the sync finish. At the end one more sync
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
    const openFailures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      appendFileSync(targets[round % targets.length] as string, spec.probe.snippet(`crash_${round}`));
      const child = spawn(process.execPath, [CLI_PATH, 'sync', '-q', root], { stdio: 'ignore', env: { ...process.env, CODEGRAPH_NO_DAEMON: '1' } });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      if (round % 5 !== 4) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 1500));
        if (child.exitCode === null && child.kill('SIGKILL')) killed += 1;
      }
      await exited;
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
    return { corpus: corpusName, rounds: ROUNDS, killed, corrupt, openFailures, logSeen, equalsFresh };
  } finally {
    for (const c of cleanups) c();
  }
}

export function formatCrashReport(r: CrashReport): string {
  return [
    `${r.corpus}: ${r.rounds} syncs after one-file edits, ${r.killed} killed (kill -9) at a random instant of their first 1.5 s`,
    `  index opened whole after every round: ${r.corrupt === 0 ? 'yes' : `no (${r.corrupt} failures)`}; a change log was in use after ${r.logSeen} rounds (${CHANGE_LOG_FILE})`,
    ...r.openFailures.map((f) => `  ${f}`),
    `  after one more sync the index equals a fresh init of the tree: ${r.equalsFresh ? 'yes' : 'NO'}`,
  ].join('\n');
}
