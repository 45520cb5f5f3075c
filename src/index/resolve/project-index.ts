import { familyOf } from './languages.js';
import { basename, dirname } from './paths.js';
import type { DefinitionSource, ResolverFile, ResolverSymbol } from './types.js';

/** Symbols under one name: most names have one, which is kept without a list around it. */
type Named = ResolverSymbol | ResolverSymbol[];

interface FileTables {
  readonly topLevel: Map<string, Named>;
  /** Parent id -> member name -> members (members live in their parent's file). */
  readonly members: Map<number, Map<string, Named>>;
}

/** Default for the number of per-file name tables kept at once. */
const DEFAULT_MAX_FILE_TABLES = 4096;
/**
 * Dropped definitions a patched index carries before `patch` asks for a fresh build, which
 * compacts them: at least this many, or a quarter of the live ones. A dropped definition costs one
 * array slot; the bound keeps a long session's index near a fresh one's size.
 */
const MIN_DROPPED = 10_000;

const EMPTY_SYMBOLS: readonly ResolverSymbol[] = [];
const EMPTY_IDS: readonly number[] = [];

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function addNamed(map: Map<string, Named>, name: string, symbol: ResolverSymbol): void {
  const present = map.get(name);
  if (present === undefined) map.set(name, symbol);
  else if (Array.isArray(present)) present.push(symbol);
  else map.set(name, [present, symbol]);
}

function removeNamed(map: Map<string, Named>, name: string, symbol: ResolverSymbol): void {
  const present = map.get(name);
  if (present === symbol) map.delete(name);
  else if (Array.isArray(present)) {
    const at = present.indexOf(symbol);
    if (at >= 0) present.splice(at, 1);
    if (present.length === 1) map.set(name, present[0] as ResolverSymbol);
    else if (present.length === 0) map.delete(name);
  }
}

function listOf(named: Named | undefined): readonly ResolverSymbol[] {
  return named === undefined ? EMPTY_SYMBOLS : Array.isArray(named) ? named : [named];
}

function addNested(map: Map<number, Map<string, Named>>, outer: number, name: string, symbol: ResolverSymbol): void {
  let inner = map.get(outer);
  if (inner === undefined) {
    inner = new Map();
    map.set(outer, inner);
  }
  addNamed(inner, name, symbol);
}

/**
 * Lookup tables over the input, built once: files by id, path, directory and package; symbols by
 * id, by name, by file (top level) and by parent. Every list keeps input order, which is what makes
 * resolution deterministic.
 */
export class ProjectIndex {
  private currentFiles: readonly ResolverFile[];
  private readonly positions = new Map<number, number>();
  private readonly families: string[] = [];
  private readonly dirs: string[] = [];
  private readonly packageKeys: (string | undefined)[] = [];
  private readonly byPath = new Map<string, number>();
  private readonly byDir = new Map<string, number[]>();
  private readonly byPackage = new Map<string, number[]>();
  /**
   * Symbols kept (the input less duplicate ids), and each id's position among them (-1: none). A
   * patch leaves holes where it dropped some.
   */
  private readonly kept: (ResolverSymbol | undefined)[] = [];
  private positionById: Int32Array | Map<number, number>;
  private dropped = 0;
  private readonly byName = new Map<string, Named>();
  private readonly symbolsByFile = new Map<number, ResolverSymbol[]>();
  /** Per-file name tables, built the first time a file is looked into (many never are). */
  private readonly tables = new Map<number, FileTables>();
  private byBasename: Map<string, number[]> | undefined;

  private readonly maxTables: number;
  /** Where an index built `over` a source reads definitions; it then holds none itself. */
  #source: DefinitionSource | undefined;

  constructor(files: readonly ResolverFile[], symbols: readonly ResolverSymbol[], maxFileTables = DEFAULT_MAX_FILE_TABLES) {
    this.currentFiles = files;
    this.maxTables = Math.max(1, maxFileTables);
    this.positionById = idIndex(symbols);
    this.#addFiles(files);
    this.addSymbols(symbols);
  }

