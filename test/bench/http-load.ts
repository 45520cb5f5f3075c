/**
 * Load over streamable HTTP on loopback: many concurrent clients, each sending its calls one
 * after another on a keep-alive connection, every answer checked. Shared by the load test in
 * `npm test` (a small fixture) and `npm run bench -- http` (django, 200 clients x 100 calls).
 */
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { percentile } from './stats.js';

/** One load run. */
export interface LoadOptions {
  readonly url: string;
  readonly clients: number;
  readonly callsPerClient: number;
  /** The JSON-RPC request of call `i` of client `client`. */
  readonly message: (client: number, i: number) => Record<string, unknown>;
  /** Extra headers for every call (SEP-2243 headers of a modern call, say). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Bound on the whole run; calls not sent by then count as errors. */
  readonly deadlineMs?: number;
}

/** What a load run measured. */
export interface LoadReport {
  readonly calls: number;
  readonly errors: number;
  /** The first few problems, worded. */
  readonly problems: readonly string[];
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly wallMs: number;
}

/** Runs the load; resolves when every client has finished (or the deadline passed). */
export async function runHttpLoad(options: LoadOptions): Promise<LoadReport> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  const latencies: number[] = [];
  const problems: string[] = [];
  let errors = 0;
  const deadline = Date.now() + (options.deadlineMs ?? 600_000);
  const start = performance.now();
  const client = async (c: number): Promise<void> => {
    for (let i = 0; i < options.callsPerClient; i++) {
      if (Date.now() > deadline) {
        errors += options.callsPerClient - i;
        if (problems.length < 5) problems.push(`client ${c}: deadline passed after ${i} calls`);
        return;
      }
      const t0 = performance.now();
      const problem = await post(agent, options.url, options.message(c, i), options.headers ?? {});
      latencies.push(performance.now() - t0);
      if (problem !== undefined) {
        errors++;
        if (problems.length < 5) problems.push(`client ${c} call ${i}: ${problem}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, c) => client(c)));
  const wallMs = performance.now() - start;
  agent.destroy();
  return { calls: latencies.length, errors, problems, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), wallMs };
}

/** One call; undefined when the answer is a successful tool result, else what is wrong with it. */
function post(agent: Agent, url: string, message: Record<string, unknown>, headers: Readonly<Record<string, string>>): Promise<string | undefined> {
  const body = JSON.stringify(message);
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) return resolve(`HTTP ${String(res.statusCode)}: ${text.slice(0, 200)}`);
        try {
          const answer = JSON.parse(text) as { id?: unknown; result?: { content?: { text?: string }[]; isError?: boolean } };
          if (answer.id !== message['id']) return resolve(`answered id ${JSON.stringify(answer.id)} for ${JSON.stringify(message['id'])}`);
          const result = answer.result;
          if (result === undefined || result.isError === true || (result.content?.[0]?.text ?? '') === '') return resolve(`not a tool result: ${text.slice(0, 200)}`);
          resolve(undefined);
        } catch {
          resolve(`not JSON: ${text.slice(0, 200)}`);
        }
      });
      res.on('error', (error) => resolve(`response failed: ${error.message}`));
    });
    req.on('error', (error) => resolve(`request failed: ${error.message}`));
    req.end(body);
  });
}

/** Resident set size of process `pid` in kB (Linux /proc), or undefined where unknown. */
export function rssKb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] === undefined ? undefined : Number(match[1]);
  } catch {
    return undefined;
  }
}

/** A legacy `tools/call` request for `codegraph_search`. */
export function searchCall(id: number, query: string): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'codegraph_search', arguments: { query } } };
}
