import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveReferences } from './resolve/index.js';
import type { ResolverFile } from './resolve/index.js';
import { createParsePool, type ParseJob, type ParsePool, type ParseResult } from './parse/pool.js';
import { EXTRACTION_VERSION } from './extract/version.js';
import { languageForPath } from './languages.js';
import { loadConfig, scanProject, type ProjectConfig, type ScanDiagnostic, type ScanResult } from './scan/index.js';
import {
  acquireLock, dependentFileIds, fileIdsImportingStems, fileIdsReferencing, GraphStore, loadDatabase, nameFingerprints,
  readRefs, readRefsForFiles, releaseLock, saveDatabase, SchemaError, SqliteDb,
  subclassFileIds, type DatabaseStamp, type Diagnostic, type StoredFile,
} from '../store/index.js';
import { INDEX_DIR } from '../store/index.js';
import { FILE_NODES_INDEX } from '../store/schema.js';
import type { RefTable } from '../store/columnar.js';
import { ResolverInputs } from './resolver-inputs.js';
import { StoredRows } from './stored-rows.js';

/** A step of indexing, for progress display. */
export type IndexPhase = 'scanning' | 'parsing' | 'resolving' | 'saving';

/** Progress of a run; `done`/`total` count files while parsing. */
export interface IndexProgress {
  readonly phase: IndexPhase;
  readonly done: number;
  readonly total: number;
  readonly symbols: number;
}

/** Options for one indexing run. */
export interface IndexOptions {
  readonly root: string;
  /** `full` rebuilds from nothing; `incremental` re-extracts only what changed. */
  readonly mode: 'full' | 'incremental';
  /** The command name recorded in the writer lock. */
  readonly command: string;
  readonly onProgress?: (progress: IndexProgress) => void;
  readonly signal?: AbortSignal;
  /** Parse workers (default: the available parallelism). */
  readonly workers?: number;
}

/** What one run changed and how long it took. */
export interface SyncReport {
  readonly parsed: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly diagnostics: number;
  readonly databaseBytes: number;
  readonly durationMs: number;
  /** Why a requested incremental run became a full one, if it did. */
  readonly rebuiltBecause?: string;
  /** Milliseconds spent in each phase. */
  readonly phaseMs: Readonly<Record<IndexPhase, number>>;
}

/** What a run did, with the index's totals, for the closing summary. */
export interface IndexSummary extends SyncReport {
  readonly files: number;
  readonly nodes: number;
  readonly edges: number;
  readonly refs: number;
  readonly unresolvedRefs: number;
  readonly filesByLanguage: Readonly<Record<string, number>>;
}

/** A problem the user must fix (bad config, …): shown as a message, never as a stack. */
export class IndexError extends Error {
  override readonly name = 'IndexError';
}

/** The index a long-lived writer keeps up to date was deleted (by `codegraph uninit`, say). */
export class IndexRemovedError extends IndexError {}

/**
 * Parse results stored per transaction. Small on purpose: while the main thread stores a batch it
 * cannot hand workers new files, so a long batch leaves them idle (measured: 200 -> 32 made tokio's
 * init about 4% faster on two cores, django's unchanged).
 */
const BATCH = 32;
/**
 * Most files for which a first index gathers resolution's rows while storing (the JDK has 3,091;
 * the Linux kernel's 57,015 would pass the million-reference limit a fifth of the way through).
 */
const ROWS_MAX_FILES = 20_000;
/** Up to this many files are parsed on the main thread instead of starting the worker pool. */
const IN_PROCESS_MAX = 8;
/** Incremental runs touching at most this many files (or a tenth of the project) re-resolve only what they affect. */
const TARGETED_MIN = 64;
/** The meta key recording which extraction wrote the stored files. */
const EXTRACTION_META = 'extraction_version';

/**
 * Builds or updates `.codegraph/codegraph.db` for `root` under the writer lock: scan, parse in
 * workers, store, resolve every reference again (so the graph after any sequence of edits equals
 * a fresh index of the same tree), then persist atomically.
 */
