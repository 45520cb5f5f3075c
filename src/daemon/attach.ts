/**
 * The seam between project resolution and the daemon: given an indexed project root, start or
 * attach to that project's daemon and hand back a live connection, or say why this process should
 * serve the project itself (`CODEGRAPH_NO_DAEMON=1`, home safe mode, a daemon that cannot start).
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isBroadRoot } from '../project/resolve.js';
import { DATABASE_FILE, INDEX_DIR } from '../store/layout.js';
import { VERSION } from '../version.js';
import { probeSocket } from './claim-socket.js';
import { DaemonClient } from './client.js';
import { ControlMethod, type DaemonStatus } from './control.js';
import { DAEMON_LOG_FILE } from './daemon-files.js';
import { ownInstallation } from './installation.js';
import { introduce } from './introduce.js';
import { daemonSocketPath, indexIdentity } from './socket-path.js';
import { UntrustedSocketError } from './socket-trust.js';

/** Runs the server in the foreground as the single writer when set to `1`. */
export const NO_DAEMON_ENV = 'CODEGRAPH_NO_DAEMON';
/** How long a starter waits for a new daemon to accept. */
export const START_TIMEOUT_MS = 10_000;

/** A connection to a project's daemon, after `hello`. */
export interface DaemonLink {
  readonly client: DaemonClient;
  /** What the daemon said in answer to `hello`. */
  readonly status: DaemonStatus;
  /** Whether the connection is open and the project's index is still the one the daemon serves. */
  isCurrent(): boolean;
}

/** Where a project is served from. */
export type ProjectService =
  | { readonly kind: 'daemon'; readonly link: DaemonLink; readonly started: boolean }
  | { readonly kind: 'foreground'; readonly reason: string };

/** Options of `attachProject`. */
export interface AttachOptions {
  readonly env: NodeJS.ProcessEnv;
  /** `proxy` registers this process as a host the daemon serves; `cli` does not. */
  readonly role: 'proxy' | 'cli';
  /** Start a daemon when none runs (else answer `foreground`). */
  readonly start: boolean;
  /** Passed to a daemon this call starts. */
  readonly noWatch?: boolean;
  /** The CLI entry point a new daemon runs; defaults to this process's script. */
  readonly cliPath?: string;
  readonly timeoutMs?: number;
  /** Sent in `hello`: where relative paths resolve, and the tools this host lists. */
  readonly cwd?: string;
}

/** Starts or attaches to `root`'s daemon (see the module comment). */
export async function attachProject(root: string, options: AttachOptions): Promise<ProjectService> {
  if (options.env[NO_DAEMON_ENV] === '1') return { kind: 'foreground', reason: `${NO_DAEMON_ENV}=1` };
  if (isBroadRoot(root)) return { kind: 'foreground', reason: `${root} is the home folder or the file-system root (safe mode: no daemon, no watcher)` };
  const socket = daemonSocketPath(root);
  const existing = await hello(root, socket, options, 1000).catch(untrustedOrNothing);
  // Never used, never waited on: the client says why in one line and serves in this process.
  if (existing instanceof UntrustedSocketError) return { kind: 'foreground', reason: existing.message };
  if (existing !== undefined && servesThis(existing.status)) return { kind: 'daemon', link: existing, started: false };
  if (existing !== undefined) await replaceDaemon(existing, socket);
  if (!options.start) return { kind: 'foreground', reason: 'no daemon runs for this project' };
  const spawned = spawnDaemon(root, options);
  if (spawned !== undefined) return { kind: 'foreground', reason: `the daemon could not start: ${spawned}` };
  const deadline = Date.now() + (options.timeoutMs ?? START_TIMEOUT_MS);
  while (Date.now() < deadline) {
    const link = await hello(root, socket, options, 1000).catch(untrustedOrNothing);
    if (link instanceof UntrustedSocketError) return { kind: 'foreground', reason: link.message };
    if (link !== undefined) return { kind: 'daemon', link, started: true };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { kind: 'foreground', reason: `the daemon did not accept within ${options.timeoutMs ?? START_TIMEOUT_MS} ms (see ${join(root, INDEX_DIR, DAEMON_LOG_FILE)})` };
}

/**
 * Whether a daemon that answered serves this process: one whose code is still on disk, of this
 * version, or of another when this process's own code changed since it started (an upgrade in
 * place: the daemon runs what is installed now, and replacing it would stop it for every session
 * started after the upgrade, each outdated session in turn).
 */
function servesThis(status: DaemonStatus): boolean {
  return status.stale === undefined && (status.version === VERSION || ownInstallation?.changed() !== undefined);
}

/** A failed `hello`: the refusal of an untrusted socket is kept, anything else means no daemon answered. */
function untrustedOrNothing(error: unknown): UntrustedSocketError | undefined {
  return error instanceof UntrustedSocketError ? error : undefined;
}

/** Connects and introduces this process. */
async function hello(root: string, socket: string, options: AttachOptions, timeoutMs: number): Promise<DaemonLink> {
  const client = await DaemonClient.connect(socket, timeoutMs);
  try {
    const tools = options.env['CODEGRAPH_MCP_TOOLS'];
    const params = { hostPid: process.pid, version: VERSION, role: options.role, ...(options.cwd !== undefined ? { cwd: options.cwd } : {}), ...(tools !== undefined ? { tools } : {}) };
    const status = await introduce(client, root, params);
    return {
      client,
      status,
      isCurrent: () => !client.socket.destroyed && !client.socket.readableEnded && indexIdentity(status.root) === status.index,
    };
  } catch (error) {
    client.close();
    throw error;
  }
}

/** Asks a daemon of another version, or a stale one, to stop and waits (bounded) until its socket is free. */
async function replaceDaemon(link: DaemonLink, socket: string): Promise<void> {
  await link.client.request(ControlMethod.stop).catch(() => undefined);
  link.client.close();
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && (await probeSocket(socket, 500))) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * The young generation's semi-space cap of a daemon, in MB, for a small index (V8's default lets
 * it grow to 16 MB). A sync allocates in bursts; V8 then grows the young generation and keeps the
 * pages. Measured with `npm run bench -- daemon` (resident set after 100 one-file syncs against
 * after the first 5 edits): tokio +9.7 to +20.9 % without the cap, +4.8 to +7.5 % with it; django
 * with the glibc setting below +4.6 % without, +4.9 % with. Sync and search times showed no
 * difference.
 */
