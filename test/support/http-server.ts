/**
 * End-to-end HTTP tests start the built CLI as `serve --http` on a free loopback port and stop
 * it by pid. Each server gets its own registry folder (CODEGRAPH_STATE_DIR), so tests never see
 * the developer's servers, and each test can check that nothing it started is left running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CLI_PATH, cliEnv } from './cli.js';

/** A `serve --http` child process. */
export interface SpawnedHttpServer {
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  readonly stderr: () => string;
  /** Sends SIGTERM (SIGKILL after `ms`) and resolves with the exit code. */
  readonly stop: (ms?: number) => Promise<number | null>;
}

/** Starts `serve --http --http-addr 127.0.0.1:0 <args>` and resolves once it listens. */
export function spawnHttpServer(args: readonly string[], options: { cwd?: string; env?: Record<string, string>; stateDir: string }): Promise<SpawnedHttpServer> {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--http', '--http-addr', '127.0.0.1:0', ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: cliEnv({ CODEGRAPH_STATE_DIR: options.stateDir, ...(options.env ?? {}) }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const { exited, stop } = stopperOf(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve --http did not listen within 20 s: ${stderr}`));
    }, 20_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      const match = /serving MCP over streamable HTTP at (\S+) \(pid (\d+)/.exec(stderr);
      if (match?.[1] !== undefined && match[2] !== undefined) {
        clearTimeout(timer);
        resolve({ url: match[1], pid: Number(match[2]), child, stderr: () => stderr, stop });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve --http exited (${String(code)}) before listening: ${stderr}`));
    });
  });
}

/**
 * A child's exit, and how to stop it: SIGTERM, then SIGKILL after `ms`, resolving with the exit
 * code (at once when it has exited already).
 */
export function stopperOf(child: ChildProcess): { readonly exited: Promise<number | null>; readonly stop: (ms?: number) => Promise<number | null> } {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (ms = 10_000): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  return { exited, stop };
}

/** Whether a process with `pid` is still running (a zombie awaiting its parent counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // A zombie has an empty command line; it no longer serves anything.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8') !== '';
  } catch {
    return true;
  }
}
