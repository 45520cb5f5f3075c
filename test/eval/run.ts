/**
 * Explore evaluation: asks every question of the selected corpora (test/eval/questions/*.json)
 * through this project's `codegraph explore` CLI and through the peer's MCP `codegraph_explore`,
 * and scores both with the same recall rule (see recall.ts): the share of target definitions whose
 * header line is shown in a source block of the right file. Also reports output size and latency.
 *
 *   node dist/test/eval/run.js                         every corpus that has questions
 *   node dist/test/eval/run.js --corpus django,cobra   a subset
 *   options: --no-peer, --no-ours, --reuse-index (keep our existing index of a corpus copy),
 *            --max-files N / --max-chars N (passed to both sides where they accept it),
 *            --timeout-s S (per question, default 120), --out FILE
 *
 * Corpora and the peer are installed on first use (Debian packages, npm) into the benchmarks'
 * scratch folder; each side indexes its own copy under /tmp/codegraph-eval/work/<corpus>/.
 * Full per-question results go to /tmp/codegraph-eval/results.json (or --out). The exit status is
 * non-zero only when the harness itself cannot run (bad arguments, a question set that does not
 * resolve against its corpus, a corpus or the peer that cannot be installed, no build); low
 * scores and failures of either tool are reported, never turned into an exit status.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensurePeer, PEER_PACKAGE, PEER_VERSION, peerEnv, peerInit } from '../bench/peer.js';
import { describeExit, run, tail } from '../bench/proc.js';
import { isBenchEntry, percentile } from '../bench/stats.js';
import { CLI_PATH as OUR_CLI } from '../support/cli.js';
import { EVAL_CORPORA, prepareEvalCorpus } from './corpora.js';
import { StdioMcpClient } from './mcp-client.js';
import { loadQuestionSets, resolveTargets, type Question, type ResolvedTarget } from './questions.js';
import { sourceBlocks, targetPresent } from './recall.js';

const EVAL_ROOT = '/tmp/codegraph-eval';
const NOT_AVAILABLE = /not available yet/i;

type Side = 'ours' | 'peer';

/** One side's answer to one question. */
export interface Answer {
  /** ok: an answer was scored; unavailable: the tool has no explore yet; error: it failed. */
  readonly status: 'ok' | 'unavailable' | 'error';
  readonly recall: number;
  readonly present: readonly string[];
  readonly missing: readonly string[];
  readonly chars: number;
  readonly ms: number;
  readonly error?: string;
  readonly output?: string;
}

interface QuestionResult {
  readonly id: string;
  readonly kind: string;
  readonly query: string;
  readonly targets: readonly { file: string; name: string; lines: readonly number[] }[];
  ours?: Answer;
  peer?: Answer;
}

interface SideSetup {
  readonly dir: string;
  readonly indexSeconds: number | undefined;
  readonly reused: boolean;
  readonly error: string | undefined;
}

interface CorpusResult {
  readonly name: string;
  readonly dir: string;
  readonly setup: Partial<Record<Side, SideSetup>>;
  readonly questions: QuestionResult[];
}

interface Options {
  readonly corpora: readonly string[];
  readonly ours: boolean;
  readonly peer: boolean;
  readonly reuseIndex: boolean;
  readonly maxFiles: number | undefined;
  readonly maxChars: number | undefined;
  readonly timeoutMs: number;
  readonly out: string;
}

function log(message: string): void {
  process.stderr.write(`[eval] ${message}\n`);
}

/** Scores one answer text against the resolved targets of its question. */
export function scoreAnswer(text: string, targets: readonly ResolvedTarget[]): { recall: number; present: string[]; missing: string[] } {
  const blocks = sourceBlocks(text);
  const present: string[] = [];
  const missing: string[] = [];
  for (const t of targets) {
    (targetPresent(blocks, t.file, t.headers) ? present : missing).push(`${t.file}:${t.name}`);
  }
  return { recall: targets.length === 0 ? 0 : present.length / targets.length, present, missing };
}

/** A fresh writable copy of the prepared corpus (with its `.git`), unless `reuse` finds one indexed. */
async function workCopy(source: string, dest: string, reuse: boolean): Promise<boolean> {
  if (reuse && existsSync(join(dest, '.codegraph'))) return true;
  await rm(dest, { recursive: true, force: true });
  await mkdir(dirname(dest), { recursive: true });
  const copied = await run('cp', ['-a', source, dest]);
  if (copied.code !== 0) throw new Error(`cp -a ${source} ${dest} failed: ${tail(copied.stderr)}`);
  return false;
}

