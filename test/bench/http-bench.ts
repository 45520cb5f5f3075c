/**
 * `npm run bench -- http [--corpus django]`: streamable HTTP under load on a real corpus.
 * Indexes a copy of the corpus with the built CLI, starts `serve --http` on a free loopback
 * port, then measures one client's sequential `codegraph_search` latency (after 200 calls, and
 * settled after 3,200), and 200 concurrent clients x 100 calls each with p50/p99, errors and the
 * server's RSS before and after.
 * Run directly with `node dist/test/bench/http-bench.js [corpus]`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_PATH } from '../support/cli.js';
import { spawnHttpServer } from '../support/http-server.js';
import { findCorpus, log, prepareCorpus } from './corpora.js';
import { rssKb, runHttpLoad, searchCall, type LoadReport } from './http-load.js';
import { isBenchEntry } from './stats.js';

/** Identifiers most corpora define somewhere; a miss is still a full search. */
const QUERIES = ['QuerySet', 'get_queryset', 'Model', 'HttpResponse', 'render', 'reverse', 'Field', 'ForeignKey', 'middleware', 'cache', 'Form', 'validate', 'migrate', 'Template', 'Signal', 'session', 'csrf', 'admin', 'serialize', 'connection'];

/** What the HTTP benchmark measured. */
export interface HttpBenchReport {
  readonly corpus: string;
  readonly sequential: LoadReport;
  /** The same calls after 3,200 calls in all. */
  readonly settled: LoadReport;
  readonly load: LoadReport;
  readonly clients: number;
  readonly callsPerClient: number;
  readonly rssBeforeKb: number | undefined;
  readonly rssAfterKb: number | undefined;
  readonly exitCode: number | null;
}

/** Runs the benchmark on `corpusName`. */
export async function runHttpBench(corpusName = 'django', clients = 200, callsPerClient = 100): Promise<HttpBenchReport> {
  const spec = findCorpus(corpusName);
  if (spec === undefined) throw new Error(`unknown corpus ${corpusName}`);
  const prepared = await prepareCorpus(spec);
  const scratch = mkdtempSync(join(tmpdir(), `codegraph-http-bench-${corpusName}-`));
  const root = join(scratch, corpusName);
  try {
    cpSync(prepared, root, { recursive: true, filter: (p) => !p.includes(join(prepared, '.codegraph')) });
    log(`indexing ${root}`);
    const init = spawnSync(process.execPath, [CLI_PATH, 'init', root, '--quiet'], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`init failed: ${init.stderr}`);
    const server = await spawnHttpServer(['--path', root], { stateDir: join(scratch, 'state') });
    try {
      const message = (c: number, i: number): Record<string, unknown> => searchCall(c * 1_000 + i, QUERIES[(c + i) % QUERIES.length] ?? 'Model');
      log('warming up');
      await runHttpLoad({ url: server.url, clients: 1, callsPerClient: 200, message });
      log('sequential calls');
      const sequential = await runHttpLoad({ url: server.url, clients: 1, callsPerClient: 1_000, message });
      // V8 keeps optimizing the server's code (the WASM SQLite among it) well past the first
      // thousand calls: the next thousand after two thousand more are its settled latency.
      log('sequential calls, settled');
      await runHttpLoad({ url: server.url, clients: 1, callsPerClient: 2_000, message });
      const settled = await runHttpLoad({ url: server.url, clients: 1, callsPerClient: 1_000, message });
      await runHttpLoad({ url: server.url, clients, callsPerClient: 10, message });
      const rssBeforeKb = rssKb(server.pid);
      log(`${clients} clients x ${callsPerClient} calls`);
      const load = await runHttpLoad({ url: server.url, clients, callsPerClient, message });
      const rssAfterKb = rssKb(server.pid);
      const exitCode = await server.stop();
      return { corpus: corpusName, sequential, settled, load, clients, callsPerClient, rssBeforeKb, rssAfterKb, exitCode };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The report as text. */
export function formatHttpReport(r: HttpBenchReport): string {
  const growth = r.rssBeforeKb !== undefined && r.rssAfterKb !== undefined ? ` (${(((r.rssAfterKb - r.rssBeforeKb) / r.rssBeforeKb) * 100).toFixed(1)} %)` : '';
  return [
    `HTTP (${r.corpus}, codegraph_search over loopback, keep-alive)`,
    `  one client, ${r.sequential.calls} calls after 200: p50 ${r.sequential.p50Ms.toFixed(2)} ms, p99 ${r.sequential.p99Ms.toFixed(2)} ms, errors ${r.sequential.errors}`,
    `  one client, ${r.settled.calls} calls after 3,200: p50 ${r.settled.p50Ms.toFixed(2)} ms, p99 ${r.settled.p99Ms.toFixed(2)} ms, errors ${r.settled.errors}`,
    `  ${r.clients} clients x ${r.callsPerClient} calls: ${r.load.calls} calls in ${(r.load.wallMs / 1000).toFixed(1)} s, p50 ${r.load.p50Ms.toFixed(2)} ms, p99 ${r.load.p99Ms.toFixed(2)} ms, errors ${r.load.errors}`,
    `  server RSS ${String(r.rssBeforeKb)} kB before, ${String(r.rssAfterKb)} kB after${growth}; exit code ${String(r.exitCode)}`,
    ...r.load.problems.map((p) => `  problem: ${p}`),
    '',
  ].join('\n');
}

if (isBenchEntry(import.meta.url)) {
  runHttpBench(process.argv[2] ?? 'django').then(
    (report) => process.stdout.write(formatHttpReport(report)),
    (error: unknown) => {
      process.stderr.write(`http bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
