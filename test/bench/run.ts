/**
 * `npm run bench`: runs the selected benchmarks in turn and prints one readable report. New
 * benchmarks register here as another entry of BENCHMARKS.
 *
 *   npm run bench                                    the default set (startup)
 *   npm run bench -- index --corpus django,serde     the side-by-side indexing benchmark
 *   npm run bench -- index --parse-only --corpus django  ... with the parse floor init is judged against
 *   npm run bench -- startup index --corpus jdk      several by name
 *   npm run bench -- query --corpus django           query latency (in-process and over stdio), export, sync
 *   npm run bench -- daemon --corpus django,tokio,jdk the shared daemon: first answer, edit-to-queryable, sync, RSS
 *   npm run bench -- questions --corpus django       search on the eval's sentence-long questions over stdio, beside the peer
 *   npm run bench -- baseline --against ../before/dist/bundle/main.js --corpus django,tokio   init against another build, alternating pairs
 *   npm run bench -- crash --corpus django          kill -9 at random instants of real syncs: the index opens whole, then equals a fresh init
 *   npm run bench -- save --corpus django,jdk       the cost of saving a one-file edit: change log against whole image, and opening
 *   npm run bench -- search --corpus django,jdk      the search ranker: latency per query kind, first search, database growth
 *   npm run bench -- http --corpus django            HTTP latency, and 200 clients x 100 calls with p50/p99 and RSS
 *   npm run bench -- hook [--corpus django]          prompt-hook latency per tier, process start included
 *   npm run bench -- exits                           5,000 prompt-hook processes: none may hang at exit
 *   npm run bench -- hostile                         extraction of files nesting 5,000 definitions, splitting 200,000-character words
 *   npm run bench -- view --corpus django            the view page in headless Chromium: map paint, neighbourhood after a click, edit to page
 *   npm run bench -- large --large [--corpus linux]  first answers of fresh processes on a large index (jdk without --large)
 *   npm run bench -- live --large [--corpus linux]   20 edits and a compaction through the daemon of a large index: queryable, durable, probes, RSS
 *
 * `--corpus` names real corpora to index (see corpora.ts); `--large` allows the Linux kernel.
 */
import { parseArgs } from 'node:util';
import { corpusList, corpusNames, defaultIndexOptions, formatIndexReport, INDEX_ARG_OPTIONS, runIndexBench } from './index-bench.js';
import { formatDaemonReport, runDaemonBench } from './daemon-bench.js';
import { formatQuestionsReport, runQuestionsBench } from './questions-bench.js';
import { formatHttpReport, runHttpBench } from './http-bench.js';
import { formatExitReport, runExitBench } from './exit-bench.js';
import { formatHostileReport, runHostileBench } from './hostile-bench.js';
import { formatHookReport, runHookBench } from './hook-bench.js';
import { formatLargeReport, runLargeBench } from './large-bench.js';
import { formatLiveReport, runLiveBench } from './live-bench.js';
import { findCorpus } from './corpora.js';
import { formatQueryReport, runQueryBench } from './query-bench.js';
import { formatBaselineReport, runBaselineBench } from './baseline-bench.js';
import { formatCrashReport, runCrashBench } from './crash-bench.js';
import { formatSaveReport, runSaveBench } from './save-bench.js';
import { formatSearchReport, runSearchBench } from './search-bench.js';
import { formatStartupReport, hostLine, runStartupBench } from './startup.js';
import { isBenchEntry } from './stats.js';
import { formatViewReport, runViewBench } from './view-bench.js';

/** What the command line selected beyond benchmark names. */
interface BenchArgs {
  readonly corpora: readonly string[];
  readonly large: boolean;
  /** `index --parse-only`: also time the parse floor. */
  readonly parseOnly: boolean;
  /** `baseline --against PATH`: the other build's CLI. */
  readonly against: string | undefined;
}

interface Benchmark {
  readonly name: string;
  /** Runs when no benchmark is named. */
  readonly byDefault: boolean;
  /** Runs the benchmark and returns its report text. */
  readonly run: (args: BenchArgs) => Promise<string>;
}

