/**
 * Per-index derived data for explore, built once per GraphStore and cached in a WeakMap: the
 * file table with basename/stem lookups, and (on first use) the stored term index and the
 * bundled copies. A reloaded index is a new GraphStore, so nothing here can go stale across syncs.
 */
import { posix } from 'node:path';
import { eachExploreFile, type ExploreFile } from '../../store/index.js';
import type { GraphStore } from '../../store/index.js';
import { bundledFiles } from '../../search/index.js';
import { NodeReader } from './nodes.js';
import { EdgeReader } from './edges.js';
import { TermIndex } from './terms.js';

/** One indexed file, as explore needs it: the store's row for explore. */
export type FileEntry = ExploreFile;

/** Derived, read-only views of one index. */
export interface IndexData {
  readonly store: GraphStore;
  readonly files: readonly FileEntry[];
  readonly byPath: ReadonlyMap<string, FileEntry>;
  /** Lowercased basename -> files. */
  readonly byBase: ReadonlyMap<string, readonly FileEntry[]>;
  /** Lowercased basename without its extension -> files. */
  readonly byStem: ReadonlyMap<string, readonly FileEntry[]>;
  /** Lowercased extensions (without the dot) of indexed files. */
  readonly extensions: ReadonlySet<string>;
  readonly nodes: NodeReader;
  readonly edges: EdgeReader;
  /** Built on first use: stemmed words of names, qualifiers, docstrings and paths. */
  terms(): TermIndex;
  /** The paths of files that bundle other files' code (search/bundles.ts, found once per revision). */
  bundles(): ReadonlySet<string>;
}

const CACHE = new WeakMap<GraphStore, { readonly revision: number; readonly data: IndexData }>();

/** Whether the derived data of `store` is already built (so explore on it starts warm). */
export function hasIndexData(store: GraphStore): boolean {
  return CACHE.get(store)?.revision === store.revision;
}

/** The derived data of `store`, built on first use and shared by every later query. */
export function indexData(store: GraphStore): IndexData {
  const cached = CACHE.get(store);
  if (cached !== undefined && cached.revision === store.revision) return cached.data;
  const files: FileEntry[] = [];
  eachExploreFile(store, (f) => files.push(f));
  const byPath = new Map<string, FileEntry>();
  const byBase = new Map<string, FileEntry[]>();
  const byStem = new Map<string, FileEntry[]>();
  const extensions = new Set<string>();
  for (const f of files) {
    byPath.set(f.path, f);
    const base = posix.basename(f.path).toLowerCase();
    push(byBase, base, f);
    const dot = base.lastIndexOf('.');
    push(byStem, dot > 0 ? base.slice(0, dot) : base, f);
    if (dot > 0) extensions.add(base.slice(dot + 1));
  }
  let terms: TermIndex | undefined;
  const data: IndexData = {
    store, files, byPath, byBase, byStem, extensions,
    nodes: new NodeReader(store), edges: new EdgeReader(store),
    terms: () => (terms ??= TermIndex.build(store)),
    bundles: () => bundledFiles(store),
  };
  CACHE.set(store, { revision: store.revision, data });
  return data;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
