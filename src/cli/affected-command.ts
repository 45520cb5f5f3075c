/**
 * `codegraph affected [FILE...] [--since REV] [--depth N] [--json] [-p DIR]`: the test files and
 * test functions the changed files reach, for CI and for an agent about to run tests. Exit 0 when
 * some test is reached, 1 when none is, 2 for a mistake (grep's convention, so a script can tell
 * "nothing to run" from "could not tell").
 */
import { spawnSync } from 'node:child_process';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { affectedTests, DEFAULT_AFFECTED_DEPTH, MAX_AFFECTED_DEPTH, type Affected } from '../graph/index.js';
import { IndexCache } from '../project/index-cache.js';
import { findIndexedProjectUp, isIndexed } from '../project/resolve.js';
import { parseCommandArgs } from './args.js';
import { existingFolder } from './path-arg.js';
import { UsageError } from './usage.js';

/** Runs the command; returns its exit code. */
export async function runAffected(argv: readonly string[], cwd: string): Promise<number> {
  const { values, positionals } = parseCommandArgs('affected', argv, { since: { type: 'string' }, depth: { type: 'string' }, json: { type: 'boolean' }, path: { type: 'string', short: 'p' } });
  const pathFlag = values['path'];
  const root = typeof pathFlag === 'string' ? existingFolder(cwd, pathFlag) : (findIndexedProjectUp(cwd) ?? cwd);
  if (!isIndexed(root)) throw new UsageError(`no index at ${root}; run \`codegraph init\` there first (or pass --path to an indexed project)`);
  const depth = depthOf(values['depth']);
  const since = typeof values['since'] === 'string' ? changedSince(root, values['since']) : [];
  const named = positionals.map((file) => projectPath(root, cwd, file));
  if (named.length === 0 && typeof values['since'] !== 'string') {
    throw new UsageError('affected needs the changed files, or --since REV to take them from git. Usage: codegraph affected [FILE...] [--since REV] [--depth N] [--json]');
  }
  const cache = new IndexCache();
  try {
    const index = await cache.get(root);
    if (index === undefined) throw new UsageError(`no index at ${root}; run \`codegraph init\` there first`);
    const answer = affectedTests(index.store, [...named, ...since], depth);
    process.stdout.write(values['json'] === true ? `${JSON.stringify(answer)}\n` : affectedText(answer));
    return answer.tests.length > 0 ? 0 : 1;
  } finally {
    cache.close();
  }
}

/** The text answer. */
export function affectedText(answer: Affected): string {
  const lines: string[] = [];
  const what = `${answer.changed.length} changed file${answer.changed.length === 1 ? '' : 's'}`;
  if (answer.tests.length === 0) {
    lines.push(`No test reaches ${what} within ${answer.depth} hops.`);
  } else {
    lines.push(`${answer.tests.length} test file${answer.tests.length === 1 ? '' : 's'} reach${answer.tests.length === 1 ? 'es' : ''} ${what} (within ${answer.depth} hops):`);
    for (const test of answer.tests) {
      lines.push(`${test.path}${test.changed ? ' (changed)' : ''}`);
      for (const fn of test.functions) lines.push(`  ${fn.name} (line ${fn.line}, ${fn.depth === 0 ? 'changed' : `${fn.depth} hop${fn.depth === 1 ? '' : 's'}`})`);
    }
  }
  if (answer.notIndexed.length > 0) lines.push(`Not in the index (new, deleted or skipped; \`codegraph sync\` first for new files): ${answer.notIndexed.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

function depthOf(value: unknown): number {
  if (value === undefined) return DEFAULT_AFFECTED_DEPTH;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_AFFECTED_DEPTH) throw new UsageError(`--depth must be a whole number from 1 to ${MAX_AFFECTED_DEPTH} (got "${String(value)}")`);
  return n;
}

/** A named file as a project-relative path with `/`; refused when it lies outside the project. */
function projectPath(root: string, cwd: string, file: string): string {
  const rel = relative(root, resolve(cwd, file));
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new UsageError(`${file} is outside the project ${root}`);
  return rel.split(sep).join('/');
}

/** The files git reports changed since `rev` (committed since, staged or not), project-relative. */
function changedSince(root: string, rev: string): string[] {
  if (rev.startsWith('-')) throw new UsageError(`--since needs a git revision, got "${rev}"`);
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8' });
  if (top.error !== undefined || top.status !== 0) throw new UsageError(`--since needs a git repository; ${root} is not in one (${(top.stderr ?? '').trim() || top.error?.message || 'git failed'})`);
  const diff = spawnSync('git', ['diff', '--name-only', '--no-renames', rev, '--'], { cwd: root, encoding: 'utf8' });
  if (diff.status !== 0) throw new UsageError(`git diff --name-only ${rev} failed: ${(diff.stderr ?? '').trim().split('\n')[0] ?? ''}`);
  const gitRoot = top.stdout.trim();
  return diff.stdout.split('\n').filter((l) => l !== '').map((f) => relative(root, resolve(gitRoot, f)).split(sep).join('/')).filter((f) => !f.startsWith('..'));
}
