/**
 * Live re-indexing: watches the project tree (tree-watch.ts) and, after a quiet spell, syncs the
 * files that changed through one long-lived `IndexSession`. A burst of saves becomes one sync;
 * `.git/`, other projects' `.codegraph/` and heavy folders are not watched and events inside
 * them are ignored, except the files that decide what is indexed (`.codegraph/config.json`,
 * `.git/info/exclude`, `.gitignore`), which make the next sync walk the whole tree again.
 */
import { DEFAULT_INDEX_DIR, INDEX_DIR, LockHeldError } from '../store/index.js';
import { HEAVY_DIRECTORIES, isControlFile, skippedByMarks, ToolOutputFolders } from './scan/index.js';
import { IndexSession } from './session.js';
import { watchTree, type TreeWatch } from './tree-watch.js';
import { IndexRemovedError, type SyncReport } from './sync/index.js';

/**
 * The longest quiet spell waited for before syncing (`CODEGRAPH_WATCH_DEBOUNCE_MS` sets it): what
 * a burst of changes (a checkout, a formatter over many files) waits after its last event.
 */
export const DEFAULT_DEBOUNCE_MS = 2000;

/**
 * How long no query must have run before a watch that is up readies its session's edit path
 * (`prepareEditsWhenQuiet`), and how long it waits at most: on django the readying takes 0.75 s of
 * slices, and a client's first answers from a daemon started cold came 0.52 s after it started
 * without it, 0.76 s with it started at once (one run each); a client's first questions come
 * within the first seconds.
 */
const PREPARE_WHEN_QUIET_MS = 1000;
const PREPARE_AT_THE_LATEST_MS = 5000;

/**
 * The quiet spell after a lone save. An editor's save is a few events within a few milliseconds
 * (write, rename, attribute change), so 150 ms of quiet means the save is over; set by hand.
 */
export const QUIET_MS = 150;

/**
 * How much each further event since the last sync lengthens the quiet spell, up to the ceiling:
 * the more a burst has changed, the surer the wait that it is over. With 10 ms, a save of five
 * events waits 190 ms and a 200-file checkout the whole ceiling; set by hand.
 */
export const QUIET_PER_EVENT_MS = 10;

/** The quiet spell to wait after `events` events since the last sync, capped at `ceilingMs`. */
export function quietSpell(events: number, ceilingMs: number): number {
  return Math.min(ceilingMs, QUIET_MS + QUIET_PER_EVENT_MS * Math.max(0, events - 1));
}
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
  /**
   * A session to sync through (a daemon shares it with on-demand syncs); the caller keeps
   * ownership and closes it. When absent, one is opened and closed here.
   */
  readonly session?: IndexSession;
  /** Receives the loop's control once watching has started (a daemon flushes on request). */
  readonly onControl?: (control: WatchControl) => void;
}

/** What the owner of a watch may ask of it. */
export interface WatchControl {
  /**
   * Syncs the changes seen so far now instead of after the quiet spell, after any sync in
   * flight; resolves with that sync's report, or undefined when nothing was pending.
   */
  flush(): Promise<SyncReport | undefined>;
}

/** Folders whose events never matter by their name alone; those skipped by their marks are judged by the scan. */
const HEAVY = new Set(HEAVY_DIRECTORIES.filter((name) => !skippedByMarks(name)));

/**
 * Whether an event on `relPath` (project-relative, `/`-separated) can matter to the index:
 * anything outside `.git/`, `.codegraph/` and heavy folders, plus the scope files inside them.
 * A folder skipped only by what it holds (`coverage`, `.venv`) is judged by `marked`, as the scan
 * judges it; without it, its events matter and the sync's scan tells.
 */
export function eventMatters(relPath: string, marked?: ToolOutputFolders): boolean {
  if (isControlFile(relPath)) return true;
  const segments = relPath.split('/');
  const first = segments[0];
  if (first === '.git' || first === DEFAULT_INDEX_DIR || first === INDEX_DIR) return false;
  if (segments.some((s) => HEAVY.has(s))) return false;
  return marked === undefined || !marked.within(relPath);
}

/**
 * Directories left unwatched: heavy folders (a `coverage` or `venv` folder, and what lies in it,
 * once it holds a tool's output, as the scan skips it), `.git` (its `info/exclude` is watched on
 * its own) and other projects' index folders; events from them would not matter (see
 * `eventMatters`).
 */
export function unwatchedDirectory(relPath: string, marked: ToolOutputFolders): boolean {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1);
  if (HEAVY.has(name) || name === '.git' || ((name === DEFAULT_INDEX_DIR || name === INDEX_DIR) && relPath !== INDEX_DIR)) return true;
  return marked.within(relPath);
}

/**
 * Syncs the project once (catching up with edits made while nothing watched), then again after
 * every burst of changes until `signal` aborts. Rejects when the tree cannot be watched, the
 * first sync fails, or the index is deleted meanwhile (`IndexRemovedError`); other failures are
 * reported through `onEvent` and retried on the next change (or shortly, when another writer held
 * the lock).
 */