export async function indexProject(options: IndexOptions): Promise<IndexSummary> {
  const started = performance.now();
  const dir = await prepareIndexDir(options.root);
  const lock = await acquireLock(dir, { command: options.command });
  let pool: ParsePool | undefined;
  try {
    const phases = new PhaseClock(options.onProgress);
    const config = await readConfig(options.root);
    // A full build parses every file: the workers start up (runtime, first grammars) while the
    // tree is walked instead of after.
    pool = options.mode === 'full' ? startPool(options.workers) : undefined;
    // The empty store (its SQLite runtime compiling in the background) is made during the walk too.
    const fresh = options.mode === 'full' ? newStore() : undefined;
    phases.progress({ phase: 'scanning', done: 0, total: 0, symbols: 0 });
    let scan: ScanResult;
    try {
      scan = await scanWith(options.root, config, options.signal);
    } catch (error) {
      (await fresh?.catch(() => undefined))?.close();
      throw error;
    }
    const opened = fresh !== undefined ? { store: await fresh } : await openStored(dir);
    const store = opened.store ?? (await newStore());
    try {
      const applied = await applyScan({ ...options, store, scan, pool, progress: (p) => phases.progress(p) });
      const bytes = needsSave(applied, opened.stamp, store) ? (await saveStore(store, dir, phases)).bytes : (opened.stamp?.size ?? 0);
      phases.stop();
      return summarize(store, applied, bytes, phases, started, opened.rebuiltBecause);
    } finally {
      store.close();
    }
  } finally {
    await pool?.close();
    await releaseLock(lock);
  }
}

function startPool(workers: number | undefined): ParsePool {
  return createParsePool(workers !== undefined ? { size: workers } : {});
}

/** Creates `<root>/.codegraph` with its own `.gitignore`; returns its path. */
export async function prepareIndexDir(root: string): Promise<string> {
  const dir = join(root, INDEX_DIR);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, '.gitignore'), '# codegraph index: derived data, safe to delete\n*\n');
  return dir;
}

