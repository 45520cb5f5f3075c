/**
 * A long-lived index writer for one project: keeps the database open in memory between syncs, so
 * an incremental sync after an edit costs the parse, the re-resolution and the save, not a fresh
 * load of the database and a walk of the whole tree. Used by `codegraph watch`.
 *
 * Each sync takes the writer lock only for its own duration, so one-shot `codegraph sync` runs
 * still work beside it; when another writer replaced the database meanwhile, the session reloads
 * it first. A sync that fails leaves the file on disk as it was; the next one walks the whole
 * tree again, and reloads the database if the failure came after the in-memory copy was changed.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { hasChanged, logPastLimit, QUIET_WRITER_LOG_LIMITS, type DatabaseStamp, type GraphStore, type SummaryCounts } from '../store/index.js';
import { isIndexed } from '../project/resolve.js';
import { loadLanguage } from './parse/grammar.js';
import { rehearseEdit } from './rehearse.js';
import { ResolverInputs } from './resolver-inputs.js';
import { prepareBases } from './sync/reresolve.js';
import type { ProjectConfig, ScannedFile, ScanResult } from './scan/index.js';
import { isControlFile } from './scan/index.js';
import {
  applyAndSave, copyOutBetweenReads, indexRemoved, openIndex, PhaseClock, readConfig, saveWholeIndex, scanWith, withWriterLock, type CopyOut, type FoldEvent, type IndexProgress, type SyncReport,
} from './sync/index.js';

/** Options of a session. */
export interface SessionOptions {
  readonly root: string;
  /** The command name recorded in the writer lock during each sync. */
  readonly command: string;
  readonly workers?: number;
  /**
   * Only keep an existing index up to date: when `.codegraph/codegraph.db` is gone, a sync fails
   * with `IndexRemovedError` instead of building a new index.
   */
  readonly existingOnly?: boolean;
  /**
   * A sync resolves once the in-memory index is current; copying its bytes out and writing them
   * follows under the same lock, and later syncs wait for it. A daemon answers a `codegraph sync`
   * that much sooner (60 to 150 ms on django). A write that fails is told to `onWriteFailed`; the
   * session then drops its copy and reloads the file on the next sync. (Reads never wait for a
   * write, with or without this: see `read`.)
   */
  readonly writeBehind?: boolean;
  readonly onWriteFailed?: (error: unknown) => void;
  /** Called after each save is on disk; `whole` when the image was written whole (see `SaveInput.onSaved`). */
  readonly onSaved?: (whole: boolean) => void;
  /**
   * Writes the image whole, once its change log has passed its usual limit, only when no read has
   * come for this long (`fold`), instead of at the save that passed it; saves append meanwhile, up
   * to QUIET_WRITER_LOG_LIMITS times the limit. Unset: the save that passes the limit writes whole.
   */
  readonly compactWhenQuietMs?: number;
  /**
   * Writes the status snapshot of appended saves once saves have paused this long (and at
   * `close`), instead of with each save (`SaveInput.snapshotLater`). Unset: with each save.
   */
  readonly snapshotAfterMs?: number;
  /** Told when `fold` starts writing the image whole, and when that is done or failed; a daemon logs each. */
  readonly onFold?: (event: FoldEvent) => void;
}

/** Options of one sync. */
export interface SessionSyncOptions {
  /**
   * Project-relative paths known to have changed. When every one is an already indexed file that
   * still exists, only those are checked instead of walking the tree; otherwise (or when absent)
   * the whole tree is scanned.
   */
  readonly changed?: readonly string[];
  readonly onProgress?: (progress: IndexProgress) => void;
  readonly signal?: AbortSignal;
  /**
   * Work this sync waits for before it starts (a watch being set up): the sync is queued at once,
   * so reads asked for meanwhile wait for it instead of finding no index loaded. When it
   * rejects, so does the sync.
   */
  readonly after?: Promise<unknown>;
}