export async function watchProject(options: WatchOptions): Promise<void> {
  const session = options.session ?? await IndexSession.open({
    root: options.root, command: 'codegraph watch', existingOnly: true, ...(options.workers !== undefined ? { workers: options.workers } : {}),
  });
  let watcher: TreeWatch | undefined;
  try {
    if (options.signal.aborted) return;
    const marked = new ToolOutputFolders(options.root);
    const loop = new WatchLoop(session, options, marked);
    // Watch before the first sync runs, so edits made while it runs are not missed; the sync is
    // queued at once, so queries asked for while the watch is set up wait for it.
    const watching = watchTree({
      root: options.root,
      onEvent: (relPath) => loop.onFileEvent(relPath),
      onError: (error) => loop.onWatchError(error),
      skipDirectory: (relPath) => unwatchedDirectory(relPath, marked),
      alsoWatch: ['.git/info'],
    });
    const first = session.sync({ after: watching });
    // Its failure is the watch's, reported by the await below.
    first.catch(() => undefined);
    watcher = await watching;
    options.onControl?.({ flush: () => loop.flush() });
    const report = await first;
    // The edit path is readied once reads pause, in slices reads run between, rather than at the
    // first change: on the Linux kernel that took 13 to 17 s, which the first edit waited for.
    session.prepareEditsWhenQuiet(PREPARE_WHEN_QUIET_MS, PREPARE_AT_THE_LATEST_MS);
    options.onEvent({ kind: 'ready', report });
    await loop.stopped();
  } finally {
    watcher?.close();
    if (options.session === undefined) await session.close();
  }
}

/** The changes seen since the last sync, and the syncs they trigger after a quiet spell, one at a time. */
class WatchLoop {
  readonly #session: IndexSession;
  readonly #options: WatchOptions;
  readonly #debounceMs: number;
  /** The folders skipped by what they hold, judged as events arrive. */
  readonly #marked: ToolOutputFolders;
  /** Project-relative paths changed since the last sync started. */
  readonly #pending = new Set<string>();
  /** An event without a file name: the next sync walks the whole tree. */
  #walkAll = false;
  /** Events since the last sync started (repeats of one path included): they lengthen the quiet spell. */
  #events = 0;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #watchError: unknown;
  #fatal: IndexRemovedError | undefined;
  /** Ends the wait in `stopped` early (a watch error, or the index is gone). */
  #wake: (() => void) | undefined;

  constructor(session: IndexSession, options: WatchOptions, marked: ToolOutputFolders) {
    this.#session = session;
    this.#options = options;
    this.#marked = marked;
    this.#debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  }

  /** Notes one event of the tree's watcher and (re)starts the quiet spell. */
  onFileEvent(filename: string | Buffer | null): void {
    if (filename === null) {
      this.#walkAll = true;
    } else {
      const rel = String(filename).split('\\').join('/');
      if (!eventMatters(rel, this.#marked)) return;
      this.#pending.add(rel);
    }
    this.#events += 1;
    // A lost event (no file name) means the next sync walks everything: wait the whole ceiling.
    this.#schedule(this.#walkAll ? this.#debounceMs : quietSpell(this.#events, this.#debounceMs));
    // A change seen before the watch was up: the session readies its edit path while the debounce runs.
    void this.#session.prepareEdits().catch(() => undefined);
  }

  /** The tree can no longer be watched: stop, and let `stopped` reject with `error`. */
  onWatchError(error: unknown): void {
    this.#watchError = error;
    this.#wake?.();
  }

  /**
   * Resolves once the signal aborts and a sync in flight has finished; rejects with the watch
   * error or the `IndexRemovedError` that stopped watching early.
   */
  async stopped(): Promise<void> {
    const { signal } = this.#options;
    await new Promise<void>((resolve) => {
      this.#wake = resolve;
      if (signal.aborted || this.#watchError !== undefined || this.#fatal !== undefined) resolve();
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    await this.#running;
    if (this.#watchError !== undefined) throw this.#watchError;
    if (this.#fatal !== undefined) throw this.#fatal;
  }

  /** See `WatchControl.flush`. */
  async flush(): Promise<SyncReport | undefined> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
    if (this.#pending.size === 0 && !this.#walkAll) return undefined;
    const run = this.#runSync();
    this.#running = run.then(() => undefined).finally(() => (this.#running = undefined));
    return run;
  }

  /** Syncs after `delay`, or, when a sync is still running then, `delay` after that. */
  #schedule(delay: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#running === undefined) this.#running = this.#runSync().then(() => undefined).finally(() => (this.#running = undefined));
      else this.#schedule(delay);
    }, delay);
  }

  /** The report of the sync, or undefined when it failed (reported through `onEvent`). */
  async #runSync(): Promise<SyncReport | undefined> {
    const changed = [...this.#pending].sort();
    const all = this.#walkAll;
    this.#pending.clear();
    this.#walkAll = false;
    this.#events = 0;
    try {
      const report = await this.#session.sync(all ? {} : { changed });
      this.#options.onEvent({ kind: 'synced', report, changed });
      return report;
    } catch (error) {
      if (error instanceof IndexRemovedError) {
        // Nothing left to keep up to date: stop watching rather than build a new index.
        this.#fatal = error;
        this.#wake?.();
        return undefined;
      }
      const busy = error instanceof LockHeldError;
      this.#options.onEvent({ kind: 'failed', error, changed, retrying: busy });
      if (busy) {
        // Another writer held the lock: try again shortly with the same changes.
        for (const path of changed) this.#pending.add(path);
        this.#walkAll ||= all;
        this.#schedule(RETRY_MS);
      }
      return undefined;
    }
  }
}
