/**
 * `npm run bench -- large [--corpus linux,jdk]`: the first answers of a fresh process on a large
 * index, as a new user meets them. Per corpus: `codegraph init` once under GNU time (wall, peak
 * RSS; reused by later runs while the index is current), then a fresh `serve --mcp` over stdio
 * (each first answer timed from `initialize`, later explores, the server's peak RSS), then CLI
 * one-shots of status, search, callers, node and explore under GNU time. Targets are printed
 * next to the numbers; nothing here asserts them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTRACTION_VERSION } from '../../src/index/extract/version.js';
import { STATUS_SNAPSHOT_FILE } from '../../src/store/index.js';
import { CLI_PATH as CLI } from '../support/cli.js';
import { benchRoot, findCorpus, gnuTime, log, prepareCorpus } from './corpora.js';
import { run, runChecked, timedRun } from './proc.js';
import { percentile } from './stats.js';

/** What one corpus is asked, and the targets its answers are held to (seconds; RSS in GB). */
interface LargeCase {
  readonly search: string;
  readonly callers: string;
  readonly node: Record<string, unknown>;
  readonly explores: readonly string[];
  /** Written into `.codegraph/config.json` before the first init. */
  readonly config?: Record<string, unknown>;
  readonly targets: Readonly<Record<string, number>>;
}

const CASES: Readonly<Record<string, LargeCase>> = {
  linux: {
    search: 'pick_next_task_fair',
    callers: 'pick_next_task_fair',
    node: { file: 'kernel/sched/fair.c', offset: 7780, limit: 40 },
    explores: [
      'how does the scheduler pick the next task', 'where are page faults handled', 'how does TCP retransmit lost segments',
      'how are dirty inodes written back to disk', 'how does the slab allocator free objects', 'how are interrupts routed to handlers',
    ],
    // The kernel's top-level .gitignore starts with `.*`, which hides the whole tree from a walk that honours it.
    config: { respectGitignore: false },
    targets: {
      'first search': 5, 'first callers': 5, 'first node': 5, 'first explore': 10, 'later explores p50': 1, 'server peak RSS GB': 3,
      'cli status': 3, 'cli search': 5, 'cli callers': 5, 'cli node': 5, 'cli explore': 12, 'init s': 300, 'init peak RSS GB': 3,
    },
  },
  jdk: {
    search: 'HashMap',
    callers: 'resize',
    node: { file: 'java.base/java/util/HashMap.java', offset: 600, limit: 40 },
    explores: ['how does HashMap resize its table', 'how are class files loaded', 'how does a thread pool run tasks', 'where are URLs parsed'],
    targets: { 'first explore': 1 },
  },
};

/** One measured figure. */
interface Figure {
  readonly what: string;
  readonly value: number;
  readonly unit: 's' | 'GB';
}

/** What the large benchmark measured on one corpus. */
export interface LargeReport {
  readonly corpus: string;
  readonly init: string;
  readonly figures: readonly Figure[];
}

const GB = 2 ** 30;

/** Runs the benchmark on each corpus (the kernel only with `large`, as the index benchmark does). */
export async function runLargeBench(corpora: readonly string[], large: boolean): Promise<LargeReport[]> {
  const names = corpora.length > 0 ? corpora : large ? ['linux', 'jdk'] : ['jdk'];
  const reports: LargeReport[] = [];
  for (const name of names) {
    const spec = findCorpus(name);
    const known = CASES[name];
    if (spec === undefined || known === undefined) throw new Error(`large: no case for corpus ${name} (known: ${Object.keys(CASES).join(', ')})`);
    if (spec.large === true && !large) throw new Error(`large: corpus ${name} needs --large`);
    const root = await workCopy(name, await prepareCorpus(spec), known);
    const init = await ensureIndex(root);
    const figures = [...(await serverFigures(root, known)), ...(await cliFigures(root, known))];
    reports.push({ corpus: name, init: init.text, figures: [...init.figures, ...figures] });
  }
  return reports;
}

/**
 * The kept, indexed work copy of a large corpus (the kernel with its config), indexed anew only
 * when its index is missing or of another extraction version: what other benchmarks measure on.
 */
