/** A one-shot indexing run: `codegraph init` (full) and `codegraph sync` (incremental). */
import type { ParsePool } from '../parse/pool.js';
import type { ProjectConfig, ScanResult } from '../scan/index.js';
import { DATABASE_FILE, ForeignIndexError, INDEX_DIR, indexOwner, keepDamagedDatabase, type GraphStore } from '../../store/index.js';
import { join } from 'node:path';
import { checkCapacity } from './capacity.js';
import { startPool } from './parse-jobs.js';
import { PhaseClock, type IndexProgress } from './phase-clock.js';
import type { SyncReport } from './report.js';
import { applyAndSave, newStore, openIndex, readConfig, scanWith, withWriterLock, type OpenedIndex } from './run.js';

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
  /** Refuse, right after the scan, a tree whose estimated database passes this many bytes (default: what sql.js can hold). */
  readonly maxDatabaseBytes?: number;
  /**
   * Replace a database another tool wrote in the index folder (kept beside it as
   * `codegraph.db.foreign-<time>`); without it such a database stops the run with `ForeignIndexError`.
   */
  readonly replaceForeign?: boolean;
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

/**
 * Builds or updates `.codegraph/codegraph.db` for `root` under the writer lock: scan, parse in
 * workers, store, resolve every reference again (so the graph after any sequence of edits equals
 * a fresh index of the same tree), then persist atomically.
 */
export async function indexProject(asked: IndexOptions): Promise<IndexSummary> {
  let options = asked;
  const started = performance.now();
  // Checked before the lock, which would add files to another tool's folder.
  const indexDir = join(options.root, INDEX_DIR);
  const foreign = (await indexOwner(indexDir)) === 'foreign';
  if (foreign && options.replaceForeign !== true) throw new ForeignIndexError(join(indexDir, DATABASE_FILE));
  return withWriterLock(options.root, options.command, async (dir) => {
    let pool: ParsePool | undefined;
    if (foreign) {
      await keepDamagedDatabase(dir, 'foreign');
      options = { ...options, mode: 'full' };
    }
    try {
      const phases = new PhaseClock(options.onProgress);
      const config = await readConfig(options.root);
      // A full build parses every file: the workers start up (runtime, first grammars) while the
      // tree is walked instead of after.
      pool = options.mode === 'full' ? startPool(options.workers) : undefined;
      // The store is made or read from disk during the walk too: an empty one's SQLite runtime
      // compiles meanwhile, and a stored one's file is read while the tree is walked (on the Linux
      // kernel the 1.7 GB read and the walk took 2.7 s and 0.8 s one after the other).
      const opening: Promise<OpenedIndex> = options.mode === 'full'
        ? newStore().then((store) => ({ store, stamp: undefined, rebuiltBecause: undefined }))
        : openIndex(dir);
      phases.progress({ phase: 'scanning', done: 0, total: 0, symbols: 0 });
      const scan = await scanOrDiscard(options, config, opening);
      const opened = await opening;
      const { store } = opened;
      try {
        const { report } = await applyAndSave({ ...options, ...opened, scan, pool, dir, phases, started });
        return summarize(store, report);
      } finally {
        store.close();
      }
    } finally {
      await pool?.close();
    }
  });
}

/** The scan; when it fails, the store being opened meanwhile is closed before the error goes on. */
async function scanOrDiscard(options: IndexOptions, config: ProjectConfig, opening: Promise<OpenedIndex>): Promise<ScanResult> {
  try {
    const scan = await scanWith(options.root, config, options.signal);
    checkCapacity(scan, options.maxDatabaseBytes);
    return scan;
  } catch (error) {
    (await opening.catch(() => undefined))?.store.close();
    throw error;
  }
}

/** The closing summary of a run: its report and the index's totals. */
function summarize(store: GraphStore, report: SyncReport): IndexSummary {
  const counts = store.storedTotals()?.counts ?? store.summaryCounts();
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
