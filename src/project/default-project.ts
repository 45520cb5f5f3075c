/**
 * The default project of a stdio session: the one tools answer for when a call names none. Found
 * in the reference's order and re-tried while none is known, so a project indexed after the
 * server started is adopted without a restart.
 */
import { resolve } from 'node:path';
import { findIndexedProjectUp, isIndexed } from './resolve.js';
import { scanIndexedChildren, type ChildScan } from './workspace-scan.js';

/** The child scan runs at most once per this many milliseconds; find-up is cheap and runs every time. */
export const CHILD_SCAN_INTERVAL_MS = 5_000;

/** Where a default project came from, in the order the sources are tried. */
export type DefaultSource = 'path' | 'find-up' | 'child-scan' | 'initialize' | 'roots';

/** Options of a resolver. */
export interface DefaultProjectOptions {
  /** The launch folder: find-up starts here and the child scan searches below it. */
  readonly cwd: string;
  /** `--path`: pins the default project, indexed or not. */
  readonly pinned?: string;
  /**
   * Only `pinned`, never searched for: streamable HTTP serves no session, so without `--path` its
   * requests name their project and no launch folder is adopted.
   */
  readonly pinnedOnly?: boolean;
  /** Milliseconds clock for the scan throttle; `Date.now` unless a test injects one. */
  readonly now?: () => number;
  /** The child scan; injectable for tests. */
  readonly scan?: (dir: string) => ChildScan;
  /** Told when a child scan finds several indexed folders (sorted), once per distinct list. */
  readonly onAmbiguous?: (candidates: readonly string[]) => void;
}

/**
 * Resolves and remembers the default project. Sources, first hit wins: `--path`; find-up of an
 * index from the launch folder; exactly one indexed child of a workspace launch folder (several
 * are remembered as candidates, never guessed); the paths `initialize` advertised; the client's
 * roots. Once found the default stays for the session.
 */
export class DefaultProjectResolver {
  readonly #options: DefaultProjectOptions;
  #root: string | undefined;
  #source: DefaultSource | undefined;
  #candidates: readonly string[] = [];
  #lastScan: number | undefined;
  #workspace: readonly string[] = [];
  #roots: readonly string[] = [];

  constructor(options: DefaultProjectOptions) {
    this.#options = options;
    if (options.pinned !== undefined) {
      this.#root = resolve(options.cwd, options.pinned);
      this.#source = 'path';
    }
  }

  /** The default project, re-resolving while none is known; undefined when no source yields one. */
  current(): string | undefined {
    if (this.#root === undefined) this.#resolve();
    return this.#root;
  }

  /** Where the current default came from; undefined while there is none. */
  source(): DefaultSource | undefined {
    return this.#source;
  }

  /** Indexed folders the last child scan found when there were several; empty otherwise. */
  candidates(): readonly string[] {
    return this.#root === undefined ? this.#candidates : [];
  }

  /** Offers the folders `initialize` advertised (rootUri, rootPath, workspaceFolders[0], in that order). */
  offerWorkspace(paths: readonly string[]): void {
    this.#workspace = paths;
    this.current();
  }

  /** Offers the client's `roots/list` answer. */
  offerRoots(paths: readonly string[]): void {
    this.#roots = paths;
    this.current();
  }

  #resolve(): void {
    if (this.#options.pinnedOnly === true) return;
    const up = findIndexedProjectUp(this.#options.cwd);
    if (up !== undefined) return this.#adopt(up, 'find-up');
    const child = this.#scanChildren();
    if (child !== undefined) return this.#adopt(child, 'child-scan');
    const advertised = firstIndexed(this.#workspace);
    if (advertised !== undefined) return this.#adopt(advertised, 'initialize');
    const root = firstIndexed(this.#roots);
    if (root !== undefined) return this.#adopt(root, 'roots');
  }

  /** The single indexed child, when the throttle lets the scan run and it finds exactly one. */
  #scanChildren(): string | undefined {
    const now = (this.#options.now ?? Date.now)();
    if (this.#lastScan !== undefined && now - this.#lastScan < CHILD_SCAN_INTERVAL_MS) return undefined;
    this.#lastScan = now;
    const { candidates } = (this.#options.scan ?? scanIndexedChildren)(this.#options.cwd);
    if (candidates.length === 1) return candidates[0];
    const changed = candidates.length !== this.#candidates.length || candidates.some((c, i) => c !== this.#candidates[i]);
    this.#candidates = candidates;
    if (changed && candidates.length > 1) this.#options.onAmbiguous?.(candidates);
    return undefined;
  }

  #adopt(root: string, source: DefaultSource): void {
    this.#root = root;
    this.#source = source;
    this.#candidates = [];
  }
}

/** The first path that is indexed or lies inside an indexed project. */
function firstIndexed(paths: readonly string[]): string | undefined {
  for (const path of paths) {
    const root = isIndexed(path) ? path : findIndexedProjectUp(path);
    if (root !== undefined) return root;
  }
  return undefined;
}
