/**
 * The evaluation: asks every question of the selected corpora (questions/*.json) of this project
 * and of the peer, both through their MCP servers (`serve --mcp`, tools/call), scores both with
 * the same rules (score.ts) and reports per corpus, per half of the split and overall: explore
 * recall and median output size, search hit@5 (all and prose questions), callers precision and
 * recall. `--census` reports the definition census instead (census.ts), `--route-census` the route
 * census (route-census.ts).
 *
 *   node dist/test/eval/run.js                          every question corpus, both halves
 *   options: --half tuning|held-out|all, --corpus a,b, --no-peer, --no-ours, --reuse-index (keep
 *            our existing index of a corpus copy), --max-files N (explore, both sides),
 *            --timeout-s S (per call, default 120), --out FILE, --census [--language c,cpp],
 *            --route-census [--framework flask,express]
 *
 * Corpora and the peer are installed on first use (Debian packages, npm) into the benchmarks'
 * scratch folder; each side indexes its own copy under /tmp/codegraph-eval/work/<corpus>/. Full
 * results go to /tmp/codegraph-eval/results.json (or --out). The exit status is non-zero only when
 * the harness itself cannot run (bad arguments, a question set that does not resolve against its
 * corpus, a corpus or the peer that cannot be installed, no build); low scores and failures of
 * either tool are reported, never turned into an exit status.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { debianVersion } from '../bench/corpora.js';
import { ensurePeer, PEER_PACKAGE, PEER_VERSION } from '../bench/peer.js';
import { isBenchEntry } from '../bench/stats.js';
import { ask, describeAnswer, failedAnswer } from './ask.js';
import { runCensus } from './census.js';
import { runRouteCensus } from './route-census.js';
import { EVAL_CORPORA, evalCorpus, prepareEvalCorpus } from './corpora.js';
import { debianDrift, loadQuestionSets, resolveTargets, type QuestionSet, type ResolvedTarget } from './questions.js';
import { report, type CorpusReport } from './report.js';
import { EVAL_ROOT, log, OUR_CLI_PATH, setupSide, startServer, type Side, type SideSetup } from './sides.js';
import { halfOf, HALVES, loadSplit, type Half, type Split } from './split.js';
import { summarize, type QuestionResult } from './summary.js';

interface Options {
  readonly corpora: readonly string[];
  readonly sides: readonly Side[];
  readonly reuseIndex: boolean;
  readonly maxFiles: number | undefined;
  readonly timeoutMs: number;
  readonly out: string;
  readonly census: boolean;
  /** With --census: only these languages (`--language c,cpp`). */
  readonly languages: readonly string[] | undefined;
  readonly routeCensus: boolean;
  /** With --route-census: only these frameworks (`--framework flask,express`). */
  readonly frameworks: readonly string[] | undefined;
}

function setupText(side: Side, s: SideSetup): string {
  return `${side} ${s.error ?? (s.reused ? 'index reused' : `indexed in ${(s.indexSeconds ?? 0).toFixed(1)} s`)}`;
}

/** Indexes the corpus for one side and asks it every question; failures become error answers. */
async function askSide(side: Side, name: string, source: string, results: readonly QuestionResult[], context: RunContext): Promise<string> {
  const setup = await setupSide(side, name, source, context.options.reuseIndex, context.peerBin);
  const targets = (id: string) => context.resolved.get(id) ?? [];
  const fail = async (message: string) => {
    for (const [i, q] of context.set.questions.entries()) {
      const r = results[i];
      if (r !== undefined) r[side] = await failedAnswer(q, targets(q.id), message);
    }
  };
  if (setup.error !== undefined) {
    await fail(`no index: ${setup.error}`);
    return setupText(side, setup);
  }
  const client = await startServer(side, setup.dir, context.peerBin).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  if (client instanceof Error) {
    await fail(`server: ${client.message}`);
    return `${side} server failed: ${client.message}`;
  }
  try {
    for (const [i, q] of context.set.questions.entries()) {
      const r = results[i];
      if (r === undefined) continue;
      r[side] = await ask(client, q, targets(q.id), { timeoutMs: context.options.timeoutMs, maxFiles: context.options.maxFiles });
      log(`${name}/${side} ${q.id}: ${describeAnswer(r[side])}`);
    }
  } finally {
    await client.close();
  }
  return setupText(side, setup);
}

interface RunContext {
  readonly options: Options;
  readonly peerBin: string | undefined;
  readonly set: QuestionSet;
  readonly resolved: Map<string, ResolvedTarget[]>;
}