export async function largeIndexedCopy(name: string): Promise<string> {
  const spec = findCorpus(name);
  const known = CASES[name];
  if (spec === undefined || known === undefined) throw new Error(`large: no case for corpus ${name} (known: ${Object.keys(CASES).join(', ')})`);
  const root = await workCopy(name, await prepareCorpus(spec), known);
  log(`${name}: ${(await ensureIndex(root)).text}`);
  return root;
}

/** A hard-linked copy of the prepared corpus that the benchmark may index (kept between runs). */
async function workCopy(name: string, prepared: string, known: LargeCase): Promise<string> {
  const dest = join(benchRoot(), 'large', name);
  if (!existsSync(dest)) {
    mkdirSync(join(benchRoot(), 'large'), { recursive: true });
    await runChecked('cp', ['-al', prepared, dest]);
  }
  if (known.config !== undefined && !existsSync(join(dest, '.codegraph', 'config.json'))) {
    mkdirSync(join(dest, '.codegraph'), { recursive: true });
    writeFileSync(join(dest, '.codegraph', 'config.json'), `${JSON.stringify(known.config)}\n`);
  }
  return dest;
}

/**
 * Whether the index in `root` was extracted by this build's extractors. Asked of a child process:
 * loading the database here would leave this process holding it while the server under test
 * starts (on the kernel that made the first search a second slower).
 */
async function extractedByThisBuild(root: string): Promise<boolean> {
  const probe = await run(process.execPath, [fileURLToPath(new URL('./extraction-probe.js', import.meta.url)), root], { timeoutMs: 600_000 });
  return probe.code === 0 && probe.stdout === EXTRACTION_VERSION;
}

/** Indexes `root` unless its index is readable and current for this build; says which. */
async function ensureIndex(root: string): Promise<{ text: string; figures: Figure[] }> {
  const db = join(root, '.codegraph', 'codegraph.db');
  if (existsSync(db)) {
    const probe = await run(process.execPath, [CLI, 'status', '--json', root], { timeoutMs: 600_000 });
    if (probe.code === 0 && (await extractedByThisBuild(root))) return { text: `reused the index in ${root} (${(statSync(db).size / GB).toFixed(2)} GB)`, figures: [] };
    // An index of another extraction version would be re-extracted by the first query's catch-up
    // sync (a 31.6 s first search on the JDK), which is not what a fresh index costs: build anew.
    rmSync(db, { force: true });
    rmSync(join(root, '.codegraph', STATUS_SNAPSHOT_FILE), { force: true });
  }
  const timed = await timedRun(await gnuTime(), process.execPath, [CLI, 'init', '--quiet', root], { timeoutMs: 3 * 3600_000 });
  if (timed.result.code !== 0) throw new Error(`init of ${root} failed: ${timed.result.stderr.slice(-400)}`);
  return {
    text: `indexed ${root}: ${(statSync(db).size / GB).toFixed(2)} GB database`,
    figures: [{ what: 'init s', value: timed.wallSeconds, unit: 's' }, { what: 'init peak RSS GB', value: timed.peakRssBytes / GB, unit: 'GB' }],
  };
}

/** A fresh `serve --mcp`: each first answer timed from `initialize`, later explores, peak RSS. */
async function serverFigures(root: string, known: LargeCase): Promise<Figure[]> {
  const server = new StdioClient(root);
  try {
    await server.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    const figures: Figure[] = [];
    const call = async (what: string, name: string, args: Record<string, unknown>): Promise<number> => {
      const t0 = performance.now();
      await server.request('tools/call', { name: `codegraph_${name}`, arguments: args });
      const seconds = (performance.now() - t0) / 1000;
      if (what !== '') figures.push({ what, value: seconds, unit: 's' });
      return seconds;
    };
    await call('first search', 'search', { query: known.search });
    await call('first callers', 'callers', { symbol: known.callers });
    await call('first node', 'node', known.node);
    const [first, ...later] = known.explores;
    await call('first explore', 'explore', { query: first });
    const laterSeconds: number[] = [];
    for (const query of later) laterSeconds.push(await call('', 'explore', { query }));
    if (laterSeconds.length > 0) figures.push({ what: 'later explores p50', value: percentile(laterSeconds, 50), unit: 's' });
    figures.push({ what: 'server peak RSS GB', value: server.peakRss() / GB, unit: 'GB' });
    return figures;
  } finally {
    await server.close();
  }
}

