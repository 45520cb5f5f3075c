/**
 * A run's lifecycle around applying a scan, shared by one-shot runs and long-lived sessions: the
 * writer lock over the index folder, the config and the scan, opening the stored database (or a
 * fresh one), and saving it when the run changed it.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languageForPath } from '../languages.js';
import { configErrorMessage, loadConfig, scanProject, type ProjectConfig, type ScanResult } from '../scan/index.js';
import {
  createWithRoom, DEFAULT_MAX_DATABASE_BYTES, acquireLock, CorruptIndexError, GraphStore, hasChanged, INDEX_DIR, keepDamagedDatabase, openSavedDatabase, releaseLock, SchemaError, hasStatusSnapshotFor, writeStatusSnapshot, type DatabaseStamp,
} from '../../store/index.js';
import { applyScan, type Applied, type ApplyInput } from './apply-scan.js';
import { IndexError, IndexRemovedError } from './errors.js';
import type { PhaseClock } from './phase-clock.js';
import { syncReport, type SyncReport } from './report.js';

/**
 * Runs `fn` holding the writer lock of `root`'s index folder; `fn` receives the folder's path. The
 * folder is created first, with its own `.gitignore`, unless `existingOnly`: a long-lived writer
 * only keeps an index that exists, so when the folder is gone (deleted before or during the run)
 * this fails with `IndexRemovedError` and never makes it again. The lock is released however `fn`
 * ends.
 */
export async function withWriterLock<T>(root: string, command: string, fn: (dir: string) => Promise<T>, existingOnly = false): Promise<T> {
  const dir = join(root, INDEX_DIR);
  if (!existingOnly) await prepareIndexDir(dir);
  const lock = await acquireLock(dir, { command }).catch((error: unknown) => {
    throw existingOnly && isMissing(error) ? indexRemoved(root) : error;
  });
  try {
    return await fn(dir);
  } catch (error) {
    throw existingOnly && isMissing(error) && !existsSync(dir) ? indexRemoved(root) : error;
  } finally {
    await releaseLock(lock);
  }
}

/** What a long-lived writer says when the index it keeps is gone. */
export function indexRemoved(root: string): IndexRemovedError {
  return new IndexRemovedError(`the index at ${join(root, INDEX_DIR)} is gone (removed by \`codegraph uninit\`?); run \`codegraph init\` to build it again`);
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === 'ENOENT';
}

/** Creates the index folder `dir` with its own `.gitignore`. */
async function prepareIndexDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, '.gitignore'), '# codegraph index: derived data, safe to delete\n*\n');
}

/** The project's configuration, or an `IndexError` naming what is wrong with it. */
export async function readConfig(root: string): Promise<ProjectConfig> {
  const result = await loadConfig(root);
  if (result.kind === 'invalid') throw new IndexError(configErrorMessage(result));
  return result.config;
}

/** Lists the files to index under `config`. */
export function scanWith(root: string, config: ProjectConfig, signal?: AbortSignal): Promise<ScanResult> {
  return scanProject(root, {
    config,
    languageOf: (path) => languageForPath(path, config.extensions),
    ...(signal !== undefined ? { signal } : {}),
  });
}

/** A store to bring up to date, with the saved file's stamp when it was read from one. */
export interface OpenedIndex {
  readonly store: GraphStore;
  /** Undefined for a fresh store: no file holds it yet. */
  readonly stamp: DatabaseStamp | undefined;
  /** Why the store is a fresh one, when a stored index was asked for but unusable or missing. */
  readonly rebuiltBecause: string | undefined;
}

/**
 * The stored database of `dir` (its image with the change log replayed) opened and migrated, and
 * recording its changes for the next save; or a fresh store saying why the stored one was not used.
 */
export async function openIndex(dir: string): Promise<OpenedIndex> {
  try {
    const opened = await openSavedDatabase(dir);
    if (opened === undefined) return { store: await newStore(), stamp: undefined, rebuiltBecause: 'no index existed yet' };
    const store = GraphStore.open(opened.db, { file: opened.stamp.path });
    if (!store.migratedUnsaved) store.captureChanges();
    return { store, stamp: opened.stamp, rebuiltBecause: undefined };
  } catch (error) {
    if (error instanceof SchemaError) return { store: await newStore(), stamp: undefined, rebuiltBecause: error.message };
    if (!(error instanceof CorruptIndexError)) throw error;
    // A damaged index is kept for inspection under another name and rebuilt from the files.
    const aside = await keepDamagedDatabase(dir);
    return { store: await newStore(), stamp: undefined, rebuiltBecause: `the index was damaged (${error.reason}); it was kept aside as ${aside}` };
  }
}