  /**
   * The same tables as `new ProjectIndex(files, symbols)`, built `chunk` definitions at a time: the
   * generator yields between chunks, so a caller can let other work run, and returns the index.
   */
  static *stepwise(files: readonly ResolverFile[], symbols: readonly ResolverSymbol[], chunk: number): Generator<void, ProjectIndex> {
    const index = new ProjectIndex(files, []);
    index.positionById = idIndex(symbols);
    for (let from = 0; from < symbols.length; from += chunk) {
      yield;
      index.addSymbols(symbols.slice(from, from + chunk));
    }
    return index;
  }

  /**
   * The same lookups as `new ProjectIndex(files, symbols)` where `source` holds exactly `symbols`,
   * with the definitions read from `source` as they are asked for instead of held: on the Linux
   * kernel the held tables are about 1.1 GB of heap, of which a one-file sync reads a few
   * thousand definitions. When rows change, `patch` names the files whose definitions the source
   * forgot, or `forgetDefinitions` follows a source that forgot them all.
   */
  static over(files: readonly ResolverFile[], source: DefinitionSource, maxFileTables = DEFAULT_MAX_FILE_TABLES): ProjectIndex {
    const index = new ProjectIndex(files, [], maxFileTables);
    index.#source = source;
    return index;
  }

  /**
   * For an index built `over` a source that forgot every definition it handed out: drops the name
   * tables made from them, so every later lookup reads the source again. A no-op for an index that
   * holds its definitions.
   */
  forgetDefinitions(): void {
    if (this.#source !== undefined) this.tables.clear();
  }

  #addFiles(files: readonly ResolverFile[]): void {
    files.forEach((file, pos) => {
      if (this.positions.has(file.id)) return;
      this.positions.set(file.id, pos);
      const family = familyOf(file.language);
      const dir = dirname(file.path);
      this.families.push(family);
      this.dirs.push(dir);
      const key = packageKeyOf(family, dir, file.packageName);
      this.packageKeys.push(key);
      this.byPath.set(file.path, file.id);
      push(this.byDir, dir, file.id);
      if (key !== undefined) push(this.byPackage, key, file.id);
    });
  }

  /** Every file, in input order. */
  get files(): readonly ResolverFile[] {
    return this.currentFiles;
  }

  /** Keeps `symbols` (in input order) after those kept so far: a file's list, its name, its id. */
  private addSymbols(symbols: readonly ResolverSymbol[]): void {
    // Symbols arrive grouped by file, so the file's list is reused while the file stays the same.
    let lastFile: number | undefined;
    let lastList: ResolverSymbol[] | undefined;
    for (const symbol of symbols) {
      if (symbol.fileId !== lastFile) {
        lastFile = symbol.fileId;
        lastList = undefined;
        if (this.positions.has(symbol.fileId)) {
          lastList = this.symbolsByFile.get(symbol.fileId);
          if (lastList === undefined) {
            lastList = [];
            this.symbolsByFile.set(symbol.fileId, lastList);
          }
        }
      }
      if (lastList === undefined || this.symbol(symbol.id) !== undefined) continue;
      this.positionById = setPosition(this.positionById, symbol.id, this.kept.length);
      this.kept.push(symbol);
      addNamed(this.byName, symbol.name, symbol);
      lastList.push(symbol);
    }
  }