/** CLI one-shots, each a fresh process under GNU time. */
async function cliFigures(root: string, known: LargeCase): Promise<Figure[]> {
  const time = await gnuTime();
  const node = known.node;
  const commands: readonly (readonly [string, readonly string[]])[] = [
    ['cli status', ['status', root]],
    ['cli search', ['search', known.search, '-p', root]],
    ['cli callers', ['callers', known.callers, '-p', root]],
    ['cli node', ['node', `${String(node['file'])}:${String(node['offset'] ?? 1)}`, '-p', root]],
    ['cli explore', ['explore', known.explores[0] ?? '', '-p', root]],
  ];
  const figures: Figure[] = [];
  for (const [what, args] of commands) {
    const timed = await timedRun(time, process.execPath, [CLI, ...args], { timeoutMs: 600_000 });
    if (timed.result.code !== 0) throw new Error(`${what} failed: ${timed.result.stderr.slice(-400)}`);
    figures.push({ what, value: timed.wallSeconds, unit: 's' });
    figures.push({ what: `${what} peak RSS GB`, value: timed.peakRssBytes / GB, unit: 'GB' });
  }
  return figures;
}

/** The report text: each figure with its target, when it has one. */
export function formatLargeReport(reports: readonly LargeReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    const targets = CASES[r.corpus]?.targets ?? {};
    lines.push(`${r.corpus}: ${r.init}`);
    for (const f of r.figures) {
      const target = targets[f.what];
      const verdict = target === undefined ? '' : `   target <= ${target}${f.unit === 'GB' ? ' GB' : ' s'} ${f.value <= target ? 'met' : 'MISSED'}`;
      lines.push(`  ${f.what.padEnd(28)} ${f.value.toFixed(2).padStart(8)} ${f.unit}${verdict}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A stdio MCP server with one request in flight at a time. */
class StdioClient {
  readonly #child;
  #buffer = '';
  readonly #waiting = new Map<number, () => void>();
  #nextId = 1;
  #peak = 0;
  readonly #sampler: NodeJS.Timeout;

  constructor(root: string) {
    // One process that holds the index (no detached daemon), so its peak RSS is the server's and
    // nothing outlives the bench; the daemon path is measured by `npm run bench -- daemon`.
    this.#child = spawn(process.execPath, [CLI, 'serve', '--mcp', '--path', root], { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, CODEGRAPH_NO_DAEMON: '1' } });
    this.#child.stdout.setEncoding('utf8');
    this.#child.stdout.on('data', (chunk: string) => this.#receive(chunk));
    // VmHWM is the process's own high-water mark; sampled so it is read before the process exits.
    this.#sampler = setInterval(() => this.#sample(), 200);
  }

  request(method: string, params: unknown): Promise<void> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.#child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  /** The largest resident set the server reached, in bytes (0 where /proc is missing). */
  peakRss(): number {
    this.#sample();
    return this.#peak;
  }

  async close(): Promise<void> {
    clearInterval(this.#sampler);
    this.#child.stdin.end();
    await new Promise((resolve) => this.#child.on('exit', resolve));
  }

  #sample(): void {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.#child.pid}/status`, 'utf8'));
      if (m !== null) this.#peak = Math.max(this.#peak, Number(m[1]) * 1024);
    } catch {
      // The process is gone or /proc is not there.
    }
  }

  #receive(chunk: string): void {
    this.#buffer += chunk;
    let nl = this.#buffer.indexOf('\n');
    while (nl >= 0) {
      const line = this.#buffer.slice(0, nl);
      this.#buffer = this.#buffer.slice(nl + 1);
      nl = this.#buffer.indexOf('\n');
      const id = (JSON.parse(line) as { id?: number }).id;
      if (typeof id === 'number') {
        this.#waiting.get(id)?.();
        this.#waiting.delete(id);
      }
    }
  }
}
