/**
 * One-file edits synced by a running `codegraph watch` (debounce 0): for each edit, the sync's own
 * time as the watcher reports it, and the wall time from writing the file to the `synced` event
 * (adding the file-system notification and the process's event loop). The one-shot `sync` in
 * index-bench.ts pays process start and the database load on top; this is the long-lived path.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** What the watch measurement found. */
export interface WatchSeries {
  /** The sync's own duration per edit (durationMs of each `synced` event). */
  readonly syncMs: number[];
  /** From the file write to the `synced` event, per edit. */
  readonly editToSyncedMs: number[];
  readonly failures: string[];
}

/**
 * Starts `cli watch dir --json`, waits for it to be ready, then `runs` times writes `edited` as
 * `original + snippet(i)` and waits for the matching `synced` event. Restores the file at the end.
 */
export async function measureWatch(cli: string, dir: string, edited: string, snippet: (tag: string) => string, runs: number, timeoutMs: number): Promise<WatchSeries> {
  const series: WatchSeries = { syncMs: [], editToSyncedMs: [], failures: [] };
  const target = join(dir, edited);
  const original = await readFile(target, 'utf8');
  const child = spawn(process.execPath, [cli, 'watch', dir, '--json'], {
    cwd: dir,
    env: { ...process.env, CODEGRAPH_WATCH_DEBOUNCE_MS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const waiting: ((event: Record<string, unknown>) => void)[] = [];
  const queued: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const event = JSON.parse(line) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter !== undefined) waiter(event);
    else queued.push(event);
  });
  const nextEvent = (): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const ready = queued.shift();
      if (ready !== undefined) return resolve(ready);
      const timer = setTimeout(() => reject(new Error(`no watch event within ${timeoutMs} ms: ${stderr.slice(-400)}`)), timeoutMs);
      waiting.push((event) => {
        clearTimeout(timer);
        resolve(event);
      });
    });
  try {
    const ready = await nextEvent();
    if (ready['event'] !== 'ready') throw new Error(`watch did not start: ${JSON.stringify(ready)}`);
    for (let i = 1; i <= runs; i++) {
      const started = performance.now();
      await writeFile(target, original + snippet(`w${i}`));
      for (;;) {
        const event = await nextEvent();
        if (event['event'] === 'failed') {
          series.failures.push(String(event['error']));
          break;
        }
        if (event['event'] === 'synced' && Array.isArray(event['changed']) && event['changed'].includes(edited) && event['parsed'] === 1) {
          series.editToSyncedMs.push(performance.now() - started);
          series.syncMs.push(Number(event['durationMs']));
          break;
        }
      }
    }
  } catch (error) {
    series.failures.push(error instanceof Error ? error.message : String(error));
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    await writeFile(target, original);
  }
  return series;
}
