/**
 * The live services a session holds per project. Today a project's service is its open index in
 * this process; `acquire` is the one seam where a per-project daemon can be started or attached
 * instead, with the same retention and re-check rules.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE, INDEX_DIR } from '../store/layout.js';
import type { IndexCache, ProjectIndex } from './index-cache.js';

/**
 * Indexes held live by their owner (a project daemon's own index session) and lent out for one
 * query at a time, so the owner writes them in place instead of a second copy being loaded.
 */
export interface LiveIndexes {
  /**
   * Runs `fn` on `root`'s live index while no write is in progress, and answers what it returned;
   * undefined when `root` is not held live (the caller loads it the ordinary way). `onWait` is
   * told when the index is catching up first.
   */
  use<T>(root: string, fn: (index: ProjectIndex) => Promise<T>, onWait?: () => void): Promise<{ readonly value: T } | undefined>;
}

/** How many projects one session keeps acquired; the least recently used is released beyond that. */
export const MAX_RETAINED_PROJECTS = 32;

/**
 * Acquires, retains (LRU, at most `MAX_RETAINED_PROJECTS`) and releases project services. Every
 * acquire re-checks a retained project: an index that was removed is released, one that was
 * re-created (a different `.codegraph/` folder) is released and opened again.
 */
export class ProjectServices {
  /** Retained roots, least recently used first, with the identity of their index folder. */
  readonly #retained = new Map<string, string>();
  readonly #live: LiveIndexes | undefined;
  #cache: IndexCache | undefined;

  /** `live` lends indexes held elsewhere; the rest are loaded into this process. */
  constructor(live?: LiveIndexes) {
    this.#live = live;
  }

  /**
   * Runs `fn` on `root`'s index (live when held live, else as `acquire` gives it); undefined when
   * `root` has no index. `onWait` is told when a live index has to catch up first.
   */
  async use<T>(root: string, fn: (index: ProjectIndex) => Promise<T>, onWait?: () => void): Promise<{ readonly value: T } | undefined> {
    if (this.#live !== undefined && indexIdentity(root) !== undefined) {
      const lent = await this.#live.use(root, fn, onWait);
      if (lent !== undefined) return lent;
    }
    const index = await this.acquire(root);
    return index === undefined ? undefined : { value: await fn(index) };
  }

  /**
   * The service of `root`: today its index, fresh as of this call (loaded on first use and reloaded
   * when another writer replaced the database). Undefined when `root` has no index.
   */
  async acquire(root: string): Promise<ProjectIndex | undefined> {
    const identity = indexIdentity(root);
    const known = this.#retained.get(root);
    if (known !== undefined && known !== identity) this.release(root);
    if (identity === undefined) return undefined;
    this.#retained.delete(root);
    this.#retained.set(root, identity);
    this.#evict();
    return (await this.#indexCache()).get(root);
  }

  /** Roots currently retained, least recently used first. */
  retained(): readonly string[] {
    return [...this.#retained.keys()];
  }

  /** Lets go of `root`'s service. */
  release(root: string): void {
    this.#retained.delete(root);
    this.#cache?.release(root);
  }

  /** Releases every service. */
  close(): void {
    this.#retained.clear();
    this.#cache?.close();
  }

  /** The index cache, created on first use so that listing tools never loads sql.js. */
  async #indexCache(): Promise<IndexCache> {
    if (this.#cache === undefined) {
      const { IndexCache: Cache } = await import('./index-cache.js');
      this.#cache ??= new Cache();
    }
    return this.#cache;
  }

  #evict(): void {
    while (this.#retained.size > MAX_RETAINED_PROJECTS) {
      const oldest = this.#retained.keys().next();
      if (oldest.done === true) return;
      this.release(oldest.value);
    }
  }
}

/** Which index folder `root` has (device and inode), or undefined when it has no database. */
function indexIdentity(root: string): string | undefined {
  try {
    const dir = statSync(join(root, INDEX_DIR));
    statSync(join(root, INDEX_DIR, DATABASE_FILE));
    return `${dir.dev}:${dir.ino}`;
  } catch {
    return undefined;
  }
}
