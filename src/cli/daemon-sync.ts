/**
 * `codegraph sync` through a running daemon: the daemon holds the index in memory and its watcher
 * knows what changed, so the sync costs the changed files only, and this process loads neither
 * the indexer nor the database. Kept apart from index-commands.ts so that path stays light.
 */
import { resolve } from 'node:path';
import { DaemonClient } from '../daemon/client.js';
import { ControlMethod } from '../daemon/control.js';
import { introduce } from '../daemon/introduce.js';
import { daemonSocketPath } from '../daemon/socket-path.js';
import type { IndexSummary } from '../index/sync/index.js';
import { findIndexedProjectUp, isIndexed } from '../project/resolve.js';
import { VERSION } from '../version.js';
import { printSummary } from './index-summary.js';

/** Options of `syncViaDaemon` (those of `codegraph sync`). */
export interface DaemonSyncOptions {
  readonly path: string | undefined;
  readonly cwd: string;
  readonly quiet: boolean;
  readonly json: boolean;
  readonly env: NodeJS.ProcessEnv;
}

/** Syncs through the project's daemon and prints the summary; undefined when no daemon of this version serves it. */
export async function syncViaDaemon(options: DaemonSyncOptions): Promise<number | undefined> {
  if (options.env['CODEGRAPH_NO_DAEMON'] === '1') return undefined;
  const root = options.path === undefined ? (findIndexedProjectUp(options.cwd) ?? options.cwd) : resolve(options.cwd, options.path);
  if (!isIndexed(root)) return undefined;
  let client: DaemonClient;
  try {
    client = await DaemonClient.connect(daemonSocketPath(root), 1000);
  } catch {
    return undefined;
  }
  try {
    const hello = await introduce(client, root, { hostPid: process.pid, version: VERSION, role: 'cli' }).catch(() => undefined);
    if (hello === undefined) return undefined;
    if (hello.version !== VERSION) return undefined;
    const summary = (await client.request(ControlMethod.sync)) as IndexSummary;
    return printSummary(root, summary, options);
  } finally {
    client.close();
  }
}
