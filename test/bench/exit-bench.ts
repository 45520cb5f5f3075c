/**
 * Whether a one-shot process always ends: thousands of fresh `codegraph prompt-hook` processes, two
 * at a time, on a copy of the shop fixture, half loading the index themselves and half asking the
 * project's daemon. Node 20 can deadlock while exiting (about once in 5,000 exits seen here); the
 * exit guard must turn any such hang into an end within its grace period, so no run may take over
 * 2 s and every run must exit 0 with its answer.
 *
 *   npm run bench -- exits        (CODEGRAPH_BENCH_EXITS, default 5000)
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { withDaemon } from './hook-bench.js';
import { isBenchEntry, ms, percentile } from './stats.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/projects/shop', import.meta.url));
/** What the guard promises: a run over this is a hang it did not end. */
const HANG_MS = 2000;
const PROMPTS = ['please fix this typo in the docs', 'how does the checkout total work', 'why is applyDiscount wrong'];

/** The results of one batch of runs. */
export interface ExitBatch {
  readonly label: string;
  readonly runs: number;
  readonly samples: readonly number[];
  /** Runs that did not exit 0 (a guard's kill shows here as its signal). */
  readonly failures: readonly string[];
}

/** The exit benchmark's results. */
export interface ExitReport {
  readonly batches: readonly ExitBatch[];
}

/** Indexes a copy of the fixture and runs `total` hook processes, half alone and half through the daemon. */
export async function runExitBench(total = Number(process.env['CODEGRAPH_BENCH_EXITS'] ?? 5000)): Promise<ExitReport> {
  const root = mkdtempSync(join(tmpdir(), 'codegraph-exits-'));
  try {
    cpSync(FIXTURE, root, { recursive: true });
    const init = spawnSync(process.execPath, [CLI_PATH, 'init', '--quiet', root], { env: cliEnv(), encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`init failed: ${init.stderr}`);
    const half = Math.ceil(total / 2);
    const alone = await runBatch('alone (loads the index)', half, root, { CODEGRAPH_NO_DAEMON: '1' });
    const daemon = await withDaemon(root, () => runBatch('with the project daemon', total - half, root, {}));
    return { batches: [alone, daemon] };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function runBatch(label: string, runs: number, root: string, env: Record<string, string>): Promise<ExitBatch> {
  const samples: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < runs) {
      const prompt = PROMPTS[next++ % PROMPTS.length] ?? '';
      const { elapsed, outcome } = await runHook(prompt, root, env);
      samples.push(elapsed);
      if (outcome !== 'exit 0') failures.push(`${outcome} after ${ms(elapsed)}`);
    }
  };
  await Promise.all([lane(), lane()]);
  return { label, runs, samples, failures };
}

function runHook(prompt: string, root: string, env: Record<string, string>): Promise<{ elapsed: number; outcome: string }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [CLI_PATH, 'prompt-hook'], { cwd: root, env: cliEnv(env), stdio: ['pipe', 'ignore', 'ignore'] });
  child.stdin.end(JSON.stringify({ prompt, cwd: root, hook_event_name: 'UserPromptSubmit' }));
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ elapsed: performance.now() - t0, outcome: signal !== null ? `signal ${signal}` : `exit ${code}` }));
  });
}

/** The report as text. */
export function formatExitReport(report: ExitReport): string {
  const lines = [`prompt-hook exits: fresh processes, two at a time, shop fixture (a run over ${ms(HANG_MS)} is a hang)`];
  for (const b of report.batches) {
    const over = b.samples.filter((s) => s > HANG_MS).length;
    lines.push(`  ${b.label.padEnd(26)} runs ${String(b.runs).padStart(5)}  p50 ${ms(percentile(b.samples, 50)).padStart(9)}  p99 ${ms(percentile(b.samples, 99)).padStart(9)}  max ${ms(Math.max(...b.samples)).padStart(9)}  over ${ms(HANG_MS)}: ${over}  not exit 0: ${b.failures.length}`);
    for (const failure of b.failures.slice(0, 5)) lines.push(`    ${failure}`);
  }
  return `${lines.join('\n')}\n`;
}

if (isBenchEntry(import.meta.url)) process.stdout.write(formatExitReport(await runExitBench()));
