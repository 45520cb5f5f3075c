/**
 * An in-memory name index derived from one store, built on first use and kept while the store's
 * contents stay the same: symbol names split into words, sorted for prefix lookups, and the file
 * table by id and path. Lets search, node and files answer without scanning the database per call.
 */
import type { NodeKind } from '../model.js';
import { isTestPath } from '../index/extract/test-paths.js';
import { contentStamp, eachIndexedFile, eachSymbolName } from '../store/index.js';
import type { GraphStore } from '../store/index.js';
import { identifierWords } from './terms.js';

/** One indexed file as the lookup tools see it. */
export interface FileEntry {
  readonly id: number;
  readonly path: string;
  /** `path` lowercased, for case-insensitive filters. */
  readonly lowerPath: string;
  readonly language: string;
  readonly symbols: number;
  readonly isTest: boolean;
  /** Test, generated or vendored: ranked after everything else. */
  readonly demoted: boolean;
}

/** One symbol (never a file node), with its name split into lowercased words. */
export interface SymbolEntry {
  readonly id: number;
  readonly name: string;
  readonly lower: string;
  readonly qualifiedName: string;
  readonly kind: NodeKind;
  readonly fileId: number;
  readonly line: number;
  readonly words: readonly string[];
}

/** The derived index. */
export interface SymbolIndex {
  readonly symbols: readonly SymbolEntry[];
  readonly byId: ReadonlyMap<number, SymbolEntry>;
  readonly files: ReadonlyMap<number, FileEntry>;
  readonly filesByPath: ReadonlyMap<string, FileEntry>;
  /** Distinct lowercased names, sorted, and the symbols bearing each. */
  readonly names: readonly string[];
  readonly byLowerName: ReadonlyMap<string, readonly SymbolEntry[]>;
  /** Distinct name words, sorted, and the symbols whose name contains each. */
  readonly words: readonly string[];
  readonly byWord: ReadonlyMap<string, readonly SymbolEntry[]>;
}

const GENERATED = /(?:^|\/)(?:dist|build|out|target|generated|__generated__|gen)\/|\.(?:generated|gen|g|pb|min)\.[a-z]+$|_pb2(?:_grpc)?\.py$|\.pb\.go$|\.d\.ts$/i;
const VENDORED = /(?:^|\/)(?:vendor|vendored|node_modules|third_party|thirdparty|external|bower_components|site-packages)\//i;

/** True for files whose symbols rank last: tests, generated code and vendored copies. */
export function isDemotedPath(path: string): boolean {
  return isTestPath(path) || GENERATED.test(path) || VENDORED.test(path);
}

interface Cached {
  readonly stamp: string;
  readonly index: SymbolIndex;
}

const cache = new WeakMap<GraphStore, Cached>();

/** The derived index of `store`, rebuilt only when the store changed since the last call. */
export function symbolIndex(store: GraphStore): SymbolIndex {
  const stamp = contentStamp(store);
  const hit = cache.get(store);
  if (hit !== undefined && hit.stamp === stamp) return hit.index;
  const index = build(store);
  cache.set(store, { stamp, index });
  return index;
}

function fileEntry(id: number, path: string, language: string, symbols: number, isTest: boolean): FileEntry {
  return {
    id,
    path,
    lowerPath: path.toLowerCase(),
    language,
    symbols,
    isTest: isTest || isTestPath(path),
    demoted: isTest || isDemotedPath(path),
  };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function build(store: GraphStore): SymbolIndex {
  const files = new Map<number, FileEntry>();
  const filesByPath = new Map<string, FileEntry>();
  eachIndexedFile(store, (id, path, language, symbols, isTest) => {
    const entry = fileEntry(id, path, language, symbols, isTest);
    files.set(entry.id, entry);
    filesByPath.set(entry.path, entry);
  });
  const symbols: SymbolEntry[] = [];
  const byId = new Map<number, SymbolEntry>();
  const byLowerName = new Map<string, SymbolEntry[]>();
  const byWord = new Map<string, SymbolEntry[]>();
  eachSymbolName(store, (id, name, qualifiedName, kind, fileId, line) => {
    const entry: SymbolEntry = { id, name, lower: name.toLowerCase(), qualifiedName, kind, fileId, line, words: identifierWords(name) };
    symbols.push(entry);
    byId.set(entry.id, entry);
    push(byLowerName, entry.lower, entry);
    for (const w of new Set(entry.words)) push(byWord, w, entry);
  });
  return {
    symbols,
    byId,
    files,
    filesByPath,
    names: [...byLowerName.keys()].sort(),
    byLowerName,
    words: [...byWord.keys()].sort(),
    byWord,
  };
}

/** The sorted keys that start with `prefix` (binary search, then a forward walk). */
export function keysWithPrefix(sorted: readonly string[], prefix: string, max = Infinity): string[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '') < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < sorted.length && out.length < max; i += 1) {
    const key = sorted[i] ?? '';
    if (!key.startsWith(prefix)) break;
    out.push(key);
  }
  return out;
}
