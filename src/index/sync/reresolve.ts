/**
 * Re-resolution after files were stored: every reference again, or only those of the files a
 * targeted run affects. Either way the graph equals a fresh index of the same tree.
 */
import { resolveReferences } from '../resolve/index.js';
import { ResolverInputs } from '../resolver-inputs.js';
import type { StoredRows } from '../stored-rows.js';
import { fileIdsReferencing, readRefs, readRefsForFiles, readRefsOfFiles, type GraphStore } from '../../store/index.js';
import type { EdgeTable, RefTable } from '../../store/columnar.js';
import { affectedAfter, type HeldChange, type OldGraphView } from './affected.js';

/** A targeted run's change and what the old graph said about it. */
export interface TargetedChange extends HeldChange {
  readonly before: OldGraphView;
}

/** What re-resolution starts from. */
export interface ReresolveInput {
  readonly store: GraphStore;
  /** Resolution's tables kept from an earlier sync of the same store, refreshed here. */
  readonly kept: ResolverInputs | undefined;
  /** Files whose stored rows the run replaced or deleted. */
  readonly rewritten: ReadonlySet<number>;
  /** Present for a targeted run: only the files it affects are re-resolved. */
  readonly targeted: TargetedChange | undefined;
  /** Rows gathered while storing a first index, read instead of the store's. */
  readonly rows: StoredRows | undefined;
}

/** Resolves everything, or only what `targeted` says a small change affects, and stores the edges. */
export function reresolve({ store, kept, rewritten, targeted, rows }: ReresolveInput): void {
  const inputs = kept ?? new ResolverInputs(rows?.pool);
  const gathered = rows?.gathered;
  if (gathered !== undefined) inputs.adopt(store, gathered.symbols);
  else inputs.refresh(store, rewritten);
  const current = inputs.files(store);
  if (targeted === undefined) {
    resolveAll(store, inputs, gathered?.refs);
    return;
  }
  // A session keeps which files use which names in memory; a one-shot run scans the references once.
  const referencing = kept !== undefined
    ? (names: readonly string[]) => inputs.filesReferencing(store, names)
    : (names: readonly string[]) => fileIdsReferencing(store, names);
  resolveTargeted(store, inputs, affectedAfter(store, current, targeted.before, targeted, referencing));
}

/** Re-resolves every stored reference and replaces all resolved edges. */
function resolveAll(store: GraphStore, inputs: ResolverInputs, gathered: RefTable | undefined): void {
  const edges = resolveEveryReference(store, inputs, gathered);
  inputs.settle(store);
  storeEdges(store, edges);
}

/**
 * Resolves every reference; returns the edges, keeps the class hierarchies in `inputs`. Only the
 * compact edge table outlives this call: the references read here and the resolver's own tables
 * are garbage before the edges are written (gathered ones, at most a million, are the caller's
 * until it returns). A function of its own so that they are: V8 keeps the values a function's
 * frame computed, such as the object handed to `resolveReferences`, for as long as the frame
 * runs. While it was `resolveAll`'s own, every definition (3.9 million objects on the Linux
 * kernel, about 0.7 GB) stayed reachable through the full-text rebuild and the edges' writing.
 */
function resolveEveryReference(store: GraphStore, inputs: ResolverInputs, gathered: RefTable | undefined): EdgeTable {
  inputs.dropProjectIndex();
  const { edges, bases } = resolveReferences({
    files: inputs.resolverFiles(store), symbols: inputs.symbols(), refs: gathered ?? readRefs(store, inputs.pool),
  });
  inputs.keepBases(bases);
  return edges;
}

/**
 * Stores resolved edges, after the full-text index a bulk load deferred is rebuilt. The rebuild
 * runs once the resolver's whole-project tables are let go (`settle`), not beside them: on the
 * Linux kernel those are 1.2 GB of heap, and the rebuild grows the process by 0.6 GB. Before the
 * edges, so that they can take the pages its merges free: the kernel's file came out the same
 * size, to the page, as with the rebuild before resolution.
 */
function storeEdges(store: GraphStore, edges: EdgeTable, fileIds?: readonly number[]): void {
  store.restoreSearch();
  store.replaceResolvedEdges(edges, fileIds);
}

/**
 * Resolves every inheritance reference of the stored project and keeps the links in `inputs`,
 * which the first targeted run of a session otherwise does before its own (see
 * `resolveTargeted`; on django about 180 ms of the first one-file sync). Stores nothing.
 */
export function prepareBases(store: GraphStore, inputs: ResolverInputs): void {
  if (inputs.knownBases() !== undefined) return;
  const refs = readRefsForFiles(store, [], inputs.pool);
  const result = resolveReferences({ project: inputs.projectIndex(inputs.resolverFiles(store)), refs }, { emitFiles: new Set() });
  inputs.keepBases(result.bases);
}

/**
 * Resolves the references of `fileIds` as a sync that rewrote them would, and stores nothing: a
 * rehearsal of an edit (rehearse.ts). Nothing when the class hierarchies are not kept yet.
 */
export function rehearseResolution(store: GraphStore, inputs: ResolverInputs, fileIds: ReadonlySet<number>): void {
  const known = inputs.knownBases();
  if (known === undefined || fileIds.size === 0) return;
  const refs = readRefsOfFiles(store, [...fileIds], inputs.pool);
  resolveReferences({ project: inputs.projectIndex(inputs.resolverFiles(store)), refs }, { emitFiles: fileIds, knownBases: known });
}

/**
 * Re-resolves only the references of `fileIds`. The class hierarchies of the other files come
 * from the links the session kept, or, when none are kept yet, from resolving every inheritance
 * reference of the project again (which the session then keeps). The lookup tables over every
 * definition are the session's too, patched for what changed.
 */
function resolveTargeted(store: GraphStore, inputs: ResolverInputs, fileIds: ReadonlySet<number>): void {
  const ids = [...fileIds];
  const known = inputs.knownBases();
  const refs = known === undefined ? readRefsForFiles(store, ids, inputs.pool) : readRefsOfFiles(store, ids, inputs.pool);
  const result = resolveReferences(
    { project: inputs.projectIndex(inputs.resolverFiles(store)), refs },
    { emitFiles: fileIds, ...(known !== undefined ? { knownBases: known } : {}) },
  );
  storeEdges(store, result.edges, ids);
  // Without kept links every inheritance reference was resolved: the links found are all of them.
  inputs.keepBases(result.bases, known === undefined ? undefined : ids);
}
