/**
 * The bounded downward search for indexed projects below a workspace root: a monorepo or a
 * checkout opened at its top, whose index lives in one child folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isBroadRoot, isIndexed } from './resolve.js';

/** How many folder levels below the launch folder are searched. */
export const MAX_SCAN_DEPTH = 4;

/** The scan stops once this many indexed folders were found. */
export const MAX_SCAN_CANDIDATES = 64;

/**
 * Folder names never descended into: dependencies, build output, caches, virtual environments and
 * temporary folders hold copies of code or none at all, and can be huge. Dot folders are skipped too.
 */
export const SCAN_SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules', 'bower_components', 'vendor', 'build', 'dist', 'target',
  'cache', '__pycache__', 'venv', 'virtualenv', 'site-packages', 'tmp', 'temp',
]);

/** Files that mark a folder as a workspace only when their text says so. */
const MANIFEST_MARKERS: readonly { readonly file: string; readonly pattern: RegExp }[] = [
  { file: 'package.json', pattern: /"workspaces"\s*:/ },
  { file: 'Cargo.toml', pattern: /^\s*\[workspace\]/m },
  { file: 'pom.xml', pattern: /<modules>/ },
];

/** Files whose mere presence marks a workspace (or a version-control checkout). */
const MANIFEST_FILES: readonly string[] = [
  '.git', 'go.work', 'pnpm-workspace.yaml', 'settings.gradle', 'settings.gradle.kts', 'lerna.json', 'nx.json', 'rush.json',
];

/**
 * Whether `dir` looks like the top of a workspace worth searching below: a `.git` entry or a
 * workspace manifest (package.json `workspaces`, Cargo.toml `[workspace]`, go.work,
 * pnpm-workspace.yaml, settings.gradle(.kts), pom.xml `<modules>`, lerna.json, nx.json, rush.json).
 */
export function isWorkspaceRoot(dir: string): boolean {
  if (MANIFEST_FILES.some((name) => existsSync(join(dir, name)))) return true;
  return MANIFEST_MARKERS.some(({ file, pattern }) => {
    try {
      return pattern.test(readFileSync(join(dir, file), 'utf8'));
    } catch {
      return false;
    }
  });
}

/** What a child scan found: indexed folders, sorted; `truncated` when the candidate limit stopped it. */
export interface ChildScan {
  readonly candidates: readonly string[];
  readonly truncated: boolean;
}

/**
 * Indexed folders strictly below `dir`, at most `MAX_SCAN_DEPTH` levels down, breadth first; an
 * indexed folder's own children are not searched. Nothing is scanned unless `dir` is a workspace
 * root, and never at the home folder or the file-system root (that would walk a whole disk).
 * Symbolic links are not followed. Unreadable folders are skipped.
 */
export function scanIndexedChildren(dir: string): ChildScan {
  const top = resolve(dir);
  if (isBroadRoot(top) || !isWorkspaceRoot(top)) return { candidates: [], truncated: false };
  const found: string[] = [];
  let level = [top];
  for (let depth = 1; depth <= MAX_SCAN_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const parent of level) {
      for (const child of childFolders(parent)) {
        if (isIndexed(child)) {
          found.push(child);
          if (found.length >= MAX_SCAN_CANDIDATES) return { candidates: found.sort(), truncated: true };
        } else {
          next.push(child);
        }
      }
    }
    level = next;
  }
  return { candidates: found.sort(), truncated: false };
}

/** The searchable sub-folders of `dir`, in name order so the scan is deterministic. */
function childFolders(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !SCAN_SKIPPED_FOLDERS.has(e.name.toLowerCase()))
    .map((e) => e.name)
    .sort()
    .map((name) => join(dir, name));
}
