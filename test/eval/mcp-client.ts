/**
 * A minimal MCP client over stdio for the evaluation: starts a server process, speaks
 * newline-delimited JSON-RPC 2.0 (initialize, notifications/initialized, tools/call) and stops it.
 * Used for the peer, whose explore is reached only through its MCP server.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface ToolText {
  readonly text: string;
  readonly isError: boolean;
}

interface Pending {
  readonly resolve: (message: Record<string, unknown>) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export class StdioMcpClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private buffer = '';
  private stderrTail = '';
  private exited: string | undefined;
  private readonly afterClose: (() => void) | undefined;

  /** `afterClose` ends what the server started outside its process group (a detached daemon). */
  constructor(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, afterClose?: () => void) {
    this.afterClose = afterClose;
    this.child = spawn(command, [...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.onData(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-4000);
    });
    this.child.on('error', (error) => this.failAll(`could not start ${command}: ${error.message}`));
    this.child.on('exit', (code, signal) => this.failAll(`server exited (${signal ?? `code ${code ?? '?'}`}): ${this.stderrTail.trim().split('\n').slice(-3).join(' | ')}`));
  }

  private failAll(reason: string): void {
    this.exited ??= reason;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error(reason));
      this.pending.delete(id);
    }
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline).trim();
      this.buffer = this.buffer.slice(newline + 1);
      if (line === '') continue;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        continue; // not protocol traffic
      }
      if (typeof message !== 'object' || message === null) continue;
      const record = message as Record<string, unknown>;
      const id = record['id'];
      if (typeof id !== 'number' || !('result' in record || 'error' in record)) continue;
      const waiter = this.pending.get(id);
      if (waiter === undefined) continue;
      clearTimeout(waiter.timer);
      this.pending.delete(id);
      waiter.resolve(record);
    }
  }

  private send(message: Record<string, unknown>): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  }

  /** Sends a request and waits for its answer; rejects on a JSON-RPC error or after `timeoutMs`. */
  request(method: string, params: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown>> {
    if (this.exited !== undefined) return Promise.reject(new Error(this.exited));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        timer,
        reject,
        resolve: (message) => {
          const error = message['error'];
          if (error !== undefined) reject(new Error(`${method} failed: ${JSON.stringify(error)}`));
          else resolve((message['result'] ?? {}) as Record<string, unknown>);
        },
      });
      this.send({ id, method, params });
    });
  }

  notify(method: string, params: Record<string, unknown> = {}): void {
    this.send({ method, params });
  }

  /** initialize + notifications/initialized. */
  async initialize(timeoutMs: number): Promise<void> {
    await this.request('initialize', { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'codegraph-eval', version: '1' } }, timeoutMs);
    this.notify('notifications/initialized');
  }

  /** tools/call, returning the concatenated text content. */
  async callTool(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<ToolText> {
    const result = await this.request('tools/call', { name, arguments: args }, timeoutMs);
    const content = Array.isArray(result['content']) ? (result['content'] as unknown[]) : [];
    const text = content
      .map((c) => (typeof c === 'object' && c !== null && (c as Record<string, unknown>)['type'] === 'text' ? String((c as Record<string, unknown>)['text'] ?? '') : ''))
      .join('\n');
    return { text, isError: result['isError'] === true };
  }

  /** Stops the server and everything it started (its own process group). */
  async close(): Promise<void> {
    try {
      await this.closeServer();
    } finally {
      this.afterClose?.();
    }
  }

  private async closeServer(): Promise<void> {
    if (this.exited !== undefined && this.child.exitCode !== null) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin.end();
    const pid = this.child.pid;
    const kill = (signal: NodeJS.Signals) => {
      if (pid === undefined) return;
      try {
        process.kill(-pid, signal);
      } catch {
        // already gone
      }
    };
    kill('SIGTERM');
    const timer = setTimeout(() => kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  }
}