/** An empty database with the current schema. */
export async function newStore(): Promise<GraphStore> {
  return GraphStore.open(await createWithRoom(NEW_INDEX_ROOM));
}

/**
 * The room a new index grows into in place (`createWithRoom`): the largest image it may save, so
 * it never outgrows it and its save writes the image without a copy (on the Linux kernel a
 * 1.6 GB copy beside the image at the end of `init`). Only the pages written are given memory.
 */
const NEW_INDEX_ROOM = DEFAULT_MAX_DATABASE_BYTES;

/** A run's scan to apply to an opened store, and how to save and report it. */
export interface SaveInput extends Omit<ApplyInput, 'progress'> {
  /** The index folder the store is saved in. */
  readonly dir: string;
  /** The saved file's stamp, when the store was read from one. */
  readonly stamp: DatabaseStamp | undefined;
  readonly phases: PhaseClock;
  /** When the run started (`performance.now()`), for its duration. */
  readonly started: number;
  readonly rebuiltBecause: string | undefined;
  /**
   * Told the report as soon as the store is current, before its bytes are copied out and written
   * (a daemon answers then; the copy and the write follow under the same lock). Its duration then
   * leaves them out.
   */
  readonly onApplied?: ((report: SyncReport) => void) | undefined;
  /**
   * Told as soon as the store is current, with the size its saved file will have; unlike
   * `onApplied`, the report still counts the copy and the write.
   */
  readonly onCurrent?: ((databaseBytes: number) => void) | undefined;
  /** How a whole save takes the image out of the store, when it has to copy it (default: at once). */
  readonly copyOut?: CopyOut | undefined;
  /**
   * Called once a save is on disk, so a long-lived process can release what it used; `whole` when
   * the image was written whole (copied, unless it was written in place), not appended to the log.
   */
  readonly onSaved?: ((whole: boolean) => void) | undefined;
  /** How many times its usual limit the change log may reach before a save writes the image whole (default 1). */
  readonly logLimits?: number | undefined;
  /**
   * Takes the writing of an appended save's status snapshot, to run later (a daemon writes it once
   * saves pause: on the Linux kernel it reads 57,000 file rows and writes 8 MB, 170 to 240 ms that
   * queries would wait behind after every edit). Unset: written before the save counts as done.
   * Until it is written, the snapshot on disk names an older stamp and `status` ignores it.
   */
  readonly snapshotLater?: ((write: () => Promise<void>) => void) | undefined;
}

/**
 * A copy out of the store that lets reads in, where a whole save cannot write the image in place:
 * a session lends the store to reads while it saves, and a whole copy in one call kept them
 * waiting (2.5 to 3 s on the Linux kernel's 1.9 GB index).
 */
export interface CopyOut {
  /** Runs `fn` once no read lent out is using the store, holding new ones back meanwhile. */
  alone<T>(fn: () => T): Promise<T>;
  /** Awaited between two slices of the copy: reads run then. */
  between(): Promise<void>;
}

/** A step of writing an index whole outside a sync (`IndexSession.fold`, a compaction), as a daemon logs it. */
export type FoldEvent =
  | { readonly phase: 'started'; readonly logBytes: number }
  | { readonly phase: 'written'; readonly ms: number }
  | { readonly phase: 'failed'; readonly ms: number; readonly error: unknown };

/**
 * A copy out whose start runs `alone`, and which between two slices lets the reads in `reads`
 * (those lent out, as they come and go) run to their end first: a search waits for one slice
 * (at most 73 ms on the Linux kernel), not for the whole copy.
 */
export function copyOutBetweenReads(alone: CopyOut['alone'], reads: ReadonlySet<Promise<unknown>>): CopyOut {
  return {
    alone,
    between: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      while (reads.size > 0) await Promise.allSettled([...reads]);
    },
  };
}

