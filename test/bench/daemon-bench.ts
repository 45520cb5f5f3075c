/**
 * The shared daemon, measured per corpus (`npm run bench -- daemon --corpus django,tokio,jdk`):
 * the time to the first tool answer when `serve --mcp` starts the daemon cold and when it
 * attaches to a running one; edit-to-queryable through the daemon's watcher; `codegraph sync`
 * end to end (process start included) through the daemon; the daemon's RSS idle, warm, and along
 * a series of one-file syncs. Each corpus is copied and indexed first; the daemon is stopped at
 * the end. BENCH_RUNS (default 5) sets the edits timed per measure, BENCH_SYNCS (default 100) the
 * length of the series (1000 for the plateau check: RSS after it at most 1.05x that after 100).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DaemonClient } from '../../src/daemon/client.js';
import { ControlMethod } from '../../src/daemon/control.js';
import { daemonSocketPath } from '../../src/daemon/socket-path.js';
import { indexProject } from '../../src/index/sync/index.js';
import { VERSION } from '../../src/version.js';
import { CLI_PATH, cliEnv, EXTRA_CA, withoutVariables } from '../support/cli.js';
import { daemonPidOf, waitForExit } from '../support/daemons.js';
import { LineServer } from '../support/line-server.js';
import { findCorpus, prepareCorpus, sourceFiles } from './corpora.js';
import { ms, percentile } from './stats.js';

/**
 * The daemon runs with the default watch settings, as users have them (a lone save syncs after
 * 150 ms of quiet; CODEGRAPH_WATCH_DEBOUNCE_MS, the ceiling, unset); only its idle exit is
 * pushed past the bench. A value of CODEGRAPH_WATCH_DEBOUNCE_MS in the bench's environment is
 * dropped, so edit-to-queryable always measures the default.
 */
const ENV = { CODEGRAPH_DAEMON_IDLE_MS: '600000' };

/** What one corpus measured. */
export interface DaemonReport {
  readonly corpus: string;
  readonly coldFirstAnswerMs: number;
  readonly attachFirstAnswerMs: number;
  readonly editToQueryableMs: number[];
  readonly cliSyncEditMs: number[];
  readonly cliSyncNoChangeMs: number[];
  /** A bare `node -e 0`, the floor under every CLI figure. */
  readonly nodeStartMs: number[];
  /**
   * The same three measures without NODE_EXTRA_CA_CERTS, when the environment sets it: Node reads
   * and parses that certificate file at every start, before any of the program runs (90 ms on the
   * machine of docs/benchmarks.md). Empty when the variable is not set.
   */
  readonly plain: { readonly nodeStartMs: number[]; readonly cliSyncEditMs: number[]; readonly cliSyncNoChangeMs: number[] };
  readonly rssIdleMb: number;
  /**
   * RSS after the first edits' syncs: the first incremental sync loads the parser on the daemon's
   * thread and sets the WASM heaps' high-water marks (a WASM memory never shrinks), so growth
   * from here is what a leak would show.
   */
  readonly rssWarmMb: number;
  /** RSS along the series of syncs: [syncs done, MB] at 50, 100, then every 250, and at its end. */
  readonly rssSeries: readonly (readonly [number, number])[];
  readonly failures: string[];
}

let nextId = 1;
/** Calls one tool over `server` and answers its first text. */
export async function toolText(server: LineServer, name: string, args: Record<string, unknown>, timeoutMs = 120_000): Promise<string> {
  const id = nextId++;
  await server.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const reply = await server.response(id, timeoutMs);
  return (reply['result'] as { content?: { text: string }[] } | undefined)?.content?.[0]?.text ?? '';
}

