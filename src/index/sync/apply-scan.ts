/**
 * Bringing a store in line with a scan, as a pipeline of stages over one run's state: plan, parse
 * and store in job order, store a targeted run's held results, carry diagnostics over, remove
 * vanished files, then re-resolve (or keep the graph when no content changed) and join mounted
 * routers' prefixes to their routes.
 */
import { EXTRACTION_VERSION } from '../extract/version.js';
import type { ParsePool } from '../parse/pool.js';
import type { ParseResult } from '../parse/jobs.js';
import type { ResolverInputs } from '../resolver-inputs.js';
import type { ScanResult } from '../scan/index.js';
import { StoredRows } from '../stored-rows.js';
import { refreshTermBase } from '../terms/term-base.js';
import type { Diagnostic, GraphStore } from '../../store/index.js';
import { FILE_NODES_INDEX } from '../../store/schema.js';
import { affectedBefore, type HeldChange, type OldGraphView } from './affected.js';
import { carryOverDiagnostics, sameDiagnostics } from './diagnostics.js';
import { OrderedRelease } from './ordered-release.js';
import { parseJobs } from './parse-jobs.js';
import type { IndexProgress } from './phase-clock.js';
import { EXTRACTION_META, planScan, type ScanPlan } from './plan.js';
import { reresolve } from './reresolve.js';
import { joinMountedRoutes } from './route-prefixes.js';
import { StoreBatches } from './store-batches.js';

