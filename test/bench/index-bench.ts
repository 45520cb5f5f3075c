/**
 * Side-by-side indexing benchmark: for each selected real corpus, `codegraph init` of this project
 * and of the peer (`@colbymchenry/codegraph`) on fresh copies, several runs each (alternating between the two), measuring wall
 * time and peak RSS under GNU time and the size of what each leaves in `.codegraph/`; then, on
 * ours, `codegraph sync` after a one-file edit, and the same kind of edit synced by a running
 * `codegraph watch` (watch-bench.ts). Corpora and the peer are installed on first use
 * into a scratch folder (see corpora.ts and peer.ts), only when this benchmark runs.
 *
 * Run through `npm run bench -- index --corpus django,serde` or directly:
 * `node dist/test/bench/index-bench.js --corpus django`. BENCH_RUNS (default 3) sets the runs per
 * side, BENCH_TIMEOUT_S (default 1800) the limit per run, BENCH_KEEP=1 keeps the working copies.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  benchRoot,
  CORPORA,
  findCorpus,
  gnuTime,
  log,
  prepareCorpus,
  resolveCorpusName,
  sourceFiles,
  type CorpusSpec,
} from './corpora.js';
import { CLI_PATH as OUR_CLI } from '../support/cli.js';
import { ensurePeer, peerInit, peerStatus, peerSync, PEER_PACKAGE, PEER_VERSION, type Invocation } from './peer.js';
import { describeExit, run, tail, timedRun, type TimedRun } from './proc.js';
import { isBenchEntry, percentile } from './stats.js';
import { measureWatch, type WatchSeries } from './watch-bench.js';

/** The parse-floor script, compiled beside this one. */
const FLOOR_SCRIPT = fileURLToPath(new URL('./parse-floor.js', import.meta.url));

/** Edits synced by the running watcher per corpus. */
const WATCH_EDITS = 10;

export interface IndexBenchOptions {
  readonly corpora: readonly string[];
  readonly runs: number;
  /** Allows corpora marked large (the Linux kernel). */
  readonly large: boolean;
  readonly timeoutMs: number;
  /** Keeps the per-run working copies under <bench root>/work for inspection. */
  readonly keep: boolean;
  /**
   * Also times the parse floor (parse-floor.ts: scan, then parse and extract every file as
   * `init` does, storing nothing) in each alternating round, just before ours.
   */
  readonly parseOnly: boolean;
}

/** A file left in `.codegraph/` and its size in bytes. */
export interface StoredFile {
  readonly name: string;
  readonly size: number;
}

/** Repeated runs of one command on one side. */
export interface Series {
  readonly wallSeconds: number[];
  readonly peakRssBytes: number[];
  readonly failures: string[];
}

export interface SideReport {
  readonly init: Series;
  readonly stored: readonly StoredFile[];
  readonly sync: Series;
  /** The status command's summary, or why there is none. */
  readonly status: string;
  /** One-file edits synced by a running `codegraph watch` (ours only). */
  readonly watch?: WatchSeries;
}

export interface CorpusReport {
  readonly name: string;
  readonly summary: string;
  readonly sourceFileCount: number;
  readonly extension: string;
  readonly editedFile: string | undefined;
  /** Undefined when this project's `init` does not exist yet. */
  readonly ours: SideReport | undefined;
  readonly peer: SideReport;
  /**
   * ours/peer init wall time of each alternating pair of runs (run i of each side, both
   * successful): less exposed than the ratio of medians to a slow spell hitting one side's runs.
   */
  readonly initPairRatios: readonly number[];
  /** With `--parse-only`: the floor's runs, and ours/floor init wall time per round. */
  readonly floor?: { readonly runs: Series; readonly counts: string; readonly pairRatios: readonly number[] } | undefined;
}

export interface IndexBenchReport {
  readonly runs: number;
  readonly oursNote: string | undefined;
  readonly corpora: readonly CorpusReport[];
  readonly skipped: readonly string[];
}

