/**
 * `codegraph daemon run|status|stop`: runs a project's daemon (what `serve --mcp` spawns,
 * detached), lists the running daemons, stops one or all.
 */
import { resolve } from 'node:path';
import { ControlMethod, type DaemonStatus } from '../daemon/control.js';
import { DaemonClient } from '../daemon/client.js';
import { introduce } from '../daemon/introduce.js';
import { forgetDaemon, listDaemonRecords } from '../daemon/daemon-files.js';
import { ownInstallation, type Installation } from '../daemon/installation.js';
import { DaemonForwarder } from '../daemon/forward.js';
import { ProjectDaemon } from '../daemon/project-daemon.js';
import { daemonSocketPath } from '../daemon/socket-path.js';
import { watchDecision } from '../daemon/watch-policy.js';
import { DefaultProjectResolver } from '../project/default-project.js';
import { ProjectServices } from '../project/project-services.js';
import { isIndexed } from '../project/resolve.js';
import { serveLines } from '../transport/stdio.js';
import { VERSION } from '../version.js';
import { createTools } from './serve.js';
import { UsageError } from './usage.js';
import { debounceFrom } from './watch-command.js';

/** How long a daemon waits after its last client left before exiting. */
export const IDLE_ENV = 'CODEGRAPH_DAEMON_IDLE_MS';
/** The default idle time: five minutes. */
export const DEFAULT_IDLE_MS = 300_000;

/** The idle time from the environment; a malformed value is a usage error. */
export function idleFrom(env: NodeJS.ProcessEnv): number {
  const raw = env[IDLE_ENV];
  if (raw === undefined || raw.trim() === '') return DEFAULT_IDLE_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new UsageError(`${IDLE_ENV} must be a whole number of milliseconds, got "${raw}"`);
  return value;
}

/** Options of `startProjectDaemon`. */
export interface StartDaemonOptions {
  readonly env: NodeJS.ProcessEnv;
  readonly noWatch: boolean;
  readonly idleMs: number;
  readonly log: (line: string) => void;
  /** The code whose change on disk stops the daemon (a detached daemon's own, read at its start). */
  readonly installation?: Installation;
}

/** Starts serving `root` in this process; undefined when another process already does. */
export async function startProjectDaemon(root: string, options: StartDaemonOptions): Promise<ProjectDaemon | undefined> {
  let daemon: ProjectDaemon | undefined;
  const services = new ProjectServices({ use: async (root, fn, onWait) => daemon?.useIndex(root, fn, onWait) });
  const forwarder = new DaemonForwarder({ env: options.env, cwd: root, ownRoot: root });
  daemon = await ProjectDaemon.start({
    root,
    watch: watchDecision(root, options.noWatch, options.env),
    debounceMs: debounceFrom(options.env),
    idleMs: options.idleMs,
    log: options.log,
    serveLines,
    ...(options.installation !== undefined ? { installation: options.installation } : {}),
    tools: (session) => {
      const cwd = session.cwd ?? root;
      const env = session.tools !== undefined ? { CODEGRAPH_MCP_TOOLS: session.tools } : {};
      return createTools(new DefaultProjectResolver({ cwd, pinned: root }), { cwd, env }, { services, forward: forwarder.forward }).tools;
    },
  });
  void daemon?.stopped.then(() => {
    forwarder.close();
    services.close();
  });
  if (daemon === undefined) forwarder.close();
  return daemon;
}

/** `codegraph daemon run <root> [--no-watch]`: serves until idle, stopped, or the index is gone. */
export async function runDaemon(rootArg: string, noWatch: boolean, env: NodeJS.ProcessEnv): Promise<number> {
  const root = resolve(rootArg);
  if (!isIndexed(root)) throw new UsageError(`no index at ${root}; run \`codegraph init ${root}\` first`);
  const log = (line: string): void => void process.stderr.write(`${new Date().toISOString()} ${line}\n`);
  // Read as this command's modules loaded: a rebuild while the index loads (seconds on a large one) counts too.
  const daemon = await startProjectDaemon(root, { env, noWatch, idleMs: idleFrom(env), log, ...(ownInstallation !== undefined ? { installation: ownInstallation } : {}) });
  if (daemon === undefined) {
    log(`another daemon already serves ${root}; exiting`);
    return 0;
  }
  const stop = (): void => void daemon.stop('signal');
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.once('SIGHUP', stop);
  await daemon.stopped;
  return 0;
}

/** `codegraph daemon status [-p PATH] [--json]`: every running daemon (or the one of PATH), asked directly. */
export async function runDaemonStatus(json: boolean, root?: string): Promise<number> {
  const statuses: DaemonStatus[] = [];
  for (const record of listDaemonRecords()) {
    if (root !== undefined && record.root !== root) continue;
    const status = await ask(record.root, record.socket, ControlMethod.status);
    if (status === undefined) forgetDaemon(record.root);
    else statuses.push(status as DaemonStatus);
  }
  if (json) {
    process.stdout.write(`${JSON.stringify(statuses)}\n`);
    return 0;
  }
  if (statuses.length === 0) {
    process.stdout.write(root === undefined ? 'No codegraph daemon is running.\n' : `No daemon runs for ${root}.\n`);
    return 0;
  }
  for (const s of statuses) {
    process.stdout.write(
      `${s.root}\n  pid ${s.pid}, version ${s.version}${s.version === VERSION ? '' : ' (other version)'}, up ${Math.round(s.uptimeMs / 1000)} s${s.stale === undefined ? '' : `, stopping: ${s.stale}`}\n` +
        `  socket: ${s.socket}\n  clients: ${s.clients}${s.hostPids.length > 0 ? ` (hosts ${s.hostPids.join(', ')})` : ''}\n  auto-sync: ${s.autoSync}\n`,
    );
  }
  return 0;
}

/** `codegraph daemon stop [path] [--all]`: asks one daemon (or every one) to exit. */
export async function runDaemonStop(path: string | undefined, all: boolean, cwd: string): Promise<number> {
  const roots = all ? listDaemonRecords().map((r) => r.root) : [resolve(cwd, path ?? '.')];
  let stopped = 0;
  for (const root of roots) {
    const answer = await ask(root, daemonSocketPath(root), ControlMethod.stop);
    if (answer !== undefined) {
      stopped += 1;
      process.stdout.write(`Stopped the daemon of ${root}.\n`);
    } else if (!all) {
      process.stdout.write(`No daemon runs for ${root}.\n`);
    }
  }
  if (all && stopped === 0) process.stdout.write('No codegraph daemon is running.\n');
  return 0;
}

/** One control request on a fresh connection; undefined when nothing answers. */
async function ask(root: string, socket: string, method: string): Promise<unknown> {
  let client: DaemonClient | undefined;
  try {
    client = await DaemonClient.connect(socket, 1000);
    await introduce(client, root, { hostPid: process.pid, version: VERSION, role: 'cli' });
    return await client.request(method);
  } catch {
    return undefined;
  } finally {
    client?.close();
  }
}
