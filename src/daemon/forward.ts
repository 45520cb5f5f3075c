/**
 * Tool calls for other projects, answered by those projects' daemons: the first call for a
 * project starts (or attaches to) its daemon, which loads the index and catches up before it
 * answers; the link is kept for later calls and re-checked on every one (daemon gone, index
 * removed or re-created -> let go and attach again).
 */
import { MAX_RETAINED_PROJECTS } from '../project/project-services.js';
import type { ToolForwarder } from '../tools/service.js';
import { attachProject, type DaemonLink } from './attach.js';
import { ControlMethod, type CallResult } from './control.js';

/** How long a project no daemon could serve is answered here before a daemon is tried again. */
export const RETRY_DAEMON_MS = 60_000;

/** Options of a forwarder. */
export interface ForwarderOptions {
  readonly env: NodeJS.ProcessEnv;
  /** Where relative paths of the forwarded calls' host resolve. */
  readonly cwd: string;
  /** Answered here, never forwarded (a daemon's own project). */
  readonly ownRoot?: string;
  /** The CLI entry point a started daemon runs; defaults to this process's script. */
  readonly cliPath?: string;
}

/** Keeps one daemon link per forwarded project, at most `MAX_RETAINED_PROJECTS`. */
export class DaemonForwarder {
  readonly #options: ForwarderOptions;
  /** Linked roots, least recently used first. */
  readonly #links = new Map<string, DaemonLink>();
  /** Attaches in progress: concurrent calls for one project share one link. */
  readonly #attaching = new Map<string, Promise<DaemonLink | undefined>>();
  #closed = false;
  /** Roots answered here for now (no daemon could serve them), until the time noted. */
  readonly #local = new Map<string, number>();

  constructor(options: ForwarderOptions) {
    this.#options = options;
  }

  /** The `ToolForwarder` to give the tool service. */
  readonly forward: ToolForwarder = async (root, name, args, context) => {
    if (root === this.#options.ownRoot || (this.#local.get(root) ?? 0) > Date.now()) return undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const link = await this.#link(root);
      if (link === undefined) return undefined;
      try {
        return await untilAborted(link.client.request(ControlMethod.call, { name, arguments: args }) as Promise<CallResult>, context.signal);
      } catch {
        // The daemon went away mid-call: attach again (a new one starts) and ask once more.
        this.#release(root);
      }
    }
    return undefined;
  };

  /** Roots with a live link, least recently used first. */
  linked(): readonly string[] {
    return [...this.#links.keys()];
  }

  /** Closes every link, and any that an attach in progress makes later. */
  close(): void {
    this.#closed = true;
    for (const root of [...this.#links.keys()]) this.#release(root);
  }

  async #link(root: string): Promise<DaemonLink | undefined> {
    const known = this.#links.get(root);
    if (known !== undefined && known.isCurrent()) {
      this.#links.delete(root);
      this.#links.set(root, known);
      return known;
    }
    this.#release(root);
    let pending = this.#attaching.get(root);
    if (pending === undefined) {
      pending = this.#attach(root).finally(() => this.#attaching.delete(root));
      this.#attaching.set(root, pending);
    }
    return pending;
  }

  async #attach(root: string): Promise<DaemonLink | undefined> {
    const service = await attachProject(root, {
      env: this.#options.env, role: 'proxy', start: true, cwd: this.#options.cwd,
      ...(this.#options.cliPath !== undefined ? { cliPath: this.#options.cliPath } : {}),
    });
    if (service.kind !== 'daemon') {
      this.#local.set(root, Date.now() + RETRY_DAEMON_MS);
      return undefined;
    }
    if (this.#closed) {
      service.link.client.close();
      return undefined;
    }
    this.#links.set(root, service.link);
    while (this.#links.size > MAX_RETAINED_PROJECTS) {
      const oldest = this.#links.keys().next();
      if (oldest.done === true) break;
      this.#release(oldest.value);
    }
    return service.link;
  }

  #release(root: string): void {
    this.#links.get(root)?.client.close();
    this.#links.delete(root);
  }
}

/** `answer`, or a cancellation as soon as `signal` aborts (the daemon's answer is then dropped). */
function untilAborted(answer: Promise<CallResult>, signal: AbortSignal): Promise<CallResult> {
  const cancelled: CallResult = { text: 'Cancelled', isError: true };
  if (signal.aborted) return Promise.resolve(cancelled);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(cancelled);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
