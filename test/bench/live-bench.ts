/**
 * `npm run bench -- live --large [--corpus linux]`: a large index kept live by its running daemon,
 * as an agent's edits meet it. On the kept, indexed copy of the corpus (large-bench.ts), a fresh
 * `serve --mcp` starts the daemon (its first search timed from `initialize`); once it is watching,
 * BENCH_SETTLE_MS (default 30 s) pass, in which it readies its edit path; then BENCH_RUNS
 * (default 20) one-file edits, each timed to queryable (search finds the new function) and to
 * durable (the change log or the image changed on disk); then bursts of BENCH_BURST files
 * (default 400 on the kernel; 0 skips this) rewritten at once, one sync each, until the change log
 * is past its limit; then quiet, after which the daemon writes the image whole (the compaction),
 * met by searches sent every 100 ms from when its log says it started. Until the quiet, a second session sends a search every 100 ms
 * (its latency while saves run) and the daemon's resident set is sampled every 20 ms throughout.
 * Every file is restored and synced at the end.
 */
import { readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CHANGE_LOG_FILE, DATABASE_FILE } from '../../src/store/layout.js';
import { logLimit } from '../../src/store/saved-index.js';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { daemonPidOf, sleep, waitForExit } from '../support/daemons.js';
import { LineServer } from '../support/line-server.js';
import { findCorpus, log, sourceFiles } from './corpora.js';
import { initializedServer, probeName, rssMb, toolText, untilSearchable, waitForWatching } from './daemon-bench.js';
import { largeIndexedCopy } from './large-bench.js';
import { ms, percentile } from './stats.js';

/** What each corpus edits, searches and bursts. */
interface LiveCase {
  readonly target: string;
  readonly search: string;
  /** The folder whose files (of the probe's extension) the burst rewrites. */
  readonly burstDir: string;
  readonly burst: number;
}

const CASES: Readonly<Record<string, LiveCase>> = {
  linux: { target: 'kernel/sched/fair.c', search: 'pick_next_task_fair', burstDir: 'drivers', burst: 400 },
  jdk: { target: 'java.base/java/util/HashMap.java', search: 'HashMap', burstDir: 'java.base', burst: 100 },
};

const ENV = { CODEGRAPH_DAEMON_IDLE_MS: '1800000' };
/** A search may wait for a burst's sync (two minutes on the kernel for 4,000 files). */
const CALL_TIMEOUT_MS = 1_800_000;
const MB = 1024 * 1024;

/** What one corpus measured. */
export interface LiveReport {
  readonly corpus: string;
  readonly indexMb: number;
  readonly firstSearchMs: number;
  readonly queryableMs: number[];
  readonly durableMs: number[];
  /**
   * The log's growth past its limit through bursts of rewritten files, then the compaction the
   * daemon runs once queries pause: files rewritten, each burst's times, when the image was
   * written after the last query, and whether every burst was appended (the image kept until then).
   * Without bursts (`BENCH_BURST=0`) the compaction is the fold of the edits' log that `codegraph
   * daemon stop` asks for (`atStop`), timed from the stop to the daemon's exit.
   */
  readonly burst: { readonly files: number; readonly bursts: readonly { readonly queryableMs: number; readonly durableMs: number }[]; readonly compactedMs: number; readonly appended: boolean; readonly atStop?: boolean };
  /**
   * Probe latencies: all of them; those sent while an edit's sync was applied (they wait for it),
   * while its save ran (queryable to durable), and at other times during the edits (the status
   * snapshot and collections run then); searches sent while the compaction ran.
   */
  readonly probeMs: number[];
  readonly probeDuringApplyMs: number[];
  readonly probeDuringSaveMs: number[];
  readonly probeBetweenEditsMs: number[];
  readonly probeDuringCompactionMs: number[];
  /** Probes in the settling time after the daemon is watching, while it readies its edit path. */
  readonly probeWhileSettlingMs: number[];
  readonly settleMs: number;
  /** The daemon's peak resident set over the one-file edits, and over the bursts and the compaction (or the fold at stop). */
  readonly peakRssMb: number;
  readonly peakBurstRssMb: number;
  readonly rssAfterLoadMb: number;
  readonly failures: string[];
}

/** A `serve --mcp` session in `root`, attached to (or starting) its daemon. */
function session(root: string): Promise<LineServer> {
  return initializedServer(root, ENV, CALL_TIMEOUT_MS);
}

/** Rewrites a file as a new inode: the kept copy is hard-linked to the prepared corpus, which must stay as it is. */
function rewrite(path: string, text: string): void {
  unlinkSync(path);
  writeFileSync(path, text);
}

