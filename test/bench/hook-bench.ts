/**
 * Prompt-hook latency, end to end as Claude Code sees it: a fresh `codegraph prompt-hook` process
 * per prompt (process start included), on an indexed copy of a corpus, for each tier. The silent
 * tier's number is the cost of deciding from the text alone, which must not open the database.
 *
 *   npm run bench -- hook [--corpus django]        (CODEGRAPH_BENCH_HOOK_RUNS, default 15)
 */
import { spawnSync } from 'node:child_process';
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
    const floor = percentile(timeRuns(runs, ['--version'], '', root), 50);
    const timings = PROMPTS.map(([label, prompt]) => {
      const input = JSON.stringify({ prompt, cwd: root, hook_event_name: 'UserPromptSubmit' });
      const once = spawnSync(process.execPath, [CLI_PATH, 'prompt-hook'], { input, env: cliEnv(), encoding: 'utf8' });
      const samples = timeRuns(runs, ['prompt-hook'], input, root);
      return { label, prompt, bytes: Buffer.byteLength(once.stdout, 'utf8'), p50: percentile(samples, 50), p90: percentile(samples, 90) };
    });
    return { corpus: corpusName, runs, floor, timings };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function timeRuns(runs: number, args: readonly string[], input: string, cwd: string): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, [CLI_PATH, ...args], { input, cwd, env: cliEnv(), encoding: 'utf8' });
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** The report as text. */
export function formatHookReport(report: HookReport): string {
  const lines = [`prompt-hook on ${report.corpus}, ${report.runs} runs each, fresh process per run (process start floor, codegraph --version: p50 ${ms(report.floor)})`];
  for (const t of report.timings) lines.push(`  ${t.label.padEnd(32)} p50 ${ms(t.p50).padStart(9)}  p90 ${ms(t.p90).padStart(9)}  output ${t.bytes} B`);
  return `${lines.join('\n')}\n`;
}

if (isBenchEntry(import.meta.url)) process.stdout.write(formatHookReport(await runHookBench(process.argv[2] ?? 'django')));