/** The project's configuration, or an `IndexError` naming what is wrong with it. */
export async function readConfig(root: string): Promise<ProjectConfig> {
  const result = await loadConfig(root);
  if (result.kind === 'invalid') throw new IndexError(`.codegraph/config.json: ${result.error}`);
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

/** The stored database opened and migrated, or why a full rebuild is needed instead. */
export async function openStored(dir: string): Promise<{ store?: GraphStore; stamp?: DatabaseStamp; rebuiltBecause?: string }> {
  const loaded = await loadDatabase(dir);
  if (loaded === undefined) return { rebuiltBecause: 'no index existed yet' };
  try {
    return { store: GraphStore.open(await SqliteDb.open(loaded.bytes)), stamp: loaded.stamp };
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return { rebuiltBecause: error.message };
  }
}

/** An empty database with the current schema. */
export async function newStore(): Promise<GraphStore> {
  return GraphStore.open(await SqliteDb.open());
}

/**
 * Whether a run's store must be written: it changed, no file holds it yet, or opening it migrated
 * the schema (saved, so that later opens do not migrate it again).
 */
export function needsSave(applied: Applied, saved: DatabaseStamp | undefined, store: GraphStore): boolean {
  return applied.updated || saved === undefined || store.migratedUnsaved;
}

/** Writes the store to `<dir>/codegraph.db` atomically, timed as the saving phase (the caller stops the clock). */
export async function saveStore(store: GraphStore, dir: string, phases: PhaseClock): Promise<{ bytes: number; stamp: DatabaseStamp }> {
  phases.progress({ phase: 'saving', done: 0, total: 0, symbols: 0 });
  const bytes = store.exportBytes();
  const stamp = await saveDatabase(dir, bytes);
  return { bytes: bytes.length, stamp };
}

/** Times each phase of a run while passing progress on. */
export class PhaseClock {
  readonly ms: Record<IndexPhase, number> = { scanning: 0, parsing: 0, resolving: 0, saving: 0 };
  readonly #report: (progress: IndexProgress) => void;
  #phase: IndexPhase | undefined;
  #since = performance.now();

  constructor(report?: (progress: IndexProgress) => void) {
    this.#report = report ?? (() => {});
  }

  progress(p: IndexProgress): void {
    if (p.phase !== this.#phase) {
      this.stop();
      this.#phase = p.phase;
    }
    this.#report(p);
  }

  /** Ends the current phase. */
  stop(): void {
    const now = performance.now();
    if (this.#phase !== undefined) this.ms[this.#phase] += now - this.#since;
    this.#phase = undefined;
    this.#since = now;
  }
}

/** What bringing a store in line with a scan did. */
export interface Applied {
  readonly parsed: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly diagnostics: number;
  /** False when the stored index already matched the tree, so there is nothing to save. */
  readonly updated: boolean;
}

/** Inputs to `applyScan`. */
export interface ApplyInput {
  readonly root: string;
  readonly mode: 'full' | 'incremental';
  readonly store: GraphStore;
  readonly scan: ScanResult;
  readonly progress: (progress: IndexProgress) => void;
  readonly signal?: AbortSignal | undefined;
  readonly workers?: number | undefined;
  /**
   * Parse workers the caller started; closed here once parsing is done (closing twice is
   * harmless). When absent, a pool is started if needed.
   */
  readonly pool?: ParsePool | undefined;
  /** Resolution's whole-project tables kept from an earlier sync of the same store. */
  readonly inputs?: ResolverInputs | undefined;
}

/** What a run changed and how long it took. */
export function syncReport(applied: Applied, databaseBytes: number, phases: PhaseClock, started: number, rebuiltBecause: string | undefined): SyncReport {
  return {
    ...applied,
    databaseBytes,
    durationMs: performance.now() - started,
    ...(rebuiltBecause !== undefined ? { rebuiltBecause } : {}),
    phaseMs: { ...phases.ms },
  };
}

/** The closing summary of a run: its report and the index's totals. */
export function summarize(
  store: GraphStore, applied: Applied, databaseBytes: number, phases: PhaseClock, started: number, rebuiltBecause: string | undefined,
): IndexSummary {
  const report = syncReport(applied, databaseBytes, phases, started, rebuiltBecause);
  const counts = store.counts();
  return {
    ...report,
    files: counts.files,
    nodes: counts.nodes,
    edges: counts.edges,
    refs: counts.refs,
    unresolvedRefs: counts.unresolvedRefs,
    filesByLanguage: counts.filesByLanguage,
  };
}

/**
 * Brings `store` in line with `scan`: re-extracts new and changed files (few on the main thread,
 * many in workers), removes vanished ones, and re-resolves what the change can affect (or
 * everything, for a full run or a large change). Leaves the store unsaved.
 */
export async function applyScan(input: ApplyInput): Promise<Applied> {
  const { store, scan, mode, progress } = input;
  const stored = new Map<string, StoredFile>(store.listFiles().map((f) => [f.path, f]));
  // Stored by an older extraction: every file is re-extracted, unchanged or not.
  const sameExtraction = store.getMeta(EXTRACTION_META) === EXTRACTION_VERSION;
  const jobs: ParseJob[] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  for (const file of scan.files) {
    seen.add(file.path);
    const old = stored.get(file.path);
    if (sameExtraction && old !== undefined && old.size === file.size && Math.trunc(old.mtimeMs) === Math.trunc(file.mtimeMs) && old.language === file.language) {
      unchanged++;
      continue;
    }
    jobs.push({ absPath: join(input.root, file.path), path: file.path, language: file.language });
  }
  const removedPaths = [...stored.keys()].filter((p) => !seen.has(p));
  const scanned = new Map(scan.files.map((f) => [f.path, f]));

  const diagnostics: Diagnostic[] = scan.skipped.map((d: ScanDiagnostic) => ({ path: d.path, reason: d.reason, detail: d.detail }));
  let parsed = 0;
  let symbols = 0;
  // Few changes: keep results until the old graph has told us which other files they affect.
  const targeted = mode === 'incremental' && stored.size > 0 && jobs.length + removedPaths.length <= Math.max(TARGETED_MIN, stored.size / 10);
  const held: ParseResult[] = [];
  let pending: ParseResult[] = [];
  // A first index (never a targeted one: nothing was stored) resolves every reference it stores:
  // gather them on the way instead of reading them back (a session's kept tables are refreshed as
  // usual). Not on a very large tree: there the rows would pass their limit part way through,
  // having cost time and memory for nothing.
  let rows = stored.size === 0 && input.inputs === undefined && jobs.length <= ROWS_MAX_FILES ? new StoredRows() : undefined;
  // Files whose stored rows this run replaces or deletes.
  const rewritten = new Set<number>();
  let touched = 0;
  const flush = (): void => {
    const batch = pending;
    pending = [];
    store.transaction(() => {
      for (const result of batch) {
        const meta = scanned.get(result.path);
        if (meta === undefined) continue;
        if (result.kind !== 'ok') {
          diagnostics.push({ path: result.path, reason: result.kind === 'binary' ? 'binary' : 'parse-failed', detail: result.detail });
          const old = stored.get(result.path);
          if (old !== undefined) rewritten.add(old.id);
          store.removeFile(result.path);
          continue;
        }
        const old = stored.get(result.path);
        if (sameExtraction && old !== undefined && old.sha256 === result.sha256 && old.language === meta.language) {
          store.touchFile(result.path, meta.size, meta.mtimeMs);
          touched++;
          continue;
        }
        if (result.extraction.parseErrors > 0) {
          diagnostics.push({ path: result.path, reason: 'parse-errors', detail: `${result.extraction.parseErrors} syntax error(s); the rest of the file was indexed` });
        }
        const written = store.replaceFile(
          { path: result.path, language: meta.language, size: meta.size, mtimeMs: meta.mtimeMs, sha256: result.sha256 },
          result.extraction,
        );
        rows?.add(written.fileId, written.fileNodeId, written.nodeIds, result.extraction);
        rewritten.add(written.fileId);
      }
    });
  };

  const accept = (result: ParseResult): void => {
    if (targeted) {
      held.push(result);
    } else {
      pending.push(result);
      if (pending.length >= BATCH) flush();
    }
  };
  // Results are stored in job order, not in the order workers finish them, so the same tree
  // always gets the same node ids, and whatever breaks a tie by id answers the same every time.
  const jobIndex = new Map(jobs.map((job, i) => [job.path, i]));
  const early = new Map<number, ParseResult>();
  let nextJob = 0;
  const release = (): void => {
    for (let r = early.get(nextJob); r !== undefined; r = early.get(nextJob)) {
      early.delete(nextJob++);
      accept(r);
    }
  };
  const onResult = (result: ParseResult): void => {
    parsed++;
    if (result.kind === 'ok') symbols += result.extraction.symbols.length;
    const at = jobIndex.get(result.path);
    if (at === undefined || at < nextJob) accept(result);
    else {
      early.set(at, result);
      release();
    }
    progress({ phase: 'parsing', done: parsed, total: jobs.length, symbols });
  };
  // Rewriting most of the index: building the full-text index (and, into an empty store, the
  // b-tree indexes) once at the end beats maintaining them file by file.
  const bulk = !targeted && jobs.length >= Math.max(IN_PROCESS_MAX, stored.size / 2);
  if (bulk) store.deferIndexes();
  progress({ phase: 'parsing', done: 0, total: jobs.length, symbols: 0 });
  let remaining: ParseJob[] = jobs;
  // Loaded on demand: a run that parses in workers never needs the extractors on this thread.
  const inProcess = jobs.length > 0 && jobs.length <= IN_PROCESS_MAX ? await import('./parse/process-job.js') : undefined;
  if (inProcess !== undefined && !inProcess.parserPoisoned()) {
    const { parserPoisoned, processJob } = inProcess;
    // Starting workers costs more than parsing a handful of files here; if a grammar faults,
    // this thread's parser is no longer trusted and the rest goes to fresh workers.
    let i = 0;
    while (i < jobs.length && !parserPoisoned()) {
      input.signal?.throwIfAborted();
      onResult(await processJob(jobs[i++] as ParseJob));
    }
    remaining = jobs.slice(i);
  }
  if (remaining.length > 0) {
    const pool = input.pool ?? startPool(input.workers);
    try {
      await pool.run(remaining, onResult, input.signal);
    } finally {
      if (pool !== input.pool) await pool.close();
    }
  }
  // Parsing is over: the workers' WASM heaps are freed before resolution needs the memory.
  await input.pool?.close();
  flush();
  let affected: OldGraphView | undefined;
  if (targeted) {
    affected = affectedBefore(store, held, stored, removedPaths);
    pending = held;
    flush();
  }
  // Keep diagnostics of unchanged files from earlier runs that the scan did not re-report.
  const previous = mode === 'incremental' ? store.diagnostics() : [];
  if (mode === 'incremental') {
    const fresh = new Set(diagnostics.map((d) => d.path));
    const reparsed = new Set(jobs.map((j) => j.path));
    for (const d of previous) {
      if (!fresh.has(d.path) && scanned.has(d.path) && !reparsed.has(d.path)) diagnostics.push(d);
    }
  }
  store.transaction(() => {
    for (const path of removedPaths) store.removeFile(path);
  });
  // The full-text rebuild merges segments and frees their pages; built now, resolution's edges
  // fill those pages instead of growing the file. Of the b-tree indexes, listing files needs one
  // now; the others are built once resolution's memory is released and its edges are in.
  store.restoreSearch();
  store.restoreIndexes([FILE_NODES_INDEX]);
  for (const path of removedPaths) {
    const old = stored.get(path);
    if (old !== undefined) rewritten.add(old.id);
  }
  const summary = { parsed: jobs.length, unchanged, removed: removedPaths.length, diagnostics: diagnostics.length };
  if (!sameExtraction) store.setMeta(EXTRACTION_META, EXTRACTION_VERSION);
  if (mode === 'incremental' && rewritten.size === 0) {
    // No file's content changed: the resolved graph stands as it is.
    const updated = !sameExtraction || touched > 0 || !sameDiagnostics(previous, diagnostics);
    if (updated) store.setDiagnostics(diagnostics);
    store.restoreIndexes();
    return { ...summary, updated };
  }
  progress({ phase: 'resolving', done: 0, total: 0, symbols });
  resolve(store, input.inputs, rewritten, affected === undefined ? undefined : { before: affected, held, stored, removedPaths }, rows);
  // Resolution's inputs are garbage now, before the indexes are built and the file is saved.
  rows = undefined;
  store.restoreIndexes();
  store.setDiagnostics(diagnostics);
  store.setMeta('indexed_at', new Date().toISOString());
  return { ...summary, updated: true };
}

/** Resolves everything, or only what `targeted` says a small change affects. */
function resolve(
  store: GraphStore, kept: ResolverInputs | undefined, rewritten: ReadonlySet<number>,
  targeted: { before: OldGraphView; held: readonly ParseResult[]; stored: ReadonlyMap<string, StoredFile>; removedPaths: readonly string[] } | undefined,
  rows: StoredRows | undefined,
): void {
  const inputs = kept ?? new ResolverInputs(rows?.pool);
  const gathered = rows?.gathered;
  if (gathered !== undefined) inputs.adopt(store, gathered.symbols);
  else inputs.refresh(store, rewritten);
  const current = store.listFiles();
  if (targeted === undefined) {
    resolveAll(store, inputs, current, gathered?.refs);
    return;
  }
  const { before, held, stored, removedPaths } = targeted;
  // A session keeps which files use which names in memory; a one-shot run scans the references once.
  const referencing = kept !== undefined
    ? (names: readonly string[]) => inputs.filesReferencing(store, names)
    : (names: readonly string[]) => fileIdsReferencing(store, names);
  resolveTargeted(store, inputs, current, affectedAfter(store, current, before, held, stored, removedPaths, referencing));
}

function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  const key = (d: Diagnostic): string => `${d.path}\0${d.reason}\0${d.detail}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.every((k, i) => k === right[i]);
}

/** Re-resolves every stored reference and replaces all resolved edges. */
function resolveAll(store: GraphStore, inputs: ResolverInputs, current: readonly StoredFile[], gathered: RefTable | undefined): void {
  // Only the compact edge table outlives resolution: the references read here and the resolver's
  // own tables are garbage before the edges are written (gathered ones, at most a million, are
  // the caller's until it returns).
  const { edges } = resolveReferences({
    files: resolverFiles(inputs, current), symbols: inputs.symbols(), refs: gathered ?? readRefs(store, inputs.pool),
  });
  store.replaceResolvedEdges(edges);
}

/** Re-resolves only the references of `fileIds` (with every inheritance reference for context). */
function resolveTargeted(store: GraphStore, inputs: ResolverInputs, current: readonly StoredFile[], fileIds: ReadonlySet<number>): void {
  const ids = [...fileIds];
  const result = resolveReferences(
    { files: resolverFiles(inputs, current), symbols: inputs.symbols(), refs: readRefsForFiles(store, ids, inputs.pool) },
    { emitFiles: fileIds },
  );
  store.replaceResolvedEdges(result.edges, ids);
}


/**
 * Files whose references may resolve differently after the held results are written, as far as
 * the OLD graph can tell: the changed and removed files, every file with a resolved edge into
 * them (importers, callers, re-exporters), and every subclass of their types, transitively.
 */
function affectedBefore(store: GraphStore, held: readonly ParseResult[], stored: ReadonlyMap<string, StoredFile>, removed: readonly string[]): OldGraphView {
  const oldIds = changedOldIds(held, stored, removed);
  const files = new Set<number>(oldIds);
  for (const id of dependentFileIds(store, oldIds)) files.add(id);
  for (const id of subclassFileIds(store, oldIds)) files.add(id);
  return { files, fingerprints: nameFingerprints(store, oldIds) };
}

/** What the old graph says before the new extractions replace it. */
interface OldGraphView {
  readonly files: ReadonlySet<number>;
  readonly fingerprints: ReadonlyMap<string, string>;
}

/**
 * Completes the affected set once the new extractions are stored: the new versions of the
 * changed files, every file referencing a name whose definitions changed, and every file whose
 * imports might now resolve to an added file or no longer to a removed one.
 */
function affectedAfter(
  store: GraphStore, current: readonly StoredFile[], before: OldGraphView, held: readonly ParseResult[],
  stored: ReadonlyMap<string, StoredFile>, removed: readonly string[], referencing: (names: readonly string[]) => Set<number>,
): Set<number> {
  const paths = held.map((r) => r.path);
  const byPath = new Map(current.map((f) => [f.path, f.id]));
  const newIds: number[] = [];
  for (const path of paths) {
    const id = byPath.get(path);
    if (id !== undefined) newIds.push(id);
  }
  const oldPrints = before.fingerprints;
  const newPrints = nameFingerprints(store, newIds);
  const changedNames: string[] = [];
  for (const [name, print] of newPrints) if (oldPrints.get(name) !== print) changedNames.push(name);
  for (const name of oldPrints.keys()) if (!newPrints.has(name)) changedNames.push(name);
  const affected = new Set<number>([...before.files, ...newIds]);
  for (const id of referencing(changedNames)) affected.add(id);
  const appeared = paths.filter((p) => !stored.has(p));
  for (const id of fileIdsImportingStems(store, moduleStems([...appeared, ...removed]))) affected.add(id);
  const live = new Set(current.map((f) => f.id));
  for (const id of affected) if (!live.has(id)) affected.delete(id);
  return affected;
}

function changedOldIds(held: readonly ParseResult[], stored: ReadonlyMap<string, StoredFile>, removed: readonly string[]): number[] {
  const ids: number[] = [];
  for (const r of held) {
    const old = stored.get(r.path);
    if (old === undefined) continue;
    if (r.kind === 'ok' && r.sha256 === old.sha256) continue;
    ids.push(old.id);
  }
  for (const path of removed) {
    const old = stored.get(path);
    if (old !== undefined) ids.push(old.id);
  }
  return ids;
}

/** Names an import specifier could use for `paths`: file stems, and folder names for index-like files. */
function moduleStems(paths: readonly string[]): string[] {
  const stems = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    const base = parts[parts.length - 1] ?? '';
    const stem = base.replace(/\.[^.]+$/, '').replace(/\.d$/, '');
    stems.add(stem);
    if (['index', '__init__', 'mod', 'main', 'lib'].includes(stem) && parts.length >= 2) stems.add(parts[parts.length - 2] ?? '');
  }
  stems.delete('');
  return [...stems];
}

function resolverFiles(inputs: ResolverInputs, current: readonly StoredFile[]): ResolverFile[] {
  const files: ResolverFile[] = [];
  for (const f of current) {
    files.push({
      id: f.id,
      nodeId: f.fileNodeId,
      path: f.path,
      language: f.language,
      ...(f.packageName !== null ? { packageName: f.packageName } : {}),
      imports: inputs.importsOf(f.id),
      isTest: f.isTest,
    });
  }
  return files;
}