const DAEMON_SEMI_SPACE_MB = 1;
/** V8's own cap on a semi-space, in MB (64-bit), which a daemon of a large index keeps. */
const V8_SEMI_SPACE_MB = 16;
/**
 * Image bytes per MB of semi-space above the small cap: the young generation (about three
 * semi-spaces) stays under 5 % of the image. A large index needs the room: a sync's tables
 * fill an old generation that every scavenge must scan the entries into, so a small young
 * generation scavenges hundreds of times per sync. Measured in one process on the Linux kernel
 * (1.9 GB image, 1.3 GB of resolver tables, held then), one-file syncs of `kernel/sched/fair.c`:
 * with 1 MB, 361 to 375 scavenges and 0.47 to 2.9 s of collection per sync, which queries wait
 * behind; with 16 MB, 21 to 25 collections and 120 to 176 ms.
 */
const IMAGE_BYTES_PER_SEMI_SPACE_MB = 64 * 1024 * 1024;

/** The semi-space cap, in MB, of a daemon whose index image has `imageBytes`. */
export function daemonSemiSpaceMb(imageBytes: number): number {
  return Math.max(DAEMON_SEMI_SPACE_MB, Math.min(V8_SEMI_SPACE_MB, Math.floor(imageBytes / IMAGE_BYTES_PER_SEMI_SPACE_MB)));
}

/** V8's heap flags for a daemon whose index image has `imageBytes`. */
export function daemonHeapFlags(imageBytes: number): string[] {
  // A lower heap-growing factor once kept the kernel's 1.3 GB of held resolver tables in check;
  // past HELD_DEFINITIONS_LIMIT the daemon holds none (about 0.3 GB of heap there), and the
  // factor then only added collections: one-file syncs of `kernel/sched/fair.c` in one process
  // took 1.74 to 2.64 s with `--heap-growing-percent=10` against 1.25 to 1.72 s without.
  return [`--max-semi-space-size=${daemonSemiSpaceMb(imageBytes)}`];
}

/**
 * glibc's mmap threshold for a daemon, in bytes (its default, 128 KiB, without the dynamic rise).
 * glibc raises the threshold to the size of each large block freed, up to 32 MB, so the copy a
 * save makes of a database smaller than that (tokio's 6.4 MB) is later carved from the heap, whose
 * freed pages it keeps. Fixed, each such copy is a mapping of its own, returned when freed. Same
 * bench: django +12.0 to +26.3 % with neither setting, +4.6 % with this one alone. Ignored where
 * libc is not glibc.
 */
const DAEMON_MMAP_THRESHOLD = 131_072;

/**
 * How a daemon is started: Node's arguments and its environment (the caller's, plus the memory
 * settings above unless set); `imageBytes` is the size of the index image it will load.
 */
export function daemonLaunch(cli: string, root: string, noWatch: boolean, env: NodeJS.ProcessEnv, imageBytes = 0): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    // --expose-gc: the daemon collects once its saves pause (see garbage-collector.ts).
    args: ['--expose-gc', ...daemonHeapFlags(imageBytes), cli, 'daemon', 'run', root, ...(noWatch ? ['--no-watch'] : [])],
    env: { MALLOC_MMAP_THRESHOLD_: String(DAEMON_MMAP_THRESHOLD), ...env },
  };
}

/** Spawns a detached daemon whose output goes to `.codegraph/daemon.log`; an error message on failure. */
function spawnDaemon(root: string, options: AttachOptions): string | undefined {
  const cli = options.cliPath ?? process.argv[1];
  if (cli === undefined) return 'the CLI entry point is unknown';
  let logFd: number | undefined;
  try {
    logFd = openSync(join(root, INDEX_DIR, DAEMON_LOG_FILE), 'a');
    const launch = daemonLaunch(cli, root, options.noWatch === true, options.env, imageSize(root));
    const child = spawn(process.execPath, launch.args, { detached: true, stdio: ['ignore', logFd, logFd], env: launch.env, cwd: root });
    child.on('error', () => undefined);
    child.unref();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    if (logFd !== undefined) closeSync(logFd);
  }
}

/** The size of `root`'s index image in bytes; 0 when there is none yet. */
function imageSize(root: string): number {
  try {
    return statSync(join(root, INDEX_DIR, DATABASE_FILE)).size;
  } catch {
    return 0;
  }
}

/**
 * Sends one control request to `root`'s running daemon and closes the connection; undefined when
 * no daemon of this version serves it (none is started) or the request fails.
 */
export async function askRunningDaemon(root: string, method: string, params: Record<string, unknown>, env: NodeJS.ProcessEnv): Promise<unknown> {
  const service = await attachProject(root, { env, role: 'cli', start: false });
  if (service.kind !== 'daemon') return undefined;
  try {
    return await service.link.client.request(method, params);
  } catch {
    return undefined;
  } finally {
    service.link.client.close();
  }
}

