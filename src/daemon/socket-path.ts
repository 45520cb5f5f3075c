/**
 * Where a project's daemon listens, and what identifies the index it serves. The socket path is a
 * pure function of the project root (and the user), so every process finds the same daemon
 * without a registry.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { INDEX_DIR } from '../store/layout.js';
import { socketDirectory } from './socket-trust.js';

/**
 * The daemon's listening address for `root`: a named pipe on Windows; else a socket named by
 * the root's hash in the user's own socket folder (`socket-trust.ts`), which no other user can
 * enter, wherever the project lives.
 */
export function daemonSocketPath(root: string, platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  if (platform === 'win32') return `\\\\.\\pipe\\codegraph-${rootHash(root)}`;
  return join(socketDirectory(env), `${rootHash(root)}.sock`);
}

/** A short stable hash of the project root, used in pipe names and temp paths. */
export function rootHash(root: string): string {
  return createHash('sha256').update(root).digest('hex').slice(0, 16);
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
