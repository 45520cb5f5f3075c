/**
 * The auto-sync health of one project's watcher, as every tool answer reports it: healthy states
 * say only what `codegraph_status` shows; RECOVERING and DISABLED also put a warning line at the
 * top of every response, since edits the index never heard about cannot reach the drift banner.
 */

/** One state of the watcher, with what the `Auto-sync:` line says about it. */
export type AutoSyncState =
  | { readonly kind: 'watching'; readonly debounceMs: number }
  | { readonly kind: 'starting' }
  | { readonly kind: 'off'; readonly reason: string }
  | { readonly kind: 'recovering'; readonly since: number; readonly reason: string }
  | { readonly kind: 'disabled'; readonly reason: string };

/** How many failed syncs in a row (other than lock contention) disable the watcher. */
export const FAILURES_BEFORE_DISABLED = 3;

/** Tracks the watcher's state from its events. */
export class AutoSyncHealth {
  #state: AutoSyncState;
  #failures = 0;
  readonly #debounceMs: number;

  constructor(initial: AutoSyncState, debounceMs: number) {
    this.#state = initial;
    this.#debounceMs = debounceMs;
  }

  /** The current state. */
  get state(): AutoSyncState {
    return this.#state;
  }

  /** A sync committed: the watcher is healthy again. */
  synced(): void {
    this.#failures = 0;
    if (this.#state.kind !== 'disabled' && this.#state.kind !== 'off') this.#state = { kind: 'watching', debounceMs: this.#debounceMs };
  }

  /** A sync failed; `contended` when another process held the index. */
  failed(reason: string, contended: boolean): void {
    if (this.#state.kind === 'disabled' || this.#state.kind === 'off') return;
    if (contended) {
      if (this.#state.kind !== 'recovering') this.#state = { kind: 'recovering', since: Date.now(), reason };
      return;
    }
    this.#failures += 1;
    if (this.#failures >= FAILURES_BEFORE_DISABLED) this.disable(`${this.#failures} syncs failed in a row; the last: ${reason}`);
  }

  /** Watching stopped for good (resources exhausted, persistent failures). */
  disable(reason: string): void {
    this.#state = { kind: 'disabled', reason };
  }

  /** Watching was never started, and why (`--no-watch`, WSL2 drive…). */
  off(reason: string): void {
    this.#state = { kind: 'off', reason };
  }

  /** Whether answers from the graph may be stale without the drift banner knowing. */
  degraded(): boolean {
    return this.#state.kind === 'recovering' || this.#state.kind === 'disabled';
  }

  /** The value of the `Auto-sync:` line. */
  describe(): string {
    return describeAutoSync(this.#state);
  }

  /** The warning line every response starts with, or undefined when healthy. */
  banner(): string | undefined {
    const s = this.#state;
    if (s.kind === 'recovering') {
      return `⚠️ CodeGraph auto-sync is RECOVERING: ${s.reason}. Changes are still collected and a full reconcile is retried every 30 s; until one commits, answers may miss recent edits.`;
    }
    if (s.kind === 'disabled') {
      return `⚠️ CodeGraph auto-sync is DISABLED: ${s.reason}. Run \`codegraph sync\` and restart the server.`;
    }
    return undefined;
  }
}

/** The `Auto-sync:` value of a state. */
export function describeAutoSync(state: AutoSyncState): string {
  switch (state.kind) {
    case 'watching':
      return `watching (debounce ${state.debounceMs} ms)`;
    case 'starting':
      return 'starting (catch-up sync in progress)';
    case 'off':
      return `off (${state.reason})`;
    case 'recovering':
      return `RECOVERING since ${new Date(state.since).toISOString()} (${state.reason})`;
    case 'disabled':
      return `DISABLED (${state.reason})`;
  }
}
