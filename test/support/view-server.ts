/** End-to-end view tests start the built CLI as `codegraph view` on a free loopback port and stop it by pid. */
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI_PATH, cliEnv } from './cli.js';
import { stopperOf } from './http-server.js';

/** A `codegraph view` child process. */
export interface SpawnedView {
  /** The page's URL, as the command printed it. */
  readonly url: string;
  /** `http://HOST:PORT`, for requests of the test's own. */
  readonly origin: string;
  readonly pid: number;
  readonly child: ChildProcess;
  readonly stderr: () => string;
  /** Sends SIGTERM (SIGKILL after `ms`) and resolves with the exit code. */
  readonly stop: (ms?: number) => Promise<number | null>;
}

/** Starts `codegraph view --path root --http-addr 127.0.0.1:0 <args>` and resolves once it printed its URL. */
export function spawnView(root: string, args: readonly string[] = [], env: Record<string, string> = {}): Promise<SpawnedView> {
  const child = spawn(process.execPath, [CLI_PATH, 'view', '--path', root, '--http-addr', '127.0.0.1:0', ...args], {
    cwd: root, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const { exited, stop } = stopperOf(child);
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`codegraph view did not print its URL within 20 s: ${stderr}`));
    }, 20_000);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      stdout += chunk;
      const url = /^(http:\/\/\S+\/view\/)$/m.exec(stdout)?.[1];
      if (url !== undefined && child.pid !== undefined) {
        clearTimeout(timer);
        resolve({ url, origin: new URL(url).origin, pid: child.pid, child, stderr: () => stderr, stop });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`codegraph view exited (${String(code)}) before listening: ${stderr}`));
    });
  });
}