/** Defaults from the environment: BENCH_RUNS, BENCH_TIMEOUT_S, BENCH_KEEP. */
export function defaultIndexOptions(corpora: readonly string[], large = false, parseOnly = false): IndexBenchOptions {
  const runs = Number(process.env['BENCH_RUNS'] ?? 3);
  const timeout = Number(process.env['BENCH_TIMEOUT_S'] ?? 1800);
  return {
    corpora,
    runs: Number.isInteger(runs) && runs > 0 ? runs : 3,
    large,
    timeoutMs: (Number.isFinite(timeout) && timeout > 0 ? timeout : 1800) * 1000,
    keep: process.env['BENCH_KEEP'] === '1',
    parseOnly,
  };
}

/** The corpus names for `--corpus` help text. */
export function corpusNames(): string {
  return [...CORPORA.map((c) => (c.large === true ? `${c.name} (needs --large)` : c.name)), 'rust (= tokio, else serde)'].join(', ');
}

export async function runIndexBench(options: IndexBenchOptions): Promise<IndexBenchReport> {
  if (options.corpora.length === 0) throw new Error(`index benchmark: name corpora with --corpus (known: ${corpusNames()})`);
  const specs: CorpusSpec[] = [];
  const skipped: string[] = [];
  for (const requested of options.corpora) {
    const spec = findCorpus(await resolveCorpusName(requested));
    if (spec === undefined) throw new Error(`index benchmark: unknown corpus "${requested}" (known: ${corpusNames()})`);
    if (spec.large === true && !options.large) skipped.push(`${spec.name}: large corpus, add --large to run it`);
    else if (!specs.includes(spec)) specs.push(spec);
  }
  const time = await gnuTime();
  const oursNote = await probeOurs();
  if (oursNote !== undefined) log(oursNote);
  const peerBin = await ensurePeer();
  const reports: CorpusReport[] = [];
  for (const spec of specs) reports.push(await benchCorpus(spec, options, time, peerBin, oursNote === undefined));
  return { runs: options.runs, oursNote, corpora: reports, skipped };
}