const BENCHMARKS: readonly Benchmark[] = [
  { name: 'startup', byDefault: true, run: async () => formatStartupReport(await runStartupBench()) },
  {
    name: 'query',
    byDefault: false,
    run: async (args) => {
      const reports = [];
      for (const corpus of args.corpora.length > 0 ? args.corpora : ['django']) reports.push(formatQueryReport(await runQueryBench(corpus)));
      return reports.join('\n');
    },
  },
  {
    name: 'search',
    byDefault: false,
    run: async (args) => {
      const reports = [];
      for (const corpus of args.corpora.length > 0 ? args.corpora : ['django']) reports.push(formatSearchReport(await runSearchBench(corpus)));
      return reports.join('\n');
    },
  },
  { name: 'hook', byDefault: false, run: async (args) => formatHookReport(await runHookBench(args.corpora[0] ?? 'django')) },
  { name: 'exits', byDefault: false, run: async () => formatExitReport(await runExitBench()) },
  { name: 'hostile', byDefault: false, run: async () => formatHostileReport(await runHostileBench()) },
  {
    name: 'http',
    byDefault: false,
    run: async (args) => {
      const reports = [];
      for (const corpus of args.corpora.length > 0 ? args.corpora : ['django']) reports.push(formatHttpReport(await runHttpBench(corpus)));
      return reports.join('\n');
    },
  },
  {
    name: 'crash',
    byDefault: false,
    run: async (args) => {
      const reports = [];
      for (const corpus of args.corpora.length > 0 ? args.corpora : ['django']) reports.push(formatCrashReport(await runCrashBench(corpus)));
      return reports.join('\n');
    },
  },
  {
    name: 'save',
    byDefault: false,
    run: async (args) => {
      const reports = [];
      for (const corpus of args.corpora.length > 0 ? args.corpora : ['django']) reports.push(formatSaveReport(await runSaveBench(corpus)));
      return reports.join('\n');
    },
  },
  {
    name: 'view',
    byDefault: false,
    run: async (args) => {
      const reports = [];
      for (const corpus of args.corpora.length > 0 ? args.corpora : ['django']) reports.push(formatViewReport(await runViewBench(corpus, Number(process.env['BENCH_RUNS'] ?? 5))));
      return reports.join('\n');
    },
  },
  { name: 'large', byDefault: false, run: async (args) => formatLargeReport(await runLargeBench(args.corpora, args.large)) },
  {
    name: 'live',
    byDefault: false,
    run: async (args) => {
      const reports = [];
      for (const corpus of args.corpora.length > 0 ? args.corpora : ['linux']) {
        if (findCorpus(corpus)?.large === true && !args.large) throw new Error(`live: corpus ${corpus} needs --large`);
        const burst = process.env['BENCH_BURST'];
        reports.push(formatLiveReport(await runLiveBench(corpus, Number(process.env['BENCH_RUNS'] ?? 20), burst === undefined ? undefined : Number(burst), Number(process.env['BENCH_SETTLE_MS'] ?? 30_000))));
      }
      return reports.join('\n');
    },
  },
  {
    name: 'daemon',
    byDefault: false,
    run: async (args) => {
      const reports = [];
      for (const corpus of args.corpora.length > 0 ? args.corpora : ['django']) reports.push(formatDaemonReport(await runDaemonBench(corpus, Number(process.env['BENCH_RUNS'] ?? 5), Number(process.env['BENCH_SYNCS'] ?? 100))));
      return reports.join('\n');
    },
  },
  {
    name: 'questions',
    byDefault: false,
    run: async (args) => {
      const reports = [];
      for (const corpus of args.corpora.length > 0 ? args.corpora : ['django']) reports.push(formatQuestionsReport(await runQuestionsBench(corpus, Number(process.env['BENCH_RUNS'] ?? 3))));
      return reports.join('\n');
    },
  },
  {
    name: 'baseline',
    byDefault: false,
    run: async (args) => {
      if (args.against === undefined) throw new Error('bench: baseline needs --against PATH (another build\'s dist/bundle/main.js)');
      return formatBaselineReport(args.against, await runBaselineBench(args.against, args.corpora, Number(process.env['BENCH_RUNS'] ?? 9)));
    },
  },
  {
    name: 'index',
    byDefault: false,
    run: async (args) => formatIndexReport(await runIndexBench(defaultIndexOptions(args.corpora, args.large, args.parseOnly))),
  },
];

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: { ...INDEX_ARG_OPTIONS, against: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  const only = parsed.positionals;
  const args: BenchArgs = { corpora: corpusList(parsed.values.corpus), large: parsed.values.large === true, parseOnly: parsed.values['parse-only'] === true, against: parsed.values.against };
  const selected = only.length === 0 ? BENCHMARKS.filter((b) => b.byDefault) : BENCHMARKS.filter((b) => only.includes(b.name));
  const unknown = only.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (selected.length === 0 || unknown.length > 0) {
    process.stderr.write(`bench: no benchmark named ${unknown.join(', ')} (known: ${BENCHMARKS.map((b) => b.name).join(', ')})\n`);
    process.exitCode = 2;
    return;
  }
  if (selected.some((b) => b.name === 'index') && args.corpora.length === 0) {
    process.stderr.write(`bench: index needs --corpus NAME[,NAME…] (known: ${corpusNames()})\n`);
    process.exitCode = 2;
    return;
  }
  process.stdout.write(`codegraph benchmarks — ${hostLine()}\n\n`);
  for (const bench of selected) {
    const started = performance.now();
    const text = await bench.run(args);
    process.stdout.write(`== ${bench.name} (${((performance.now() - started) / 1000).toFixed(1)} s)\n${text}\n`);
  }
}

if (isBenchEntry(import.meta.url)) await main();
