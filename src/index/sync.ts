import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveReferences } from './resolve/index.js';
import type { ResolvedEdge as ResolvedEdgeOut, ResolverFile } from './resolve/index.js';
import { createParsePool, type ParseJob, type ParseResult } from './parse/pool.js';
import { parserPoisoned, processJob } from './parse/process-job.js';
import { languageForPath } from './languages.js';
import { loadConfig, scanProject, type ScanDiagnostic } from './scan/index.js';
import {
  acquireLock, dependentFileIds, fileIdsImportingStems, fileIdsReferencing, GraphStore, loadDatabase, nameFingerprints,
  readImportsByFile, readRefs, readRefsForFiles, readSymbols, releaseLock, saveDatabase, SchemaError, SqliteDb,
  subclassFileIds, touchFile, type Diagnostic, type StoredFile,
} from '../store/index.js';
import { INDEX_DIR } from '../project/resolve.js';

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

/** What a run did, for the closing summary. */
export interface IndexSummary {
  readonly files: number;
  readonly parsed: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly nodes: number;
  readonly edges: number;
  readonly refs: number;
  readonly unresolvedRefs: number;
  readonly filesByLanguage: Readonly<Record<string, number>>;
  readonly diagnostics: number;
  readonly databaseBytes: number;
  readonly durationMs: number;
  /** Why a requested incremental run became a full one, if it did. */
  readonly rebuiltBecause?: string;
  /** Milliseconds spent in each phase. */
  readonly phaseMs: Readonly<Record<IndexPhase, number>>;
}

/** A problem the user must fix (bad config, …): shown as a message, never as a stack. */
export class IndexError extends Error {
  override readonly name = 'IndexError';
}

const BATCH = 200;
/** Up to this many files are parsed on the main thread instead of starting the worker pool. */
const IN_PROCESS_MAX = 8;
/** Incremental runs touching at most this many files (or a tenth of the project) re-resolve only what they affect. */
const TARGETED_MIN = 64;

/**
 * Builds or updates `.codegraph/codegraph.db` for `root` under the writer lock: scan, parse in
 * workers, store, resolve every reference again (so the graph after any sequence of edits equals
 * a fresh index of the same tree), then persist atomically.
 */
export async function indexProject(options: IndexOptions): Promise<IndexSummary> {
  const started = performance.now();
  const dir = join(options.root, INDEX_DIR);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, '.gitignore'), '# codegraph index: derived data, safe to delete\n*\n');
  const lock = await acquireLock(dir, { command: options.command });
  try {
    return await runLocked(options, dir, started);
  } finally {
    await releaseLock(lock);
  }
}