/**
 * Applies the scan, saves the store if that changed it (or no file holds it yet, or opening it
 * migrated the schema), stops the clock and reports; `stamp` is the saved file's, new or old.
 */
export async function applyAndSave(input: SaveInput): Promise<{ report: SyncReport; stamp: DatabaseStamp | undefined }> {
  const { store, phases } = input;
  const applied = await applyScan({ ...input, progress: (p) => phases.progress(p) });
  const save = needsSave(applied, input.stamp, store);
  if (save) phases.progress({ phase: 'saving', done: 0, total: 0, symbols: 0 });
  const report = (bytes: number): SyncReport => {
    phases.stop();
    return syncReport(applied, bytes, phases, input.started, input.rebuiltBecause);
  };
  // Answered, when asked, before the copy and the write: the size is the page count's, which the copy has.
  const size = input.onApplied === undefined && input.onCurrent === undefined ? 0 : save ? store.exportSize() : (input.stamp?.size ?? 0);
  input.onCurrent?.(size);
  const early = input.onApplied === undefined ? undefined : report(size);
  if (early !== undefined) {
    input.onApplied?.(early);
    // The copy is synchronous (10 to 20 ms on django): yield first, so the answer goes out before it.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const stamp = save ? await saveIndex(input, store) : await keepSnapshot(input.dir, input.stamp, store);
  if (save) input.onSaved?.(stamp?.log === undefined);
  return { report: early ?? report(save && stamp !== undefined ? savedBytes(stamp) : input.stamp?.size ?? 0), stamp };
}

/**
 * Saves the store as the index of `dir`: only what changed, appended to the change log, when the
 * store may append to what `saved` describes; else the image whole. When the append fails (a
 * full disk, another process changed the log) the log is as it was and the image is written
 * whole, which makes that log irrelevant; a failure of that save is the one reported. Writes the
 * status snapshot of the result (an appended one through `snapshotLater` when given); returns its stamp.
 */
async function saveIndex({ dir, stamp: saved, copyOut, logLimits, snapshotLater }: SaveInput, store: GraphStore): Promise<DatabaseStamp> {
  const appended = saved === undefined ? undefined : await store.appendChanges(dir, saved, logLimits).catch(() => undefined);
  if (appended === undefined) return saveWholeIndex(dir, store, copyOut);
  const write = (): Promise<void> => writeStatusSnapshot(dir, appended, store);
  if (snapshotLater === undefined) await write();
  else snapshotLater(write);
  return appended;
}

/**
 * Writes the store's image whole as the index of `dir` (removing any change log) and its status
 * snapshot; returns the new stamp. `copyOut` says how to copy the store out (default: at once).
 */
export async function saveWholeIndex(dir: string, store: GraphStore, copyOut?: SaveInput['copyOut']): Promise<DatabaseStamp> {
  const bytes = copyOut === undefined ? store.exportBytes() : await store.exportInSlices((fn) => copyOut.alone(fn), () => copyOut.between());
  const stamp = await store.saveImage(dir, bytes);
  await writeStatusSnapshot(dir, stamp, store);
  return stamp;
}

/** Bytes on disk of the index `stamp` describes: the image and its change log. */
function savedBytes(stamp: DatabaseStamp): number {
  return stamp.size + (stamp.log?.size ?? 0);
}

/**
 * A run that saved nothing writes a missing status snapshot (an index saved by an older tool),
 * but not when the database is gone or replaced meanwhile (`.codegraph/` being deleted): writing
 * would put a file back into a folder someone is removing. Returns `saved`.
 */
async function keepSnapshot(dir: string, saved: DatabaseStamp | undefined, store: GraphStore): Promise<DatabaseStamp | undefined> {
  if (saved !== undefined && !(await hasStatusSnapshotFor(dir, saved)) && !(await hasChanged(saved))) {
    await writeStatusSnapshot(dir, saved, store);
  }
  return saved;
}

/** Saved, too, when opening migrated the schema: later opens then do not migrate it again. */
function needsSave(applied: Applied, saved: DatabaseStamp | undefined, store: GraphStore): boolean {
  return applied.updated || saved === undefined || store.migratedUnsaved;
}