async function setupOurs(name: string, source: string, options: Options): Promise<SideSetup> {
  const dir = join(EVAL_ROOT, 'work', name, 'ours');
  const reused = await workCopy(source, dir, options.reuseIndex);
  if (reused) return { dir, indexSeconds: undefined, reused, error: undefined };
  log(`${name}/ours: init`);
  const started = performance.now();
  const result = await run(process.execPath, [OUR_CLI, 'init', dir, '--quiet'], { cwd: dir, timeoutMs: 1_800_000 });
  const seconds = (performance.now() - started) / 1000;
  const error = result.code === 0 ? undefined : `init ${describeExit(result)}: ${tail(result.stderr || result.stdout)}`;
  if (error !== undefined) log(`${name}/ours: ${error}`);
  return { dir, indexSeconds: seconds, reused, error };
}

async function setupPeer(name: string, source: string, bin: string): Promise<SideSetup> {
  const dir = join(EVAL_ROOT, 'work', name, 'peer');
  // The peer is pinned, so an index it built earlier stays valid: reuse it when present.
  const reused = await workCopy(source, dir, true);
  if (reused && existsSync(join(dir, '.codegraph', 'codegraph.db'))) return { dir, indexSeconds: undefined, reused, error: undefined };
  log(`${name}/peer: codegraph init`);
  const init = peerInit(bin, dir);
  const started = performance.now();
  const result = await run(init.command, init.args, { cwd: init.cwd, env: init.env, timeoutMs: 1_800_000 });
  const seconds = (performance.now() - started) / 1000;
  const error = result.code === 0 ? undefined : `init ${describeExit(result)}: ${tail(result.stderr || result.stdout)}`;
  if (error !== undefined) log(`${name}/peer: ${error}`);
  return { dir, indexSeconds: seconds, reused: false, error };
}

function failed(error: string, ms = 0): Answer {
  return { status: 'error', recall: 0, present: [], missing: [], chars: 0, ms, error };
}

async function askOurs(dir: string, q: Question, targets: readonly ResolvedTarget[], options: Options): Promise<Answer> {
  const args = [OUR_CLI, 'explore', '-p', dir];
  if (options.maxFiles !== undefined) args.push('--max-files', String(options.maxFiles));
  if (options.maxChars !== undefined) args.push('--max-chars', String(options.maxChars));
  // Query words go after `--`, so words such as `--name=value` in a question stay query text.
  args.push('--', ...q.query.split(/\s+/).filter((w) => w !== ''));
  const started = performance.now();
  const result = await run(process.execPath, args, { cwd: dir, timeoutMs: options.timeoutMs });
  const ms = performance.now() - started;
  const text = result.stdout;
  if (NOT_AVAILABLE.test(result.stderr) || NOT_AVAILABLE.test(text)) {
    return { status: 'unavailable', recall: 0, present: [], missing: targets.map((t) => `${t.file}:${t.name}`), chars: 0, ms };
  }
  if (result.code !== 0 || result.timedOut) return { ...failed(`${describeExit(result)}: ${tail(result.stderr || text)}`, ms), chars: text.length, output: text };
  const score = scoreAnswer(text, targets);
  return { status: 'ok', ...score, chars: text.length, ms, output: text };
}

async function askPeer(client: StdioMcpClient, q: Question, targets: readonly ResolvedTarget[], options: Options): Promise<Answer> {
  const args: Record<string, unknown> = { query: q.query };
  if (options.maxFiles !== undefined) args['maxFiles'] = options.maxFiles;
  const started = performance.now();
  try {
    const answer = await client.callTool('codegraph_explore', args, options.timeoutMs);
    const ms = performance.now() - started;
    if (answer.isError) return { ...failed(`isError: ${answer.text.slice(0, 300)}`, ms), chars: answer.text.length, output: answer.text };
    const score = scoreAnswer(answer.text, targets);
    return { status: 'ok', ...score, chars: answer.text.length, ms, output: answer.text };
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error), performance.now() - started);
  }
}

