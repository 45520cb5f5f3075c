import type { SyncReport } from '../index/sync/index.js';
import { DEFAULT_DEBOUNCE_MS, watchProject, type WatchEvent } from '../index/watch.js';
import { indexedRoot, type IndexCommandOptions } from './index-commands.js';
import { UsageError } from './usage.js';

/** The environment variable that sets the quiet spell before a sync, in milliseconds. */
export const DEBOUNCE_ENV = 'CODEGRAPH_WATCH_DEBOUNCE_MS';

/**
 * `codegraph watch [path]`: keeps an existing index up to date while files change, until
 * interrupted. Text lines go to stderr (none with --quiet); with --json, one JSON object per
 * event goes to stdout.
 */
export async function runWatch(options: IndexCommandOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const root = indexedRoot(options);
  const debounceMs = debounceFrom(env);
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const say = (line: string): void => {
    if (!options.quiet && !options.json) process.stderr.write(`${line}\n`);
  };
  try {
    await watchProject({
      root,
      debounceMs,
      signal: controller.signal,
      onEvent: (event) => {
        if (options.json) process.stdout.write(`${JSON.stringify(eventJson(root, event))}\n`);
        else say(eventText(root, event, debounceMs));
      },
    });
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  say('codegraph: stopped watching');
  return 0;
}

/** The debounce from the environment, or the default; a malformed value is a usage error. */
export function debounceFrom(env: NodeJS.ProcessEnv): number {
  const raw = env[DEBOUNCE_ENV];
  if (raw === undefined || raw.trim() === '') return DEFAULT_DEBOUNCE_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 600_000) {
    throw new UsageError(`${DEBOUNCE_ENV} must be a whole number of milliseconds from 0 to 600000, got "${raw}"`);
  }
  return value;
}

/** One event as a line of text. */
export function eventText(root: string, event: WatchEvent, debounceMs: number): string {
  switch (event.kind) {
    case 'ready':
      return `codegraph: watching ${root} (${event.report.parsed + event.report.unchanged} files; ${describe(event.report)} to catch up). ` +
        `Changes sync after ${debounceMs} ms of quiet; Ctrl-C stops.`;
    case 'synced':
      return `codegraph: ${event.report.parsed === 0 && event.report.removed === 0 ? 'nothing to re-index' : describe(event.report)}`;
    case 'failed': {
      const message = event.error instanceof Error ? event.error.message : String(event.error);
      return `codegraph: sync failed: ${message}${event.retrying ? ' (trying again shortly)' : ' (the saved index is unchanged; the next change tries again)'}`;
    }
  }
}

function describe(report: SyncReport): string {
  const phases = report.phaseMs;
  return `re-indexed ${report.parsed} file${report.parsed === 1 ? '' : 's'}${report.removed > 0 ? `, removed ${report.removed}` : ''} in ${Math.round(report.durationMs)} ms ` +
    `(scan ${Math.round(phases.scanning)}, parse ${Math.round(phases.parsing)}, resolve ${Math.round(phases.resolving)}, save ${Math.round(phases.saving)})`;
}

/** One event as a JSON object. */
export function eventJson(root: string, event: WatchEvent): Record<string, unknown> {
  switch (event.kind) {
    case 'ready':
      return { event: 'ready', root, ...event.report };
    case 'synced':
      return { event: 'synced', root, changed: event.changed, ...event.report };
    case 'failed':
      return { event: 'failed', root, changed: event.changed, retrying: event.retrying, error: event.error instanceof Error ? event.error.message : String(event.error) };
  }
}