/** Files whose change alters what is indexed at all, not just one file's content. */
export function isScopeFile(relPath: string): boolean {
  return isControlFile(relPath) || relPath.endsWith('/.gitignore');
}

/** An open index of one project that stays loaded between incremental syncs. */
export class IndexSession {
  readonly root: string;
  readonly #options: SessionOptions;
  #store: GraphStore | undefined;
  #stamp: DatabaseStamp | undefined;
  #config: ProjectConfig | undefined;
  #scan: ScanResult | undefined;
  #inputs = new ResolverInputs();
  #queue: Promise<unknown> = Promise.resolve();
  /** Reads lent out by `read`; a sync waits for them before it changes the store or copies it out. */
  readonly #reads = new Set<Promise<unknown>>();
  /** What new reads wait for: syncs queued and not yet applied, and a copy or a drop about to run. */
  readonly #holds = new Set<Promise<void>>();
  /** The size of the file the store is (being) saved as, for readers. */
  #savedBytes = 0;
  /** Syncs queued or running. */
  #syncing = 0;
  /** `prepareEdits` was asked for the loaded index. */
  #prepared = false;
  /** When the last read began or ended (`performance.now()`), for `compactWhenQuietMs`. */
  #lastReadAt = 0;
  /** A compaction waits for quiet (`compactWhenQuietMs`). */
  #compacting = false;
  /** The status snapshot of the last appended save, not yet written (`snapshotAfterMs`), and its timer. */
  #snapshot: { readonly stamp: DatabaseStamp; readonly write: () => Promise<void> } | undefined;
  #snapshotTimer: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(options: SessionOptions) {
    this.root = options.root;
    this.#options = options;
  }

  /** A session for a project; nothing is read or written until the first sync. */
  static async open(options: SessionOptions): Promise<IndexSession> {
    return new IndexSession(options);
  }

  /** Brings the index up to date with the tree and saves it; calls run one after another. */
  sync(options: SessionSyncOptions = {}): Promise<SyncReport> {
    this.#syncing += 1;
    // Reads asked for from now on see this sync's result: they wait until it is applied.
    const current = this.#hold();
    let applied: ((report: SyncReport) => void) | undefined;
    const early = this.#options.writeBehind === true ? new Promise<SyncReport>((resolve) => (applied = resolve)) : undefined;
    let answered = false;
    const next = this.#queue.then(async () => {
      await options.after;
      await Promise.allSettled([...this.#reads]);
      const onCurrent = (bytes: number): void => {
        this.#savedBytes = bytes;
        current();
      };
      return this.#sync(options, onCurrent, applied === undefined ? undefined : (report) => {
        answered = true;
        applied?.(report);
      });
    }).finally(() => {
      current();
      this.#syncing -= 1;
    });
    this.#queue = next.catch((error: unknown) => {
      if (answered) this.#options.onWriteFailed?.(error);
    });
    return early === undefined ? next : Promise.race([early, next]);
  }

  async #sync(options: SessionSyncOptions, onCurrent: (bytes: number) => void, onApplied: ((report: SyncReport) => void) | undefined): Promise<SyncReport> {
    if (this.#closed) throw new Error('the index session is closed');
    const started = performance.now();
    if (this.#options.existingOnly === true && !isIndexed(this.root)) {
      this.#drop();
      throw indexRemoved(this.root);
    }
    return withWriterLock(this.root, this.#options.command, async (dir) => {
      const phases = new PhaseClock(options.onProgress);
      phases.progress({ phase: 'scanning', done: 0, total: 0, symbols: 0 });
      // The last scan is trusted again only once this sync succeeds: a failed one may have been
      // told about edits it never stored, and only a walk of the tree finds them again.
      const last = this.#scan;
      this.#scan = undefined;
      // A first sync reads the database file while the tree is walked (see indexProject).
      const [{ store, rebuiltBecause }, scan] = await Promise.all([this.#load(dir), this.#scanFor(last, options.changed, options.signal)]);
      let pendingSnapshot: (() => Promise<void>) | undefined;
      try {
        const saved = await applyAndSave({
          root: this.root, mode: 'incremental', store, scan, signal: options.signal, workers: this.#options.workers, inputs: this.#inputs, onApplied, onSaved: this.#options.onSaved,
          onCurrent, copyOut: this.#copyOut,
          dir, stamp: this.#stamp, phases, started, rebuiltBecause,
          logLimits: this.#options.compactWhenQuietMs === undefined ? 1 : QUIET_WRITER_LOG_LIMITS,
          snapshotLater: this.#options.snapshotAfterMs === undefined ? undefined : (write) => (pendingSnapshot = write),
        });
        this.#stamp = saved.stamp;
        this.#snapshotLater(saved.stamp, pendingSnapshot);
        this.#compactWhenQuiet();
        this.#savedBytes = saved.stamp?.size ?? this.#savedBytes;
        this.#scan = scan;
        return saved.report;
      } catch (error) {
        // The in-memory copy may hold half of this sync; the file on disk is intact.
        await this.#alone(() => this.#drop());
        throw error;
      }
    }, this.#options.existingOnly === true);
  }

  /**
   * The in-memory store, (re)loaded from `dir` when there is none yet or another writer replaced
   * the file meanwhile; a fresh one, and why, when nothing usable is on disk.
   */
  async #load(dir: string): Promise<{ store: GraphStore; rebuiltBecause: string | undefined }> {
    if (this.#store !== undefined && this.#stamp !== undefined && !(await hasChanged(this.#stamp))) return { store: this.#store, rebuiltBecause: undefined };
    this.#drop();
    const opened = await openIndex(dir);
    // A session that only keeps an existing index never builds one anew because its database
    // vanished (a folder being deleted file by file): writing it would put a file back.
    if (this.#options.existingOnly === true && opened.stamp === undefined && !isIndexed(this.root)) {
      opened.store.close();
      throw indexRemoved(this.root);
    }
    this.#store = opened.store;
    this.#stamp = opened.stamp;
    return { store: opened.store, rebuiltBecause: opened.rebuiltBecause };
  }

  /**
   * Readies the loaded index for edits: reads the resolver's tables, resolves the project's class
   * hierarchies, loads the grammars of the indexed languages and rehearses an edit (rehearse.ts),
   * which the first incremental sync would otherwise do (django: 0.75 s against 45 ms for later
   * ones, through the daemon; the Linux kernel: 13 to 17 s). A watch asks for it once it is up and
   * reads pause. Queued behind the syncs asked for so far; it reads its tables a slice at a time,
   * and a read waits for one slice (or the rehearsal) at most. It changes nothing in the index.
   */
  prepareEdits(): Promise<void> {
    if (this.#prepared) return Promise.resolve();
    this.#prepared = true;
    const next = this.#queue.then(async () => {
      const store = this.#store;
      if (store === undefined || this.#closed) {
        this.#prepared = false;
        return;
      }
      // A slice at a time, so a query arriving meanwhile waits for one slice (on the Linux
      // kernel under 100 ms), not for whole tables.
      for (const _ of this.#inputs.prepare(store)) {
        await new Promise((resolve) => setImmediate(resolve));
        if (this.#store !== store || this.#closed) return;
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#store !== store || this.#closed) return;
      prepareBases(store, this.#inputs);
      // A grammar that fails to load is not kept: the sync that needs it tries again and says why.
      for (const id of new Set(this.#inputs.files(store).map((f) => f.language))) await loadLanguage(id).catch(() => undefined);
      await rehearseEdit(this.root, store, this.#inputs, this.#scan?.files ?? [], () => this.#store === store && !this.#closed);
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /**
   * `prepareEdits` once no read has run for `quietMs`, or `latestMs` from now at the latest: a
   * client's first questions after a start are not kept waiting behind its slices, and a steady
   * stream of queries does not put it off until the first edit.
   */
  prepareEditsWhenQuiet(quietMs: number, latestMs: number): void {
    this.#whenQuiet(quietMs, latestMs, () => !this.#prepared, () => void this.prepareEdits().catch(() => undefined));
  }

  /**
   * Writes the loaded index whole when a change log follows its image, so the next process to
   * load it reads one file and replays nothing (a daemon does this before its idle exit). Queued
   * behind the syncs asked for so far; nothing when no store is loaded, no log follows the image,
   * or another writer changed the files meanwhile.
   */
  fold(): Promise<void> {
    const next = this.#queue.then(async () => {
      const store = this.#store;
      const stamp = this.#stamp;
      if (store === undefined || stamp?.log === undefined || this.#closed) return;
      await withWriterLock(this.root, this.#options.command, async (dir) => {
        if (await hasChanged(stamp)) return;
        const started = performance.now();
        this.#options.onFold?.({ phase: 'started', logBytes: stamp.log?.validBytes ?? 0 });
        const saved = await saveWholeIndex(dir, store, this.#copyOut).catch((error: unknown) => {
          this.#options.onFold?.({ phase: 'failed', ms: performance.now() - started, error });
          throw error;
        });
        this.#stamp = saved;
        this.#savedBytes = saved.size;
        this.#options.onSaved?.(true);
        this.#options.onFold?.({ phase: 'written', ms: performance.now() - started });
      }, true);
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Runs `fn` on the loaded store once the syncs queued so far are done; syncs queued meanwhile
   * wait for it. Undefined when no store is loaded (no sync has succeeded yet, or the last failed).
   * `onWait` is told when the read has to wait for a sync first.
   */
  async read<T>(fn: (store: GraphStore, bytes: number) => Promise<T>, onWait?: () => void): Promise<{ readonly value: T } | undefined> {
    this.#lastReadAt = performance.now();
    if (this.#syncing > 0) onWait?.();
    // Every sync queued so far is applied first, and one queued while this waited goes first too;
    // a sync's copy and write need not be waited for (on the Linux kernel, 16 s of a 19 s catch-up).
    while (this.#holds.size > 0) await Promise.allSettled([...this.#holds]);
    const store = this.#store;
    if (store === undefined || this.#closed) return undefined;
    const run = fn(store, this.#savedBytes);
    this.#reads.add(run);
    try {
      return { value: await run };
    } finally {
      this.#reads.delete(run);
      this.#lastReadAt = performance.now();
    }
  }

  /**
   * Keeps the snapshot `write` of the save that gave `stamp` (none: that save wrote its own, or
   * saved nothing) and writes it once saves have paused for `snapshotAfterMs`.
   */
  #snapshotLater(stamp: DatabaseStamp | undefined, write: (() => Promise<void>) | undefined): void {
    const afterMs = this.#options.snapshotAfterMs;
    if (afterMs === undefined || stamp === undefined || stamp === this.#snapshot?.stamp) return;
    this.#snapshot = write === undefined ? undefined : { stamp, write };
    clearTimeout(this.#snapshotTimer);
    if (write === undefined) return;
    this.#snapshotTimer = setTimeout(() => void this.#writeSnapshot().catch(() => undefined), afterMs);
    this.#snapshotTimer.unref();
  }

  /**
   * Writes the kept status snapshot, after the syncs queued so far and under the writer lock, when
   * its save is still the last one and the files on disk are still what that save left.
   */
  #writeSnapshot(): Promise<void> {
    const next = this.#queue.then(async () => {
      const pending = this.#snapshot;
      this.#snapshot = undefined;
      if (pending === undefined || pending.stamp !== this.#stamp || this.#store === undefined) return;
      await withWriterLock(this.root, this.#options.command, async () => {
        if (!(await hasChanged(pending.stamp))) await pending.write();
      }, true);
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /**
   * With `compactWhenQuietMs`, once the saved log is past its usual limit: writes the image whole
   * (`fold`) when no read or sync has run for that long, checking again until then.
   */
  #compactWhenQuiet(): void {
    const quietMs = this.#options.compactWhenQuietMs;
    const due = (): boolean => this.#stamp !== undefined && logPastLimit(this.#stamp);
    if (quietMs === undefined || this.#compacting || !due()) return;
    this.#compacting = true;
    this.#whenQuiet(quietMs, Infinity, due, () => void this.fold().catch(() => undefined), () => (this.#compacting = false));
  }

  /**
   * Runs `run` once no read or sync has run for `quietMs`, or `latestMs` from now at the latest,
   * checking again until then; nothing when the session closes or `wanted` turns false first.
   * `settled` is told when the wait ends either way.
   */
  #whenQuiet(quietMs: number, latestMs: number, wanted: () => boolean, run: () => void, settled?: () => void): void {
    const until = performance.now() + latestMs;
    const check = (): void => {
      if (this.#closed || !wanted()) {
        settled?.();
        return;
      }
      const now = performance.now();
      const busy = this.#reads.size > 0 || this.#syncing > 0;
      const wait = Math.min(until - now, busy ? quietMs : quietMs - (now - this.#lastReadAt));
      if (wait > 0) {
        setTimeout(check, Math.max(1, wait)).unref();
        return;
      }
      settled?.();
      run();
    };
    setTimeout(check, Math.min(quietMs, latestMs)).unref();
  }

  /** Holds new reads back until the returned function is called (more than once is harmless). */
  #hold(): () => void {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    this.#holds.add(held);
    return () => {
      this.#holds.delete(held);
      release();
    };
  }

  /** How a whole save takes the image: in place, or copied a slice at a time with reads lent out running between slices. */
  readonly #copyOut: CopyOut = copyOutBetweenReads((fn) => this.#alone(fn), this.#reads);

  /** Runs `fn` once no read lent out is using the store, holding new reads back until it is done. */
  async #alone<T>(fn: () => T): Promise<T> {
    const release = this.#hold();
    try {
      await Promise.allSettled([...this.#reads]);
      return fn();
    } finally {
      release();
    }
  }

  /** The loaded index's totals (files, symbols, edges, references), or undefined before a sync. */
  totals(): SummaryCounts | undefined {
    return this.#store?.summaryCounts();
  }

  /** Waits for a sync in progress, then frees the in-memory database. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#snapshotTimer);
    await this.#writeSnapshot().catch(() => undefined);
    await this.#queue;
    await this.#alone(() => this.#drop());
  }

  #drop(): void {
    this.#prepared = false;
    this.#store?.close();
    this.#store = undefined;
    this.#stamp = undefined;
    this.#scan = undefined;
    this.#inputs = new ResolverInputs();
  }

  /**
   * The scan to apply: `last` with the changed files' sizes and times refreshed when all of them
   * are indexed regular files still in place, else a walk of the whole tree.
   */
  async #scanFor(last: ScanResult | undefined, changed: readonly string[] | undefined, signal: AbortSignal | undefined): Promise<ScanResult> {
    const config = this.#config;
    if (changed !== undefined && last !== undefined && config !== undefined && !changed.some(isScopeFile)) {
      const refreshed = await refreshFiles(this.root, last, changed, config);
      if (refreshed !== undefined) return refreshed;
    }
    this.#config = await readConfig(this.root);
    return scanWith(this.root, this.#config, signal);
  }
}

/** `last` with `changed` re-stated, or undefined when any of them is not a plain indexed file any more. */
async function refreshFiles(root: string, last: ScanResult, changed: readonly string[], config: ProjectConfig): Promise<ScanResult | undefined> {
  const index = new Map(last.files.map((f, i) => [f.path, i]));
  const files: ScannedFile[] = [...last.files];
  for (const path of new Set(changed)) {
    const i = index.get(path);
    if (i === undefined) return undefined;
    const info = await lstat(join(root, path)).catch(() => undefined);
    const before = files[i];
    if (info === undefined || !info.isFile() || info.size > config.maxFileSize || before === undefined) return undefined;
    files[i] = { ...before, size: info.size, mtimeMs: info.mtimeMs };
  }
  return { ...last, files };
}
