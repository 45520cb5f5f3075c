/**
 * Where a project's daemon listens, and what identifies the index it serves. The socket path is a
 * pure function of the project root, so every process finds the same daemon without a registry.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INDEX_DIR } from '../store/layout.js';

/** Unix `sun_path` holds 104 bytes on macOS and 108 on Linux; stay under the smaller one. */
const MAX_SOCKET_PATH_BYTES = 100;
/** The socket's file name inside `.codegraph/`. */
export const SOCKET_FILE = 'daemon.sock';

/** A short stable hash of the project root, used in pipe names and temp paths. */
export function rootHash(root: string): string {
  return createHash('sha256').update(root).digest('hex').slice(0, 16);
}

/**
 * The daemon's listening address for `root`: a named pipe on Windows; else `.codegraph/daemon.sock`
 * when that fits a Unix socket address, else a hashed name under the OS temp folder.
 */
export function daemonSocketPath(root: string, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return `\\\\.\\pipe\\codegraph-${rootHash(root)}`;
  const inside = join(root, INDEX_DIR, SOCKET_FILE);
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH_BYTES) return inside;
  return join(tmpdir(), `codegraph-${rootHash(root)}.sock`);
}

/**
 * An identity of the project's `.codegraph/` folder (device, inode, birth time): it changes when
 * the folder is deleted and re-created, so a connection can tell it serves a different index now.
 * Undefined when the folder is gone.
 */
export function indexIdentity(root: string): string | undefined {
  try {
    const info = statSync(join(root, INDEX_DIR));
    return `${info.dev}:${info.ino}:${Math.round(info.birthtimeMs)}`;
  } catch {
    return undefined;
  }
}
