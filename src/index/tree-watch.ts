/**
 * Change events for a project tree, as project-relative paths. Where the platform watches a tree
 * itself (macOS, Windows), one recursive `fs.watch` does it. On Linux, Node's recursive mode puts
 * a watch on every file and sets them all up before it returns: on the Linux kernel's tree that
 * blocked the event loop for 2.4 s and asked for about 80,000 inotify watches. There each
 * directory gets one watch of its own instead, set up in short slices, leaving out the folders
 * the index never reads; a directory that appears later is watched once its parent reports it.
 */
import { lstatSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/** A running watch of a tree. */
export interface TreeWatch {
  /** Directories with a watch of their own (1 where the platform watches the tree itself). */
  readonly watchedDirectories: number;
  /** Stops every watch; no event is reported afterwards. */
  close(): void;
}

/** Options of `watchTree`. */
export interface TreeWatchOptions {
  readonly root: string;
  /** Told the project-relative path (`/`-separated) of each event, or null when the platform gave none. */
  readonly onEvent: (relPath: string | null) => void;
  /** Told when the tree can no longer be watched (watch resources exhausted, the root gone). */
  readonly onError: (error: unknown) => void;
  /** Whether a directory (project-relative) and everything below it go unwatched. */
  readonly skipDirectory: (relPath: string) => boolean;
  /** Directories watched on their own even when an ancestor is skipped (`.git/info`), when they exist. */
  readonly alsoWatch?: readonly string[];
  /** One watch per directory on any platform (tests); by default only on Linux. */
  readonly perDirectory?: boolean;
}

/** How long the initial walk runs before it yields to the event loop. */
const SLICE_MS = 10;

/** Starts watching; resolves once every directory present now is watched, rejects when the root cannot be. */
export async function watchTree(options: TreeWatchOptions): Promise<TreeWatch> {
  if (!(options.perDirectory ?? process.platform === 'linux')) {
    const watcher = watch(options.root, { recursive: true }, (_event, filename) => options.onEvent(filename === null ? null : String(filename).split('\\').join('/')));
    watcher.on('error', options.onError);
    return { watchedDirectories: 1, close: () => watcher.close() };
  }
  const tree = new DirectoryWatches(options);
  await tree.addTree('');
  for (const dir of options.alsoWatch ?? []) if (isDirectory(join(options.root, dir))) tree.add(dir);
  return tree;
}

/** One watch per directory (see the module comment). */
class DirectoryWatches implements TreeWatch {
  readonly #options: TreeWatchOptions;
  readonly #watchers = new Map<string, FSWatcher>();
  #closed = false;

  constructor(options: TreeWatchOptions) {
    this.#options = options;
  }

  get watchedDirectories(): number {
    return this.#watchers.size;
  }

  close(): void {
    this.#closed = true;
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  /** Watches `relDir` and every directory below it that is not skipped, in slices. */
  async addTree(relDir: string): Promise<void> {
    const queue = [relDir];
    let sliceStart = performance.now();
    while (queue.length > 0 && !this.#closed) {
      const dir = queue.pop() as string;
      if (!this.add(dir)) continue;
      for (const name of subdirectories(join(this.#options.root, dir))) {
        const child = dir === '' ? name : `${dir}/${name}`;
        if (!this.#options.skipDirectory(child)) queue.push(child);
      }
      if (performance.now() - sliceStart >= SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  }

  /** Watches one directory; false when it is already watched, gone, or watching stopped. */
  add(relDir: string): boolean {
    if (this.#closed || this.#watchers.has(relDir)) return false;
    let watcher: FSWatcher;
    try {
      watcher = watch(join(this.#options.root, relDir), (event, filename) => this.#onEvent(relDir, event, filename));
    } catch (error) {
      // The root itself must be watchable; below it, a directory gone meanwhile needs no watch.
      // Anything else (no watches left) ends watching.
      if (relDir === '') throw error;
      if (!isGone(error)) this.#options.onError(error);
      return false;
    }
    watcher.on('error', (error) => {
      this.#drop(relDir);
      if (relDir === '' || !isGone(error)) this.#options.onError(error);
    });
    this.#watchers.set(relDir, watcher);
    return true;
  }

  #onEvent(relDir: string, event: string, filename: string | Buffer | null): void {
    if (this.#closed) return;
    if (filename === null) {
      this.#options.onEvent(null);
      return;
    }
    const rel = relDir === '' ? String(filename) : `${relDir}/${String(filename)}`;
    this.#options.onEvent(rel);
    if (event !== 'rename') return;
    // Something appeared, vanished or moved: a new directory gets watched, a vanished one is let go.
    if (isDirectory(join(this.#options.root, rel))) {
      if (!this.#options.skipDirectory(rel)) void this.addTree(rel);
    } else {
      this.#drop(rel);
    }
  }

  /** Stops watching `relDir` and every directory below it. */
  #drop(relDir: string): void {
    for (const [dir, watcher] of this.#watchers) {
      if (dir === relDir || (relDir !== '' && dir.startsWith(`${relDir}/`))) {
        watcher.close();
        this.#watchers.delete(dir);
      }
    }
  }
}

/** The names of the real (not symlinked) directories in `dir`; none when it cannot be read. */
function subdirectories(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
}

function isDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EPERM' || code === 'EACCES';
}