async function evalCorpusRun(name: string, set: QuestionSet, split: Split, options: Options, peerBin: string | undefined): Promise<CorpusReport> {
  const source = await prepareEvalCorpus(name);
  const { resolved, problems } = await resolveTargets(set, source);
  if (problems.length > 0) throw new Error(`question set ${name} does not resolve against ${source}:\n  ${problems.join('\n  ')}`);
  const results: QuestionResult[] = set.questions.map((q) => ({
    corpus: name,
    id: q.id,
    kind: q.kind,
    query: q.query,
    targets: (resolved.get(q.id) ?? []).map((t) => ({ file: t.file, name: t.name, lines: t.headers.map((h) => h.line) })),
  }));
  const context: RunContext = { options, peerBin, set, resolved };
  const setups: string[] = [];
  const drift = set.debian === undefined ? undefined : debianDrift(set, await debianVersion(set.debian.package));
  if (drift !== undefined) {
    log(`${name}: ${drift}`);
    setups.push(drift);
  }
  for (const side of options.sides) setups.push(await askSide(side, name, source, results, context));
  return { name, half: halfOf(split, name), language: evalCorpus(name)?.language ?? '?', setup: setups.join('; '), questions: results };
}

function positive(v: string | undefined, flag: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${flag} must be a positive number`);
  return n;
}

function parseOptions(argv: readonly string[], known: readonly string[], split: Split): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      corpus: { type: 'string' }, half: { type: 'string' }, 'no-peer': { type: 'boolean' }, 'no-ours': { type: 'boolean' },
      'reuse-index': { type: 'boolean' }, 'max-files': { type: 'string' }, 'timeout-s': { type: 'string' }, out: { type: 'string' },
      census: { type: 'boolean' }, language: { type: 'string' }, 'route-census': { type: 'boolean' }, framework: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const half = values.half ?? 'all';
  if (half !== 'all' && !(HALVES as readonly string[]).includes(half)) throw new Error(`--half must be tuning, held-out or all (got ${half})`);
  let corpora = values.corpus === undefined ? [...known] : values.corpus.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = corpora.filter((c) => !known.includes(c));
  if (unknown.length > 0) throw new Error(`no questions for corpus ${unknown.join(', ')} (known: ${known.join(', ')})`);
  if (half !== 'all') corpora = corpora.filter((c) => halfOf(split, c) === (half as Half));
  const sides: Side[] = [...(values['no-ours'] === true ? [] : (['ours'] as const)), ...(values['no-peer'] === true ? [] : (['peer'] as const))];
  return {
    corpora,
    sides,
    reuseIndex: values['reuse-index'] === true,
    maxFiles: positive(values['max-files'], 'max-files'),
    timeoutMs: (positive(values['timeout-s'], 'timeout-s') ?? 120) * 1000,
    out: values.out ?? join(EVAL_ROOT, values.census === true ? 'census.json' : values['route-census'] === true ? 'route-census.json' : 'results.json'),
    census: values.census === true,
    languages: values.language === undefined ? undefined : values.language.split(',').map((s) => s.trim()).filter((s) => s !== ''),
    routeCensus: values['route-census'] === true,
    frameworks: values.framework === undefined ? undefined : values.framework.split(',').map((s) => s.trim()).filter((s) => s !== ''),
  };
}

async function writeResults(options: Options, started: Date, corpora: readonly CorpusReport[]): Promise<void> {
  const summaries = (questions: readonly QuestionResult[]) => Object.fromEntries(options.sides.map((side) => [side, summarize(questions, side)]));
  const perHalf = Object.fromEntries(HALVES.map((h) => [h, summaries(corpora.filter((c) => c.half === h).flatMap((c) => c.questions))]));
  const perCorpus = Object.fromEntries(corpora.map((c) => [c.name, summaries(c.questions)]));
  const body = { startedAt: started.toISOString(), finishedAt: new Date().toISOString(), peer: `${PEER_PACKAGE}@${PEER_VERSION}`, options, overall: summaries(corpora.flatMap((c) => c.questions)), perHalf, perCorpus, corpora };
  await mkdir(dirname(options.out), { recursive: true });
  await writeFile(options.out, `${JSON.stringify(body, null, 2)}\n`);
}

async function main(): Promise<number> {
  const sets = await loadQuestionSets();
  const split = loadSplit();
  const known = EVAL_CORPORA.map((c) => c.name).filter((c) => sets.has(c));
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2), known, split);
  } catch (error) {
    process.stderr.write(`eval: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (!existsSync(OUR_CLI_PATH)) {
    process.stderr.write(`eval: ${OUR_CLI_PATH} is missing; build first (npm run build)\n`);
    return 2;
  }
  if (options.census) return runCensus(options.out, options.reuseIndex, options.languages);
  if (options.routeCensus) return runRouteCensus(options.out, options.reuseIndex, options.frameworks);
  const peerBin = options.sides.includes('peer') ? await ensurePeer() : undefined;
  const started = new Date();
  const corpora: CorpusReport[] = [];
  for (const name of options.corpora) {
    const set = sets.get(name);
    if (set !== undefined) corpora.push(await evalCorpusRun(name, set, split, options, peerBin));
  }
  const machine = `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`;
  process.stdout.write(`codegraph evaluation — ${machine}; peer ${PEER_PACKAGE}@${PEER_VERSION}\n\n${report(corpora, options.sides)}\n`);
  await writeResults(options, started, corpora);
  process.stdout.write(`\nfull results: ${options.out}\n`);
  return 0;
}

if (isBenchEntry(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`eval: harness error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
