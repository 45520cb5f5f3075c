/**
 * `init` of this build against another build of codegraph on the same corpus copy, in alternating
 * pairs, so what a change costs is measured on one machine in one run: the ratio of each pair
 * (this build's wall time over the other's) and its median, with each side's median wall time and
 * peak RSS. The other build is named by its CLI (`--against ../before/dist/bundle/main.js`).
 *
 *   npm run bench -- baseline --against PATH --corpus django,tokio     BENCH_RUNS pairs (default 9)
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { benchRoot, findCorpus, gnuTime, log, prepareCorpus, resolveCorpusName } from './corpora.js';
import { CLI_PATH as OUR_CLI } from '../support/cli.js';
import { freshCopy } from './index-bench.js';
import { describeExit, timedRun } from './proc.js';
import { percentile } from './stats.js';

/** One corpus's pairs. */
export interface BaselineCorpus {
  readonly name: string;
  readonly ours: { readonly wallSeconds: number[]; readonly peakRssBytes: number[] };
  readonly other: { readonly wallSeconds: number[]; readonly peakRssBytes: number[] };
  /** ours/other wall time of each pair in which both succeeded. */
  readonly ratios: number[];
  readonly failures: string[];
}

/** Runs `pairs` alternating `init`s of this build and of `against` on each corpus. */
export async function runBaselineBench(against: string, corpora: readonly string[], pairs: number): Promise<BaselineCorpus[]> {
  const other = resolve(against);
  if (!existsSync(other)) throw new Error(`baseline benchmark: ${other} does not exist (name another build's CLI with --against)`);
  if (!existsSync(OUR_CLI)) throw new Error(`baseline benchmark: ${OUR_CLI} is missing (build first)`);
  const time = await gnuTime();
  const reports: BaselineCorpus[] = [];
  for (const requested of corpora.length > 0 ? corpora : ['django']) {
    const spec = findCorpus(await resolveCorpusName(requested));
    if (spec === undefined) throw new Error(`baseline benchmark: unknown corpus "${requested}"`);
    const dir = await freshCopy(await prepareCorpus(spec), join(benchRoot(), 'work', `baseline-${spec.name}`));
    const report: BaselineCorpus = { name: spec.name, ours: { wallSeconds: [], peakRssBytes: [] }, other: { wallSeconds: [], peakRssBytes: [] }, ratios: [], failures: [] };
    try {
      for (let i = 1; i <= pairs; i++) {
        const walls: (number | undefined)[] = [];
        // Which side goes first alternates too, so neither always meets the warmer cache.
        const order = i % 2 === 1 ? (['ours', 'other'] as const) : (['other', 'ours'] as const);
        for (const side of order) {
          await rm(join(dir, '.codegraph'), { recursive: true, force: true });
          log(`${spec.name}/${side}: init pair ${i}/${pairs}`);
          const cli = side === 'ours' ? OUR_CLI : other;
          const measured = await timedRun(time, process.execPath, [cli, 'init', dir, '--quiet'], { cwd: dir, timeoutMs: 1_800_000 });
          if (measured.result.code !== 0) {
            report.failures.push(`${side} pair ${i}: ${describeExit(measured.result)}`);
            walls.push(undefined);
            continue;
          }
          report[side].wallSeconds.push(measured.wallSeconds);
          report[side].peakRssBytes.push(measured.peakRssBytes);
          walls[side === 'ours' ? 0 : 1] = measured.wallSeconds;
        }
        const [ours, theirs] = walls;
        if (ours !== undefined && theirs !== undefined && theirs > 0) report.ratios.push(ours / theirs);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    reports.push(report);
  }
  return reports;
}

/** The report's text. */
export function formatBaselineReport(against: string, reports: readonly BaselineCorpus[]): string {
  const lines = [`init of this build against ${against}, alternating pairs`];
  const med = (xs: readonly number[]): number => percentile(xs, 50);
  for (const r of reports) {
    lines.push(`${r.name}: this build ${med(r.ours.wallSeconds).toFixed(2)} s (peak ${(med(r.ours.peakRssBytes) / 2 ** 20).toFixed(0)} MB), the other ${med(r.other.wallSeconds).toFixed(2)} s (peak ${(med(r.other.peakRssBytes) / 2 ** 20).toFixed(0)} MB)`);
    if (r.ratios.length > 0) {
      lines.push(`  this/other per pair: median ${med(r.ratios).toFixed(3)}x, ${Math.min(...r.ratios).toFixed(3)} to ${Math.max(...r.ratios).toFixed(3)} over ${r.ratios.length} pairs`);
    }
    for (const f of r.failures) lines.push(`  FAILED ${f}`);
  }
  return `${lines.join('\n')}\n`;
}
