/**
 * `npm run bench`: runs every benchmark in turn and prints one readable report. New benchmarks
 * register here as another entry of BENCHMARKS.
 */
import { formatStartupReport, hostLine, runStartupBench } from './startup.js';
import { isBenchEntry } from './stats.js';

interface Benchmark {
  readonly name: string;
  /** Runs the benchmark and returns its report text. */
  readonly run: () => Promise<string>;
}

const BENCHMARKS: readonly Benchmark[] = [
  { name: 'startup', run: async () => formatStartupReport(await runStartupBench()) },
];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const selected = only.length === 0 ? BENCHMARKS : BENCHMARKS.filter((b) => only.includes(b.name));
  if (selected.length === 0) {
    process.stderr.write(`bench: no benchmark named ${only.join(', ')} (known: ${BENCHMARKS.map((b) => b.name).join(', ')})\n`);
    process.exitCode = 2;
    return;
  }
  process.stdout.write(`codegraph benchmarks — ${hostLine()}\n\n`);
  for (const bench of selected) {
    const started = performance.now();
    const text = await bench.run();
    process.stdout.write(`== ${bench.name} (${((performance.now() - started) / 1000).toFixed(1)} s)\n${text}\n`);
  }
}

if (isBenchEntry(import.meta.url)) await main();