/**
 * What the index on disk is now: the image's inode and the change log's size. A save changes one
 * of them once its bytes are written (an append is fsynced right after its write; the status
 * snapshot a daemon writes when saves pause is not waited for).
 */
function savedState(root: string): string {
  return `${statSync(join(root, '.codegraph', DATABASE_FILE)).ino}:${logBytes(root)}`;
}

function logBytes(root: string): number {
  try {
    return statSync(join(root, '.codegraph', CHANGE_LOG_FILE)).size;
  } catch {
    return 0;
  }
}

/** Whether the change log is past its usual limit beside the image (saved-index.ts). */
function logPastItsLimit(root: string): boolean {
  return logBytes(root) > logLimit(statSync(join(root, '.codegraph', DATABASE_FILE)).size);
}

/** Time from `started` until the index on disk differs from `before` (see savedState). */
async function untilDurable(root: string, before: string, started: number, limitMs: number): Promise<number> {
  while (savedState(root) === before) {
    if (performance.now() - started > limitMs) throw new Error('the save never reached the disk');
    await sleep(5);
  }
  return performance.now() - started;
}

/** A window of time during which a save or the compaction ran. */
type Window = readonly [number, number];

/** Runs the benchmark on one corpus. */
export async function runLiveBench(corpusName: string, runs: number, burstSize: number | undefined, settleMs: number): Promise<LiveReport> {
  const known = CASES[corpusName];
  const spec = findCorpus(corpusName);
  if (known === undefined || spec === undefined) throw new Error(`live: no case for corpus ${corpusName} (known: ${Object.keys(CASES).join(', ')})`);
  const root = await largeIndexedCopy(corpusName);
  const target = join(root, known.target);
  const original = readFileSync(target, 'utf8');
  const burstFiles = burstSize === 0 ? [] : (await sourceFiles(join(root, known.burstDir), spec.probe.extension)).map((f) => f.path).sort().slice(0, 50 * (burstSize ?? known.burst));
  const burstOriginals = new Map<string, string>();
  const failures: string[] = [];
  const servers: LineServer[] = [];
  const probes: { at: number; ms: number }[] = [];
  const saves: Window[] = [];
  const applies: Window[] = [];
  let edits: Window = [0, 0];
  const rss: number[] = [];
  const burstRss: number[] = [];
  let inBurst = false;
  let sampling = true;
  let probing = true;
  const empty = { corpus: corpusName, indexMb: 0, firstSearchMs: Number.NaN, queryableMs: [], durableMs: [], burst: { files: 0, bursts: [], compactedMs: Number.NaN, appended: false }, probeMs: [], probeDuringApplyMs: [], probeDuringSaveMs: [], probeBetweenEditsMs: [], probeDuringCompactionMs: [], probeWhileSettlingMs: [], settleMs: 0, peakRssMb: 0, peakBurstRssMb: 0, rssAfterLoadMb: 0, failures };
  try {
    const indexMb = statSync(join(root, '.codegraph', 'codegraph.db')).size / MB;
    const started = performance.now();
    const main = await session(root);
    servers.push(main);
    await toolText(main, 'codegraph_search', { query: known.search }, CALL_TIMEOUT_MS);
    const firstSearchMs = performance.now() - started;
    log(`live ${corpusName}: first search ${ms(firstSearchMs)}`);
    const pid = daemonPidOf(root) ?? 0;
    await waitForWatching(main);
    const rssAfterLoadMb = rssMb(pid);
    const sampler = (async () => {
      while (sampling) {
        const mb = rssMb(pid);
        if (Number.isFinite(mb)) (inBurst ? burstRss : rss).push(mb);
        await sleep(20);
      }
    })();
    const prober = (async () => {
      const side = await session(root);
      servers.push(side);
      while (probing) {
        const at = performance.now();
        await toolText(side, 'codegraph_search', { query: known.search }, CALL_TIMEOUT_MS);
        probes.push({ at, ms: performance.now() - at });
        await sleep(100);
      }
    })();
    const settleFrom = performance.now();
    await sleep(settleMs);
    const settled: Window = [settleFrom, performance.now()];
    const queryableMs: number[] = [];
    const durableMs: number[] = [];
    let text = original;
    for (let i = 0; i < runs; i++) {
      const snippet = spec.probe.snippet(`live${i}`);
      const name = probeName(snippet);
      const before = savedState(root);
      text += snippet;
      const editAt = performance.now();
      rewrite(target, text);
      queryableMs.push(await untilSearchable(main, name, editAt, 120_000));
      const queryableAt = performance.now();
      applies.push([editAt, queryableAt]);
      durableMs.push(await untilDurable(root, before, editAt, 120_000));
      saves.push([queryableAt, performance.now()]);
      edits = [edits[0] === 0 ? editAt : edits[0], performance.now() + 1000];
      log(`live ${corpusName}: edit ${i + 1}: queryable ${ms(queryableMs.at(-1)!)}, durable ${ms(durableMs.at(-1)!)}`);
      await sleep(1000);
    }
    if (burstFiles.length === 0) return finish(await foldAtStop(), []);
    // The log grows: bursts of files each get a first line (so each of their rows moves), synced
    // one burst at a time, until the log is past its limit.
    inBurst = true;
    const bursts: { queryableMs: number; durableMs: number }[] = [];
    const imageIno = statSync(join(root, '.codegraph', 'codegraph.db')).ino;
    for (let from = 0; from < burstFiles.length && !logPastItsLimit(root); from += burstSize ?? known.burst) {
      const part = burstFiles.slice(from, from + (burstSize ?? known.burst));
      const marker = spec.probe.snippet(`live_burst${bursts.length}`);
      const markerName = probeName(marker);
      const before = savedState(root);
      const at = performance.now();
      for (const file of part) {
        const body = readFileSync(file, 'utf8');
        burstOriginals.set(file, body);
        rewrite(file, `/* burst */\n${body}${file === part.at(-1) ? marker : ''}`);
      }
      const queryable = await untilSearchable(main, markerName, at, 1_800_000);
      const durable = await untilDurable(root, before, at, 1_800_000);
      bursts.push({ queryableMs: queryable, durableMs: durable });
      log(`live ${corpusName}: burst ${bursts.length} of ${part.length} files: queryable ${ms(queryable)}, durable ${ms(durable)}, log ${(logBytes(root) / MB).toFixed(1)} MB`);
    }
    const appended = statSync(join(root, '.codegraph', 'codegraph.db')).ino === imageIno;
    // Quiet: the probes stop; the daemon compacts after its quiet time (a query would put it off).
    // Once its log says the compaction started, searches sent every 100 ms meet its copy.
    const daemonLog = join(root, '.codegraph', 'daemon.log');
    const logSeen = statSync(daemonLog, { throwIfNoEntry: false })?.size ?? 0;
    probing = false;
    await prober;
    const quietFrom = performance.now();
    const duringCompaction: number[] = [];
    let compactedMs = Number.NaN;
    while (performance.now() - quietFrom < 300_000 && !readFileSync(daemonLog, 'utf8').slice(logSeen).includes('writing the index whole')) await sleep(20);
    while (performance.now() - quietFrom < 300_000) {
      if (statSync(join(root, '.codegraph', 'codegraph.db')).ino !== imageIno) {
        compactedMs = performance.now() - quietFrom;
        break;
      }
      const at = performance.now();
      await toolText(main, 'codegraph_search', { query: known.search }, CALL_TIMEOUT_MS);
      duringCompaction.push(performance.now() - at);
      await sleep(100);
    }
    log(`live ${corpusName}: compaction written ${ms(compactedMs)} after the last query`);
    return finish({ files: burstOriginals.size, bursts, compactedMs, appended }, duringCompaction);

    /** The edits' log folded into the image by `daemon stop`, the resident set sampled until the daemon exits. */
    async function foldAtStop(): Promise<LiveReport['burst']> {
      if (pid === 0) throw new Error('live: the daemon\'s pid is unknown, so its exit cannot be awaited');
      probing = false;
      await prober;
      inBurst = true;
      const imageIno = statSync(join(root, '.codegraph', DATABASE_FILE)).ino;
      const at = performance.now();
      spawnSync(process.execPath, [CLI_PATH, 'daemon', 'stop', root], { env: cliEnv(), timeout: 600_000 });
      await waitForExit(pid, 600_000);
      const compactedMs = performance.now() - at;
      const folded = statSync(join(root, '.codegraph', DATABASE_FILE)).ino !== imageIno && logBytes(root) === 0;
      if (!folded) failures.push('daemon stop did not fold the change log into the image');
      log(`live ${corpusName}: the log folded at daemon stop in ${ms(compactedMs)}`);
      return { files: 0, bursts: [], compactedMs, appended: true, atStop: true };
    }

    async function finish(burst: LiveReport['burst'], duringCompaction: number[]): Promise<LiveReport> {
      probing = false;
      sampling = false;
      await Promise.all([prober, sampler]);
      const within = (at: number, windows: readonly Window[]): boolean => windows.some(([from, to]) => at >= from && at < to);
      const sent = (keep: (at: number) => boolean): number[] => probes.filter((p) => keep(p.at)).map((p) => p.ms);
      return {
        corpus: corpusName, indexMb, firstSearchMs, queryableMs, durableMs, burst,
        probeMs: probes.map((p) => p.ms),
        probeDuringApplyMs: sent((at) => within(at, applies)),
        probeDuringSaveMs: sent((at) => within(at, saves)),
        probeBetweenEditsMs: sent((at) => within(at, [edits]) && !within(at, applies) && !within(at, saves)),
        probeDuringCompactionMs: duringCompaction,
        probeWhileSettlingMs: sent((at) => within(at, [settled])), settleMs,
        peakRssMb: Math.max(...rss), peakBurstRssMb: burstRss.length === 0 ? 0 : Math.max(...burstRss), rssAfterLoadMb, failures,
      };
    }
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    return empty;
  } finally {
    probing = false;
    sampling = false;
    for (const [file, body] of burstOriginals) rewrite(file, body);
    if (readFileSync(target, 'utf8') !== original) rewrite(target, original);
    const pid = daemonPidOf(root);
    // Brings the index back to the restored tree before the daemon goes.
    spawnSync(process.execPath, [CLI_PATH, 'sync', '-q', root], { env: cliEnv(), timeout: 1_800_000 });
    for (const server of servers) await server.close();
    spawnSync(process.execPath, [CLI_PATH, 'daemon', 'stop', root], { env: cliEnv() });
    if (pid !== undefined) await waitForExit(pid, 120_000).catch(() => process.kill(pid, 'SIGKILL'));
  }
}

