/**
 * Build-output folders at a project's root that hold source files the walk skipped. `build/`,
 * `dist/` and `out/` are skipped as build output, but a published package often ships its code
 * only there (yargs 17 on npm: 9 files indexed of 30), and nothing said so. The count is bounded,
 * and a folder the project's root `.gitignore` or `.git/info/exclude` ignores or its include globs
 * name is left out: there the skip is what the project asked for.
 */
import type { Dirent } from 'node:fs';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectConfig } from './config-fields.js';
import { IgnoreRules } from './gitignore.js';
import { readInfoExclude, readmittedHeavyDirectories } from './walk.js';

/** The root folders counted: build output that may be a package's only copy of its code. */
const OUTPUT_FOLDERS: readonly string[] = ['build', 'dist', 'out'];

/** Entries one folder's count visits at most, so a large output tree costs milliseconds. */
const MAX_VISITED = 5_000;

/** A skipped root folder and the source files found in it. */
export interface SkippedOutput {
  readonly folder: string;
  /** Files of a supported language found (a lower bound when `capped`). */
  readonly sourceFiles: number;
  readonly capped: boolean;
}

/**
 * The skipped output folders that look like the project's own code: more than twice as many source
 * files as the index holds (a published package whose code ships only in `build/`).
 */
export function outweighingIndex(skipped: readonly SkippedOutput[], indexedFiles: number): SkippedOutput[] {
  return skipped.filter((s) => s.sourceFiles > 2 * indexedFiles);
}

/** What to add to `.codegraph/config.json` to index `folder` too. */
export function includeAdvice(folder: string, hasInclude: boolean): string {
  return `add ${hasInclude ? `"${folder}/**" to "include" in` : `"include": ["**", "${folder}/**"] to`} .codegraph/config.json`;
}

/** The root's output folders that hold source files, skipped by default and not by the project's choice. */
export async function skippedOutputFolders(
  root: string, config: ProjectConfig, languageOf: (relPath: string) => string | undefined,
): Promise<SkippedOutput[]> {
  const rules = config.respectGitignore ? rootIgnoreRules(root, await readInfoExclude(root)) : IgnoreRules.NONE;
  // Re-admitted by the walk itself (`readmittedHeavyDirectories`), so not skipped at all.
  const readmitted = readmittedHeavyDirectories(config.include ?? []);
  const out: SkippedOutput[] = [];
  for (const folder of OUTPUT_FOLDERS) {
    if (readmitted.has(folder) || rules.ignoresEntry(folder, true)) continue;
    const count = countSources(root, folder, languageOf);
    if (count !== undefined && count.sourceFiles > 0) out.push({ folder, ...count });
  }
  return out;
}

/** The rules the walk applies at the root: `.git/info/exclude`, then the root `.gitignore` over it. */
function rootIgnoreRules(root: string, infoExclude: string | undefined): IgnoreRules {
  const base = IgnoreRules.forRoot(infoExclude);
  try {
    return base.withDirectory('', readFileSync(join(root, '.gitignore'), 'utf8'));
  } catch {
    return base;
  }
}

/** Source files below `root/folder` (links not followed); undefined when it is not a readable folder. */
function countSources(root: string, folder: string, languageOf: (relPath: string) => string | undefined): Omit<SkippedOutput, 'folder'> | undefined {
  const pending = [folder];
  let visited = 0;
  let sourceFiles = 0;
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      if (dir === folder) return undefined;
      continue;
    }
    for (const entry of entries) {
      if (++visited > MAX_VISITED) return { sourceFiles, capped: true };
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) pending.push(rel);
      else if (entry.isFile() && languageOf(rel) !== undefined) sourceFiles++;
    }
  }
  return { sourceFiles, capped: false };
}
