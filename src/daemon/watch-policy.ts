/**
 * Whether a project's daemon watches its tree: on by default; off with `--no-watch`, on WSL2
 * `/mnt/` drives (recursive watching is too slow there) unless `CODEGRAPH_FORCE_WATCH=1`.
 */
import { release } from 'node:os';

/** Forces the watcher on WSL2 `/mnt/` drives. */
export const FORCE_WATCH_ENV = 'CODEGRAPH_FORCE_WATCH';

/** The decision: watch, or not and why (shown as `Auto-sync: off (<reason>)`). */
export type WatchDecision = { readonly watch: true } | { readonly watch: false; readonly reason: string };

/** Decides for `root`; `noWatch` is the `--no-watch` flag. */
export function watchDecision(root: string, noWatch: boolean, env: NodeJS.ProcessEnv, osRelease: string = release()): WatchDecision {
  if (noWatch) return { watch: false, reason: '--no-watch' };
  const wsl = /microsoft/i.test(osRelease);
  if (wsl && root.startsWith('/mnt/') && env[FORCE_WATCH_ENV] !== '1') {
    return { watch: false, reason: `WSL2 drive under /mnt/; set ${FORCE_WATCH_ENV}=1 to watch anyway` };
  }
  return { watch: true };
}