  /**
   * Makes these tables what a fresh build over `files` and the current definitions would be, when
   * the last build differs only in the files `changed`: their definitions now are `fresh` (in id
   * order), and their rows in `files` may carry other imports. A long-lived session patches its
   * index after a small sync instead of building it anew over every definition (4.9 s of a
   * one-file sync on the Linux kernel). Returns false, having changed nothing, when a patch cannot
   * give the same tables: the file list differs otherwise, a changed file's family or package
   * moved, a fresh id is not above every remaining one (lists keep input order), or dropped
   * definitions have piled up past MIN_DROPPED.
   */
  patch(files: readonly ResolverFile[], changed: ReadonlySet<number>, fresh: readonly ResolverSymbol[]): boolean {
    if (!this.sameFiles(files, changed)) return false;
    if (this.#source !== undefined) {
      // The source forgot the changed files' definitions; the other files' tables still hold the very objects it hands out.
      for (const id of changed) this.tables.delete(id);
      this.currentFiles = files;
      return true;
    }
    const leaving = [...changed].flatMap((id) => this.symbolsByFile.get(id) ?? []);
    const live = this.kept.length - this.dropped - leaving.length;
    if (this.dropped + leaving.length > Math.max(MIN_DROPPED, live / 4)) return false;
    let last = this.lastRemainingId(changed);
    for (const symbol of fresh) {
      if (symbol.id <= last) return false;
      last = symbol.id;
    }
    for (const symbol of leaving) {
      removeNamed(this.byName, symbol.name, symbol);
      const pos = this.positionOf(symbol.id);
      if (pos >= 0) this.kept[pos] = undefined;
      this.positionById = setPosition(this.positionById, symbol.id, -1);
    }
    this.dropped += leaving.length;
    for (const id of changed) {
      this.symbolsByFile.delete(id);
      this.tables.delete(id);
    }
    this.currentFiles = files;
    this.addSymbols(fresh);
    return true;
  }

  /** Whether `files` lists the same files in the same places, those `changed` in the same family and package. */
  private sameFiles(files: readonly ResolverFile[], changed: ReadonlySet<number>): boolean {
    const before = this.currentFiles;
    if (files.length !== before.length) return false;
    for (let pos = 0; pos < files.length; pos++) {
      const now = files[pos] as ResolverFile;
      const then = before[pos] as ResolverFile;
      if (now.id !== then.id || now.path !== then.path) return false;
    }
    for (const id of changed) {
      const pos = this.positions.get(id);
      const now = pos === undefined ? undefined : files[pos];
      if (pos === undefined || now === undefined) return false;
      const family = familyOf(now.language);
      if (family !== this.families[pos] || packageKeyOf(family, this.dirs[pos] ?? '', now.packageName) !== this.packageKeys[pos]) return false;
    }
    return true;
  }

  /** The highest id kept outside the `changed` files (-1 when there is none). */
  private lastRemainingId(changed: ReadonlySet<number>): number {
    for (let pos = this.kept.length - 1; pos >= 0; pos--) {
      const symbol = this.kept[pos];
      if (symbol !== undefined && !changed.has(symbol.fileId)) return symbol.id;
    }
    return -1;
  }

  private tablesOf(fileId: number): FileTables {
    let tables = this.tables.get(fileId);
    if (tables === undefined) {
      tables = { topLevel: new Map(), members: new Map() };
      for (const symbol of this.symbolsOf(fileId)) {
        if (symbol.parentId === null) addNamed(tables.topLevel, symbol.name, symbol);
        else addNested(tables.members, symbol.parentId, symbol.name, symbol);
      }
      // Bounded: on a very large tree, tables for every file would hold each name twice over.
      if (this.tables.size >= this.maxTables) this.tables.clear();
      this.tables.set(fileId, tables);
    }
    return tables;
  }

  /** Position of a file in the input (the canonical order), or undefined for an unknown id. */
  position(fileId: number): number | undefined {
    return this.positions.get(fileId);
  }

  /** The file with this id. */
  file(fileId: number): ResolverFile | undefined {
    const pos = this.positions.get(fileId);
    return pos === undefined ? undefined : this.files[pos];
  }

  /** Language family of a file ('' for an unknown id). */
  family(fileId: number): string {
    const pos = this.positions.get(fileId);
    return pos === undefined ? '' : (this.families[pos] ?? '');
  }

  /** Directory of a file ('' at the root or for an unknown id). */
  dir(fileId: number): string {
    const pos = this.positions.get(fileId);
    return pos === undefined ? '' : (this.dirs[pos] ?? '');
  }

  /** Family-qualified package key (`go:` directory, `jvm:` package name …), when the family has packages. */
  packageKey(fileId: number): string | undefined {
    const pos = this.positions.get(fileId);
    return pos === undefined ? undefined : this.packageKeys[pos];
  }

  /** The file id at a project-relative path. */
  fileAt(path: string): number | undefined {
    return this.byPath.get(path);
  }

