import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The CLI as the package ships it, found relative to this compiled file (dist/conformance/ -> dist/bundle/). */
export const CLI_PATH = fileURLToPath(new URL('../bundle/main.js', import.meta.url));

/** Options for starting the server under test. */
export interface StartOptions {
  readonly args?: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * A minimal newline-delimited JSON-RPC client over a real child process, so the contract is
 * checked against the bytes the server actually writes, not against in-process objects.
 */
export class LineClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<string | number, (message: Record<string, unknown>) => void>();
  private buffer = '';
  private nextId = 1;
  /** Every stdout line that was not valid JSON (must stay empty). */
  readonly strayLines: string[] = [];
  /** Everything written to stderr. */
  stderr = '';
  private readonly exited: Promise<number | null>;

  constructor(options: StartOptions = {}) {
    this.child = spawn(process.execPath, [CLI_PATH, 'serve', '--mcp', ...(options.args ?? [])], {
      cwd: options.cwd ?? process.cwd(),
      env: { ...stripCodegraphEnv(process.env), ...(options.env ?? {}) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onData(chunk));
    this.child.stderr.on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /** Sends a request and resolves with its response (rejects after `timeoutMs`). */
  request(method: string, params?: unknown, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (params !== undefined) message['params'] = params;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`no response to ${method} (id ${id}) within ${timeoutMs} ms; stderr: ${this.stderr}`));
      }, timeoutMs);
      this.waiting.set(id, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      this.child.stdin.write(`${JSON.stringify(message)}\n`);
    });
  }

  /** Sends a notification (no response expected). */
  notify(method: string, params?: unknown): void {
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) message['params'] = params;
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** Performs the legacy handshake for `revision`. */
  async initialize(revision: string): Promise<Record<string, unknown>> {
    const response = await this.request('initialize', {
      protocolVersion: revision,
      capabilities: {},
      clientInfo: { name: 'codegraph-conformance', version: '1' },
    });
    this.notify('notifications/initialized');
    return response;
  }

  /** Ends stdin and waits for the process to exit; returns its exit code. */
  async close(timeoutMs = 10_000): Promise<number | null> {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      newline = this.buffer.indexOf('\n');
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        this.strayLines.push(line);
        continue;
      }
      if (parsed !== null && typeof parsed === 'object' && 'id' in parsed) {
        const id = (parsed as { id: unknown }).id;
        const waiter = typeof id === 'string' || typeof id === 'number' ? this.waiting.get(id) : undefined;
        if (waiter !== undefined) {
          this.waiting.delete(id as string | number);
          waiter(parsed as Record<string, unknown>);
        }
      }
    }
  }
}

/** The parent's environment without variables that would change the server's listing. */
function stripCodegraphEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !k.startsWith('CODEGRAPH_')) out[k] = v;
  return out;
}
