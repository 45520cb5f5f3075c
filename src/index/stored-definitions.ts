/**
 * Definitions read from the store as resolution asks for them (by id, by name, by file), kept
 * between runs until the files they come from change: what a long-lived session of a very large
 * project resolves against instead of holding every definition.
 */
import type { DefinitionSource } from './resolve/index.js';
import { readSymbolById, readSymbolsNamed, readSymbolsOfFiles, StringPool, type BulkSymbol, type GraphReader } from '../store/index.js';

/**
 * Definitions kept at most before `changed` forgets them all: a session that edits files all over
 * a large tree does not end up holding every definition after all (at about 200 bytes each, the
 * limit is some 100 MB). On the Linux kernel, resolving `kernel/sched/fair.c` reads 8,900 of them,
 * and `mm/slub.c`, `drivers/gpu/drm/i915/i915_gem.c` and `fs/ext4/inode.c` after it 3,000 to 6,000
 * more each.
 */
export const KEPT_DEFINITIONS_LIMIT = 500_000;

/** Reads definitions on demand and keeps each one object while the rows stand. */
export class StoredDefinitions implements DefinitionSource {
  readonly store: GraphReader;
  #pool = new StringPool();
  readonly #byId = new Map<number, BulkSymbol>();
  readonly #byName = new Map<string, readonly BulkSymbol[]>();
  readonly #byFile = new Map<number, readonly BulkSymbol[]>();
  /** Ids looked up and not found: an id freed by a deleted row can be given to a new one. */
  readonly #missing = new Set<number>();

  readonly #keptLimit: number;

  /** `keptLimit`: past this many definitions kept, `changed` forgets them all. */
  constructor(store: GraphReader, keptLimit = KEPT_DEFINITIONS_LIMIT) {
    this.store = store;
    this.#keptLimit = keptLimit;
  }

  symbol(id: number): BulkSymbol | undefined {
    const held = this.#byId.get(id);
    if (held !== undefined || this.#missing.has(id)) return held;
    const read = readSymbolById(this.store, id, this.#pool);
    if (read === undefined) this.#missing.add(id);
    else this.#byId.set(id, read);
    return read;
  }

  named(name: string): readonly BulkSymbol[] {
    let list = this.#byName.get(name);
    if (list === undefined) this.#byName.set(name, (list = this.#held(readSymbolsNamed(this.store, name, this.#pool))));
    return list;
  }

  symbolsOf(fileId: number): readonly BulkSymbol[] {
    let list = this.#byFile.get(fileId);
    if (list === undefined) this.#byFile.set(fileId, (list = this.#held(readSymbolsOfFiles(this.store, [fileId], this.#pool))));
    return list;
  }

  /**
   * Forgets what the rows of `fileIds` (replaced, deleted or new since) gave: their definitions
   * and every name they defined before or define now. What other files gave stands, the same
   * objects. Returns false when it forgot everything instead (past its kept limit): then
   * no object handed out before is handed out again.
   */
  changed(fileIds: Iterable<number>): boolean {
    this.#missing.clear();
    if (this.#byId.size > this.#keptLimit) {
      this.forget();
      return false;
    }
    const files = new Set(fileIds);
    if (files.size === 0) return true;
    const names = new Set<string>();
    for (const [id, s] of this.#byId) {
      if (!files.has(s.fileId)) continue;
      this.#byId.delete(id);
      names.add(s.name);
    }
    // The rows these files have now name what they define, and are what `symbolsOf` would read.
    const now = new Map<number, BulkSymbol[]>([...files].map((id) => [id, []]));
    for (const s of readSymbolsOfFiles(this.store, [...files], this.#pool)) {
      names.add(s.name);
      now.get(s.fileId)?.push(s);
    }
    for (const name of names) this.#byName.delete(name);
    for (const [id, list] of now) this.#byFile.set(id, this.#held(list));
    return true;
  }

  /** Forgets everything read: the next lookups read the store's rows as they are now. */
  forget(): void {
    this.#byId.clear();
    this.#byName.clear();
    this.#byFile.clear();
    this.#missing.clear();
    this.#pool = new StringPool();
  }

  /** `read` with each definition replaced by the object already handed out for its id, if any. */
  #held(read: readonly BulkSymbol[]): readonly BulkSymbol[] {
    return read.map((s) => {
      const held = this.#byId.get(s.id);
      if (held !== undefined) return held;
      this.#byId.set(s.id, s);
      return s;
    });
  }
}
