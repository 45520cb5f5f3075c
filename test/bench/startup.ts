/**
 * Start-up benchmarks: how long a fresh `codegraph serve --mcp` process takes to answer its first
 * `tools/list`, and the in-process cost of one `tools/list` request (parse, dispatch, serialize)
 * without any I/O. Run directly (`node dist/test/bench/startup.js`) or through `npm run bench`.
 */
import { availableParallelism } from 'node:os';
import { createServer } from '../../src/cli/serve.js';
import { parseLine } from '../../src/jsonrpc/message.js';
import type { Peer } from '../../src/jsonrpc/peer.js';
import { EXTRA_CA } from '../support/cli.js';
import { LineServer } from '../support/line-server.js';
import { makeTempDir, removeDir } from '../support/project.js';
import { isBenchEntry, ms, percentile, us } from './stats.js';

/** Cold start timings in milliseconds, one per run. */
export interface ColdStartResult {
  readonly runs: number;
  readonly samples: readonly number[];
  readonly median: number;
  readonly p90: number;
  readonly min: number;
  readonly max: number;
}

/** In-process round-trip timings in milliseconds for one request shape. */
export interface RoundTripResult {
  readonly label: string;
  readonly iterations: number;
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
}

/** Everything the start-up benchmark measures. */
export interface StartupReport {
  readonly coldStart: ColdStartResult;
  /** The same without EXTRA_CA, when the environment sets it (Node reads that file at every start). */
  readonly plainColdStart: ColdStartResult | undefined;
  readonly roundTrips: readonly RoundTripResult[];
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
});
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
const LEGACY_LIST = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
const MODERN_LIST = JSON.stringify({
  jsonrpc: '2.0',
  id: 3,
  method: 'tools/list',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

/** Spawns the CLI `runs` times and times spawn -> first tools/list response. */
export async function measureColdStart(runs: number, cwd: string, unset: readonly string[] = []): Promise<ColdStartResult> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const server = new LineServer({ cwd, unset });
    try {
      await server.write(`${INITIALIZE}\n${INITIALIZED}\n${LEGACY_LIST}\n`);
      await server.waitFor((m) => m['id'] === 2 && 'result' in m, 10_000, 'tools/list response');
      samples.push(performance.now() - started);
      server.endInput();
      await server.waitForExit(5_000);
    } finally {
      await server.close();
    }
  }
  return {
    runs,
    samples,
    median: percentile(samples, 50),
    p90: percentile(samples, 90),
    min: Math.min(...samples),
    max: Math.max(...samples),
  };
}

/**
 * Times `iterations` tools/list requests through the real dispatcher: the line is parsed,
 * handled, and the reply serialized as the stdio writer would, with a peer that keeps no I/O.
 */
export async function measureRoundTrip(label: string, line: string, iterations: number, cwd: string): Promise<RoundTripResult> {
  const { server } = createServer({ path: undefined, cwd, env: {} });
  let lastReply = '';
  const peer: Peer = {
    send: (message) => {
      lastReply = `${JSON.stringify(message)}\n`;
      return Promise.resolve();
    },
  };
  const once = async (text: string): Promise<void> => {
    const incoming = parseLine(text);
    if (incoming.kind === 'parse-error') throw new Error('benchmark request is not JSON');
    await server.handle(incoming, peer);
  };
  await once(INITIALIZE);
  await once(INITIALIZED);
  const warmup = Math.min(1_000, iterations);
  for (let i = 0; i < warmup; i++) await once(line);
  const samples = new Array<number>(iterations);
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await once(line);
    samples[i] = performance.now() - started;
  }
  if (!lastReply.includes('codegraph_explore')) throw new Error(`unexpected tools/list reply: ${lastReply.slice(0, 200)}`);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { label, iterations, p50: percentile(samples, 50), p99: percentile(samples, 99), mean };
}

/** Runs both start-up measurements. */
export async function runStartupBench(options: { readonly runs?: number; readonly iterations?: number } = {}): Promise<StartupReport> {
  const cwd = await makeTempDir('codegraph-bench-');
  try {
    const coldStart = await measureColdStart(options.runs ?? 20, cwd);
    const plainColdStart = process.env[EXTRA_CA] === undefined ? undefined : await measureColdStart(options.runs ?? 20, cwd, [EXTRA_CA]);
    const iterations = options.iterations ?? 10_000;
    const roundTrips = [
      await measureRoundTrip('tools/list, legacy (after initialize)', LEGACY_LIST, iterations, cwd),
      await measureRoundTrip('tools/list, 2026-07-28 (per-request _meta)', MODERN_LIST, iterations, cwd),
    ];
    return { coldStart, plainColdStart, roundTrips };
  } finally {
    await removeDir(cwd);
  }
}

/** The report as aligned text lines. */
export function formatStartupReport(report: StartupReport): string {
  const { coldStart } = report;
  const lines = [
    `Cold start: spawn -> first tools/list response (${coldStart.runs} runs)`,
    `  median ${ms(coldStart.median)}   p90 ${ms(coldStart.p90)}   min ${ms(coldStart.min)}   max ${ms(coldStart.max)}`,
  ];
  const plain = report.plainColdStart;
  if (plain !== undefined) {
    lines.push(`The same without ${EXTRA_CA}, which Node reads at every start (${plain.runs} runs)`);
    lines.push(`  median ${ms(plain.median)}   p90 ${ms(plain.p90)}   min ${ms(plain.min)}   max ${ms(plain.max)}`);
  }
  for (const rt of report.roundTrips) {
    lines.push(`In-process round trip: ${rt.label} (${rt.iterations} iterations)`);
    lines.push(`  p50 ${us(rt.p50)}   p99 ${us(rt.p99)}   mean ${us(rt.mean)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Host facts worth printing next to timings. */
export function hostLine(): string {
  return `node ${process.version}, ${process.platform} ${process.arch}, ${availableParallelism()} CPUs`;
}

if (isBenchEntry(import.meta.url)) {
  const report = await runStartupBench();
  process.stdout.write(`${hostLine()}\n${formatStartupReport(report)}`);
}