  /** Files directly in `dir`, in input order. */
  filesIn(dir: string): readonly number[] {
    return this.byDir.get(dir) ?? EMPTY_IDS;
  }

  /** Files declaring the package with this key (see `packageKeyFor`), in input order. */
  filesInPackage(key: string): readonly number[] {
    return this.byPackage.get(key) ?? EMPTY_IDS;
  }

  /** Files whose name is `name`, in input order: the start of every path-suffix search. */
  filesNamed(name: string): readonly number[] {
    if (this.byBasename === undefined) {
      this.byBasename = new Map();
      for (const [path, id] of this.byPath) push(this.byBasename, basename(path), id);
      for (const list of this.byBasename.values()) list.sort((a, b) => (this.position(a) ?? 0) - (this.position(b) ?? 0));
    }
    return this.byBasename.get(name) ?? EMPTY_IDS;
  }

  /** Every directory that holds at least one file. */
  allDirs(): IterableIterator<string> {
    return this.byDir.keys();
  }

  /** The symbol with this id. */
  symbol(id: number): ResolverSymbol | undefined {
    if (this.#source !== undefined) return this.#source.symbol(id);
    const pos = this.positionOf(id);
    return pos < 0 ? undefined : this.kept[pos];
  }

  /** Where the symbol with this id is kept (-1: nowhere). */
  private positionOf(id: number): number {
    const index = this.positionById;
    const pos = index instanceof Int32Array ? (id >= 0 && id < index.length ? index[id] : -1) : index.get(id);
    return pos ?? -1;
  }

  /** All symbols with this name, in input order. */
  named(name: string): readonly ResolverSymbol[] {
    if (this.#source !== undefined) return this.#source.named(name);
    return listOf(this.byName.get(name));
  }

  /** Every symbol of a file, in input order. */
  symbolsOf(fileId: number): readonly ResolverSymbol[] {
    if (this.#source !== undefined) return this.positions.has(fileId) ? this.#source.symbolsOf(fileId) : EMPTY_SYMBOLS;
    return this.symbolsByFile.get(fileId) ?? EMPTY_SYMBOLS;
  }

  /** File-level symbols of a file with this name. */
  topLevel(fileId: number, name: string): readonly ResolverSymbol[] {
    return listOf(this.tablesOf(fileId).topLevel.get(name));
  }

  /** Direct members of a symbol with this name. */
  members(parent: ResolverSymbol, name: string): readonly ResolverSymbol[] {
    return listOf(this.tablesOf(parent.fileId).members.get(parent.id)?.get(name));
  }
}

/**
 * Where each symbol id's position will be recorded: a flat array over the id range when ids are
 * dense (as stored node ids are), a map when they are sparse.
 */
function idIndex(symbols: readonly ResolverSymbol[]): Int32Array | Map<number, number> {
  let max = -1;
  let min = 0;
  for (const symbol of symbols) {
    if (symbol.id > max) max = symbol.id;
    if (symbol.id < min) min = symbol.id;
  }
  if (min < 0 || max >= 2 * symbols.length + 1024) return new Map();
  return new Int32Array(max + 1).fill(-1);
}

/** Records `pos` for `id`; returns the index, a larger copy when a flat one had no room for `id`. */
function setPosition(index: Int32Array | Map<number, number>, id: number, pos: number): Int32Array | Map<number, number> {
  if (!(index instanceof Int32Array)) {
    index.set(id, pos);
    return index;
  }
  let flat = index;
  if (id >= flat.length) {
    flat = new Int32Array(Math.max(id + 1, Math.ceil(index.length * 1.25))).fill(-1);
    flat.set(index);
  }
  flat[id] = pos;
  return flat;
}

/** The package key a file of `family` in `dir` declaring `packageName` gets. */
export function packageKeyOf(family: string, dir: string, packageName: string | undefined): string | undefined {
  // A Go package is its directory whatever the `package` clause says.
  if (family === 'go') return `go:${dir}`;
  if (family === 'jvm' || family === 'csharp' || family === 'php') {
    return packageName === undefined ? undefined : `${family}:${packageName}`;
  }
  return undefined;
}
