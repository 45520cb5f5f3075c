/**
 * Prompt-hook latency, end to end as Claude Code sees it: a fresh `codegraph prompt-hook` process
 * per prompt (process start included), on an indexed copy of a corpus, for each tier. The silent
 * tier's number is the cost of deciding from the text alone, which must not open the database.
 * Each prompt is timed twice: alone (`CODEGRAPH_NO_DAEMON=1`: the hook loads the index) and with
 * the project's daemon running (the hook asks it), which is how it runs beside an agent session.
 *
 *   npm run bench -- hook [--corpus django]        (CODEGRAPH_BENCH_HOOK_RUNS, default 15)
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { findCorpus, prepareCorpus } from './corpora.js';
import { isBenchEntry, ms, percentile } from './stats.js';

/** One prompt class and its timings. */
export interface HookTiming {
  readonly label: string;
  readonly prompt: string;
  readonly bytes: number;
  readonly p50: number;
  readonly p90: number;
  /** The same prompt with the project's daemon running. */
  readonly daemonP50: number;
  readonly daemonP90: number;
}

/** The hook benchmark's results for one corpus. */
export interface HookReport {
  readonly corpus: string;
  readonly runs: number;
  /** `codegraph --version`: the process-start floor every hook run pays. */
  readonly floor: number;
  readonly timings: readonly HookTiming[];
}

const PROMPTS: readonly (readonly [string, string])[] = [
  ['silent (prose, text alone)', 'please fix this typo in the docs'],
  ['silent (phrase, index checked)', 'the weather forecast widget is broken'],
  ['hint (plain words)', 'the url resolver cache looks wrong'],
  ['explore (structural question)', 'how does the queryset filter work'],
  ['explore (verified token)', 'why is get_object_or_404 slow'],
];

/** Copies and indexes the corpus with the built CLI, then times each prompt class. */
export async function runHookBench(corpusName = 'django', runs = Number(process.env['CODEGRAPH_BENCH_HOOK_RUNS'] ?? 15)): Promise<HookReport> {
  const spec = findCorpus(corpusName);
  if (spec === undefined) throw new Error(`unknown corpus ${corpusName}`);
  const prepared = await prepareCorpus(spec);
  const root = mkdtempSync(join(tmpdir(), `codegraph-hook-${corpusName}-`));
  try {
    cpSync(prepared, root, { recursive: true, filter: (p) => !p.startsWith(join(prepared, '.codegraph')) });
    const init = spawnSync(process.execPath, [CLI_PATH, 'init', '--quiet', root], { env: cliEnv(), encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`init failed: ${init.stderr}`);
    const floor = percentile(timeRuns(runs, ['--version'], '', root, ALONE), 50);
    const alone = PROMPTS.map(([, prompt]) => timePrompt(prompt, root, runs, ALONE));
    const daemon = await withDaemon(root, () => PROMPTS.map(([, prompt]) => timePrompt(prompt, root, runs, {})));
    const timings = PROMPTS.map(([label, prompt], i) => {
      const a = alone[i] ?? { bytes: 0, samples: [] };
      const d = daemon[i] ?? { bytes: 0, samples: [] };
      if (d.bytes !== a.bytes) throw new Error(`"${prompt}": ${a.bytes} B alone but ${d.bytes} B through the daemon`);
      return { label, prompt, bytes: a.bytes, p50: percentile(a.samples, 50), p90: percentile(a.samples, 90), daemonP50: percentile(d.samples, 50), daemonP90: percentile(d.samples, 90) };
    });
    return { corpus: corpusName, runs, floor, timings };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The hook without a daemon: it loads the index itself. */
const ALONE = { CODEGRAPH_NO_DAEMON: '1' };

function timePrompt(prompt: string, root: string, runs: number, env: Record<string, string>): { bytes: number; samples: number[] } {
  const input = JSON.stringify({ prompt, cwd: root, hook_event_name: 'UserPromptSubmit' });
  const once = spawnSync(process.execPath, [CLI_PATH, 'prompt-hook'], { input, env: cliEnv(env), encoding: 'utf8' });
  return { bytes: Buffer.byteLength(once.stdout, 'utf8'), samples: timeRuns(runs, ['prompt-hook'], input, root, env) };
}

/** Runs `fn` while the project's daemon runs (started here, stopped and awaited after). */
export async function withDaemon<T>(root: string, fn: () => T | Promise<T>): Promise<T> {
  const child = spawn(process.execPath, [CLI_PATH, 'daemon', 'run', root], { env: cliEnv(), stdio: 'ignore' });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = spawnSync(process.execPath, [CLI_PATH, 'daemon', 'status', '--json'], { env: cliEnv(), encoding: 'utf8' });
      const listed = JSON.parse(status.stdout || '[]') as { root: string; autoSync: string }[];
      if (listed.some((d) => d.root === root && /^watching/.test(d.autoSync))) break;
      if (Date.now() > deadline) throw new Error(`the daemon of ${root} did not finish its catch-up within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return await fn();
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  }
}

function timeRuns(runs: number, args: readonly string[], input: string, cwd: string, env: Record<string, string>): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, [CLI_PATH, ...args], { input, cwd, env: cliEnv(env), encoding: 'utf8' });
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** The report as text. */
export function formatHookReport(report: HookReport): string {
  const lines = [`prompt-hook on ${report.corpus}, ${report.runs} runs each, fresh process per run (process start floor, codegraph --version: p50 ${ms(report.floor)})`];
  lines.push(`  ${''.padEnd(32)} ${'alone (loads the index)'.padEnd(30)} with the project's daemon running`);
  for (const t of report.timings) {
    lines.push(`  ${t.label.padEnd(32)} p50 ${ms(t.p50).padStart(9)}  p90 ${ms(t.p90).padStart(9)}   p50 ${ms(t.daemonP50).padStart(9)}  p90 ${ms(t.daemonP90).padStart(9)}  output ${t.bytes} B`);
  }
  return `${lines.join('\n')}\n`;
}

if (isBenchEntry(import.meta.url)) process.stdout.write(formatHookReport(await runHookBench(process.argv[2] ?? 'django')));
