/**
 * Daemon bookkeeping for tests: every daemon a test makes is registered by pid, and
 * `assertNoDaemonLeft` (run in an `after` hook) proves each one has exited, killing and failing
 * for any that has not, so the suite never leaves a codegraph daemon behind.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from '../../src/store/lock.js';

/** Registered daemons by pid, with the project each serves when known. */
const started = new Map<number, string | undefined>();

/** The pid in `root/.codegraph/writer.pid`, or undefined. */
export function daemonPidOf(root: string): number | undefined {
  try {
    const record = JSON.parse(readFileSync(join(root, '.codegraph', 'writer.pid'), 'utf8')) as { pid?: unknown };
    return typeof record.pid === 'number' ? record.pid : undefined;
  } catch {
    return undefined;
  }
}

/** Registers the daemon now serving `root` (waits up to `ms` for its writer.pid); returns its pid. */
export async function trackDaemon(root: string, ms = 10_000): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const pid = daemonPidOf(root);
    if (pid !== undefined && isAlive(pid)) {
      started.set(pid, root);
      return pid;
    }
    if (Date.now() > deadline) throw new Error(`no daemon for ${root} within ${ms} ms`);
    await sleep(25);
  }
}

/** Registers a pid the test started some other way. */
export function trackPid(pid: number, root?: string): void {
  started.set(pid, root);
}

/** Whether the process exists. */
export const isAlive = isProcessAlive;

/** Resolves once `pid` has exited; rejects after `ms`. */
export async function waitForExit(pid: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} still runs after ${ms} ms`);
    await sleep(25);
  }
}

/** Polls `check` until it holds; rejects with `what` after `ms`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(25);
  }
}

/**
 * Fails when any registered daemon still runs `ms` after the call (each such process is killed
 * first, so one failure does not leak into later runs).
 */
export async function assertNoDaemonLeft(ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while ([...started.keys()].some(isAlive) && Date.now() < deadline) await sleep(50);
  const left = [...started].filter(([pid]) => isAlive(pid));
  const described = left.map(([pid, root]) => describeDaemon(pid, root));
  for (const [pid] of left) process.kill(pid, 'SIGKILL');
  started.clear();
  if (left.length > 0) throw new Error(`daemon process(es) left running ${ms} ms after the suite:\n${described.join('\n')}`);
}

/** What a leftover daemon was doing: its process state (Z: exited, not yet reaped) and its log's last lines. */
function describeDaemon(pid: number, root: string | undefined): string {
  let state = 'unknown';
  try {
    state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[0] ?? state;
  } catch {
    // Not Linux, or gone meanwhile.
  }
  const log = root === undefined ? undefined : join(root, '.codegraph', 'daemon.log');
  const tail = log !== undefined && existsSync(log) ? readFileSync(log, 'utf8').trimEnd().split('\n').slice(-8).join('\n    ') : '(no log)';
  return `  pid ${pid} (state ${state}) for ${root ?? 'an unknown project'}:\n    ${tail}`;
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