/** Spawns `serve --mcp` in `root` with `env` and completes its handshake. */
export async function initializedServer(root: string, env: Record<string, string>, timeoutMs = 120_000): Promise<LineServer> {
  const server = new LineServer({ cwd: root, env });
  await server.send({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  await server.response('init', timeoutMs);
  return server;
}

/** Spawns `serve --mcp` and times the handshake plus one status call. */
async function firstAnswer(root: string): Promise<{ server: LineServer; ms: number }> {
  const started = performance.now();
  const server = await initializedServer(root, ENV);
  await toolText(server, 'codegraph_status', {});
  return { server, ms: performance.now() - started };
}

/** The resident set of `pid` in MB; NaN where /proc cannot tell (no such process, no /proc). */
export function rssMb(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return Number.NaN;
  }
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match === null ? Number.NaN : Number(match[1]) / 1024;
}

/** The bench's CLI environment, or with `plain` the same without EXTRA_CA. */
function benchEnv(plain: boolean): Record<string, string> {
  return withoutVariables(cliEnv(ENV), plain ? [EXTRA_CA] : []);
}

function timedNode(args: readonly string[], cwd: string, plain: boolean): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd, env: benchEnv(plain), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${run.stderr}`);
  return performance.now() - started;
}

/** `runs` one-file edits, each followed by `codegraph sync` and a second sync with nothing changed. */
function timeCliSyncs(root: string, target: string, snippet: (tag: string) => string, runs: number, plain: boolean): { nodeStartMs: number[]; cliSyncEditMs: number[]; cliSyncNoChangeMs: number[] } {
  const times = { nodeStartMs: [] as number[], cliSyncEditMs: [] as number[], cliSyncNoChangeMs: [] as number[] };
  for (let i = 0; i < runs; i++) {
    appendFileSync(join(root, target), snippet(`s${plain ? 'p' : ''}${i}`));
    times.cliSyncEditMs.push(timedNode([CLI_PATH, 'sync', '-q'], root, plain));
    times.cliSyncNoChangeMs.push(timedNode([CLI_PATH, 'sync', '-q'], root, plain));
    times.nodeStartMs.push(timedNode(['-e', '0'], root, plain));
  }
  return times;
}

/** Runs the daemon benchmark on one corpus. */
export async function runDaemonBench(corpusName: string, runs = 5, syncs = 100): Promise<DaemonReport> {
  const spec = findCorpus(corpusName);
  if (spec === undefined) throw new Error(`unknown corpus ${corpusName}`);
  const prepared = await prepareCorpus(spec);
  const root = mkdtempSync(join(tmpdir(), `codegraph-daemon-${corpusName}-`));
  const failures: string[] = [];
  const servers: LineServer[] = [];
  try {
    cpSync(prepared, root, { recursive: true, filter: (p) => !p.includes(join(prepared, '.codegraph')) });
    await indexProject({ root, mode: 'full', command: 'bench' });
    // A small but real source file (not an empty package marker) takes the edits.
    const full = (await sourceFiles(root, spec.probe.extension)).filter((f) => f.size > 1024).sort((a, b) => a.size - b.size)[0]?.path;
    const target = full === undefined ? undefined : full.slice(root.length + 1);
    if (target === undefined) throw new Error(`no ${spec.probe.extension} file in ${corpusName}`);
    const cold = await firstAnswer(root);
    servers.push(cold.server);
    const attached = await firstAnswer(root);
    servers.push(attached.server);
    const pid = daemonPidOf(root) ?? 0;
    await waitForWatching(cold.server);
    const rssIdleMb = rssMb(pid);
    const editToQueryableMs = await measureEdits(root, target, spec.probe.snippet, cold.server, runs);
    const rssWarmMb = await restingRssMb(pid);
    const { nodeStartMs, cliSyncEditMs, cliSyncNoChangeMs } = timeCliSyncs(root, target, spec.probe.snippet, runs, false);
    const plain = process.env[EXTRA_CA] === undefined ? { nodeStartMs: [], cliSyncEditMs: [], cliSyncNoChangeMs: [] } : timeCliSyncs(root, target, spec.probe.snippet, runs, true);
    const rssSeries: [number, number][] = [];
    let done = 0;
    for (const mark of seriesMarks(syncs)) {
      await syncRepeatedly(root, target, spec.probe.snippet, done, mark);
      done = mark;
      rssSeries.push([mark, await restingRssMb(pid)]);
    }
    return { corpus: corpusName, coldFirstAnswerMs: cold.ms, attachFirstAnswerMs: attached.ms, editToQueryableMs, cliSyncEditMs, cliSyncNoChangeMs, nodeStartMs, plain, rssIdleMb, rssWarmMb, rssSeries, failures };
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    return { corpus: corpusName, coldFirstAnswerMs: Number.NaN, attachFirstAnswerMs: Number.NaN, editToQueryableMs: [], cliSyncEditMs: [], cliSyncNoChangeMs: [], nodeStartMs: [], plain: { nodeStartMs: [], cliSyncEditMs: [], cliSyncNoChangeMs: [] }, rssIdleMb: Number.NaN, rssWarmMb: Number.NaN, rssSeries: [], failures };
  } finally {
    for (const server of servers) await server.close();
    const pid = daemonPidOf(root);
    spawnSync(process.execPath, [CLI_PATH, 'daemon', 'stop', root], { env: cliEnv() });
    if (pid !== undefined) await waitForExit(pid, 30_000).catch(() => process.kill(pid, 'SIGKILL'));
    rmSync(root, { recursive: true, force: true });
  }
}

/** The sync counts RSS is read at: 50, 100, every 250 after that, and `syncs`. */
export function seriesMarks(syncs: number): number[] {
  const marks = [50, 100].filter((m) => m < syncs);
  for (let m = 250; m < syncs; m += 250) marks.push(m);
  return [...marks, syncs];
}

/** Readings of one resting RSS: single readings of a collected process moved by ±15 % from one to the next. */
const RSS_READINGS = 5;

/**
 * RSS once the daemon has rested past its collection after the last save (project-daemon.ts):
 * the median of RSS_READINGS readings a second apart.
 */
async function restingRssMb(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const readings: number[] = [];
  for (let i = 0; i < RSS_READINGS; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    readings.push(rssMb(pid));
  }
  readings.sort((a, b) => a - b);
  return readings[Math.floor(readings.length / 2)] ?? Number.NaN;
}

/** Waits until the daemon behind `server` says it is watching the tree. */
export async function waitForWatching(server: LineServer): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (!/Auto-sync: watching/.test(await toolText(server, 'codegraph_status', {}))) {
    if (Date.now() > deadline) throw new Error('the daemon never reached the watching state');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Appends a new function and polls search until it is found; wall time per edit. */
async function measureEdits(root: string, target: string, snippet: (tag: string) => string, server: LineServer, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const text = snippet(`e${i}`);
    const started = performance.now();
    appendFileSync(join(root, target), text);
    times.push(await untilSearchable(server, probeName(text), started, 120_000));
  }
  return times;
}

/** The name of the function a corpus's probe snippet defines (`bench_probe_<tag>` or its casing). */
export function probeName(snippet: string): string {
  const name = /\b(?:bench_probe|benchProbe|BenchProbe)_\w+/.exec(snippet)?.[0];
  if (name === undefined) throw new Error(`no probe function in ${JSON.stringify(snippet)}`);
  return name;
}

/** Polls search until `name` is found as a symbol; the time from `started`. */
export async function untilSearchable(server: LineServer, name: string, started: number, limitMs: number): Promise<number> {
  for (;;) {
    const found = await toolText(server, 'codegraph_search', { query: name }, limitMs);
    // A hit is the symbol's own line (`name (kind)`), not the name echoed or found in text.
    if (new RegExp(`^${name} \\(`, 'm').test(found)) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`${name} never became queryable`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Edits `from`..`to` (exclusive), each synced at once through the control connection. */
async function syncRepeatedly(root: string, target: string, snippet: (tag: string) => string, from: number, to: number): Promise<void> {
  const client = await DaemonClient.connect(daemonSocketPath(root));
  try {
    await client.request(ControlMethod.hello, { hostPid: process.pid, version: VERSION, role: 'cli' });
    const original = readFileSync(join(root, target), 'utf8');
    for (let i = from; i < to; i++) {
      writeFileSync(join(root, target), original + snippet(`h${i}`));
      await client.request(ControlMethod.sync);
    }
  } finally {
    client.close();
  }
}

/** The report as text. */
export function formatDaemonReport(r: DaemonReport): string {
  const stat = (values: readonly number[]): string => (values.length === 0 ? 'n/a' : `median ${ms(percentile(values, 50))}, max ${ms(Math.max(...values))}`);
  const [syncs, last] = r.rssSeries.at(-1) ?? [0, Number.NaN];
  const growth = ((last - r.rssIdleMb) / r.rssIdleMb) * 100;
  const warmGrowth = ((last - r.rssWarmMb) / r.rssWarmMb) * 100;
  const at100 = r.rssSeries.find(([n]) => n === 100)?.[1];
  const plateau = at100 === undefined || syncs <= 100 ? '' : `; after ${syncs} / after 100: ${(last / at100).toFixed(3)}x`;
  return [
    `${r.corpus}:`,
    `  first tool answer, daemon started cold: ${ms(r.coldFirstAnswerMs)}; attaching to it: ${ms(r.attachFirstAnswerMs)}`,
    `  edit-to-queryable (default watch settings): ${stat(r.editToQueryableMs)}`,
    `  codegraph sync through the daemon (process start included): after a one-file edit ${stat(r.cliSyncEditMs)}; nothing changed ${stat(r.cliSyncNoChangeMs)}; a bare node start ${stat(r.nodeStartMs)}`,
    ...(r.plain.cliSyncEditMs.length === 0
      ? []
      : [`  the same without ${EXTRA_CA} (which Node loads at every start): after a one-file edit ${stat(r.plain.cliSyncEditMs)}; nothing changed ${stat(r.plain.cliSyncNoChangeMs)}; a bare node start ${stat(r.plain.nodeStartMs)}`]),
    `  daemon RSS: idle ${r.rssIdleMb.toFixed(0)} MB, warm (after the first ${r.editToQueryableMs.length} edits) ${r.rssWarmMb.toFixed(0)} MB, after ${r.rssSeries.map(([n, mb]) => `${n} syncs ${mb.toFixed(0)} MB`).join(', ')} (${signed(growth)} % from idle, ${signed(warmGrowth)} % from warm${plateau})`,
    ...r.failures.map((f) => `  FAILED: ${f}`),
  ].join('\n');
}

function signed(percent: number): string {
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}`;
}
