/**
 * The registry of running HTTP servers: one small JSON file per server in the user's state
 * folder, written when it starts listening and removed when it stops. A server that crashed
 * leaves its file behind; readers prune files whose process is gone, so the registry survives
 * crashes without a daemon to keep it.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateDir } from '../state-dir.js';

/** One running server as `codegraph http list` shows it. */
export interface ServerEntry {
  readonly pid: number;
  /** `HOST:PORT` as it listens (IPv6 hosts in brackets). */
  readonly address: string;
  readonly url: string;
  /** The project pinned by `--path`, or null when requests name theirs. */
  readonly project: string | null;
  /** ISO time it started listening. */
  readonly startedAt: string;
  /** Its log file when it runs detached, else null. */
  readonly log: string | null;
  readonly version: string;
}


function serversDir(env: NodeJS.ProcessEnv): string {
  return join(stateDir(env), 'http-servers');
}

/** Records a server; the file is replaced atomically, so a reader never sees half of it. */
export function registerServer(entry: ServerEntry, env: NodeJS.ProcessEnv): void {
  const dir = serversDir(env);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${entry.pid}.json`);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(entry, null, 2)}\n`);
  renameSync(temp, file);
}

/** Forgets the server with `pid`; nothing happens when it is not registered. */
export function unregisterServer(pid: number, env: NodeJS.ProcessEnv): void {
  rmSync(join(serversDir(env), `${pid}.json`), { force: true });
}

/** Whether a process with `pid` exists (one owned by another user counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `pid` still looks like a codegraph server: alive and, where the system shows command
 * lines (/proc), running `serve`. A reused pid of an unrelated process does not count.
 */
export function isServerProcess(pid: number): boolean {
  if (!isAlive(pid)) return false;
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true;
  }
  return cmdline.split('\0').includes('serve');
}

/** The registered servers that are still running, oldest first; entries of dead ones are removed. */
export function listServers(env: NodeJS.ProcessEnv): ServerEntry[] {
  const dir = serversDir(env);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const live: ServerEntry[] = [];
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const entry = readEntry(join(dir, name));
    if (entry !== undefined && isServerProcess(entry.pid)) live.push(entry);
    else rmSync(join(dir, name), { force: true });
  }
  return live.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.pid - b.pid);
}

function readEntry(file: string): ServerEntry | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerEntry>;
    if (typeof value.pid !== 'number' || typeof value.address !== 'string' || typeof value.startedAt !== 'string') return undefined;
    return {
      pid: value.pid,
      address: value.address,
      url: typeof value.url === 'string' ? value.url : `http://${value.address}/mcp`,
      project: typeof value.project === 'string' ? value.project : null,
      startedAt: value.startedAt,
      log: typeof value.log === 'string' ? value.log : null,
      version: typeof value.version === 'string' ? value.version : '',
    };
  } catch {
    return undefined;
  }
}
