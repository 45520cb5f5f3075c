/**
 * Query latency on a real index: every query tool in-process (the handler on an open index) and
 * the same calls through a live `codegraph serve --mcp` over stdio, plus a whole-graph export and
 * a one-file `sync` measured in-process (no process start-up in the number).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { NODE_KINDS } from '../../src/model.js';
import { IndexSession } from '../../src/index/session.js';
import { indexProject } from '../../src/index/sync/index.js';
import { IndexCache, type ProjectIndex } from '../../src/project/index-cache.js';
import { connectionOf } from '../../src/store/graph-reader.js';
import { exportGraph } from '../../src/tools/graph/export.js';
import { loadHandler } from '../../src/tools/handlers.js';
import { TOOL_DEFINITIONS } from '../../src/tools/definitions.js';
import { validateArgs } from '../../src/tools/schema.js';
import { CLI_PATH as CLI } from '../support/cli.js';
import { findCorpus, prepareCorpus } from './corpora.js';
import { ms, percentile } from './stats.js';

/** Latency summary of one tool. */
export interface ToolLatency {
  readonly tool: string;
  readonly calls: number;
  readonly p50: number;
  readonly p99: number;
  readonly stdioP50: number;
  readonly stdioP99: number;
}

/** What the query benchmark measured on one corpus. */
export interface QueryReport {
  readonly corpus: string;
  readonly nodes: number;
  readonly tools: readonly ToolLatency[];
  readonly exportMs: number;
  readonly exportNodes: number;
  readonly syncMs: readonly number[];
  /** One-file edits synced by a session kept open between them (what `codegraph watch` does). */
  readonly sessionSyncMs: readonly number[];
}

/** Deterministic sample of symbol names (functions, methods, classes) spread over the index. */
export function sampleNames(index: ProjectIndex, count: number): string[] {
  const kinds = ['function', 'method', 'class'].map((k) => NODE_KINDS.indexOf(k as (typeof NODE_KINDS)[number]));
  const rows = connectionOf(index.store).all<{ name: string }>(
    `SELECT name FROM nodes WHERE kind IN (${kinds.join(',')}) AND length(name) > 3 GROUP BY name ORDER BY name LIMIT 20000`,
  );
  const names = rows.map((r) => String(r.name)).filter((n) => /^[A-Za-z_][A-Za-z0-9_]+$/.test(n));
  const step = Math.max(1, Math.floor(names.length / count));
  const out: string[] = [];
  for (let i = 0; i < names.length && out.length < count; i += step) out.push(names[i] as string);
  return out;
}

function argsFor(tool: string, name: string, file: string | undefined): Record<string, unknown> {
  switch (tool) {
    case 'search': return { query: name };
    case 'explore': return { query: `how does ${name} work` };
    case 'node': return { symbol: name };
    case 'callers':
    case 'callees': return { symbol: name };
    case 'impact': return { symbol: name, depth: 2 };
    case 'files': return { path: file ?? '' };
    default: return {};
  }
}

async function timeInProcess(index: ProjectIndex, tool: string, args: Record<string, unknown>): Promise<number> {
  const def = TOOL_DEFINITIONS.find((t) => t.short === tool);
  const handler = await loadHandler(tool);
  if (def === undefined) throw new Error(`no tool ${tool}`);
  const checked = validateArgs(def.inputSchema, args);
  if (checked.kind !== 'ok') throw new Error(checked.message);
  const t0 = performance.now();
  await handler(checked.args, index, { signal: new AbortController().signal, progress: () => {} });
  return performance.now() - t0;
}

/** A persistent stdio server for round-trip timing. */
class StdioServer {
  private readonly child;
  private buffer = '';
  private readonly waiting = new Map<number, () => void>();
  private nextId = 1;

  constructor(root: string) {
    // One process that holds the index (no detached daemon outliving the bench); the daemon path
    // is measured by `npm run bench -- daemon`.
    this.child = spawn(process.execPath, [CLI, 'serve', '--mcp', '--path', root], { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, CODEGRAPH_NO_DAEMON: '1' } });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      let nl = this.buffer.indexOf('\n');
      while (nl >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        nl = this.buffer.indexOf('\n');
        const id = (JSON.parse(line) as { id?: number }).id;
        if (typeof id === 'number') {
          this.waiting.get(id)?.();
          this.waiting.delete(id);
        }
      }
    });
  }

  request(method: string, params: unknown): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  async close(): Promise<void> {
    this.child.stdin.end();
    await new Promise((resolve) => this.child.on('exit', resolve));
  }
}

