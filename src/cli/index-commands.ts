import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadScope, skippedOutputFolders } from '../index/scan/index.js';
import { languageForPath } from '../index/languages.js';
import { indexProject, type IndexSummary } from '../index/sync/index.js';
import { findIndexedProjectUp, isIndexed } from '../project/resolve.js';
import { forceUnlock, INDEX_DIR } from '../store/index.js';
import { growHeapSlowlyForLargeTrees } from './heap-growth.js';
import { printSummary, skippedOutputNote } from './index-summary.js';
import { progressSink } from './progress.js';
import { runToolCommand } from './tool-commands.js';
import { UsageError } from './usage.js';

export { formatSummary } from './index-summary.js';

/** Common options of the index commands. */
export interface IndexCommandOptions {
  readonly path: string | undefined;
  readonly quiet: boolean;
  readonly json: boolean;
  readonly cwd: string;
  /** `init --force` / `index --force`: also replace an index folder's database another tool wrote. */
  readonly force?: boolean;
}

/**
 * The project of a command that works on an existing index (`sync`, `watch`): the given path, or
 * the nearest indexed folder at or above the working directory. A usage error when it has none.
 */
export function indexedRoot(options: IndexCommandOptions): string {
  const root = options.path === undefined ? (findIndexedProjectUp(options.cwd) ?? options.cwd) : resolve(options.cwd, options.path);
  if (!isIndexed(root)) throw new UsageError(`no index at ${root}; run \`codegraph init ${options.path ?? '.'}\` first`);
  return root;
}

/** `codegraph init|index|sync [path]`: builds or updates the index and prints a summary. */
export async function runIndex(command: 'init' | 'index' | 'sync', options: IndexCommandOptions): Promise<number> {
  const root = command === 'sync' ? indexedRoot(options) : resolve(options.cwd, options.path ?? '.');
  const loaded = await loadScope(root);
  // Unknown keys in the control files would otherwise be dropped without a word.
  for (const warning of loaded.warnings) process.stderr.write(`codegraph: warning: ${warning}\n`);
  const sink = progressSink(process.stderr, options.quiet || options.json);
  const controller = new AbortController();
  const onSignal = (): void => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  let summary: IndexSummary;
  try {
    summary = await indexProject({
      root,
      mode: command === 'sync' ? 'incremental' : command === 'init' && isIndexed(root) ? 'incremental' : 'full',
      command: `codegraph ${command}`,
      replaceForeign: options.force === true,
      onProgress: growHeapSlowlyForLargeTrees(sink.update),
      signal: controller.signal,
    });
  } finally {
    sink.done();
    process.off('SIGINT', onSignal);
  }
  const code = printSummary(root, summary, options);
  if (command !== 'sync' && !options.quiet) {
    const skipped = await skippedOutputFolders(root, loaded.scope, (path) => languageForPath(path, loaded.scope.extensions));
    process.stderr.write(skippedOutputNote(summary.files, skipped, loaded.scope.include !== undefined));
  }
  return code;
}

/** `codegraph status [path] [--json]`: the status tool's text, or a clear word when there is no index. */
export async function runStatus(options: IndexCommandOptions): Promise<number> {
  const root = options.path !== undefined ? resolve(options.cwd, options.path) : (findIndexedProjectUp(options.cwd) ?? options.cwd);
  if (!isIndexed(root)) {
    if (options.json) process.stdout.write(`${JSON.stringify({ root, indexed: false })}\n`);
    else process.stderr.write(`codegraph: no index at ${root}; run \`codegraph init\` there to build one\n`);
    return 2;
  }
  return runToolCommand('status', ['--project', root, ...(options.json ? ['--json'] : [])], options.cwd);
}

/** `codegraph unlock [path]`: removes a writer lock left by a process that is gone. */
export async function runUnlock(options: IndexCommandOptions): Promise<number> {
  const root = resolve(options.cwd, options.path ?? '.');
  const result = await forceUnlock(join(root, INDEX_DIR));
  if (result === 'none') process.stdout.write(`No writer lock in ${join(root, INDEX_DIR)}.\n`);
  else if (result === 'unreadable') process.stdout.write('Removed an unreadable writer lock.\n');
  else process.stdout.write(`Removed the writer lock of pid ${result.pid} on ${result.host} (${result.command}, started ${result.startedAt}).\n`);
  return 0;
}

/** `codegraph uninit [path]`: deletes the project's `.codegraph/` folder. */
export async function runUninit(options: IndexCommandOptions): Promise<number> {
  const root = resolve(options.cwd, options.path ?? '.');
  const dir = join(root, INDEX_DIR);
  // A running daemon may write into the folder meanwhile (its log, a save): retry what that empties.
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  process.stdout.write(`Removed ${dir}.\n`);
  return 0;
}
