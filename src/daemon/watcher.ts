/**
 * The daemon's side of live re-indexing: runs `watchProject` through the daemon's one session and
 * turns its events into auto-sync health; answers on-demand syncs (the CLI's `sync`) through the
 * same session, so they cost a scan and the changed files, not a load of the database.
 */
import type { IndexSession } from '../index/session.js';
import { IndexRemovedError, type IndexSummary } from '../index/sync/index.js';
import { watchProject, type WatchControl } from '../index/watch.js';
import type { AutoSyncHealth } from './health.js';
import type { WatchDecision } from './watch-policy.js';

/** Options of `runWatcher`. */
export interface RunWatcherOptions {
  readonly root: string;
  readonly session: IndexSession;
  readonly decision: WatchDecision;
  readonly debounceMs: number;
  readonly health: AutoSyncHealth;
  readonly signal: AbortSignal;
  readonly log: (line: string) => void;
  /** Receives the watch's control once it runs. */
  readonly onControl: (control: WatchControl) => void;
}

/**
 * Watches until `signal` aborts (or, with watching off, runs the one catch-up sync). Resolves
 * with a reason when the daemon has nothing left to serve (the index was removed), else
 * undefined; never rejects: other failures become health states.
 */
export async function runWatcher(options: RunWatcherOptions): Promise<string | undefined> {
  const { health, log } = options;
  try {
    if (!options.decision.watch) {
      await options.session.sync();
      return undefined;
    }
    await watchProject({
      root: options.root,
      debounceMs: options.debounceMs,
      signal: options.signal,
      session: options.session,
      onControl: options.onControl,
      onEvent: (event) => {
        if (event.kind === 'failed') {
          const message = messageOf(event.error);
          log(`sync failed: ${message}${event.retrying ? ' (retrying)' : ''}`);
          health.failed(event.retrying ? `another process held the index (${message})` : message, event.retrying);
        } else {
          if (event.kind === 'synced') log(`synced ${event.changed.length} changed path(s): ${event.report.parsed} parsed, ${event.report.removed} removed in ${Math.round(event.report.durationMs)} ms`);
          health.synced();
        }
      },
    });
    return undefined;
  } catch (error) {
    if (error instanceof IndexRemovedError) return 'the index was removed';
    if (options.signal.aborted) return undefined;
    log(`watching stopped: ${messageOf(error)}`);
    health.disable(`watching stopped: ${messageOf(error)}`);
    return undefined;
  }
}

/**
 * Brings the index up to date now through `session`. With a healthy watcher the changes it saw
 * are synced at once (and nothing else is looked at: the watcher has seen every edit); otherwise
 * the tree is walked.
 */
export async function syncNow(session: IndexSession, watch: WatchControl | undefined): Promise<IndexSummary> {
  const report = watch !== undefined ? ((await watch.flush()) ?? (await session.sync({ changed: [] }))) : await session.sync();
  const totals = session.totals();
  if (totals === undefined) throw new Error('the index session holds no index after a sync');
  return {
    ...report,
    files: totals.files, nodes: totals.nodes, edges: totals.edges, refs: totals.refs,
    unresolvedRefs: totals.unresolvedRefs, filesByLanguage: totals.filesByLanguage,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
