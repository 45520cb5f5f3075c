import { join } from 'node:path';
import { CorruptIndexError, DATABASE_FILE, GraphStore, hasChanged, INDEX_DIR, openSavedDatabase, type DatabaseStamp } from '../store/index.js';

/** An opened, read-only view of one project's index. */
export interface ProjectIndex {
  readonly root: string;
  readonly store: GraphStore;
  /** Bytes of the database file and its change log when they were loaded. */
  readonly databaseBytes: number;
}

interface Entry {
  index: ProjectIndex;
  stamp: DatabaseStamp;
  lastUsed: number;
}

/** How many projects stay loaded at once; the least recently used is closed beyond that. */
export const MAX_OPEN_PROJECTS = 8;

/**
 * Loads project indexes on first use and keeps them open for later queries, reloading one when
 * its database file was replaced or its change log appended to (by `codegraph sync` in another
 * process, say). Readers never take the writer lock: an image is saved by an atomic rename and a
 * log record is read only when whole (saved-index.ts).
 */
export class IndexCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<ProjectIndex | undefined>>();

  /** The index of `root`, fresh as of this call; undefined when the project has no database. */
  async get(root: string): Promise<ProjectIndex | undefined> {
    const entry = this.entries.get(root);
    if (entry !== undefined && !(await hasChanged(entry.stamp))) {
      entry.lastUsed = Date.now();
      return entry.index;
    }
    const pending = this.loading.get(root);
    if (pending !== undefined) return pending;
    const load = this.load(root).finally(() => this.loading.delete(root));
    this.loading.set(root, load);
    return load;
  }

  /** Closes the database of `root` if it is open; the next `get` loads it again. */
  release(root: string): void {
    const entry = this.entries.get(root);
    if (entry === undefined) return;
    entry.index.store.close();
    this.entries.delete(root);
  }

  /** Closes every open database. */
  close(): void {
    for (const entry of this.entries.values()) entry.index.store.close();
    this.entries.clear();
  }

  private async load(root: string): Promise<ProjectIndex | undefined> {
    try {
      return await this.loadFrom(root);
    } catch (error) {
      // Damage found by SQLite itself does not know the file; name it for the message.
      if (error instanceof CorruptIndexError && error.path === undefined) throw new CorruptIndexError(error.reason, join(root, INDEX_DIR, DATABASE_FILE));
      throw error;
    }
  }

  private async loadFrom(root: string): Promise<ProjectIndex | undefined> {
    const loaded = await openSavedDatabase(join(root, INDEX_DIR));
    const old = this.entries.get(root);
    if (old !== undefined) {
      old.index.store.close();
      this.entries.delete(root);
    }
    if (loaded === undefined) return undefined;
    const store = GraphStore.open(loaded.db, { file: join(root, INDEX_DIR, DATABASE_FILE) });
    const index: ProjectIndex = { root, store, databaseBytes: loaded.bytes };
    this.entries.set(root, { index, stamp: loaded.stamp, lastUsed: Date.now() });
    this.evict();
    return index;
  }

  private evict(): void {
    while (this.entries.size > MAX_OPEN_PROJECTS) {
      let oldest: [string, Entry] | undefined;
      for (const item of this.entries) if (oldest === undefined || item[1].lastUsed < oldest[1].lastUsed) oldest = item;
      if (oldest === undefined) return;
      oldest[1].index.store.close();
      this.entries.delete(oldest[0]);
    }
  }
}
