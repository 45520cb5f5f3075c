/**
 * A raw newline-framed client for the built CLI: spawns `codegraph serve --mcp`, writes bytes to
 * its stdin with back-pressure, and records every stdout line and all of stderr. No MCP logic
 * lives here, so tests built on it check the server's own bytes.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { cliEnv, serveArgs, withoutVariables } from './cli.js';
import { withTimeout } from './timeout.js';

/** How to start the server. */
export interface LineServerOptions {
  /** Passed as --path when given. */
  readonly path?: string;
  readonly cwd?: string;
  /** Added to the environment (CODEGRAPH_* variables of the test process are dropped). */
  readonly env?: Readonly<Record<string, string>>;
  /** Variables of the test process left out of the environment (a bench's plain Node start). */
  readonly unset?: readonly string[];
  /** The CLI entry point to run, when not the built one (a copy of the installation). */
  readonly cliPath?: string;
}

/** How the process ended. */
export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** One stdout line: its text and, when it is JSON, the parsed value. */
export interface OutputLine {
  readonly text: string;
  readonly json: unknown;
  readonly isJson: boolean;
}

type Waiter = () => void;

/** A spawned server process with a line-oriented view of its stdout. */
export class LineServer {
  readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  /** Every complete stdout line, in order, without its `\n`. */
  readonly lines: OutputLine[] = [];
  /** Raw stdout bytes, exactly as written by the server. */
  readonly stdoutChunks: Buffer[] = [];
  readonly exited: Promise<Exit>;
  #stderr = '';
  #partial: Buffer = Buffer.alloc(0);
  #exit: Exit | undefined;
  readonly #waiters = new Set<Waiter>();
  readonly #decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(options: LineServerOptions = {}) {
    this.child = spawn(process.execPath, serveArgs(options.path, options.cliPath), {
      cwd: options.cwd ?? process.cwd(),
      env: withoutVariables(cliEnv(options.env), options.unset ?? []),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // A server that dies mid-write must fail the test through its exit code, not crash the runner.
    this.child.stdin.on('error', () => undefined);
    this.child.stdout.on('data', (chunk: Buffer) => this.#onStdout(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (text: string) => {
      this.#stderr += text;
      this.#notify();
    });
    this.exited = new Promise<Exit>((resolve) => {
      this.child.once('close', (code, signal) => {
        this.#exit = { code, signal };
        this.#notify();
        resolve(this.#exit);
      });
    });
  }

  /** Everything the server wrote to stderr so far. */
  get stderr(): string {
    return this.#stderr;
  }

  /** All stdout bytes so far. */
  get stdout(): Buffer {
    return Buffer.concat(this.stdoutChunks);
  }

  /** The exit status once the process has ended, else undefined. */
  get exit(): Exit | undefined {
    return this.#exit;
  }

  /** Writes bytes; waits for 'drain' when the pipe is full. Rejects if the process has ended. */
  async write(data: string | Uint8Array): Promise<void> {
    if (this.#exit !== undefined) throw new Error(`server exited (${JSON.stringify(this.#exit)}) before a write`);
    if (this.child.stdin.write(data)) return;
    await Promise.race([
      new Promise<void>((resolve) => this.child.stdin.once('drain', () => resolve())),
      this.exited.then((exit) => {
        throw new Error(`server exited (${JSON.stringify(exit)}) while a write waited for drain`);
      }),
    ]);
  }

  /** Writes one message as a JSON line. */
  send(message: unknown): Promise<void> {
    return this.write(`${JSON.stringify(message)}\n`);
  }

  /** Closes the server's stdin (end of input). */
  endInput(): void {
    this.child.stdin.end();
  }

  /** The first JSON line so far (or arriving within `ms`) that satisfies `match`. */
  async waitFor(match: (message: Record<string, unknown>) => boolean, ms: number, what: string): Promise<Record<string, unknown>> {
    const find = (): Record<string, unknown> | undefined => {
      for (const line of this.lines) {
        const json = line.json;
        if (line.isJson && json !== null && typeof json === 'object' && !Array.isArray(json) && match(json as Record<string, unknown>)) {
          return json as Record<string, unknown>;
        }
      }
      return undefined;
    };
    let waiter: Waiter | undefined;
    const found = new Promise<Record<string, unknown>>((resolve, reject) => {
      waiter = (): void => {
        const hit = find();
        if (hit !== undefined) resolve(hit);
        else if (this.#exit !== undefined) reject(new Error(`server exited (${JSON.stringify(this.#exit)}) before ${what}; stderr: ${this.#stderr}`));
      };
      this.#waiters.add(waiter);
      waiter();
    });
    try {
      return await withTimeout(found, ms, what);
    } finally {
      if (waiter !== undefined) this.#waiters.delete(waiter);
    }
  }

  /** Waits for the response carrying `id`. */
  response(id: string | number, ms = 5_000): Promise<Record<string, unknown>> {
    return this.waitFor((m) => m['id'] === id && !('method' in m), ms, `response to id ${JSON.stringify(id)}`);
  }

  /** Waits until stderr matches `pattern`; returns all of stderr at that point. */
  async waitForStderr(pattern: RegExp, ms: number): Promise<string> {
    let waiter: Waiter | undefined;
    const matched = new Promise<string>((resolve, reject) => {
      waiter = (): void => {
        if (pattern.test(this.#stderr)) resolve(this.#stderr);
        else if (this.#exit !== undefined) reject(new Error(`server exited before stderr matched ${String(pattern)}; stderr: ${this.#stderr}`));
      };
      this.#waiters.add(waiter);
      waiter();
    });
    try {
      return await withTimeout(matched, ms, `stderr matching ${String(pattern)}`);
    } finally {
      if (waiter !== undefined) this.#waiters.delete(waiter);
    }
  }

  /** Waits for the process to end. */
  waitForExit(ms: number): Promise<Exit> {
    return withTimeout(this.exited, ms, 'server exit').catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; stderr ends: ${this.stderr.slice(-2_000)}`);
    });
  }

  /** Kills the process if it is still running and waits for it to end; safe to call twice. */
  async close(): Promise<void> {
    if (this.#exit === undefined) {
      this.child.stdin.destroy();
      this.child.kill('SIGKILL');
      await withTimeout(this.exited, 5_000, 'killed server exit');
    }
  }

  #onStdout(chunk: Buffer): void {
    this.stdoutChunks.push(chunk);
    let data = this.#partial.length > 0 ? Buffer.concat([this.#partial, chunk]) : chunk;
    let newline = data.indexOf(0x0a);
    while (newline !== -1) {
      this.lines.push(this.#line(data.subarray(0, newline)));
      data = data.subarray(newline + 1);
      newline = data.indexOf(0x0a);
    }
    this.#partial = Buffer.from(data);
    this.#notify();
  }

  #line(bytes: Buffer): OutputLine {
    let text: string;
    try {
      text = this.#decoder.decode(bytes);
    } catch {
      return { text: bytes.toString('latin1'), json: undefined, isJson: false };
    }
    try {
      return { text, json: JSON.parse(text) as unknown, isJson: true };
    } catch {
      return { text, json: undefined, isJson: false };
    }
  }

  #notify(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}
