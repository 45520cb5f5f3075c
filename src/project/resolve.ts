import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { DATABASE_FILE, INDEX_DIR } from '../store/layout.js';
import { selfLaunch, shellLine } from '../launch.js';


/** Whether `root` holds a built index. */
export function isIndexed(root: string): boolean {
  return existsSync(join(root, INDEX_DIR, DATABASE_FILE));
}

/** Whether `dir` is a broad root (home or filesystem root) that is never adopted implicitly. */
export function isBroadRoot(dir: string): boolean {
  const abs = resolve(dir);
  return abs === parse(abs).root || abs === resolve(homedir());
}

/**
 * Walks up from `start` to the nearest folder with an index. Home and the filesystem root are
 * never adopted this way: an index there would make every folder below it "the project".
 */
export function findIndexedProjectUp(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    if (!isBroadRoot(dir) && isIndexed(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Outcome of resolving the project a tool call addresses. */
export type ProjectTarget =
  | { readonly kind: 'indexed'; readonly root: string }
  | { readonly kind: 'not-indexed'; readonly root: string }
  | { readonly kind: 'no-default' }
  | { readonly kind: 'invalid'; readonly message: string };

/**
 * Resolves the project of one call: an explicit `projectPath` wins (absolute, or relative to the
 * default project or the working directory); otherwise the default project.
 */
export function resolveTarget(projectPath: string | undefined, defaultProject: string | undefined, cwd: string): ProjectTarget {
  if (projectPath === undefined || projectPath.trim() === '') {
    if (defaultProject === undefined) return { kind: 'no-default' };
    return isIndexed(defaultProject) ? { kind: 'indexed', root: defaultProject } : { kind: 'not-indexed', root: defaultProject };
  }
  if (projectPath.includes('\0')) return { kind: 'invalid', message: 'projectPath must not contain NUL characters' };
  const root = resolve(defaultProject ?? cwd, projectPath);
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    return { kind: 'invalid', message: `projectPath ${root} does not exist; pass the absolute path of a project folder` };
  }
  if (!isDir) return { kind: 'invalid', message: `projectPath ${root} is not a folder; pass the project's root folder` };
  if (isIndexed(root)) return { kind: 'indexed', root };
  const up = findIndexedProjectUp(root);
  if (up !== undefined) return { kind: 'indexed', root: up };
  return { kind: 'not-indexed', root };
}

/** Success-shaped guidance for a project without an index. */
export function notIndexedGuidance(root: string): string {
  return [
    `No codegraph index exists for ${root} yet.`,
    `Build one by running \`${shellLine(selfLaunch().launch, ['init', root])}\`, then call this tool again.`,
    'Until then, read files directly.',
  ].join('\n');
}

/** The answer for a project whose index is damaged: what is wrong and the command that rebuilds it. */
export function damagedIndexGuidance(root: string, reason: string): string {
  return [
    `The codegraph index of ${root} is damaged (${reason}).`,
    `Rebuild it by running \`${shellLine(selfLaunch().launch, ['init', root])}\` (the damaged file is kept as codegraph.db.corrupt-<time>), then call this tool again.`,
    'Until then, read files directly.',
  ].join('\n');
}

/**
 * Success-shaped guidance when no default project is known and none was passed. `candidates` are
 * the indexed folders a workspace scan found when there were several; they are listed, sorted,
 * and never chosen for the caller.
 */
export function noDefaultGuidance(candidates: readonly string[] = []): string {
  const lines = [
    'No project selected: this server has no default project (it was started outside an indexed project, or over HTTP without --path).',
    'Pass projectPath (the absolute path of a folder containing .codegraph/) with each call,',
    'or start the server with `codegraph serve --mcp --path /abs/project`.',
    `To index a project, run \`${shellLine(selfLaunch().launch, ['init', '/abs/project'])}\`.`,
  ];
  if (candidates.length > 0) lines.push(...ambiguityLines(candidates));
  return lines.join('\n');
}

/** The lines naming several indexed candidates, sorted, one per line (also used on stderr). */
export function ambiguityLines(candidates: readonly string[]): string[] {
  return [`Several indexed projects were found below the launch folder; pass one as projectPath:`, ...[...candidates].sort().map((c) => `  - ${c}`)];
}
