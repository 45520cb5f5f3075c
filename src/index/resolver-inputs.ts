/**
 * The whole-project tables resolution reads (every definition, every import statement), kept
 * between syncs of a long-lived session and re-read only for the files a sync rewrote. A
 * one-shot run reads them once; the result is the same either way.
 */
import type { ExtractedImport } from '../model.js';
import { ProjectIndex, type BaseLinks, type BaseLinksByFile, type ResolverFile } from './resolve/index.js';
import { NameUses } from './name-uses.js';
import { StoredDefinitions } from './stored-definitions.js';
import {
  highestNodeId, readImportsByFile, readImportsOfFiles, readReferencedNames, readReferencedNamesBetween, readSymbols, readSymbolsAfter, readSymbolsOfFiles, StringPool,
  type BulkSymbol, type GraphReader,
  type StoredFile,
} from '../store/index.js';

/**
 * Slices of `prepare`, each about 60 to 90 ms on the Linux kernel (3.9 million definitions read
 * in 6.6 s, indexed in 2.5 s; 4.6 million references of 57,000 files read in 2.5 s): a read that
 * arrives while a session prepares waits for one slice, not for the whole table.
 */
export const PREPARE_SLICES = { symbols: 50_000, projectSymbols: 100_000, referenceFiles: 1_000 } as const;

/**
 * Past this many definitions a session reads them from the store as resolution asks for them
 * (`StoredDefinitions`) instead of holding them with their lookup tables. On the Linux kernel
 * (3.9 million definitions) those held tables are about 1.1 GB of heap and take 9 s of slices to
 * read and index after a start; a one-file sync reads a few thousand definitions. Below it,
 * holding them keeps a small project's syncs from reading them again.
 */
export const HELD_DEFINITIONS_LIMIT = 1_000_000;

/** `CODEGRAPH_HELD_DEFINITIONS` (a whole number; 0 reads every definition as asked for), or HELD_DEFINITIONS_LIMIT. */
export function heldDefinitionsLimit(value = process.env['CODEGRAPH_HELD_DEFINITIONS']): number {
  const n = value === undefined || !/^\d{1,12}$/.test(value.trim()) ? NaN : Number(value.trim());
  return Number.isSafeInteger(n) ? n : HELD_DEFINITIONS_LIMIT;
}

/** How much of each table one slice of `prepare` reads or indexes. */
export type PrepareSlices = { readonly [K in keyof typeof PREPARE_SLICES]: number };

/** Definitions and imports per file, refreshed by file. */
export class ResolverInputs {
  #symbols: Map<number, BulkSymbol[]> | undefined;
  #imports = new Map<number, ExtractedImport[]>();
  #flat: BulkSymbol[] | undefined;
  /** Files whose definitions changed since `#flat` was made: it is brought up to date when next asked for. */
  readonly #changedSinceFlat = new Set<number>();
  /** Names shared by every definition and reference read for this project. */
  pool: StringPool;
  /**
   * Name -> files referencing it, and file -> names it references: built the first time a sync
   * asks which files use some names, then kept current by `refresh`. The store has no index of
   * reference names (on a large tree it would be a twentieth of the file), so without this each
   * incremental sync of a long-lived session would scan every reference.
   */
  #referencing: NameUses | undefined;
  /**
   * Each file's base-class links as resolution last found them, held once a run has resolved
   * every inheritance reference of the project. A targeted run then resolves only its own files'
   * references and takes every other file's hierarchy from here; before, it resolved the
   * inheritance of every file with a class again (on django, a one-file sync read every
   * inheritance reference and resolved the imports of every such file: about 30 of its 75 ms).
   */
  #bases: Map<number, BaseLinks> | undefined;
  /**
   * Every stored file in path order. A sync that only rewrote files already stored re-reads just
   * their rows (listing every file with its file node cost 12 ms of a one-file sync on django);
   * one that added or removed a file lists them all again.
   */
  #files: StoredFile[] | undefined;
  /**
   * Resolution's lookup tables over every file and definition, once a targeted run has built
   * them, and the files whose definitions changed since: the next targeted run patches the tables
   * for those files instead of building them over every definition again.
   */
  #project: ProjectIndex | undefined;
  /** `#files` as resolution sees them (each row with its import statements), patched with it. */
  #forResolution: ResolverFile[] | undefined;
  readonly #changedSinceProject = new Set<number>();
  /** Where definitions are read as they are asked for, when the project has too many to hold; undefined while they are held. */
  #stored: StoredDefinitions | undefined;
  readonly #heldLimit: number;

