/**
 * Finding the files to index: a directory walk that applies the built-in skip list, `.gitignore`
 * files and the project config, follows symlinks that stay inside the project, and records every
 * file it had to pass over as a diagnostic instead of failing.
 *
 * The walk makes synchronous file-system calls in short slices and yields to the event loop
 * between them. Listing a directory or reading a file's metadata takes microseconds from the page
 * cache, so promise round trips through libuv's thread pool cost more than the calls themselves
 * (on a django checkout the asynchronous walk took two to four times as long); the slices keep a
 * server that walks its tree responsive.
 */
import type { Stats } from 'node:fs';
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { isSecretPath } from '../../project/secret-content.js';
import { DEFAULT_INDEX_DIR, INDEX_DIR } from '../../store/layout.js';
import { crateNameFor, type CrateFolders } from './cargo.js';
import type { ProjectConfig } from './config.js';
import { IgnoreRules } from './gitignore.js';
import { compileGlobs } from './glob.js';
import { holdsToolOutput, skippedByMarks } from './marked-folders.js';
import { listNames, tooLongName, type Entry, type InvalidEntry } from './names.js';

/**
 * Directory names skipped at any depth because they hold dependencies, build output, caches or
 * editor state rather than the project's own code; `coverage`, `env`, `venv` and `.venv` only
 * when they hold a tool's output (marked-folders.ts). An include glob can re-admit one: see
 * `scanProject`.
 */
export const HEAVY_DIRECTORIES: readonly string[] = [
  'node_modules', 'bower_components', 'vendor', 'dist', 'build', 'out', 'target', '.venv', 'venv',
  'env', '__pycache__', '.tox', '.mypy_cache', '.pytest_cache', '.next', '.nuxt', '.gradle',
  '.idea', '.vscode', 'coverage', '.cache', 'Pods', 'DerivedData',
];

/**
 * Minified builds (`moment.min.js`, `select2.full.min.js`) are generated: a line of mangled names
 * beside the source they came from. Skipped at any depth unless an include glob that itself says
 * `.min.` names them. In moment 2.30.1 from npm they were 956 of 4,678 definitions, mostly
 * one-letter names.
 */
const MINIFIED = /\.min\.[cm]?js$/;

/** Names skipped at any depth whatever the config says: version control and our own index. */
export const ALWAYS_SKIPPED: readonly string[] = [...new Set(['.git', DEFAULT_INDEX_DIR, INDEX_DIR])];

