/**
 * The daemon of one indexed project: listens on the project's socket (the writer authority),
 * serves every client's MCP session over ONE shared tool service, runs the watcher through ONE
 * index session, and exits when the last client has been gone for the idle time, when every host
 * it serves has died, when the index folder is deleted or re-created, when the code it runs from
 * changed on disk, or when asked to stop.
 */
import type { Server, Socket } from 'node:net';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import type { ToolResult, ToolService } from '../mcp/tool-service.js';
import type { ProjectIndex } from '../project/index-cache.js';
import { promptContext } from '../tools/prompt/prompt-context.js';
import { IndexSession } from '../index/session.js';
import type { FoldEvent, IndexSummary } from '../index/sync/index.js';
import { isProcessAlive } from '../store/index.js';
import { VERSION } from '../version.js';
import type { Installation } from './installation.js';
import { claimSocket, socketFileId } from './claim-socket.js';
import { ControlMethod, type CallParams, type CallResult, type DaemonStatus } from './control.js';
import { callParams, helloParams, promptParams, serveConnection, type DaemonConnectionState, type LineServer } from './connection.js';
import { removeDaemonRecord, writeDaemonRecord } from './daemon-files.js';
import { AutoSyncHealth } from './health.js';
import { LiveTools } from './live-tools.js';
import { garbageCollector } from './garbage-collector.js';
import { daemonSocketPath, indexIdentity } from './socket-path.js';
import { runWatcher, syncNow } from './watcher.js';
import { proofOf, writeDaemonToken } from './daemon-proof.js';
import type { WatchDecision } from './watch-policy.js';
import type { WatchControl } from '../index/watch.js';

/** How often a RECOVERING daemon retries a full reconcile. */
export const RECONCILE_MS = 30_000;

/**
 * The status snapshot beside the index (what a one-shot `codegraph status` reads) is written once
 * saves have paused this long, not with each save: on the Linux kernel it costs 170 to 240 ms of
 * the daemon's thread per save, which queries sent after an edit waited behind.
 */
const SNAPSHOT_AFTER_SAVES_MS = 1000;

/**
 * A daemon writes its image whole (a compaction of the change log) only after this long without a
 * query (`IndexSession`'s `compactWhenQuietMs`): queries go on meanwhile, but a sync waits for
 * all of it (2.85 s on the Linux kernel's 1.9 GB image written in place; 5 s with a copy in slices,
 * a second image in memory, when the file outgrew its room), so it waits for a pause in a
 * client's work rather than landing on an edit an agent is about to query.
 */
const COMPACT_WHEN_QUIET_MS = 5000;

/** The daemon's log line for a step of writing its image whole. */
export function foldLine(event: FoldEvent): string {
  switch (event.phase) {
    case 'started':
      return `writing the index whole, folding its change log (${(event.logBytes / 2 ** 20).toFixed(1)} MB)`;
    case 'written':
      return `wrote the index whole in ${Math.round(event.ms)} ms`;
    case 'failed':
      return `writing the index whole failed after ${Math.round(event.ms)} ms; the index on disk is whole and keeps every saved edit: ${event.error instanceof Error ? event.error.message : String(event.error)}`;
  }
}

/** Options of a project daemon. */
export interface ProjectDaemonOptions {
  readonly root: string;
  readonly watch: WatchDecision;
  readonly debounceMs: number;
  /** Exit this long after the last client left; `Infinity` never (a foreground writer). */
  readonly idleMs: number;
  /**
   * Builds one session's tool service from what its host said in `hello` (working directory,
   * listed tools); every session's service shares the daemon's one index cache.
   */
  readonly tools: (session: DaemonConnectionState) => ToolService;
  readonly log: (line: string) => void;
  /** The framing loop each connection runs (the stdio transport's `serveLines`). */
  readonly serveLines: LineServer;
  /** How often hosts and the index folder are checked. */
  readonly pollMs?: number;
  /**
   * The code a detached daemon runs, read when its process started: when it changes on disk the
   * daemon says so in its status and stops (`installation.ts`), as it does when its socket file is
   * removed or taken. Unset for a foreground writer, whose session it is.
   */
  readonly installation?: Installation;
}

