/**
 * The code map as data: the project's folders and files as a tree sized by symbols, and the
 * imports and calls between files, drawn between whatever is visible. A folder is either open
 * (its children are shown) or collapsed (it stands for every file below it); past a threshold of
 * files only the folders asked for are open. Pure: the rows come in as parameters.
 */
import { cyclesOf } from '../graph/index.js';
import type { MapLink, MapLinkKind, MapNode, MapView } from './answers.js';

/** One indexed file as the map needs it. */
export interface MapFile {
  readonly path: string;
  readonly language: string;
  readonly symbols: number;
  readonly isTest: boolean;
}

/** Edges of one kind from file `from` to file `to` (indexes into the files). */
export interface MapFileLink {
  readonly from: number;
  readonly to: number;
  readonly kind: MapLinkKind;
  readonly count: number;
}

/** A project's files and links, with the folder tree and the import cycles worked out once. */
export interface MapIndex {
  /** By path. */
  readonly files: readonly MapFile[];
  readonly links: readonly MapFileLink[];
  /** Folder path ('' for the root) -> its child folders and files, each by name. */
  readonly folders: ReadonlyMap<string, { readonly folders: readonly string[]; readonly files: readonly number[]; readonly fileCount: number; readonly symbols: number }>;
  /** Import cycles as file paths, the first repeated at the end. */
  readonly cycles: readonly (readonly string[])[];
  /** Import links (by index into `links`) that lie on a reported cycle. */
  readonly cycleLinks: ReadonlySet<number>;
}

/** Files beyond which the map opens only the root and the folders asked for. */
export const COLLAPSE_THRESHOLD = 2000;

/** Most cycles a map answer lists. */
export const MAX_MAP_CYCLES = 50;


/** Builds the tree and finds the import cycles; `files` must be sorted by path. */
export function buildMapIndex(files: readonly MapFile[], links: readonly MapFileLink[]): MapIndex {
  const building = new Map<string, { folders: Set<string>; files: number[]; fileCount: number; symbols: number }>();
  const folder = (path: string): { folders: Set<string>; files: number[]; fileCount: number; symbols: number } => {
    let entry = building.get(path);
    if (entry === undefined) {
      entry = { folders: new Set(), files: [], fileCount: 0, symbols: 0 };
      building.set(path, entry);
      if (path !== '') folder(parentOf(path)).folders.add(path);
    }
    return entry;
  };
  folder('');
  files.forEach((file, i) => {
    const parent = parentOf(file.path);
    folder(parent).files.push(i);
    for (let p: string | null = parent; p !== null; p = p === '' ? null : parentOf(p)) {
      const entry = folder(p);
      entry.fileCount += 1;
      entry.symbols += file.symbols;
    }
  });
  const folders = new Map([...building].map(([path, e]) => [path, { folders: [...e.folders].sort(), files: e.files, fileCount: e.fileCount, symbols: e.symbols }]));
  const imports = links.map((l, i) => ({ l, i })).filter(({ l }) => l.kind === 'imports');
  const report = cyclesOf(files.map((f) => f.path), imports.map(({ l }) => [l.from, l.to] as const));
  const onCycle = new Set<string>();
  for (const cycle of report.cycles) for (let i = 0; i + 1 < cycle.length; i++) onCycle.add(`${cycle[i]}\n${cycle[i + 1]}`);
  const cycleLinks = new Set(imports.filter(({ l }) => onCycle.has(`${files[l.from]?.path}\n${files[l.to]?.path}`)).map(({ i }) => i));
  return { files, links, folders, cycles: report.cycles, cycleLinks };
}

/**
 * The visible map: every open folder's children, and the links between visible boxes. A small
 * project (at most `threshold` files) opens every folder; a larger one opens the root and the
 * folders in `open` whose ancestors are open too.
 */
export function projectMap(index: MapIndex, open: ReadonlySet<string>, threshold = COLLAPSE_THRESHOLD): MapView {
  const collapsed = index.files.length > threshold;
  const isOpen = (path: string): boolean => path === '' || !collapsed || open.has(path);
  const nodes: MapNode[] = [];
  const boxOfFile = new Array<string>(index.files.length);
  const cycleFiles = new Set(index.cycles.flat());
  const visit = (path: string, parent: string | null): void => {
    const entry = index.folders.get(path);
    if (entry === undefined) return;
    const opened = isOpen(path);
    const holds = entry.files.length > 0 || entry.folders.length > 0;
    nodes.push({
      id: path, kind: 'folder', name: path === '' ? '/' : nameOf(path), parent, symbols: entry.symbols, files: entry.fileCount,
      open: opened && holds, inCycle: !opened && folderHasCycle(path, cycleFiles),
    });
    if (!opened) {
      markFiles(index, path, path, boxOfFile);
      return;
    }
    for (const child of entry.folders) visit(child, path);
    for (const i of entry.files) {
      const file = index.files[i];
      if (file === undefined) continue;
      boxOfFile[i] = file.path;
      nodes.push({
        id: file.path, kind: 'file', name: nameOf(file.path), parent: path, symbols: file.symbols, files: 1, open: false,
        inCycle: cycleFiles.has(file.path), language: file.language, isTest: file.isTest,
      });
    }
  };
  visit('', null);
  const links = projectLinks(index, boxOfFile);
  const totalSymbols = index.folders.get('')?.symbols ?? 0;
  return { totalFiles: index.files.length, totalSymbols, collapsed, nodes, links, cycles: index.cycles.slice(0, MAX_MAP_CYCLES), cyclesTotal: index.cycles.length };
}

function projectLinks(index: MapIndex, boxOfFile: readonly string[]): MapLink[] {
  const merged = new Map<string, { from: string; to: string; kind: MapLinkKind; count: number; cycle: boolean }>();
  index.links.forEach((link, i) => {
    const from = boxOfFile[link.from];
    const to = boxOfFile[link.to];
    if (from === undefined || to === undefined || from === to) return;
    const key = `${from}\n${to}\n${link.kind}`;
    const seen = merged.get(key);
    const cycle = index.cycleLinks.has(i);
    if (seen === undefined) merged.set(key, { from, to, kind: link.kind, count: link.count, cycle });
    else {
      seen.count += link.count;
      seen.cycle ||= cycle;
    }
  });
  return [...merged.values()].sort((a, b) => compare(a.from, b.from) || compare(a.to, b.to) || compare(a.kind, b.kind));
}

function markFiles(index: MapIndex, path: string, box: string, boxOfFile: string[]): void {
  const entry = index.folders.get(path);
  if (entry === undefined) return;
  for (const i of entry.files) boxOfFile[i] = box;
  for (const child of entry.folders) markFiles(index, child, box, boxOfFile);
}

function folderHasCycle(path: string, cycleFiles: ReadonlySet<string>): boolean {
  if (cycleFiles.size === 0) return false;
  const prefix = `${path}/`;
  for (const file of cycleFiles) if (file.startsWith(prefix)) return true;
  return false;
}

/** The folder holding `path` ('' at the top). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
