/**
 * The daemon's control messages: JSON-RPC methods in the reserved `codegraph/daemon.` namespace,
 * sent on the same newline-framed connection as the MCP stream. A proxy sends `hello` before any
 * MCP byte; the CLI sends `hello` and then `sync`, `status`, `call`, `prompt` or `stop`.
 */

/** The reserved method prefix; no MCP method starts with it. */
export const CONTROL_PREFIX = 'codegraph/daemon.';

/** Method names of the control messages. */
export const ControlMethod = {
  /** Introduces a connection: host pid and version in, the daemon's identity out. */
  hello: 'codegraph/daemon.hello',
  /** Brings the index up to date now; answers with the sync's report. */
  sync: 'codegraph/daemon.sync',
  /** Answers the daemon's `DaemonStatus`. */
  status: 'codegraph/daemon.status',
  /**
   * Runs one tool on the daemon's project (`CallParams` in, the tool's `text`, `isError` and
   * `json` out): the CLI's query commands and other projects' sessions ask through it, so the
   * index is loaded once, in the daemon.
   */
  call: 'codegraph/daemon.call',
  /**
   * What the index says about a prompt the prompt hook's text gate let through (`PromptQuery`
   * in, `PromptAnswer` out): the hook runs once per prompt, and the daemon has the index loaded.
   */
  prompt: 'codegraph/daemon.prompt',
  /** Asks the daemon to exit; it answers first, then closes every connection. */
  stop: 'codegraph/daemon.stop',
} as const;

/** Parameters of `hello`. */
export interface HelloParams {
  /** The process the connection serves; the daemon watches it and lets go when it dies. */
  readonly hostPid: number;
  readonly version: string;
  /** `proxy` connections carry an MCP session; `cli` connections only control messages. */
  readonly role: 'proxy' | 'cli';
  /** The host's working directory: relative `projectPath`s resolve against it. */
  readonly cwd?: string;
  /** The host's `CODEGRAPH_MCP_TOOLS`: each session lists the tools its own host asked for. */
  readonly tools?: string;
  /** A fresh random string the daemon answers with `proof` (see `daemon-proof.ts`). */
  readonly nonce?: string;
}

/** Parameters of `call`. */
export interface CallParams {
  /** The tool's wire name, e.g. `codegraph_search`. */
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** What `call` answers. */
export interface CallResult {
  readonly text: string;
  readonly isError?: boolean;
  /** The structured form the CLI's `--json` prints, when the tool has one. */
  readonly json?: unknown;
}

/** What `hello` and `status` answer: who the daemon is and what it is doing. */
export interface DaemonStatus {
  readonly pid: number;
  readonly version: string;
  readonly root: string;
  readonly socket: string;
  /** `indexIdentity` of the `.codegraph/` folder the daemon serves. */
  readonly index: string | undefined;
  readonly startedAt: string;
  readonly uptimeMs: number;
  readonly clients: number;
  readonly hostPids: readonly number[];
  /** The `Auto-sync:` line's value, e.g. `watching (debounce 2000 ms)`. */
  readonly autoSync: string;
  /**
   * Why this daemon must not be used, when the files it runs from changed on disk since it started
   * (`installation.ts`): it is about to stop, and a client asks it to and starts another.
   */
  readonly stale?: string;
  /** In answer to `hello` with a nonce: the HMAC of the nonce under the daemon's token. */
  readonly proof?: string;
}

/** Whether `method` belongs to the daemon's control namespace. */
export function isControlMethod(method: string): boolean {
  return method.startsWith(CONTROL_PREFIX);
}