function line(what: string, values: readonly number[], bar?: string): string {
  if (values.length === 0) return `  ${what}: none`;
  return `  ${what}: p50 ${ms(percentile(values, 50))}, max ${ms(Math.max(...values))} (n=${values.length})${bar === undefined ? '' : `  [bar: ${bar}]`}`;
}

/** The report as text. */
export function formatLiveReport(r: LiveReport): string {
  const out = [`live: ${r.corpus} (index ${r.indexMb.toFixed(0)} MB)`];
  if (r.failures.length > 0) return [...out, ...r.failures.map((f) => `  FAILED: ${f}`)].join('\n');
  const rssBar = 1.3 * r.indexMb + 300;
  out.push(
    `  first search of a fresh serve --mcp (daemon started cold): ${ms(r.firstSearchMs)}  [bar: 3 s]`,
    line('one-file edit to queryable', r.queryableMs, '1.5 s each'),
    line('one-file edit to durable (the change log or the image changed on disk)', r.durableMs, '3 s each'),
    line(`bursts growing the log past its limit (${r.burst.bursts.length}, ${r.burst.files} files in all), each to queryable`, r.burst.bursts.map((b) => b.queryableMs)),
    line('  ... each to durable', r.burst.bursts.map((b) => b.durableMs)),
    r.burst.atStop === true
      ? `  the edits' log folded into the image by \`daemon stop\`: ${ms(r.burst.compactedMs)} from the stop to the daemon's exit`
      : `  every burst appended to the log: ${r.burst.appended ? 'yes' : 'no'}; the compaction written ${ms(r.burst.compactedMs)} after the last query`,
    line(`search probes in the ${ms(r.settleMs)} after the daemon is watching (it readies its edit path)`, r.probeWhileSettlingMs),
    line('search probes, all', r.probeMs),
    line('search probes sent while an edit\'s sync was applied (they wait for it)', r.probeDuringApplyMs),
    line('search probes sent while an edit was saved', r.probeDuringSaveMs, '500 ms'),
    line('search probes sent at other times during the edits', r.probeBetweenEditsMs),
    line('searches sent every 100 ms while the compaction ran (from when the log of the daemon says it started)', r.probeDuringCompactionMs, '500 ms'),
    `  daemon RSS after load ${r.rssAfterLoadMb.toFixed(0)} MB; peak over the one-file edits ${r.peakRssMb.toFixed(0)} MB, over ${r.burst.atStop === true ? 'the fold at stop' : 'the bursts and the compaction'} ${r.peakBurstRssMb.toFixed(0)} MB  [bar: 1.3 x index + 300 MB = ${rssBar.toFixed(0)} MB]`,
  );
  return out.join('\n');
}
