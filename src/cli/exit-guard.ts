/**
 * Ends a finished one-shot command even when Node's own shutdown hangs. Node 20 can deadlock while
 * a process exits (nodejs/node#54918: the main thread waits for a background optimizing compile
 * that waits for the main thread); it was seen about once in 5,000 exits here. No timer inside the
 * process can fire then, so the guard is a tiny shell outside it: it polls the process and ends it
 * when it still lives after the grace period, and leaves as soon as the process is gone.
 */
import { spawn } from 'node:child_process';

/**
 * How long a process may take to exit after its answer is written. A normal exit takes about
 * 30 ms here; a prompt hook should never keep an agent waiting past 2 s.
 */
export const EXIT_GRACE_MS = 2000;
/** The guard's poll interval. */
const POLL_MS = 50;

/**
 * `$1` the pid to watch, `$2` how many polls before it is ended. `kill` and `[` are shell builtins;
 * `sleep` is not: where it cannot run (a PATH without it) the guard leaves instead of counting
 * polls that took no time and ending a process that was about to exit.
 */
const WATCH_SCRIPT = 'n=0; while kill -0 "$1" 2>/dev/null; do n=$((n+1)); if [ "$n" -gt "$2" ]; then kill -9 "$1" 2>/dev/null; exit 0; fi; sleep 0.05 || exit 0; done';

/** The guard's PATH: the system folders first, so `sleep` is found whatever PATH the agent gave. */
const GUARD_PATH = '/usr/bin:/bin';

/**
 * Starts the outside guard of process `pid`; returns the guard's pid, or undefined where there is no
 * POSIX shell (Windows) or it could not start, in which case the process exits as Node lets it.
 */
export function armExitGuard(pid: number = process.pid, graceMs: number = EXIT_GRACE_MS): number | undefined {
  if (process.platform === 'win32') return undefined;
  try {
    const polls = String(Math.max(1, Math.ceil(graceMs / POLL_MS)));
    const path = process.env['PATH'];
    const env = { ...process.env, PATH: path === undefined || path === '' ? GUARD_PATH : `${GUARD_PATH}:${path}` };
    const guard = spawn('/bin/sh', ['-c', WATCH_SCRIPT, 'codegraph-exit-guard', String(pid), polls], { stdio: 'ignore', env });
    guard.on('error', () => {});
    guard.unref();
    return guard.pid;
  } catch {
    return undefined;
  }
}

/**
 * Exits with `code` once everything written to stdout and stderr has left the process, without
 * waiting for the event loop to drain, and with the outside guard armed first.
 */
export function finishOneShot(code: number): void {
  armExitGuard();
  process.exitCode = code;
  let pending = 2;
  const done = (): void => {
    if (--pending === 0) process.exit(code);
  };
  // A write's callback runs after every earlier write to that stream has been handed to the OS.
  process.stdout.write('', done);
  process.stderr.write('', done);
}