/** Undefined when this project's CLI has `init`; otherwise why ours is left out. */
async function probeOurs(): Promise<string | undefined> {
  if (!existsSync(OUR_CLI)) return `ours: ${relative(process.cwd(), OUR_CLI)} is missing (build first); measuring the peer only`;
  const scratch = join(benchRoot(), 'work', 'probe');
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  try {
    const probe = await run(process.execPath, [OUR_CLI, 'init', scratch, '--quiet'], { cwd: scratch, timeoutMs: 60_000 });
    if (/unknown command "init"/.test(probe.stderr)) return 'ours: `codegraph init` is not built yet (unknown command "init"); measuring the peer only';
    return undefined;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function benchCorpus(spec: CorpusSpec, options: IndexBenchOptions, time: string, peerBin: string, withOurs: boolean): Promise<CorpusReport> {
  const source = await prepareCorpus(spec);
  const files = await sourceFiles(source, spec.probe.extension);
  const edited = pickMidSized(files.map((f) => ({ path: relative(source, f.path), size: f.size })));
  const work = join(benchRoot(), 'work', spec.name);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    const sides: Side[] = [];
    if (withOurs) {
      const dir = await freshCopy(source, join(work, 'ours'));
      sides.push({
        label: `${spec.name}/ours`, dir, init: emptySeries(), commands: {
          init: () => ({ command: process.execPath, args: [OUR_CLI, 'init', dir, '--quiet'], cwd: dir, env: process.env }),
          sync: () => ({ command: process.execPath, args: [OUR_CLI, 'sync', dir, '--quiet'], cwd: dir, env: process.env }),
          status: () => ({ command: process.execPath, args: [OUR_CLI, 'status', dir, '--json'], cwd: dir, env: process.env }),
        },
      });
    }
    const peerCopy = await freshCopy(source, join(work, 'peer'));
    sides.push({
      label: `${spec.name}/peer`, dir: peerCopy, init: emptySeries(), commands: {
        init: () => peerInit(peerBin, peerCopy),
        sync: () => peerSync(peerBin, peerCopy),
        status: () => peerStatus(peerBin, peerCopy),
      },
    });
    // Init runs alternate between the sides, so a slow spell of a shared machine hits both alike.
    const initPairRatios: number[] = [];
    const floor = withOurs && options.parseOnly ? { runs: emptySeries(), counts: '', pairRatios: [] as number[] } : undefined;
    for (let i = 1; i <= options.runs; i++) {
      const walls: (number | undefined)[] = [];
      for (const side of sides) {
        await rm(join(side.dir, '.codegraph'), { recursive: true, force: true });
        // The floor reads the same copy just before ours indexes it, so both meet the same cache.
        const floorWall = floor !== undefined && side === sides[0] ? await floorRun(time, floor, side.dir, `${spec.name}/parse-only: run ${i}/${options.runs}`, options.timeoutMs) : undefined;
        log(`${side.label}: init run ${i}/${options.runs}`);
        const measured = await timed(time, side.commands.init(), options.timeoutMs);
        record(side.init, measured, 'init');
        walls.push(succeeded(measured) ? measured.wallSeconds : undefined);
        if (floor !== undefined && floorWall !== undefined && succeeded(measured) && floorWall > 0) floor.pairRatios.push(measured.wallSeconds / floorWall);
      }
      const [oursWall, peerWall] = walls;
      if (withOurs && walls.length === 2 && oursWall !== undefined && peerWall !== undefined && peerWall > 0) initPairRatios.push(oursWall / peerWall);
    }
    const reports: SideReport[] = [];
    for (const side of sides) reports.push(await finishSide(side, spec, edited, options, time));
    let ours = withOurs ? reports[0] : undefined;
    const peer = reports[reports.length - 1] as SideReport;
    if (ours !== undefined && ours.init.wallSeconds.length > 0 && edited !== undefined) {
      log(`${spec.name}/ours: ${WATCH_EDITS} edits of ${edited} synced by a running \`codegraph watch\``);
      ours = { ...ours, watch: await measureWatch(OUR_CLI, sides[0]?.dir ?? '', edited, spec.probe.snippet, WATCH_EDITS, options.timeoutMs) };
    }
    return { name: spec.name, summary: spec.summary, sourceFileCount: files.length, extension: spec.probe.extension, editedFile: edited, ours, peer, initPairRatios, floor };
  } finally {
    if (!options.keep) await rm(work, { recursive: true, force: true });
  }
}

/** One run of the parse floor on `dir` (which holds no index), recorded in `floor`; its wall time when it succeeded. */
async function floorRun(time: string, floor: { runs: Series; counts: string }, dir: string, label: string, timeoutMs: number): Promise<number | undefined> {
  log(label);
  const parsed = await timed(time, { command: process.execPath, args: [FLOOR_SCRIPT, dir], cwd: dir, env: process.env }, timeoutMs);
  record(floor.runs, parsed, 'parse-only');
  if (!succeeded(parsed)) return undefined;
  floor.counts = parsed.result.stdout.trim();
  return parsed.wallSeconds;
}

interface Commands {
  readonly init: () => Invocation;
  readonly sync: () => Invocation;
  readonly status: () => Invocation;
}

/** One tool on its own copy of a corpus, with its init runs measured so far. */
interface Side {
  readonly label: string;
  readonly dir: string;
  readonly commands: Commands;
  readonly init: Series;
}

/** After the init runs: what the last init stored, the sync runs, and the index's status. */
async function finishSide(side: Side, spec: CorpusSpec, edited: string | undefined, options: IndexBenchOptions, time: string): Promise<SideReport> {
  const { label, dir, commands, init } = side;
  const stored = await storedFiles(join(dir, '.codegraph'));
  const sync = emptySeries();
  const indexed = init.wallSeconds.length > 0;
  if (indexed && edited !== undefined) {
    const target = join(dir, edited);
    const original = await readFile(target, 'utf8');
    try {
      for (let i = 1; i <= options.runs; i++) {
        // Each run differs from the indexed state by exactly one new function in one file.
        await writeFile(target, original + spec.probe.snippet(String(i)));
        log(`${label}: sync run ${i}/${options.runs} after editing ${edited}`);
        record(sync, await timed(time, commands.sync(), options.timeoutMs), 'sync');
      }
    } finally {
      await writeFile(target, original);
    }
  }
  const status = indexed ? await statusSummary(commands.status(), options.timeoutMs) : 'no index';
  return { init, stored, sync, status };
}

function emptySeries(): Series {
  return { wallSeconds: [], peakRssBytes: [], failures: [] };
}

function succeeded(measured: TimedRun): boolean {
  return measured.result.code === 0 && !measured.result.timedOut;
}

function record(series: Series, measured: TimedRun, what: string): void {
  const { result } = measured;
  if (succeeded(measured)) {
    series.wallSeconds.push(measured.wallSeconds);
    if (Number.isFinite(measured.peakRssBytes)) series.peakRssBytes.push(measured.peakRssBytes);
    return;
  }
  const detail = tail(result.stderr || result.stdout, 2);
  const failure = `${what} ${describeExit(result)} after ${measured.wallSeconds.toFixed(1)} s${detail === '' ? '' : `: ${detail}`}`;
  series.failures.push(failure);
  log(failure);
}

function timed(time: string, invocation: Invocation, timeoutMs: number): Promise<TimedRun> {
  return timedRun(time, invocation.command, invocation.args, { cwd: invocation.cwd, env: invocation.env, timeoutMs });
}

/** A copy of the prepared corpus (including its `.git`) that a tool may write into. */
/** A copy of `source` at `dest`, replacing what was there. */
export async function freshCopy(source: string, dest: string): Promise<string> {
  await rm(dest, { recursive: true, force: true });
  // On a new machine the work folder does not exist yet.
  await mkdir(dirname(dest), { recursive: true });
  const copied = await run('cp', ['-a', source, dest]);
  if (copied.code !== 0) throw new Error(`cp -a ${source} ${dest} failed: ${tail(copied.stderr)}`);
  return dest;
}

/** The median-sized file (by bytes) among the corpus's main-language files. */
export function pickMidSized(files: readonly { path: string; size: number }[]): string | undefined {
  const sorted = [...files].sort((a, b) => a.size - b.size || a.path.localeCompare(b.path));
  return sorted[Math.floor(sorted.length / 2)]?.path;
}

/** Every file under `.codegraph/` with its size. */
async function storedFiles(dir: string): Promise<StoredFile[]> {
  const found: StoredFile[] = [];
  const walk = async (current: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push({ name: relative(dir, full), size: (await stat(full)).size });
    }
  };
  await walk(dir);
  return found.sort((a, b) => b.size - a.size);
}

