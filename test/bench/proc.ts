/**
 * Child-process helpers for the benchmarks that drive whole programs: run a command and collect
 * its output, and run one under GNU time to read its wall time and peak resident set size.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a finished command left behind. */
export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export interface RunOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Kills the whole process group after this many milliseconds. */
  readonly timeoutMs?: number;
  /** Mirrors the child's stderr to ours as it arrives (long installs). */
  readonly echo?: boolean;
}

/** Keeps at most this many characters of each stream, the tail being the useful part. */
const KEEP_CHARS = 1 << 20;

/** Runs `command args` with no standard input; never throws for a non-zero exit. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a time-out ends the tool and every helper process it started.
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout = (stdout + chunk).slice(-KEEP_CHARS);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-KEEP_CHARS);
      if (options.echo === true) process.stderr.write(chunk);
    });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            if (child.pid !== undefined) {
              try {
                process.kill(-child.pid, 'SIGKILL');
              } catch {
                // already gone
              }
            }
          }, options.timeoutMs);
    child.on('error', (error) => {
      if (timer !== undefined) clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      if (timer !== undefined) clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/** Runs a command and throws with its last output lines when it fails. */
export async function runChecked(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${describeExit(result)}): ${tail(result.stderr || result.stdout)}`);
  }
  return result;
}

/** "exit 2", "signal SIGKILL" or "timed out". */
export function describeExit(result: RunResult): string {
  if (result.timedOut) return 'timed out';
  if (result.signal !== null) return `signal ${result.signal}`;
  return `exit ${result.code ?? '?'}`;
}

/** The last few lines of some output, on one line. */
export function tail(text: string, lines = 3): string {
  return text.trim().split('\n').slice(-lines).join(' | ');
}

/** One measured run: wall seconds and peak RSS in bytes as GNU time saw them. */
export interface TimedRun {
  readonly result: RunResult;
  readonly wallSeconds: number;
  readonly peakRssBytes: number;
}

/**
 * Runs a command under GNU time (`-f '%e %M'`, written to a side file so the tool's own stderr
 * stays untouched). %M is the largest resident set among the process and the children it waited
 * for, in KiB.
 */
export async function timedRun(timeBinary: string, command: string, args: readonly string[], options: RunOptions = {}): Promise<TimedRun> {
  const scratch = await mkdtemp(join(tmpdir(), 'codegraph-bench-time-'));
  const out = join(scratch, 'time.txt');
  const started = performance.now();
  try {
    const result = await run(timeBinary, ['-f', '%e %M', '-o', out, command, ...args], options);
    const elapsed = (performance.now() - started) / 1000;
    let wallSeconds = elapsed;
    let peakRssBytes = Number.NaN;
    try {
      // GNU time prefixes "Command exited with non-zero status N" on failure: take the last line.
      const last = (await readFile(out, 'utf8')).trim().split('\n').at(-1) ?? '';
      const [wall, rss] = last.split(' ');
      if (wall !== undefined && Number.isFinite(Number(wall))) wallSeconds = Number(wall);
      if (rss !== undefined && Number.isFinite(Number(rss))) peakRssBytes = Number(rss) * 1024;
    } catch {
      // killed before time wrote anything: keep our own clock
    }
    return { result, wallSeconds, peakRssBytes };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
