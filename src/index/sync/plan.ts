/**
 * What a run will do, decided from the scan and the stored files before anything is parsed:
 * which files to re-extract, which vanished, and how the run stores and re-resolves.
 */
import { join } from 'node:path';
import { EXTRACTION_VERSION } from '../extract/version.js';
import type { ParseJob } from '../parse/jobs.js';
import type { ScannedFile, ScanResult } from '../scan/index.js';
import type { FileRecord, GraphStore, StoredStat } from '../../store/index.js';
import { IN_PROCESS_MAX } from './parse-jobs.js';

/** The meta key recording which extraction wrote the stored files. */
export const EXTRACTION_META = 'extraction_version';
/** Incremental runs touching at most this many files (or a tenth of the project) re-resolve only what they affect. */
const TARGETED_MIN = 64;
/**
 * Most files for which a first index gathers resolution's rows while storing (the JDK has 3,091;
 * the Linux kernel's 57,015 would pass the million-reference limit a fifth of the way through).
 */
const ROWS_MAX_FILES = 20_000;
/** Files past which a run reads every stored row once rather than seeking each of its files' rows. Set by hand; no recorded measurement. */
const SEEK_MAX = 256;

/** A run's plan. */
export interface ScanPlan {
  /** Files to parse, in scan (path) order: results are stored in this order. */
  readonly jobs: readonly ParseJob[];
  /** Scanned files whose stored rows stand as they are. */
  readonly unchanged: number;
  /** Stored files the scan no longer lists. */
  readonly removedPaths: readonly string[];
  /** The stored rows of the files this run re-parses or removes, by path, as they were before it. */
  readonly stored: ReadonlyMap<string, FileRecord>;
  /** The scanned files by path. */
  readonly scanned: ReadonlyMap<string, ScannedFile>;
  /** False when an older extraction wrote the store: every file is re-extracted, unchanged or not. */
  readonly sameExtraction: boolean;
  /** Few changes: results are held until the old graph has told which other files they affect. */
  readonly targeted: boolean;
  /** Rewriting most of the index: its indexes are built once at the end instead of file by file. */
  readonly bulk: boolean;
  /** A first index gathers resolution's rows while storing instead of reading them back. */
  readonly gatherRows: boolean;
}

/** What the run needs to know besides the store and the scan. */
export interface PlanOptions {
  readonly root: string;
  readonly mode: 'full' | 'incremental';
  /** Whether resolution's tables are kept from an earlier sync (then they are refreshed, not gathered). */
  readonly keptInputs: boolean;
}

/** Plans bringing `store` in line with `scan`. */
export function planScan(store: GraphStore, scan: ScanResult, options: PlanOptions): ScanPlan {
  const stats = new Map<string, StoredStat>(store.fileStats().map((f) => [f.path, f]));
  const sameExtraction = store.getMeta(EXTRACTION_META) === EXTRACTION_VERSION;
  const jobs: ParseJob[] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  for (const file of scan.files) {
    seen.add(file.path);
    if (sameExtraction && isUnchanged(stats.get(file.path), file)) {
      unchanged++;
      continue;
    }
    jobs.push({ absPath: join(options.root, file.path), path: file.path, language: file.language, ...(file.crate !== undefined ? { crate: file.crate } : {}) });
  }
  const removedPaths = [...stats.keys()].filter((p) => !seen.has(p));
  const scanned = new Map(scan.files.map((f) => [f.path, f]));
  const storedCount = stats.size;
  const targeted = options.mode === 'incremental' && storedCount > 0
    && jobs.length + removedPaths.length <= Math.max(TARGETED_MIN, storedCount / 10);
  return {
    jobs, unchanged, removedPaths, stored: storedRecords(store, jobs, removedPaths, stats), scanned, sameExtraction, targeted,
    // Building the full-text index (and, into an empty store, the b-tree indexes) once at the end
    // beats maintaining them file by file.
    bulk: !targeted && jobs.length >= Math.max(IN_PROCESS_MAX, storedCount / 2),
    // A first index (never a targeted one: nothing was stored) resolves every reference it stores.
    // Not on a very large tree: there the rows would pass their limit part way through, having
    // cost time and memory for nothing.
    gatherRows: storedCount === 0 && !options.keptInputs && jobs.length <= ROWS_MAX_FILES,
  };
}

/** The stored rows of the files a run re-parses or removes: a seek each when they are few, one read of every row otherwise. */
function storedRecords(store: GraphStore, jobs: readonly ParseJob[], removedPaths: readonly string[], stats: ReadonlyMap<string, StoredStat>): Map<string, FileRecord> {
  const wanted = [...jobs.map((j) => j.path), ...removedPaths].filter((p) => stats.has(p));
  const records = wanted.length <= SEEK_MAX ? store.fileRecordsAt(wanted) : store.fileRecords();
  const want = new Set(wanted);
  return new Map(records.filter((f) => want.has(f.path)).map((f) => [f.path, f]));
}

/**
 * Whether a stored file's size, time and language still match the scan (its content is then not
 * read), and a Rust file's crate its manifest (an edited `Cargo.toml` renames the crate of files
 * that did not change).
 */
function isUnchanged(old: StoredStat | undefined, file: ScannedFile): boolean {
  return old !== undefined && old.size === file.size && Math.trunc(old.mtimeMs) === Math.trunc(file.mtimeMs) && old.language === file.language
    && (file.language !== 'rust' || (old.packageName ?? undefined) === file.crate);
}