async function runLocked(options: IndexOptions, dir: string, started: number): Promise<IndexSummary> {
  const report = options.onProgress ?? (() => {});
  const phaseMs: Record<IndexPhase, number> = { scanning: 0, parsing: 0, resolving: 0, saving: 0 };
  let phase: IndexPhase | undefined;
  let phaseStart = performance.now();
  const progress = (p: IndexProgress): void => {
    if (p.phase !== phase) {
      const t = performance.now();
      if (phase !== undefined) phaseMs[phase] += t - phaseStart;
      phase = p.phase;
      phaseStart = t;
    }
    report(p);
  };
  const configResult = await loadConfig(options.root);
  if (configResult.kind === 'invalid') throw new IndexError(`.codegraph/config.json: ${configResult.error}`);
  const config = configResult.config;

  progress({ phase: 'scanning', done: 0, total: 0, symbols: 0 });
  const scan = await scanProject(options.root, {
    config,
    languageOf: (path) => languageForPath(path, config.extensions),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  });

  let rebuiltBecause: string | undefined;
  let store: GraphStore | undefined;
  if (options.mode === 'incremental') {
    const loaded = await loadDatabase(dir);
    if (loaded === undefined) {
      rebuiltBecause = 'no index existed yet';
    } else {
      try {
        store = GraphStore.open(await SqliteDb.open(loaded.bytes));
      } catch (error) {
        if (!(error instanceof SchemaError)) throw error;
        rebuiltBecause = error.message;
      }
    }
  }
  store ??= GraphStore.open(await SqliteDb.open());

  try {
    const stored = new Map<string, StoredFile>(store.listFiles().map((f) => [f.path, f]));
    const jobs: ParseJob[] = [];
    let unchanged = 0;
    const seen = new Set<string>();
    for (const file of scan.files) {
      seen.add(file.path);
      const old = stored.get(file.path);
      if (old !== undefined && old.size === file.size && Math.trunc(old.mtimeMs) === Math.trunc(file.mtimeMs) && old.language === file.language) {
        unchanged++;
        continue;
      }
      jobs.push({ absPath: join(options.root, file.path), path: file.path, language: file.language });
    }
    const removedPaths = [...stored.keys()].filter((p) => !seen.has(p));
    const scanned = new Map(scan.files.map((f) => [f.path, f]));

    const diagnostics: Diagnostic[] = scan.skipped.map((d: ScanDiagnostic) => ({ path: d.path, reason: d.reason, detail: d.detail }));
    let parsed = 0;
    let symbols = 0;
    // Few changes: keep results until the old graph has told us which other files they affect.
    const targeted = options.mode === 'incremental' && stored.size > 0 && jobs.length + removedPaths.length <= Math.max(TARGETED_MIN, stored.size / 10);
    const held: ParseResult[] = [];
    let pending: ParseResult[] = [];
    const flush = (): void => {
      const batch = pending;
      pending = [];
      store!.transaction(() => {
        for (const result of batch) {
          const meta = scanned.get(result.path);
          if (meta === undefined) continue;
          if (result.kind !== 'ok') {
            diagnostics.push({ path: result.path, reason: result.kind === 'binary' ? 'binary' : 'parse-failed', detail: result.detail });
            store!.removeFile(result.path);
            continue;
          }
          const old = stored.get(result.path);
          if (old !== undefined && old.sha256 === result.sha256 && old.language === meta.language) {
            touchFile(store!.db, result.path, meta.size, meta.mtimeMs);
            continue;
          }
          if (result.extraction.parseErrors > 0) {
            diagnostics.push({ path: result.path, reason: 'parse-errors', detail: `${result.extraction.parseErrors} syntax error(s); the rest of the file was indexed` });
          }
          store!.replaceFile(
            { path: result.path, language: meta.language, size: meta.size, mtimeMs: meta.mtimeMs, sha256: result.sha256 },
            result.extraction,
          );
        }
      });
    };

    const onResult = (result: ParseResult): void => {
      parsed++;
      if (result.kind === 'ok') symbols += result.extraction.symbols.length;
      if (targeted) {
        held.push(result);
      } else {
        pending.push(result);
        if (pending.length >= BATCH) flush();
      }
      progress({ phase: 'parsing', done: parsed, total: jobs.length, symbols });
    };
    progress({ phase: 'parsing', done: 0, total: jobs.length, symbols: 0 });
    let remaining: ParseJob[] = jobs;
    if (jobs.length > 0 && jobs.length <= IN_PROCESS_MAX && !parserPoisoned()) {
      // Starting workers costs more than parsing a handful of files here; if a grammar faults,
      // this thread's parser is no longer trusted and the rest goes to fresh workers.
      let i = 0;
      while (i < jobs.length && !parserPoisoned()) {
        options.signal?.throwIfAborted();
        onResult(await processJob(jobs[i++] as ParseJob));
      }
      remaining = jobs.slice(i);
    }
    if (remaining.length > 0) {
      const pool = createParsePool(options.workers !== undefined ? { size: options.workers } : {});
      try {
        await pool.run(remaining, onResult, options.signal);
      } finally {
        await pool.close();
      }
    }
    flush();
    let affected: OldGraphView | undefined;
    if (targeted) {
      affected = affectedBefore(store, held, stored, removedPaths);
      pending = held;
      flush();
    }
    // Keep diagnostics of unchanged files from earlier runs that the scan did not re-report.
    if (options.mode === 'incremental') {
      const fresh = new Set(diagnostics.map((d) => d.path));
      for (const d of store.diagnostics()) {
        if (!fresh.has(d.path) && scanned.has(d.path) && !jobs.some((j) => j.path === d.path)) diagnostics.push(d);
      }
    }
    store.transaction(() => {
      for (const path of removedPaths) store!.removeFile(path);
    });

    progress({ phase: 'resolving', done: 0, total: 0, symbols });
    const current = store.listFiles();
    if (affected !== undefined) resolveTargeted(store, current, affectedAfter(store, current, affected, held, stored, removedPaths));
    else resolveAll(store, current);
    store.setDiagnostics(diagnostics);
    store.setMeta('indexed_at', new Date().toISOString());

    progress({ phase: 'saving', done: 0, total: 0, symbols });
    const bytes = store.exportBytes();
    await saveDatabase(dir, bytes);
    phaseMs.saving += performance.now() - phaseStart;
    const counts = store.counts();
    return {
      files: counts.files,
      parsed: jobs.length,
      unchanged,
      removed: removedPaths.length,
      nodes: counts.nodes,
      edges: counts.edges,
      refs: counts.refs,
      unresolvedRefs: counts.unresolvedRefs,
      filesByLanguage: counts.filesByLanguage,
      diagnostics: diagnostics.length,
      databaseBytes: bytes.length,
      durationMs: performance.now() - started,
      ...(rebuiltBecause !== undefined && options.mode === 'incremental' ? { rebuiltBecause } : {}),
      phaseMs,
    };
  } finally {
    store.db.close();
  }
}