  /**
   * `pool` (default: a new one) interns the names of what is read; pass the one rows gathered
   * elsewhere used. `heldLimit`: past this many definitions they are read as asked for, not held.
   */
  constructor(pool = new StringPool(), heldLimit = heldDefinitionsLimit()) {
    this.pool = pool;
    this.#heldLimit = heldLimit;
  }

  /** Brings the tables up to date after the stored rows of `changedFileIds` were replaced or deleted. */
  refresh(store: GraphReader, changedFileIds: Iterable<number>): void {
    if (!this.#loaded) {
      if (this.#pastLimit(store)) {
        this.#readAsAsked(store);
        this.#imports = readImportsByFile(store);
        return;
      }
      const byFile = new Map<number, BulkSymbol[]>();
      for (const s of readSymbols(store, this.pool)) push(byFile, s.fileId, s);
      this.adopt(store, byFile);
      return;
    }
    const ids = [...new Set(changedFileIds)];
    if (ids.length === 0) return;
    for (const id of ids) this.#changedSinceProject.add(id);
    this.#refreshFiles(store, ids);
    for (const id of ids) {
      this.#symbols?.delete(id);
      this.#imports.delete(id);
      this.#bases?.delete(id);
    }
    const referencing = this.#referencing;
    if (referencing !== undefined) {
      for (const id of ids) referencing.unlink(id);
      for (const [id, names] of readReferencedNames(store, ids, this.pool)) referencing.link(id, names);
    }
    if (this.#symbols !== undefined) for (const s of readSymbolsOfFiles(store, ids, this.pool)) push(this.#symbols, s.fileId, s);
    for (const [id, list] of readImportsOfFiles(store, ids)) this.#imports.set(id, list);
    this.#patchForResolution(ids);
    if (this.#flat !== undefined) for (const id of ids) this.#changedSinceFlat.add(id);
  }

  /**
   * Reads every table a targeted run of a session uses (definitions, imports, the files as
   * resolution sees them, its lookup tables, which files use which names) ahead of the first
   * such run, yielding between slices of the work so a caller can let reads run between them;
   * tables already held are kept. Changes nothing in the store. A table is held only once read
   * whole: a caller that stops early leaves the inputs as they were.
   */
  *prepare(store: GraphReader, slices: PrepareSlices = PREPARE_SLICES): Generator<void> {
    if (!this.#loaded && this.#pastLimit(store)) {
      this.#readAsAsked(store);
      this.#imports = readImportsByFile(store);
    }
    if (!this.#loaded) {
      const byFile = new Map<number, BulkSymbol[]>();
      for (let after = 0; ;) {
        yield;
        const part = readSymbolsAfter(store, after, slices.symbols, this.pool);
        for (const s of part) push(byFile, s.fileId, s);
        if (part.length < slices.symbols) break;
        after = part[part.length - 1]!.id;
      }
      yield;
      this.adopt(store, byFile);
    }
    yield;
    const files = this.resolverFiles(store);
    if (this.#project === undefined && this.#stored === undefined) {
      yield;
      const build = ProjectIndex.stepwise(files, this.symbols(), slices.projectSymbols);
      for (let step = build.next(); ; step = build.next()) {
        if (step.done === true) {
          this.#project = step.value;
          this.#changedSinceProject.clear();
          break;
        }
        yield;
      }
    } else {
      this.projectIndex(files);
    }
    if (this.#referencing === undefined) {
      const referencing = new NameUses();
      let last = 0;
      for (const f of this.files(store)) last = Math.max(last, f.id);
      for (let from = 0; from <= last; from += slices.referenceFiles) {
        yield;
        const part = new Map<number, Set<string>>();
        readReferencedNamesBetween(store, from, from + slices.referenceFiles - 1, part, this.pool);
        for (const [id, names] of part) referencing.link(id, names);
      }
      this.#referencing = referencing;
    }
  }

  /**
   * Takes every definition from rows gathered while a first index stored them (names pooled in
   * `this.pool`) instead of reading them back; the imports are read. Replaces whatever was held.
   */
  adopt(store: GraphReader, symbols: Map<number, BulkSymbol[]>): void {
    this.#symbols = symbols;
    this.#stored = undefined;
    this.#imports = readImportsByFile(store);
    this.#flat = undefined;
    this.#changedSinceFlat.clear();
    this.#files = undefined;
    this.#forResolution = undefined;
    this.dropProjectIndex();
  }

  /**
   * Lookup tables over `files` (every stored file, as resolution sees them now) and `symbols()`:
   * the kept ones patched for the files changed since they were built, or built anew when a patch
   * cannot give the same tables (see `ProjectIndex.patch`). Kept for the next call.
   */
  projectIndex(files: readonly ResolverFile[]): ProjectIndex {
    const kept = this.#project;
    const changed = this.#changedSinceProject;
    const stored = this.#stored;
    if (stored !== undefined) {
      const keptAll = stored.changed(changed);
      if (!keptAll) kept?.forgetDefinitions();
      const project = kept !== undefined && kept.patch(files, changed, []) ? kept : ProjectIndex.over(files, stored);
      this.#project = project;
      changed.clear();
      return project;
    }
    const fresh = (): BulkSymbol[] => [...changed].flatMap((id) => this.#symbols?.get(id) ?? []).sort((a, b) => a.id - b.id);
    const project = kept !== undefined && kept.patch(files, changed, fresh()) ? kept : new ProjectIndex(files, this.symbols());
    this.#project = project;
    changed.clear();
    return project;
  }

  /**
   * Frees the kept lookup tables (a run that resolves everything builds its own and drops them),
   * and what was read of the definitions along with them: which files changed is no longer kept.
   */
  dropProjectIndex(): void {
    this.#project = undefined;
    this.#changedSinceProject.clear();
    this.#stored?.forget();
  }

  /** Every stored file, in path order. */
  files(store: GraphReader): readonly StoredFile[] {
    if (this.#files === undefined) {
      this.#files = store.listFiles();
      this.#forResolution = undefined;
    }
    return this.#files;
  }

  /**
   * Every stored file as resolution sees it (its row and import statements), in path order: made
   * once per file list and patched for the files a sync rewrote (making all of them cost 0.15 s
   * of a one-file sync on the Linux kernel).
   */
  resolverFiles(store: GraphReader): readonly ResolverFile[] {
    const files = this.files(store);
    this.#forResolution ??= files.map((f) => this.#forResolver(f));
    return [...this.#forResolution];
  }

  #patchForResolution(ids: readonly number[]): void {
    const files = this.#files;
    const out = this.#forResolution;
    if (files === undefined || out === undefined || out.length !== files.length) {
      this.#forResolution = undefined;
      return;
    }
    const rewritten = new Set(ids);
    for (let i = 0; i < files.length; i++) if (rewritten.has(files[i]!.id)) out[i] = this.#forResolver(files[i]!);
  }

  #forResolver(f: StoredFile): ResolverFile {
    return {
      id: f.id,
      nodeId: f.fileNodeId,
      path: f.path,
      language: f.language,
      ...(f.packageName !== null ? { packageName: f.packageName } : {}),
      imports: this.importsOf(f.id),
      isTest: f.isTest,
    };
  }

  #refreshFiles(store: GraphReader, ids: readonly number[]): void {
    const files = this.#files;
    if (files === undefined) return;
    const reread = store.filesByIds(ids);
    let replaced = 0;
    for (let i = 0; i < files.length; i++) {
      const now = reread.get(files[i]!.id);
      if (now === undefined) continue;
      if (now.path !== files[i]!.path) break;
      files[i] = now;
      replaced++;
    }
    // A file added, removed or moved changes the list itself.
    if (replaced !== ids.length || replaced !== reread.size) this.#files = undefined;
  }

  /** Whether every definition is held in memory (false: read from the store as resolution asks). */
  get holdsDefinitions(): boolean {
    return this.#stored === undefined;
  }

  /** Whether definitions were read yet, held or to be read as asked for. */
  get #loaded(): boolean {
    return this.#symbols !== undefined || this.#stored !== undefined;
  }