// ---- status summaries -------------------------------------------------------------------------

async function statusSummary(invocation: Invocation, timeoutMs: number): Promise<string> {
  const result = await run(invocation.command, invocation.args, { cwd: invocation.cwd, env: invocation.env, timeoutMs });
  if (/unknown command "status"/.test(result.stderr)) return 'status command not available yet';
  if (result.code !== 0) return `status ${describeExit(result)}: ${tail(result.stderr || result.stdout, 2)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(result.stdout);
  } catch {
    return `status printed no JSON: ${tail(result.stdout, 2)}`;
  }
  return summarizeStatus(parsed);
}

/**
 * Picks the counts worth comparing out of a status JSON whose exact shape differs between the two
 * implementations: the first numeric field whose key names files, nodes, edges or unresolved
 * references, and a per-language breakdown when one is present.
 */
export function summarizeStatus(status: unknown): string {
  const numbers = new Map<string, number>();
  let languages: Record<string, unknown> | undefined;
  const visit = (value: unknown, path: string, depth: number): void => {
    if (depth > 3 || typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      const full = path === '' ? key : `${path}.${key}`;
      if (typeof child === 'number') numbers.set(full, child);
      else if (languages === undefined && /lang/i.test(key) && typeof child === 'object' && child !== null) {
        languages = Array.isArray(child) ? languagesFromArray(child) : (child as Record<string, unknown>);
      } else visit(child, full, depth + 1);
    }
  };
  visit(status, '', 0);
  const pick = (pattern: RegExp): string => {
    for (const [key, value] of numbers) if (pattern.test(key.split('.').at(-1) ?? key)) return String(value);
    return 'n/a';
  };
  const parts = [
    `files ${pick(/^(file_?count|files|total_?files|indexed_?files|fileCount)$/i)}`,
    `nodes ${pick(/^(node_?count|nodes|total_?nodes|nodeCount)$/i)}`,
    `edges ${pick(/^(edge_?count|edges|total_?edges|edgeCount)$/i)}`,
    `unresolved ${pick(/unresolved/i)}`,
  ];
  if (languages !== undefined) {
    const entries = Object.entries(languages)
      .map(([lang, v]) => [lang, typeof v === 'number' ? v : countOf(v)] as const)
      .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0));
    parts.push(`by language: ${entries.map(([lang, n]) => (n === undefined ? lang : `${lang} ${n}`)).join(', ')}`);
  }
  return parts.join(', ');
}

function languagesFromArray(items: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    if (typeof item === 'string') out[item] = undefined;
    else if (typeof item === 'object' && item !== null) {
      const record = item as Record<string, unknown>;
      const name = record['language'] ?? record['name'];
      if (typeof name === 'string') out[name] = countOf(record);
    }
  }
  return out;
}

function countOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ['files', 'fileCount', 'file_count', 'count', 'nodes']) {
    const n = record[key];
    if (typeof n === 'number') return n;
  }
  return undefined;
}

// ---- report -----------------------------------------------------------------------------------

const MB = 1024 * 1024;

function median(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : percentile(values, 50);
}

function seconds(value: number | undefined): string {
  return value === undefined ? '—' : `${value.toFixed(2)} s`;
}

function milliseconds(value: number | undefined): string {
  return value === undefined ? '—' : `${value.toFixed(0)} ms`;
}

function megabytes(bytes: number | undefined): string {
  return bytes === undefined ? '—' : `${(bytes / MB).toFixed(1)} MB`;
}

function ratio(ours: number | undefined, peer: number | undefined): string {
  return ours === undefined || peer === undefined || peer === 0 ? '—' : `${(ours / peer).toFixed(2)}×`;
}

function total(files: readonly StoredFile[]): number | undefined {
  return files.length === 0 ? undefined : files.reduce((sum, f) => sum + f.size, 0);
}

function storedList(files: readonly StoredFile[]): string {
  return files.length === 0 ? 'nothing' : files.map((f) => `${f.name} ${megabytes(f.size)}`).join(', ');
}

function samples(series: Series, unit: (v: number) => string): string {
  return series.wallSeconds.length === 0 ? 'none' : series.wallSeconds.map(unit).join(' / ');
}

/** The report as aligned text tables, one per corpus. */
export function formatIndexReport(report: IndexBenchReport): string {
  const lines: string[] = [`Peer: ${PEER_PACKAGE}@${PEER_VERSION}. Medians of ${report.runs} run(s) per side; ratio is ours/peer (below 1 means ours is smaller or faster).`];
  if (report.oursNote !== undefined) lines.push(report.oursNote);
  for (const skipped of report.skipped) lines.push(`skipped ${skipped}`);
  for (const corpus of report.corpora) {
    const { ours, peer } = corpus;
    lines.push('', `${corpus.name}: ${corpus.summary} (${corpus.sourceFileCount} ${corpus.extension} files here)`);
    const rows: [string, string, string, string][] = [['', 'ours', 'peer', 'ours/peer']];
    const row = (name: string, pick: (side: SideReport) => number | undefined, unit: (v: number | undefined) => string): void => {
      const a = ours === undefined ? undefined : pick(ours);
      const b = pick(peer);
      rows.push([name, ours === undefined ? 'not built' : unit(a), unit(b), ratio(a, b)]);
    };
    row('init wall (median)', (s) => median(s.init.wallSeconds), seconds);
    row('init peak RSS (median)', (s) => median(s.init.peakRssBytes), megabytes);
    row('.codegraph/ size', (s) => total(s.stored), megabytes);
    row(`sync after 1-file edit (median)`, (s) => median(s.sync.wallSeconds), seconds);
    row('sync peak RSS (median)', (s) => median(s.sync.peakRssBytes), megabytes);
    row('sync in running watch (median)', (s) => (s.watch === undefined ? undefined : median(s.watch.syncMs)), milliseconds);
    row('  edit -> synced event (median)', (s) => (s.watch === undefined ? undefined : median(s.watch.editToSyncedMs)), milliseconds);
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
    for (const r of rows) lines.push(`  ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('   ')}`);
    const pairs = corpus.initPairRatios;
    if (pairs.length > 0) {
      lines.push(`  init ours/peer per alternating pair: median ${ratio(median(pairs), 1)}, ${ratio(Math.min(...pairs), 1)} to ${ratio(Math.max(...pairs), 1)} over ${pairs.length} pair(s)`);
    }
    const floor = corpus.floor;
    if (floor !== undefined) {
      lines.push(`  parse-only floor (scan, parse and extract in the workers, nothing stored): median ${seconds(median(floor.runs.wallSeconds))}, peak RSS ${megabytes(median(floor.runs.peakRssBytes))}; runs ${samples(floor.runs, (v) => v.toFixed(2))} s; ${floor.counts}`);
      const f = floor.pairRatios;
      if (f.length > 0) lines.push(`  init ours/floor per round: median ${ratio(median(f), 1)}, ${ratio(Math.min(...f), 1)} to ${ratio(Math.max(...f), 1)} over ${f.length} round(s)`);
      for (const failure of floor.runs.failures) lines.push(`  parse-only: FAILED ${failure}`);
    }
    lines.push(`  edited for sync: ${corpus.editedFile ?? 'no file of that language'}`);
    for (const [name, side] of [['ours', ours], ['peer', peer]] as const) {
      if (side === undefined) continue;
      lines.push(`  ${name}: init runs ${samples(side.init, (v) => v.toFixed(2))} s; sync runs ${samples(side.sync, (v) => v.toFixed(2))} s`);
      lines.push(`  ${name}: .codegraph/ holds ${storedList(side.stored)}`);
      lines.push(`  ${name}: status ${side.status}`);
      if (side.watch !== undefined) {
        lines.push(`  ${name}: watch syncs ${side.watch.syncMs.map((v) => v.toFixed(0)).join(' / ')} ms; edit -> synced ${side.watch.editToSyncedMs.map((v) => v.toFixed(0)).join(' / ')} ms`);
      }
      for (const failure of [...side.init.failures, ...side.sync.failures, ...(side.watch?.failures ?? [])]) lines.push(`  ${name}: FAILED ${failure}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Command-line options shared with run.ts. */
export const INDEX_ARG_OPTIONS = {
  corpus: { type: 'string' },
  large: { type: 'boolean' },
  'parse-only': { type: 'boolean' },
} as const;

/** Splits `--corpus a,b` into names. */
export function corpusList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

if (isBenchEntry(import.meta.url)) {
  const { values } = parseArgs({ args: process.argv.slice(2), options: INDEX_ARG_OPTIONS, strict: true });
  const report = await runIndexBench(defaultIndexOptions(corpusList(values.corpus), values.large === true, values['parse-only'] === true));
  process.stdout.write(formatIndexReport(report));
}