async function evalCorpus(name: string, questions: readonly Question[], options: Options, peerBin: string | undefined): Promise<CorpusResult> {
  const source = await prepareEvalCorpus(name);
  const { resolved, problems } = await resolveTargets({ corpus: name, questions }, source);
  if (problems.length > 0) throw new Error(`question set ${name} does not resolve against ${source}:\n  ${problems.join('\n  ')}`);
  const results: QuestionResult[] = questions.map((q) => ({
    id: q.id,
    kind: q.kind,
    query: q.query,
    targets: (resolved.get(q.id) ?? []).map((t) => ({ file: t.file, name: t.name, lines: t.headers.map((h) => h.line) })),
  }));
  const setup: Partial<Record<Side, SideSetup>> = {};

  if (options.ours) {
    const ours = await setupOurs(name, source, options);
    setup.ours = ours;
    for (const [i, q] of questions.entries()) {
      const r = results[i];
      if (r === undefined) continue;
      r.ours = ours.error !== undefined ? failed(`no index: ${ours.error}`) : await askOurs(ours.dir, q, resolved.get(q.id) ?? [], options);
      log(`${name}/ours ${q.id}: ${describe(r.ours)}`);
    }
  }

  if (peerBin !== undefined) {
    const peer = await setupPeer(name, source, peerBin);
    setup.peer = peer;
    if (peer.error !== undefined) {
      for (const r of results) r.peer = failed(`no index: ${peer.error}`);
    } else {
      const client = new StdioMcpClient(peerBin, ['serve', '--mcp'], peer.dir, peerEnv());
      try {
        await client.initialize(60_000);
        for (const [i, q] of questions.entries()) {
          const r = results[i];
          if (r === undefined) continue;
          r.peer = await askPeer(client, q, resolved.get(q.id) ?? [], options);
          log(`${name}/peer ${q.id}: ${describe(r.peer)}`);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        for (const r of results) r.peer ??= failed(`server: ${message}`);
      } finally {
        await client.close();
      }
    }
  }
  return { name, dir: source, setup, questions: results };
}

function describe(a: Answer): string {
  if (a.status === 'unavailable') return 'explore not available';
  if (a.status === 'error') return `error ${a.error ?? ''}`.slice(0, 200);
  return `recall ${a.present.length}/${a.present.length + a.missing.length}, ${a.chars} chars, ${a.ms.toFixed(0)} ms`;
}

// ---- report --------------------------------------------------------------------------------------

interface SideSummary {
  readonly questions: number;
  readonly answered: number;
  readonly unavailable: number;
  readonly errors: number;
  /** Share of all target definitions present (targets of failed questions count as missing). */
  readonly recall: number | undefined;
  /** Questions whose every target was present. */
  readonly complete: number;
  readonly medianChars: number | undefined;
  readonly medianMs: number | undefined;
  readonly p90Ms: number | undefined;
}

export function summarize(questions: readonly QuestionResult[], side: Side): SideSummary {
  const answers = questions.map((q) => ({ q, a: q[side] })).filter((x): x is { q: QuestionResult; a: Answer } => x.a !== undefined);
  const scored = answers.filter((x) => x.a.status !== 'unavailable');
  const ok = answers.filter((x) => x.a.status === 'ok');
  const targets = scored.reduce((n, x) => n + x.q.targets.length, 0);
  const present = scored.reduce((n, x) => n + x.a.present.length, 0);
  const chars = ok.map((x) => x.a.chars);
  const ms = ok.map((x) => x.a.ms);
  return {
    questions: answers.length,
    answered: ok.length,
    unavailable: answers.filter((x) => x.a.status === 'unavailable').length,
    errors: answers.filter((x) => x.a.status === 'error').length,
    recall: targets === 0 ? undefined : present / targets,
    complete: ok.filter((x) => x.a.missing.length === 0).length,
    medianChars: chars.length === 0 ? undefined : percentile(chars, 50),
    medianMs: ms.length === 0 ? undefined : percentile(ms, 50),
    p90Ms: ms.length === 0 ? undefined : percentile(ms, 90),
  };
}

const pct = (v: number | undefined) => (v === undefined ? 'n/a' : `${(v * 100).toFixed(1)}%`);
const num = (v: number | undefined) => (v === undefined ? 'n/a' : Math.round(v).toLocaleString('en-US'));
const msText = (v: number | undefined) => (v === undefined ? 'n/a' : `${Math.round(v)} ms`);

function summaryLines(label: string, questions: readonly QuestionResult[], sides: readonly Side[]): string[] {
  const s = Object.fromEntries(sides.map((side) => [side, summarize(questions, side)])) as Partial<Record<Side, SideSummary>>;
  const pair = (f: (x: SideSummary) => string) => sides.map((side) => { const x = s[side]; return x === undefined ? 'n/a' : f(x); }).join(' / ');
  const head = sides.join(' / ');
  const lines = [
    `${label} (${questions.length} questions; ${head})`,
    `  recall           ${pair((x) => pct(x.recall))}`,
    `  fully answered   ${pair((x) => `${x.complete}/${x.questions}`)}`,
    `  median chars     ${pair((x) => num(x.medianChars))}`,
    `  median latency   ${pair((x) => msText(x.medianMs))}`,
    `  p90 latency      ${pair((x) => msText(x.p90Ms))}`,
  ];
  const notes = sides.flatMap((side) => {
    const x = s[side];
    if (x === undefined) return [];
    const parts = [x.unavailable > 0 ? `${x.unavailable} unavailable` : '', x.errors > 0 ? `${x.errors} errors` : ''].filter((p) => p !== '');
    return parts.length === 0 ? [] : [`  ${side}: ${parts.join(', ')}`];
  });
  return [...lines, ...notes];
}

function report(corpora: readonly CorpusResult[], sides: readonly Side[]): string {
  const lines: string[] = [];
  for (const c of corpora) {
    lines.push(...summaryLines(c.name, c.questions, sides));
    for (const side of sides) {
      const setup = c.setup[side];
      if (setup === undefined) continue;
      const index = setup.error ?? (setup.reused ? 'index reused' : `indexed in ${(setup.indexSeconds ?? 0).toFixed(1)} s`);
      lines.push(`  ${side} setup: ${index}`);
    }
    for (const q of c.questions) {
      const cell = (a: Answer | undefined) =>
        a === undefined ? '-' : a.status === 'ok' ? `${a.present.length}/${a.present.length + a.missing.length}` : a.status === 'unavailable' ? 'n/a' : 'ERR';
      lines.push(`    ${q.id.padEnd(22)} ${q.kind.padEnd(11)} ${sides.map((side) => cell(q[side]).padStart(5)).join(' ')}`);
    }
    lines.push('');
  }
  const all = corpora.flatMap((c) => c.questions);
  lines.push(...summaryLines('OVERALL', all, sides));
  for (const kind of ['prose', 'identifiers', 'anchor']) {
    const subset = all.filter((q) => q.kind === kind);
    if (subset.length > 0) lines.push(`  by kind ${kind.padEnd(11)} recall ${sides.map((side) => pct(summarize(subset, side).recall)).join(' / ')} (${subset.length} q)`);
  }
  lines.push('');
  lines.push('Latency: ours is a cold CLI process per question (start-up + index open + explore); the peer is a');
  lines.push('tools/call on one warm MCP server per corpus. Compare ratios within one run, not absolute numbers.');
  return lines.join('\n');
}

// ---- command line --------------------------------------------------------------------------------

function parseOptions(argv: readonly string[], known: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      corpus: { type: 'string' },
      'no-peer': { type: 'boolean' },
      'no-ours': { type: 'boolean' },
      'reuse-index': { type: 'boolean' },
      'max-files': { type: 'string' },
      'max-chars': { type: 'string' },
      'timeout-s': { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const corpora = values.corpus === undefined ? [...known] : values.corpus.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = corpora.filter((c) => !known.includes(c));
  if (unknown.length > 0) throw new Error(`no questions for corpus ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const number = (v: string | undefined, flag: string): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${flag} must be a positive number`);
    return n;
  };
  return {
    corpora,
    ours: values['no-ours'] !== true,
    peer: values['no-peer'] !== true,
    reuseIndex: values['reuse-index'] === true,
    maxFiles: number(values['max-files'], 'max-files'),
    maxChars: number(values['max-chars'], 'max-chars'),
    timeoutMs: (number(values['timeout-s'], 'timeout-s') ?? 120) * 1000,
    out: values.out ?? join(EVAL_ROOT, 'results.json'),
  };
}

async function main(): Promise<number> {
  const sets = await loadQuestionSets();
  const names = EVAL_CORPORA.map((c) => c.name);
  const known = [...names.filter((c) => sets.has(c)), ...[...sets.keys()].filter((c) => !names.includes(c))];
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2), known);
  } catch (error) {
    process.stderr.write(`eval: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (options.ours && !existsSync(OUR_CLI)) {
    process.stderr.write(`eval: ${OUR_CLI} is missing; build first (tsc -p tsconfig.json)\n`);
    return 2;
  }
  const peerBin = options.peer ? await ensurePeer() : undefined;
  const sides: Side[] = [...(options.ours ? (['ours'] as const) : []), ...(options.peer ? (['peer'] as const) : [])];
  const corpora: CorpusResult[] = [];
  const started = new Date();
  for (const name of options.corpora) {
    const set = sets.get(name);
    if (set === undefined) continue;
    corpora.push(await evalCorpus(name, set.questions, options, peerBin));
  }
  const text = report(corpora, sides);
  process.stdout.write(`codegraph explore evaluation — ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; peer ${PEER_PACKAGE}@${PEER_VERSION}\n\n${text}\n`);
  await mkdir(dirname(options.out), { recursive: true });
  const overall = Object.fromEntries(sides.map((side) => [side, summarize(corpora.flatMap((c) => c.questions), side)]));
  const perCorpus = Object.fromEntries(corpora.map((c) => [c.name, Object.fromEntries(sides.map((side) => [side, summarize(c.questions, side)]))]));
  await writeFile(
    options.out,
    `${JSON.stringify({ startedAt: started.toISOString(), finishedAt: new Date().toISOString(), peer: `${PEER_PACKAGE}@${PEER_VERSION}`, options, overall, perCorpus, corpora }, null, 2)}\n`,
  );
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