/** A running project daemon. */
export class ProjectDaemon {
  readonly root: string;
  readonly socket: string;
  readonly health: AutoSyncHealth;
  readonly #options: ProjectDaemonOptions;
  readonly #server: Server;
  readonly #identity: string | undefined;
  /** Which socket file this daemon listens on (`claim-socket.ts` `socketFileId`). */
  readonly #socketFile: string | undefined;
  readonly #installation: Installation | undefined;
  /** The secret this daemon proves itself with (`daemon-proof.ts`), written when it starts. */
  readonly #token: string;
  readonly #startedAt = new Date();
  readonly #session: IndexSession;
  readonly #connections = new Map<Socket | symbol, DaemonConnectionState>();
  readonly #watchAbort = new AbortController();
  #watching: Promise<void> = Promise.resolve();
  #watchControl: WatchControl | undefined;
  #lastReconcile = 0;
  #idleTimer: NodeJS.Timeout | undefined;
  #poller: NodeJS.Timeout | undefined;
  #stopping: Promise<void> | undefined;
  #resolveStopped!: (reason: string) => void;
  /** Resolves with the reason once the daemon has stopped. */
  readonly stopped: Promise<string>;

  private constructor(options: ProjectDaemonOptions, server: Server, session: IndexSession) {
    this.root = options.root;
    this.socket = daemonSocketPath(options.root);
    this.#options = options;
    this.#server = server;
    this.#session = session;
    this.#identity = indexIdentity(options.root);
    this.#socketFile = socketFileId(this.socket);
    this.#installation = options.installation;
    this.#token = writeDaemonToken(options.root);
    this.health = new AutoSyncHealth(options.watch.watch ? { kind: 'starting' } : { kind: 'off', reason: options.watch.reason }, options.debounceMs);
    this.stopped = new Promise((resolve) => (this.#resolveStopped = resolve));
  }

  /**
   * Claims the project's socket and starts serving; undefined when another live process already
   * listens there (attach to it instead).
   */
  static async start(options: ProjectDaemonOptions): Promise<ProjectDaemon | undefined> {
    let daemon: ProjectDaemon | undefined;
    const claim = await claimSocket(daemonSocketPath(options.root), (socket) => {
      if (daemon === undefined) socket.destroy();
      else daemon.accept(socket);
    });
    if (claim.kind === 'taken') return undefined;
    // Writing behind: a sync is answered once the index in memory is current; a write that then
    // fails counts as a failed sync, and the next one reloads the file.
    const session = await IndexSession.open({
      root: options.root, command: 'codegraph daemon', existingOnly: true, writeBehind: true,
      onWriteFailed: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        options.log(`writing the index failed: ${message}`);
        daemon?.health.failed(`writing the index failed: ${message}`, false);
      },
      onSaved: garbageCollector(),
      compactWhenQuietMs: COMPACT_WHEN_QUIET_MS,
      snapshotAfterMs: SNAPSHOT_AFTER_SAVES_MS,
      onFold: (event) => options.log(foldLine(event)),
    });
    daemon = new ProjectDaemon(options, claim.server, session);
    daemon.#begin();
    return daemon;
  }

  #begin(): void {
    this.#record();
    this.#armIdle();
    this.#poller = setInterval(() => this.#poll(), this.#options.pollMs ?? 1000);
    this.#watching = runWatcher({
      root: this.root, session: this.#session, decision: this.#options.watch, debounceMs: this.#options.debounceMs,
      health: this.health, signal: this.#watchAbort.signal, log: this.#options.log, onControl: (control) => (this.#watchControl = control),
    }).then((ended) => {
      if (ended !== undefined) void this.stop(ended);
    });
    this.#options.log(`daemon ${process.pid} serving ${this.root} on ${this.socket} (version ${VERSION}; auto-sync ${this.health.describe()})`);
  }

  /**
   * Lends the daemon's own loaded index to a query (see `LiveIndexes`): no second copy is loaded,
   * and a query never sees a sync half-written. Undefined for another project, or before the
   * first sync has loaded the index.
   */
  async useIndex<T>(root: string, fn: (index: ProjectIndex) => Promise<T>, onWait?: () => void): Promise<{ readonly value: T } | undefined> {
    if (root !== this.root || this.#stopping !== undefined) return undefined;
    return this.#session.read((store, databaseBytes) => fn({ root, store, databaseBytes }), onWait);
  }

  /** Serves one accepted socket. */
  accept(socket: Socket): void {
    if (this.#stopping !== undefined) {
      socket.destroy();
      return;
    }
    socket.on('error', () => socket.destroy());
    // A client that vanishes mid-message ends its input with an error: that is its business.
    // Reading through a separate stream: a finished `for await` destroys the stream it read, and
    // destroying the socket itself would drop the answers still being written.
    const input = new PassThrough();
    socket.pipe(input);
    // A pipe ends its destination only on a clean end: a connection reset (a host killed while
    // writing) or a destroy of ours would leave the session waiting for input forever, its
    // connection counted and the idle exit never armed.
    socket.once('close', () => {
      if (!input.writableEnded) input.end();
    });
    this.serveStream(input, socket, socket)
      .catch((error: unknown) => this.#options.log(`connection ended: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => socket.end());
  }

  /** Serves one client over a pair of streams (a socket, or a foreground process's stdio). */
  async serveStream(input: Readable, output: Writable, key: Socket | symbol, initial?: DaemonConnectionState): Promise<void> {
    const state: DaemonConnectionState = initial ?? { hostPid: undefined, role: undefined, cwd: undefined, tools: undefined };
    this.#connections.set(key, state);
    this.#disarmIdle();
    const tools = new LiveTools(() => this.#options.tools(state), this.health);
    try {
      await serveConnection({ input, output, tools, state, log: this.#options.log, serveLines: this.#options.serveLines, control: (m, p, s) => this.#control(m, p, s) });
    } finally {
      this.#connections.delete(key);
      if (state.hostPid !== undefined) this.#record();
      this.#armIdle();
    }
  }

  async #control(method: string, params: Readonly<Record<string, unknown>>, state: DaemonConnectionState): Promise<unknown> {
    switch (method) {
      case ControlMethod.hello: {
        const hello = helloParams(params);
        state.role = hello.role;
        state.cwd = hello.cwd;
        state.tools = hello.tools;
        if (hello.role === 'proxy') {
          state.hostPid = hello.hostPid;
          this.#record();
        }
        return hello.nonce === undefined ? this.status() : { ...this.status(), proof: proofOf(this.#token, hello.nonce) };
      }
      case ControlMethod.status:
        return this.status();
      case ControlMethod.sync:
        return this.#sync();
      case ControlMethod.call:
        return this.#call(callParams(params), state);
      case ControlMethod.prompt: {
        const query = promptParams(params);
        const started = performance.now();
        const answer = (await this.useIndex(this.root, (index) => promptContext(index, query, new AbortController().signal)))?.value ?? { kind: 'none' };
        this.#options.log(`prompt hook answered (${answer.kind}) in ${Math.round(performance.now() - started)} ms`);
        return answer;
      }
      case ControlMethod.stop:
        // Folded as at an idle exit: the next start then loads one file instead of replaying the
        // log (on the Linux kernel 3.2 s for 44 MB of it, before the first answer).
        setImmediate(() => void this.stop('asked to stop', true));
        return { stopping: true };
      default:
        throw new ProtocolError(ErrorCode.MethodNotFound, `Method not found: ${method}`);
    }
  }

  /** Runs one tool for a control connection, as its own MCP session would (health banner included). */
  async #call(call: CallParams, state: DaemonConnectionState): Promise<CallResult> {
    const tools = new LiveTools(() => this.#options.tools(state), this.health);
    const result: ToolResult & { json?: unknown } = await tools.call(call.name, call.arguments, { signal: new AbortController().signal, progress: () => undefined });
    return { text: result.text, ...(result.isError === true ? { isError: true } : {}), ...(result.json !== undefined ? { json: result.json } : {}) };
  }

  async #sync(): Promise<IndexSummary> {
    // The watcher's view is trusted only while it is healthy; otherwise walk the tree.
    const outcome = await syncNow(this.#session, this.health.state.kind === 'watching' ? this.#watchControl : undefined);
    if (this.health.state.kind !== 'off') this.health.synced();
    return outcome;
  }

  /** What `status` answers. */
  status(): DaemonStatus {
    return {
      pid: process.pid, version: VERSION, root: this.root, socket: this.socket, index: this.#identity,
      startedAt: this.#startedAt.toISOString(), uptimeMs: Date.now() - this.#startedAt.getTime(),
      clients: this.#sessions().length, hostPids: this.#hostPids(), autoSync: this.health.describe(),
      ...this.#staleness(),
    };
  }

  /**
   * Why no client can reach this daemon any more: its socket file was removed or is another
   * listener's. A client then starts another daemon, and two would serve the project.
   */
  #socketLost(): string | undefined {
    if (this.#socketFile === undefined || socketFileId(this.socket) === this.#socketFile) return undefined;
    return `its socket file ${this.socket} was removed or replaced`;
  }

  /** `stale` with its reason once the installation this daemon runs from has changed. */
  #staleness(): { stale?: string } {
    const changed = this.#installation?.changed();
    return changed === undefined ? {} : { stale: changed };
  }

  /** The connections that serve an agent: one-shot command-line queries (the status asking, too) are not clients. */
  #sessions(): DaemonConnectionState[] {
    return [...this.#connections.values()].filter((c) => c.role !== 'cli');
  }

  #hostPids(): number[] {
    return [...new Set(this.#sessions().flatMap((c) => (c.hostPid === undefined ? [] : [c.hostPid])))].sort((a, b) => a - b);
  }

  /** Writes the daemon's files; nothing once stopping (a connection ending then must not restore what shutdown removed). */
  #record(): void {
    if (this.#stopping !== undefined) return;
    writeDaemonRecord({ pid: process.pid, root: this.root, socket: this.socket, hostPids: this.#hostPids(), started: this.#startedAt.toISOString(), version: VERSION });
  }

  #armIdle(): void {
    if (this.#connections.size > 0 || !Number.isFinite(this.#options.idleMs) || this.#stopping !== undefined) return;
    this.#disarmIdle();
    this.#idleTimer = setTimeout(() => void this.stop(`no client for ${this.#options.idleMs} ms`, true), this.#options.idleMs);
  }

  #disarmIdle(): void {
    if (this.#idleTimer !== undefined) clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
  }

  /** Drops connections whose host died, and stops when the index folder is gone or re-created or its code changed. */
  #poll(): void {
    const identity = indexIdentity(this.root);
    if (identity !== this.#identity) {
      void this.stop(identity === undefined ? 'the index folder was deleted' : 'the index folder was re-created');
      return;
    }
    // A detached daemon only: a foreground writer serves its own session whatever becomes of the socket.
    const moved = this.#installation === undefined ? undefined : (this.#installation.changed() ?? this.#socketLost());
    if (moved !== undefined) {
      void this.stop(moved);
      return;
    }
    this.#reconcileIfRecovering();
    for (const [key, state] of this.#connections) {
      if (state.hostPid !== undefined && !isProcessAlive(state.hostPid) && typeof key !== 'symbol') {
        this.#options.log(`host ${state.hostPid} is gone; dropping its connection`);
        key.destroy();
      }
    }
  }

  /**
   * While RECOVERING (another process held the index too long), a full reconcile every 30 s; the
   * watcher keeps collecting changes meanwhile, and the first reconcile that commits ends it.
   */
  #reconcileIfRecovering(): void {
    const state = this.health.state;
    if (state.kind !== 'recovering' || Date.now() - Math.max(state.since, this.#lastReconcile) < RECONCILE_MS) return;
    this.#lastReconcile = Date.now();
    this.#session.sync().then(
      () => this.health.synced(),
      (error: unknown) => this.#options.log(`reconcile failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** Stops serving and watching, removes the daemon's files; idempotent. */
  stop(reason: string, fold = false): Promise<void> {
    this.#stopping ??= this.#shutdown(reason, fold);
    return this.#stopping;
  }

  /** `fold`: write the index whole first when a change log follows its image (an idle exit, or one asked for). */
  async #shutdown(reason: string, fold: boolean): Promise<void> {
    this.#options.log(`daemon ${process.pid} stopping: ${reason}`);
    this.#disarmIdle();
    if (this.#poller !== undefined) clearInterval(this.#poller);
    // Node unlinks the socket's path as it closes the listener (and at exit): nothing is left to remove after.
    this.#server.close();
    for (const key of this.#connections.keys()) if (typeof key !== 'symbol') key.destroy();
    this.#watchAbort.abort();
    await this.#watching;
    if (fold) await this.#session.fold().catch((error: unknown) => this.#options.log(`daemon ${process.pid}: folding the change log into the index failed: ${error instanceof Error ? error.message : String(error)}`));
    await this.#session.close();
    removeDaemonRecord(this.root, process.pid);
    this.#resolveStopped(reason);
  }
}