/** What bringing a store in line with a scan did. */
export interface Applied {
  readonly parsed: number;
  readonly unchanged: number;
  readonly removed: number;
  /** Files and folders the scan passed over (too large, unreadable, a name that cannot be stored, ...); never parsed. */
  readonly skipped: number;
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

/** One run's state, handed from stage to stage. */
interface ApplyRun {
  readonly input: ApplyInput;
  readonly plan: ScanPlan;
  readonly batches: StoreBatches;
  /** A targeted run's results, stored only once the old graph has told what they affect. */
  readonly held: ParseResult[];
  /** Files parsed and symbols extracted so far, for progress. */
  parsed: number;
  symbols: number;
}

/**
 * Brings `store` in line with `scan`: re-extracts new and changed files (few on the main thread,
 * many in workers), removes vanished ones, and re-resolves what the change can affect (or
 * everything, for a full run or a large change). Leaves the store unsaved.
 */
export async function applyScan(input: ApplyInput): Promise<Applied> {
  const run = startRun(input);
  await parseAndStore(run);
  const before = storeHeld(run);
  const previous = carryOver(run);
  removeVanished(run);
  const { store } = input;
  const { plan, batches } = run;
  const summary = {
    parsed: plan.jobs.length, unchanged: plan.unchanged, removed: plan.removedPaths.length, skipped: input.scan.skipped.length, diagnostics: batches.diagnostics.length,
  };
  if (!plan.sameExtraction) store.setMeta(EXTRACTION_META, EXTRACTION_VERSION);
  if (input.mode === 'incremental' && batches.rewritten.size === 0) return { ...summary, updated: keepGraph(run, previous ?? []) };
  resolveChanges(run, before);
  store.restoreIndexes();
  const renamedUnchanged = joinMountedRoutes(store, batches.rewritten);
  store.setDiagnostics(batches.diagnostics, previous);
  storeDerived(run, renamedUnchanged);
  store.setMeta('indexed_at', new Date().toISOString());
  return { ...summary, updated: true };
}

function startRun(input: ApplyInput): ApplyRun {
  const plan = planScan(input.store, input.scan, { root: input.root, mode: input.mode, keptInputs: input.inputs !== undefined });
  const diagnostics: Diagnostic[] = input.scan.skipped.map((d) => ({ path: d.path, reason: d.reason, detail: d.detail }));
  const batches = new StoreBatches(input.store, plan, diagnostics, plan.gatherRows ? new StoredRows() : undefined);
  return { input, plan, batches, held: [], parsed: 0, symbols: 0 };
}

/** Parses the planned jobs and stores their results in job order (a targeted run holds them instead). */
async function parseAndStore(run: ApplyRun): Promise<void> {
  const { input, plan, batches, held } = run;
  const release = new OrderedRelease(plan.jobs, plan.targeted ? (r) => held.push(r) : (r) => batches.add(r));
  const onResult = (result: ParseResult): void => {
    run.parsed++;
    if (result.kind === 'ok') run.symbols += result.extraction.symbols.length;
    release.push(result);
    input.progress({ phase: 'parsing', done: run.parsed, total: plan.jobs.length, symbols: run.symbols });
  };
  if (plan.bulk) input.store.deferIndexes();
  input.progress({ phase: 'parsing', done: 0, total: plan.jobs.length, symbols: 0 });
  await parseJobs(plan.jobs, onResult, input);
  // Parsing is over: the workers' WASM heaps are freed before resolution needs the memory.
  await input.pool?.close();
  batches.flush();
}

/** A targeted run asks the old graph what its change affects, then stores the held results. */
function storeHeld(run: ApplyRun): OldGraphView | undefined {
  if (!run.plan.targeted) return undefined;
  const before = affectedBefore(run.input.store, heldChange(run));
  run.batches.flush(run.held);
  return before;
}

function heldChange({ plan, held }: ApplyRun): HeldChange {
  return { held, stored: plan.stored, removedPaths: plan.removedPaths };
}

/**
 * Keeps the diagnostics of unchanged files from earlier runs that the scan did not re-report;
 * returns the stored ones (undefined for a full run, which reads none).
 */
function carryOver({ input, plan, batches }: ApplyRun): readonly Diagnostic[] | undefined {
  if (input.mode !== 'incremental') return undefined;
  const previous = input.store.diagnostics();
  carryOverDiagnostics(batches.diagnostics, previous, plan.scanned, new Set(plan.jobs.map((j) => j.path)));
  return previous;
}

/** Deletes the files the scan no longer lists, then builds what resolution's reads need. */
function removeVanished({ input: { store }, plan, batches }: ApplyRun): void {
  store.transaction(() => {
    for (const path of plan.removedPaths) store.removeFile(path);
  });
  // Of the b-tree indexes, listing files needs one now; the others are built once resolution's
  // memory is released and its edges are in. The full-text index is rebuilt in between
  // (reresolve.ts).
  store.restoreIndexes([FILE_NODES_INDEX]);
  for (const path of plan.removedPaths) {
    const old = plan.stored.get(path);
    if (old !== undefined) batches.rewritten.add(old.id);
  }
}

/** No file's content changed: the resolved graph stands as it is. Returns whether anything else changed. */
function keepGraph({ input: { store }, plan, batches }: ApplyRun, previous: readonly Diagnostic[]): boolean {
  const updated = !plan.sameExtraction || batches.touched > 0 || !sameDiagnostics(previous, batches.diagnostics);
  if (updated) store.setDiagnostics(batches.diagnostics, previous);
  store.restoreIndexes();
  // An index written before the term base existed (or under other word rules) gets one now.
  const rebuilt = refreshTermBase(store, EXTRACTION_VERSION, false, { unchanged: true });
  return updated || rebuilt;
}

/**
 * What readers would otherwise rebuild from the whole graph in every process: explore's term
 * base (rebuilt on a full run, or once the files changed since it was built grow too many) and
 * the totals `status` prints, counted on a full run and brought up to date by an incremental one
 * from the shares of the files it changed (counting them per language reads every edge, which
 * would slow every sync of a watched tree), or counted when the change rewrote every edge. The
 * term base is rebuilt too when a mount renamed routes of a file the run did not rewrite (its
 * stamp cannot tell).
 */
function storeDerived({ input }: ApplyRun, renamedUnchanged: boolean): void {
  refreshTermBase(input.store, EXTRACTION_VERSION, input.mode === 'full' || renamedUnchanged);
  if (input.mode === 'full') input.store.storeTotals();
  else input.store.refreshTotals();
}

/** Re-resolves; the gathered rows are handed over, so they are garbage once resolution returns. */
function resolveChanges(run: ApplyRun, before: OldGraphView | undefined): void {
  const { input, batches } = run;
  input.progress({ phase: 'resolving', done: 0, total: 0, symbols: run.symbols });
  reresolve({
    store: input.store,
    kept: input.inputs,
    rewritten: batches.rewritten,
    targeted: before === undefined ? undefined : { before, ...heldChange(run) },
    rows: batches.takeRows(),
  });
}