/** Why a file or directory that would otherwise be indexed was passed over. */
export const SKIP_REASONS = [
  'too-large', 'symlink-outside-root', 'symlink-loop', 'broken-symlink', 'link-to-secret', 'unreadable', 'invalid-name', 'name-too-long',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** One file to index. */
export interface ScannedFile {
  /** Project-relative with `/`; for a file reached through a symlink, the path via the link. */
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly language: string;
  /** A Rust file's crate, by the name its package's manifest gives (cargo.ts). */
  readonly crate?: string;
}

/** A file or directory the walk could not or would not index, with the reason. */
export interface ScanDiagnostic {
  /** Project-relative with `/`; `.` for the root itself. */
  readonly path: string;
  readonly reason: SkipReason;
  readonly detail: string;
}

/** Everything the walk found, sorted by path (by UTF-16 code unit, so stable across locales). */
export interface ScanResult {
  readonly files: readonly ScannedFile[];
  readonly skipped: readonly ScanDiagnostic[];
  readonly directoriesVisited: number;
}

/** Inputs to `scanProject`. */
export interface ScanOptions {
  readonly config: ProjectConfig;
  /** The built-in language of a path, or undefined; config `extensions` are consulted first. */
  readonly languageOf: (relPath: string) => string | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** Longest stretch of synchronous walking between two yields to the event loop. */
const SLICE_MS = 10;

interface Walk {
  readonly rootReal: string;
  readonly config: ProjectConfig;
  readonly languageOf: (relPath: string) => string | undefined;
  readonly excluded: (relPath: string) => boolean;
  readonly included: (relPath: string) => boolean;
  readonly readmitted: ReadonlySet<string>;
  /** Minified files an include glob that says `.min.` names (`assets/*.min.js`). */
  readonly minifiedIncluded: (relPath: string) => boolean;
  readonly signal: AbortSignal | undefined;
  readonly files: ScannedFile[];
  readonly skipped: ScanDiagnostic[];
  directoriesVisited: number;
  /** When the current slice of synchronous work began. */
  sliceStart: number;
}

/**
 * Lists the files of the project at `root` that should be indexed.
 *
 * Skipped silently: `.git` and `.codegraph` anywhere; `HEAVY_DIRECTORIES` anywhere (those skipped
 * by their marks only when they hold them); minified
 * builds (`*.min.js`) unless an include glob that says `.min.` names them; paths ignored
 * by `.gitignore` files (each relative to its own directory, deeper files winning) or by
 * `.git/info/exclude`, unless `respectGitignore` is false; paths matching an `exclude` glob (a
 * matching directory is not entered); files of unknown language; with `include`, files matching
 * none of its globs. The root itself is never ignored.
 *
 * An include glob whose leading literal segments name a heavy directory re-admits exactly that
 * directory: `vendor/**` re-admits `vendor` at the root, `packages/a/node_modules/x/*.js`
 * re-admits `packages/a/node_modules`; a glob that starts with a wildcard re-admits nothing.
 * Re-admission lifts only the built-in skip, not `.gitignore` or `exclude`. `.git` and
 * `.codegraph` cannot be re-admitted.
 *
 * Symlinks are followed when their target's real path lies inside the root's real path; a
 * symlinked directory is matched against ignore rules as a directory. Diagnostics record files
 * over `maxFileSize`, links leaving the root, looping or dangling links, and unreadable entries.
 * Rejects only when `root` itself cannot be resolved, or with the signal's reason on abort.
 */
export async function scanProject(root: string, options: ScanOptions): Promise<ScanResult> {
  const { config, languageOf, signal } = options;
  signal?.throwIfAborted();
  const rootReal = await realpath(root);
  const extensions = config.extensions;
  const walk: Walk = {
    rootReal,
    config,
    languageOf: (relPath) => extensionLanguage(extensions, relPath) ?? languageOf(relPath),
    excluded: compileGlobs(config.exclude),
    included: config.include === undefined ? () => true : compileGlobs(config.include),
    readmitted: readmittedHeavyDirectories(config.include ?? []),
    minifiedIncluded: compileGlobs((config.include ?? []).filter((glob) => glob.includes('.min.'))),
    signal,
    files: [],
    skipped: [],
    directoriesVisited: 0,
    sliceStart: performance.now(),
  };
  const rules = config.respectGitignore
    ? IgnoreRules.forRoot(await readInfoExclude(rootReal))
    : IgnoreRules.NONE;
  await walkDirectory(walk, '', rootReal, [rootReal], rules);
  signal?.throwIfAborted();
  walk.files.sort((a, b) => compare(a.path, b.path));
  walk.skipped.sort((a, b) => compare(a.path, b.path) || compare(a.reason, b.reason));
  return { files: withCrates(root, rootReal, walk.files), skipped: walk.skipped, directoriesVisited: walk.directoriesVisited };
}

/** Names each Rust file's crate, from the manifests as they are now. */
function withCrates(root: string, rootReal: string, files: ScannedFile[]): ScannedFile[] {
  const folders: CrateFolders = new Map();
  for (let i = 0; i < files.length; i++) {
    const file = files[i] as ScannedFile;
    if (file.language !== 'rust') continue;
    const crate = crateNameFor(join(root, file.path), file.path, folders, rootReal);
    if (crate !== undefined) files[i] = { ...file, crate };
  }
  return files;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Looks up the longest configured extension of the basename (`.d.ts` before `.ts`). */
function extensionLanguage(extensions: Readonly<Record<string, string>>, relPath: string): string | undefined {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1).toLowerCase();
  for (let dot = name.indexOf('.', 1); dot !== -1; dot = name.indexOf('.', dot + 1)) {
    const extension = name.slice(dot);
    if (Object.hasOwn(extensions, extension)) return extensions[extension];
  }
  return undefined;
}

const GLOB_SYNTAX = /[*?[\]{}\\]/;

/** The heavy directories that include globs name explicitly through their literal prefix. */
export function readmittedHeavyDirectories(include: readonly string[]): ReadonlySet<string> {
  const heavy = new Set(HEAVY_DIRECTORIES);
  const readmitted = new Set<string>();
  for (const pattern of include) {
    const segments = pattern.replace(/^\.?\//, '').split('/');
    // A pattern without `/` matches basenames anywhere, so it names no directory.
    if (segments.length < 2) continue;
    for (let k = 0; k < segments.length - 1; k++) {
      const segment = segments[k]!;
      if (segment === '' || GLOB_SYNTAX.test(segment)) break;
      if (heavy.has(segment)) readmitted.add(segments.slice(0, k + 1).join('/'));
    }
  }
  return readmitted;
}

/**
 * The text of `.git/info/exclude`. `.git` may also be a file pointing elsewhere (worktrees,
 * submodules); then the exclude file lives in that git directory or its common directory.
 */
export async function readInfoExclude(rootReal: string): Promise<string | undefined> {
  let gitDir = join(rootReal, '.git');
  try {
    const info = await stat(gitDir);
    if (info.isFile()) {
      const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(await readFile(gitDir, 'utf8'));
      if (pointer === null) return undefined;
      gitDir = resolve(rootReal, pointer[1]!);
      const common = (await readOptional(join(gitDir, 'commondir')))?.trim();
      if (common !== undefined && common !== '') gitDir = isAbsolute(common) ? common : resolve(gitDir, common);
    }
  } catch {
    return undefined;
  }
  return readOptional(join(gitDir, 'info', 'exclude'));
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Yields to the event loop once the current slice has run long enough; checks for an abort. */
async function pause(walk: Walk): Promise<void> {
  walk.signal?.throwIfAborted();
  if (performance.now() - walk.sliceStart < SLICE_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  walk.signal?.throwIfAborted();
  walk.sliceStart = performance.now();
}

function errorDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function skip(walk: Walk, path: string, reason: SkipReason, detail: string): void {
  walk.skipped.push({ path, reason, detail });
}

async function walkDirectory(
  walk: Walk,
  relDir: string,
  realDir: string,
  ancestors: readonly string[],
  inherited: IgnoreRules,
): Promise<void> {
  await pause(walk);
  let entries: readonly Entry[];
  let invalid: readonly InvalidEntry[];
  try {
    ({ entries, invalid } = listNames(realDir));
  } catch (error) {
    skip(walk, relDir === '' ? '.' : relDir, 'unreadable', errorDetail(error));
    return;
  }
  walk.directoriesVisited++;
  let rules = inherited;
  if (walk.config.respectGitignore && entries.some((entry) => entry.name === '.gitignore')) {
    const ignoreFile = join(realDir, '.gitignore');
    try {
      rules = rules.withDirectory(relDir, readFileSync(ignoreFile, 'utf8'));
    } catch (error) {
      skip(walk, relDir === '' ? '.gitignore' : `${relDir}/.gitignore`, 'unreadable', errorDetail(error));
    }
  }
  reportInvalidNames(walk, relDir, invalid, rules);
  for (const entry of entries) await visitEntry(walk, relDir, realDir, ancestors, rules, entry);
}

async function visitEntry(
  walk: Walk,
  relDir: string,
  realDir: string,
  ancestors: readonly string[],
  rules: IgnoreRules,
  entry: Entry,
): Promise<void> {
  const name = entry.name;
  if (ALWAYS_SKIPPED.includes(name)) return;
  const relPath = relDir === '' ? name : `${relDir}/${name}`;
  const realPath = join(realDir, name);
  let isDirectory = entry.isDirectory();
  let isFile = entry.isFile();
  let isLink = entry.isSymbolicLink();
  if (!isDirectory && !isFile && !isLink) {
    // Some file systems report no type in directory entries; ask once. Sockets, FIFOs and
    // devices end up here too and are never source files.
    try {
      const info = lstatSync(realPath);
      isDirectory = info.isDirectory();
      isFile = info.isFile();
      isLink = info.isSymbolicLink();
    } catch (error) {
      skip(walk, relPath, 'unreadable', errorDetail(error));
      return;
    }
  }
  if (isDirectory) {
    if (!admitsDirectory(walk, relPath, name, rules) || tooLong(walk, relPath, name, realPath)) return;
    await walkDirectory(walk, relPath, realPath, [...ancestors, realPath], rules);
  } else if (isFile) {
    const language = admittedLanguage(walk, relPath, rules);
    if (language === undefined || tooLong(walk, relPath, name, realPath)) return;
    let info: Stats;
    try {
      info = statSync(realPath);
    } catch (error) {
      skip(walk, relPath, 'unreadable', errorDetail(error));
      return;
    }
    addFile(walk, relPath, language, info);
  } else if (isLink) {
    await visitLink(walk, relPath, realPath, name, ancestors, rules);
  }
}

async function visitLink(
  walk: Walk,
  relPath: string,
  linkPath: string,
  name: string,
  ancestors: readonly string[],
  rules: IgnoreRules,
): Promise<void> {
  // Resolving costs two calls and may produce diagnostics, so first drop links that would be
  // skipped whether they turn out to be files or directories.
  if (walk.excluded(relPath) || (rules.ignoresEntry(relPath, false) && rules.ignoresEntry(relPath, true))) return;
  if (tooLong(walk, relPath, name, linkPath)) return;
  let target: string;
  let info: Stats;
  try {
    target = realpathSync(linkPath);
    info = statSync(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ELOOP' ? 'symlink-loop' : code === 'ENOENT' || code === 'ENOTDIR' ? 'broken-symlink' : 'unreadable';
    skip(walk, relPath, reason, errorDetail(error));
    return;
  }
  if (info.isDirectory()) {
    if (!admitsDirectory(walk, relPath, name, rules, target)) return;
    if (!insideRoot(walk.rootReal, target)) {
      skip(walk, relPath, 'symlink-outside-root', `links to ${target}, outside the project`);
    } else if (ancestors.includes(target)) {
      skip(walk, relPath, 'symlink-loop', `links to ${target}, a directory that contains it`);
    } else {
      await walkDirectory(walk, relPath, target, [...ancestors, target], rules);
    }
  } else if (info.isFile()) {
    const language = admittedLanguage(walk, relPath, rules);
    if (language === undefined) return;
    if (!insideRoot(walk.rootReal, target)) {
      skip(walk, relPath, 'symlink-outside-root', `links to ${target}, outside the project`);
    } else if (isSecretPath(target)) {
      // Judged by what it points to: a link named `env_link.py` to `.env` is a secret file.
      skip(walk, relPath, 'link-to-secret', `links to ${target.slice(walk.rootReal.length + 1)}, a secret file by its name`);
    } else {
      addFile(walk, relPath, language, info);
    }
  }
}

function insideRoot(rootReal: string, target: string): boolean {
  const prefix = rootReal.endsWith(sep) ? rootReal : rootReal + sep;
  return target === rootReal || target.startsWith(prefix);
}

/** Whether the walk enters a directory; `target` is a linked one's real path, never read when outside the project. */
function admitsDirectory(walk: Walk, relPath: string, name: string, rules: IgnoreRules, target?: string): boolean {
  if (HEAVY_DIRECTORIES.includes(name) && !walk.readmitted.has(relPath) && heldAsHeavy(walk, relPath, name, target)) return false;
  return !walk.excluded(relPath) && !rules.ignoresEntry(relPath, true);
}

/** A heavy name skips its folder, one skipped by its marks when it holds them; a link of such a name out of the project is skipped unread. */
function heldAsHeavy(walk: Walk, relPath: string, name: string, target: string | undefined): boolean {
  if (!skippedByMarks(name) || (target !== undefined && !insideRoot(walk.rootReal, target))) return true;
  return holdsToolOutput(name, join(walk.rootReal, relPath));
}

/** The file's language when it is to be indexed; cheapest checks first. */
function admittedLanguage(walk: Walk, relPath: string, rules: IgnoreRules): string | undefined {
  const language = walk.languageOf(relPath);
  if (language === undefined) return undefined;
  if (!walk.included(relPath) || walk.excluded(relPath)) return undefined;
  if (MINIFIED.test(relPath) && !walk.minifiedIncluded(relPath)) return undefined;
  if (rules.ignoresEntry(relPath, false)) return undefined;
  return language;
}

function addFile(walk: Walk, relPath: string, language: string, info: Stats): void {
  if (info.size > walk.config.maxFileSize) {
    skip(walk, relPath, 'too-large', `${info.size} bytes exceeds maxFileSize ${walk.config.maxFileSize} (CODEGRAPH_MAX_FILE_SIZE raises it)`);
    return;
  }
  walk.files.push({ path: relPath, size: info.size, mtimeMs: info.mtimeMs, language });
}

/**
 * Reports the entries of a directory whose names are not valid UTF-8 and that would have been
 * indexed (judged by the name with the bad bytes replaced). Such a path cannot be stored or
 * reopened, so the entry is passed over without a look at its contents.
 */
function reportInvalidNames(walk: Walk, relDir: string, invalid: readonly InvalidEntry[], rules: IgnoreRules): void {
  for (const entry of invalid) {
    const relPath = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
    const wanted = entry.isDirectory()
      ? admitsDirectory(walk, relPath, entry.name, rules)
      : admittedLanguage(walk, relPath, rules) !== undefined;
    if (wanted) skip(walk, relPath, 'invalid-name', `the name ${entry.problem} (bytes ${entry.bytes}); rename it to index it`);
  }
}

/** Whether a path is too long to store and reopen (see `tooLongName`); reports it when so. */
function tooLong(walk: Walk, relPath: string, name: string, realPath: string): boolean {
  const detail = tooLongName(name, realPath);
  if (detail !== undefined) skip(walk, relPath, 'name-too-long', detail);
  return detail !== undefined;
}