/** Runs the query benchmark on `corpusName` (indexed first with ours if needed). */
export async function runQueryBench(corpusName: string, callsPerTool = 200): Promise<QueryReport> {
  const spec = findCorpus(corpusName);
  if (spec === undefined) throw new Error(`unknown corpus ${corpusName}`);
  const prepared = await prepareCorpus(spec);
  const root = mkdtempSync(join(tmpdir(), `codegraph-query-${corpusName}-`));
  try {
    cpSync(prepared, root, { recursive: true, filter: (p) => !p.includes(`${join(prepared, '.codegraph')}`) });
    await indexProject({ root, mode: 'full', command: 'bench' });
    const cache = new IndexCache();
    const index = await cache.get(root);
    if (index === undefined) throw new Error('index missing');
    const names = sampleNames(index, callsPerTool);
    const files = index.store.listFiles().map((f) => f.path);
    const dirs = [...new Set(files.map((f) => f.split('/').slice(0, -1).join('/')))];
    const tools = ['search', 'node', 'callers', 'callees', 'impact', 'files', 'explore'];
    const server = new StdioServer(root);
    await server.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    const results: ToolLatency[] = [];
    for (const tool of tools) {
      // Warm-up: first calls build per-index caches; steady-state latency is what agents see.
      for (const name of names.slice(0, 5)) await timeInProcess(index, tool, argsFor(tool, name, dirs[0]));
      for (const name of names.slice(0, 5)) await server.request('tools/call', { name: `codegraph_${tool}`, arguments: argsFor(tool, name, dirs[0]) });
      const local: number[] = [];
      const remote: number[] = [];
      const n = tool === 'explore' || tool === 'files' ? Math.min(60, names.length) : names.length;
      for (let i = 0; i < n; i++) {
        const args = argsFor(tool, names[i] as string, dirs[i % dirs.length]);
        local.push(await timeInProcess(index, tool, args));
        const t0 = performance.now();
        await server.request('tools/call', { name: `codegraph_${tool}`, arguments: args });
        remote.push(performance.now() - t0);
      }
      results.push({ tool, calls: n, p50: percentile(local, 50), p99: percentile(local, 99), stdioP50: percentile(remote, 50), stdioP99: percentile(remote, 99) });
    }
    await server.close();
    const sink = new Writable({ write: (_chunk, _enc, done) => done() });
    const t0 = performance.now();
    const summary = await exportGraph(index, sink, { centrality: true });
    const exportMs = performance.now() - t0;
    const nodes = index.store.counts().nodes;
    cache.close();
    const syncMs: number[] = [];
    const target = join(root, files[Math.floor(files.length / 2)] as string);
    const original = readFileSync(target);
    for (let i = 0; i < 5; i++) {
      appendFileSync(target, target.endsWith('.py') ? `\n\ndef bench_added_${i}():\n    return ${i}\n` : `\n// bench edit ${i}\n`);
      const s0 = performance.now();
      await indexProject({ root, mode: 'incremental', command: 'bench' });
      syncMs.push(performance.now() - s0);
      writeFileSync(target, original);
      await indexProject({ root, mode: 'incremental', command: 'bench' });
    }
    // The same kind of edit synced by a session that stays open, as `codegraph watch` does.
    const sessionSyncMs: number[] = [];
    const relative = files[Math.floor(files.length / 2)] as string;
    const session = await IndexSession.open({ root, command: 'bench' });
    try {
      await session.sync();
      for (let i = 0; i < 10; i++) {
        appendFileSync(target, target.endsWith('.py') ? `\n\ndef bench_session_${i}():\n    return ${i}\n` : `\n// bench session edit ${i}\n`);
        const s0 = performance.now();
        await session.sync({ changed: [relative] });
        sessionSyncMs.push(performance.now() - s0);
      }
      writeFileSync(target, original);
      await session.sync({ changed: [relative] });
    } finally {
      await session.close();
    }
    return { corpus: corpusName, nodes, tools: results, exportMs, exportNodes: summary.nodes, syncMs, sessionSyncMs };
  } finally {
    if (existsSync(root)) rmSync(root, { recursive: true, force: true });
  }
}

/** The report table. */
export function formatQueryReport(r: QueryReport): string {
  const lines = [`${r.corpus}: ${r.nodes} nodes`, '  tool        calls   in-process p50 / p99     stdio p50 / p99     stdio overhead p50'];
  for (const t of r.tools) {
    lines.push(`  ${t.tool.padEnd(10)} ${String(t.calls).padStart(6)}   ${ms(t.p50).padStart(9)} / ${ms(t.p99).padEnd(9)}   ${ms(t.stdioP50).padStart(9)} / ${ms(t.stdioP99).padEnd(9)}   ${ms(t.stdioP50 - t.p50)}`);
  }
  lines.push(`  export (whole graph, PageRank): ${ms(r.exportMs)} for ${r.exportNodes} nodes`);
  const sorted = [...r.syncMs].sort((a, b) => a - b);
  lines.push(`  sync after a one-file edit, in-process, loading the database each time: median ${ms(sorted[Math.floor(sorted.length / 2)] ?? 0)} (runs ${r.syncMs.map(ms).join(', ')})`);
  const warm = [...r.sessionSyncMs].sort((a, b) => a - b);
  lines.push(`  sync after a one-file edit in a long-lived session (codegraph watch): median ${ms(warm[Math.floor(warm.length / 2)] ?? 0)} (runs ${r.sessionSyncMs.map(ms).join(', ')})`);
  return `${lines.join('\n')}\n`;
}