/** Re-resolves every stored reference and replaces all resolved edges. */
function resolveAll(store: GraphStore, current: readonly StoredFile[]): void {
  const result = resolveReferences({ files: resolverFiles(store, current), symbols: readSymbols(store.db), refs: readRefs(store.db) });
  store.replaceResolvedEdges(withoutContains(result.edges));
}

/** Re-resolves only the references of `fileIds` (with every inheritance reference for context). */
function resolveTargeted(store: GraphStore, current: readonly StoredFile[], fileIds: ReadonlySet<number>): void {
  const ids = [...fileIds];
  const result = resolveReferences(
    { files: resolverFiles(store, current), symbols: readSymbols(store.db), refs: readRefsForFiles(store.db, ids) },
    { emitFiles: fileIds },
  );
  store.replaceResolvedEdges(withoutContains(result.edges), ids);
}

function withoutContains(edges: readonly ResolvedEdgeOut[]): Parameters<GraphStore['replaceResolvedEdges']>[0] {
  const out = [];
  for (const e of edges) if (e.kind !== 'contains') out.push({ ...e, kind: e.kind });
  return out;
}

/**
 * Files whose references may resolve differently after the held results are written, as far as
 * the OLD graph can tell: the changed and removed files, every file with a resolved edge into
 * them (importers, callers, re-exporters), and every subclass of their types, transitively.
 */
function affectedBefore(store: GraphStore, held: readonly ParseResult[], stored: ReadonlyMap<string, StoredFile>, removed: readonly string[]): OldGraphView {
  const oldIds = changedOldIds(held, stored, removed);
  const files = new Set<number>(oldIds);
  for (const id of dependentFileIds(store.db, oldIds)) files.add(id);
  for (const id of subclassFileIds(store.db, oldIds)) files.add(id);
  return { files, fingerprints: nameFingerprints(store.db, oldIds) };
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
  stored: ReadonlyMap<string, StoredFile>, removed: readonly string[],
): Set<number> {
  const paths = held.map((r) => r.path);
  const byPath = new Map(current.map((f) => [f.path, f.id]));
  const newIds: number[] = [];
  for (const path of paths) {
    const id = byPath.get(path);
    if (id !== undefined) newIds.push(id);
  }
  const oldPrints = before.fingerprints;
  const newPrints = nameFingerprints(store.db, newIds);
  const changedNames: string[] = [];
  for (const [name, print] of newPrints) if (oldPrints.get(name) !== print) changedNames.push(name);
  for (const name of oldPrints.keys()) if (!newPrints.has(name)) changedNames.push(name);
  const affected = new Set<number>([...before.files, ...newIds]);
  for (const id of fileIdsReferencing(store.db, changedNames)) affected.add(id);
  const appeared = paths.filter((p) => !stored.has(p));
  for (const id of fileIdsImportingStems(store.db, moduleStems([...appeared, ...removed]))) affected.add(id);
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

function resolverFiles(store: GraphStore, current: readonly StoredFile[]): ResolverFile[] {
  const files: ResolverFile[] = [];
  const importsByFile = readImportsByFile(store.db);
  for (const f of current) {
    files.push({
      id: f.id,
      nodeId: f.fileNodeId,
      path: f.path,
      language: f.language,
      ...(f.packageName !== null ? { packageName: f.packageName } : {}),
      imports: importsByFile.get(f.id) ?? [],
      isTest: f.isTest,
    });
  }
  return files;
}
