/**
 * Live re-indexing: watches the project tree and, after a quiet spell, syncs the files that
 * changed through one long-lived `IndexSession`. A burst of saves becomes one sync; events inside
 * `.git/`, `.codegraph/` and heavy folders are ignored, except the files that decide what is
 * indexed (`.codegraph/config.json`, `.git/info/exclude`, any `.gitignore`), which make the next
 * sync walk the whole tree again.
 */
import { watch, type FSWatcher } from 'node:fs';
import { LockHeldError } from '../store/index.js';
import { CONFIG_PATH, HEAVY_DIRECTORIES } from './scan/index.js';
import { IndexSession } from './session.js';
import { IndexRemovedError, type SyncReport } from './sync/index.js';

/** Default quiet spell after the last event before syncing. */
export const DEFAULT_DEBOUNCE_MS = 2000;
/** How long to wait before trying again when another writer holds the lock. */
const RETRY_MS = 1000;

/** One thing the watcher did, for display. */
export type WatchEvent =
  | { readonly kind: 'ready'; readonly report: SyncReport }
  | { readonly kind: 'synced'; readonly report: SyncReport; readonly changed: readonly string[] }
  | { readonly kind: 'failed'; readonly error: unknown; readonly changed: readonly string[]; readonly retrying: boolean };

/** Options of `watchProject`. */
export interface WatchOptions {
  readonly root: string;
  readonly debounceMs?: number;
  readonly onEvent: (event: WatchEvent) => void;
  /** Stops watching; the promise resolves once an in-flight sync has finished. */
  readonly signal: AbortSignal;
  readonly workers?: number;
}

const HEAVY = new Set(HEAVY_DIRECTORIES);

/**
 * Whether an event on `relPath` (project-relative, `/`-separated) can matter to the index:
 * anything outside `.git/`, `.codegraph/` and heavy folders, plus the scope files inside them.
 */
export function eventMatters(relPath: string): boolean {
  if (relPath === CONFIG_PATH || relPath === '.git/info/exclude') return true;
  const segments = relPath.split('/');
  const first = segments[0];
  if (first === '.git' || first === '.codegraph') return false;
  return !segments.slice(0, -1).some((s) => HEAVY.has(s)) && !HEAVY.has(segments[segments.length - 1] ?? '');
}

/**
 * Syncs the project once (catching up with edits made while nothing watched), then again after
 * every burst of changes until `signal` aborts. Rejects when the tree cannot be watched, the
 * first sync fails, or the index is deleted meanwhile (`IndexRemovedError`); other failures are
 * reported through `onEvent` and retried on the next change (or shortly, when another writer held
 * the lock).
 */
export async function watchProject(options: WatchOptions): Promise<void> {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const session = await IndexSession.open({
    root: options.root, command: 'codegraph watch', existingOnly: true, ...(options.workers !== undefined ? { workers: options.workers } : {}),
  });
  let watcher: FSWatcher | undefined;
  try {
    if (options.signal.aborted) return;
    const pending = new Set<string>();
    let walkAll = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let watchError: unknown;
    let fatal: IndexRemovedError | undefined;
    let wake: (() => void) | undefined;

    const schedule = (delay: number): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        if (running === undefined) running = runSync().finally(() => (running = undefined));
        else schedule(delay);
      }, delay);
    };
    const runSync = async (): Promise<void> => {
      const changed = [...pending].sort();
      const all = walkAll;
      pending.clear();
      walkAll = false;
      try {
        const report = await session.sync(all ? {} : { changed });
        options.onEvent({ kind: 'synced', report, changed });
      } catch (error) {
        if (error instanceof IndexRemovedError) {
          // Nothing left to keep up to date: stop watching rather than build a new index.
          fatal = error;
          wake?.();
          return;
        }
        const busy = error instanceof LockHeldError;
        options.onEvent({ kind: 'failed', error, changed, retrying: busy });
        if (busy) {
          for (const path of changed) pending.add(path);
          walkAll ||= all;
          schedule(RETRY_MS);
        }
      }
    };

    // Watch before the first sync, so edits made while it runs are not missed.
    watcher = watch(options.root, { recursive: true }, (_event, filename) => {
      if (filename === null) {
        walkAll = true;
      } else {
        const rel = String(filename).split('\\').join('/');
        if (!eventMatters(rel)) return;
        pending.add(rel);
      }
      schedule(debounceMs);
    });
    watcher.on('error', (error) => {
      watchError = error;
      wake?.();
    });

    const report = await session.sync();
    options.onEvent({ kind: 'ready', report });

    await new Promise<void>((resolve) => {
      wake = resolve;
      if (options.signal.aborted || watchError !== undefined || fatal !== undefined) resolve();
      options.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    if (timer !== undefined) clearTimeout(timer);
    await running;
    if (watchError !== undefined) throw watchError;
    if (fatal !== undefined) throw fatal;
  } finally {
    watcher?.close();
    await session.close();
  }
}
