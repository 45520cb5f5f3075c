/**
 * The daemon's files besides its socket: `.codegraph/writer.pid` (diagnostic JSON, never trusted
 * alone: the listening socket is the authority) and an entry in a per-user folder under the OS
 * temp folder, so `codegraph daemon status` can list daemons of every project.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INDEX_DIR } from '../store/layout.js';
import { rootHash } from './socket-path.js';
import { ensureOwnDirectory, socketDirectory } from './socket-trust.js';

/** The diagnostic file a daemon keeps in `.codegraph/`. */
export const WRITER_PID_FILE = 'writer.pid';
/** The log a detached daemon appends to, in `.codegraph/`. */
export const DAEMON_LOG_FILE = 'daemon.log';

/** What `writer.pid` and a registry entry hold. */
export interface DaemonRecord {
  readonly pid: number;
  readonly root: string;
  readonly socket: string;
  readonly hostPids: readonly number[];
  readonly started: string;
  readonly version: string;
}

/** The folder of registry entries (one JSON file per running daemon). */
export function registryDir(): string {
  // Inside the user's own socket folder: nobody else can plant or read an entry.
  return join(socketDirectory(), 'daemons');
}

/** Writes `writer.pid` and the registry entry; failures are ignored (diagnostics only). */
export function writeDaemonRecord(record: DaemonRecord): void {
  const text = `${JSON.stringify(record)}\n`;
  try {
    writeFileSync(join(record.root, INDEX_DIR, WRITER_PID_FILE), text);
  } catch {
    // The index folder may be gone; the daemon notices that on its own.
  }
  try {
    ensureOwnDirectory(socketDirectory());
    mkdirSync(registryDir(), { recursive: true, mode: 0o700 });
    writeFileSync(join(registryDir(), `${rootHash(record.root)}.json`), text);
  } catch {
    // Listing is best effort.
  }
}

/** Removes the daemon's files, only where they still name this process. */
export function removeDaemonRecord(root: string, pid: number): void {
  for (const path of [join(root, INDEX_DIR, WRITER_PID_FILE), join(registryDir(), `${rootHash(root)}.json`)]) {
    if (readRecord(path)?.pid === pid) rmSync(path, { force: true });
  }
}

/** Every registry entry (live or left by a daemon that died). */
export function listDaemonRecords(): DaemonRecord[] {
  let names: string[];
  try {
    // Entries count only from the user's own folder (a planted one could name any socket).
    ensureOwnDirectory(socketDirectory());
    names = readdirSync(registryDir());
  } catch {
    return [];
  }
  const records: DaemonRecord[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const record = readRecord(join(registryDir(), name));
    if (record !== undefined) records.push(record);
  }
  return records;
}

/** Removes the registry entry of a daemon that no longer answers. */
export function forgetDaemon(root: string): void {
  rmSync(join(registryDir(), `${rootHash(root)}.json`), { force: true });
}

function readRecord(path: string): DaemonRecord | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<DaemonRecord>;
    return typeof parsed.pid === 'number' && typeof parsed.root === 'string' && typeof parsed.socket === 'string' ? (parsed as DaemonRecord) : undefined;
  } catch {
    return undefined;
  }
}
