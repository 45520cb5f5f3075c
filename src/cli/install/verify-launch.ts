/**
 * Starts a written command once before install reports success: the server must answer an MCP
 * `initialize`, the prompt hook must run a dry prompt and exit 0. Each runs outside any project
 * (in an empty folder of its own under the OS temp folder, removed after) and without a daemon,
 * and is ended by its pid.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LaunchCommand } from '../../launch.js';

/** The outcome of one start. */
export type LaunchCheck = { readonly ok: true; readonly ms: number } | { readonly ok: false; readonly reason: string };

/** How long a start may take: npx may first download the package (measured 4-9 s on a cold cache). */
export const VERIFY_TIMEOUT_MS = 60_000;

const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'codegraph-install-check', version: '1' } } })}\n`;

/** Starts `launch serve --mcp` and waits for its answer to `initialize`. */
export function checkServer(launch: LaunchCommand, args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs = VERIFY_TIMEOUT_MS): Promise<LaunchCheck> {
  const started = Date.now();
  return new Promise((done) => {
    let settled = false;
    let out = '';
    let err = '';
    const cwd = emptyFolder();
    const child = spawn(launch.command, [...launch.args, ...args], { cwd, env: checkEnv(env), stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const finish = (check: LaunchCheck): void => {
      if (settled) return;
      settled = true;
      rmSync(cwd, { recursive: true, force: true });
      clearTimeout(timer);
      if (child.pid !== undefined && child.exitCode === null) child.kill('SIGKILL');
      done(check);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: `no answer to initialize within ${timeoutMs / 1000} s${tail(err)}` }), timeoutMs);
    child.on('error', (error) => finish({ ok: false, reason: `${launch.command} could not be started (${error.message})` }));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.includes('"id":1'));
      if (line === undefined) return;
      finish(/"result"\s*:/.test(line) ? { ok: true, ms: Date.now() - started } : { ok: false, reason: `initialize was refused: ${line.slice(0, 200)}` });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-4000);
    });
    child.on('exit', (code, signal) => finish({ ok: false, reason: `it exited (${signal ?? `code ${String(code)}`}) before answering${tail(err)}` }));
    child.stdin.on('error', () => undefined);
    child.stdin.write(INITIALIZE);
  });
}

/** Runs the hook's shell command with an empty prompt and expects exit 0. */
export function checkHook(command: string, env: NodeJS.ProcessEnv, timeoutMs = VERIFY_TIMEOUT_MS): Promise<LaunchCheck> {
  const started = Date.now();
  return new Promise((done) => {
    let settled = false;
    let err = '';
    const cwd = emptyFolder();
    const child = spawn(command, { cwd, env: checkEnv(env), shell: true, stdio: ['pipe', 'ignore', 'pipe'], windowsHide: true });
    const finish = (check: LaunchCheck): void => {
      if (settled) return;
      settled = true;
      rmSync(cwd, { recursive: true, force: true });
      clearTimeout(timer);
      if (child.pid !== undefined && child.exitCode === null) child.kill('SIGKILL');
      done(check);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: `it did not finish within ${timeoutMs / 1000} s` }), timeoutMs);
    child.on('error', (error) => finish({ ok: false, reason: `it could not be started (${error.message})` }));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-4000);
    });
    child.on('exit', (code, signal) => finish(code === 0 ? { ok: true, ms: Date.now() - started } : { ok: false, reason: `it exited (${signal ?? `code ${String(code)}`})${tail(err)}` }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${JSON.stringify({ prompt: '', cwd, hook_event_name: 'UserPromptSubmit' })}\n`);
  });
}

function emptyFolder(): string {
  return mkdtempSync(join(tmpdir(), 'codegraph-install-check-'));
}

/** The agent's environment for a check: no daemon is started and nothing is synced. */
function checkEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, CODEGRAPH_NO_DAEMON: '1' };
}

function tail(stderr: string): string {
  const last = stderr.trim().split('\n').slice(-2).join(' / ');
  return last === '' ? '' : `: ${last.slice(0, 300)}`;
}