  /** Whether `store` holds more definitions than are held (its highest node id, as ids are dense). */
  #pastLimit(store: GraphReader): boolean {
    return highestNodeId(store) > this.#heldLimit;
  }

  /**
   * Reads definitions from `store` as they are asked for from now on, holding none: drops what
   * is held, keeps the rest (imports, files, which files use which names, base links).
   */
  #readAsAsked(store: GraphReader): void {
    this.#stored = new StoredDefinitions(store);
    // The pool held every definition's name; what is read from now on is pooled afresh.
    if (this.#symbols !== undefined) this.pool = new StringPool();
    this.#symbols = undefined;
    this.#flat = undefined;
    this.#changedSinceFlat.clear();
    this.dropProjectIndex();
  }

  /**
   * After a run that resolved everything from held definitions: a project past the held limit
   * reads them as they are asked for from now on, so a long-lived session does not keep them.
   */
  settle(store: GraphReader): void {
    if (this.#symbols !== undefined && this.#pastLimit(store)) this.#readAsAsked(store);
  }

  /** Every definition in id order (as `readSymbols` returns them); read whole each time when they are not held. */
  symbols(): readonly BulkSymbol[] {
    if (this.#stored !== undefined) return readSymbols(this.#stored.store);
    const byFile = this.#symbols;
    if (byFile === undefined) throw new Error('ResolverInputs.refresh must run first');
    if (this.#flat !== undefined && this.#changedSinceFlat.size > 0) {
      const fresh = [...this.#changedSinceFlat].flatMap((id) => byFile.get(id) ?? []).sort((a, b) => a.id - b.id);
      this.#flat = replacedInIdOrder(this.#flat, this.#changedSinceFlat, fresh);
    }
    this.#changedSinceFlat.clear();
    if (this.#flat === undefined) {
      // A file's nodes get consecutive ids when it is stored, so ordering the files by their
      // first id and concatenating gives id order without sorting every definition.
      const groups = [...byFile.values()].filter((g) => g.length > 0);
      groups.sort((a, b) => (a[0] as BulkSymbol).id - (b[0] as BulkSymbol).id);
      this.#flat = groups.flat();
    }
    return this.#flat;
  }

  /** Files holding a reference to any of `names`, from tables kept in memory after the first call. */
  filesReferencing(store: GraphReader, names: readonly string[]): Set<number> {
    let referencing = this.#referencing;
    if (referencing === undefined) {
      referencing = this.#referencing = new NameUses();
      for (const [id, set] of readReferencedNames(store, undefined, this.pool)) referencing.link(id, set);
    }
    return referencing.filesReferencing(names);
  }

  /** Every file's base-class links, once a run resolved them all; undefined before. */
  knownBases(): BaseLinksByFile | undefined {
    return this.#bases;
  }

  /**
   * Keeps what a run found: with `files`, the links of those files (the ones it re-resolved)
   * replace what was held; without, `found` is every file's (the run resolved all inheritance).
   */
  keepBases(found: BaseLinksByFile, files?: Iterable<number>): void {
    if (files === undefined) {
      this.#bases = new Map(found);
      return;
    }
    const bases = this.#bases;
    if (bases === undefined) return;
    for (const id of files) {
      const links = found.get(id);
      if (links === undefined) bases.delete(id);
      else bases.set(id, links);
    }
  }

  /** Import statements of a file, in statement order. */
  importsOf(fileId: number): readonly ExtractedImport[] {
    return this.#imports.get(fileId) ?? [];
  }
}

/**
 * `flat` without the symbols of `files`, plus `fresh` (in id order), when the result is still in id
 * order; undefined when it is not, so `symbols()` sorts again. A rewritten file's new nodes
 * usually get ids above every stored one, so one pass replaces a sort of every group (5 of a
 * one-file sync's 65 ms on django).
 */
function replacedInIdOrder(flat: readonly BulkSymbol[], files: ReadonlySet<number>, fresh: readonly BulkSymbol[]): BulkSymbol[] | undefined {
  const kept = flat.filter((s) => !files.has(s.fileId));
  let last = kept.length > 0 ? (kept[kept.length - 1] as BulkSymbol).id : -Infinity;
  for (const s of fresh) {
    if (s.id <= last) return undefined;
    last = s.id;
    kept.push(s);
  }
  return kept;
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
