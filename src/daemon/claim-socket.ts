/**
 * Claims a project's daemon socket. The listening socket is the writer authority, released by the
 * OS when its process dies: a socket file nobody accepts on is stale and is replaced; when two
 * starters race, the one whose `listen` fails with EADDRINUSE lost and attaches to the winner.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { chmodSync, lstatSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ensureOwnDirectory } from './socket-trust.js';

/** The outcome of a claim: this process listens now, or another one already does. */
export type SocketClaim = { readonly kind: 'listening'; readonly server: Server } | { readonly kind: 'taken' };

/** Whether something accepts connections on `path` right now. */
export function probeSocket(path: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket: Socket = connect(path);
    const done = (alive: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(alive);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Listens on `path` with `onConnection`, replacing a stale socket file once; `taken` when a live
 * process accepts on it (or won the race to listen).
 */
export async function claimSocket(path: string, onConnection: (socket: Socket) => void): Promise<SocketClaim> {
  if (process.platform !== 'win32') ensureOwnDirectory(dirname(path));
  for (let attempt = 0; attempt < 2; attempt++) {
    // Half-open: a proxy ends its side when its client's input ends and still awaits the answers.
    const server = createServer({ allowHalfOpen: true }, onConnection);
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once('error', (e: NodeJS.ErrnoException) => resolve(e));
      server.listen(path, () => resolve(undefined));
    });
    if (error === undefined) {
      // Inside a folder only this user can enter already; the socket itself says so too, whatever the umask.
      if (process.platform !== 'win32') chmodSync(path, 0o600);
      return { kind: 'listening', server };
    }
    server.close();
    if (error.code !== 'EADDRINUSE' || process.platform === 'win32') throw error;
    if (await probeSocket(path)) return { kind: 'taken' };
    // Nobody accepts: the file is left by a dead daemon. Remove it and listen again; a starter
    // that beats us to it makes the second listen fail, and the probe then finds it alive.
    await unlink(path).catch(() => undefined);
  }
  return { kind: 'taken' };
}

/**
 * Which socket file is at `path`: its inode and change time (undefined when there is none, or on
 * Windows, whose pipes are no files). A path freed by one listener is soon another's, and the
 * file system often hands the new file the freed inode; its change time still tells them apart.
 */
export function socketFileId(path: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  try {
    const file = lstatSync(path);
    return `${file.ino}:${file.ctimeMs}`;
  } catch {
    return undefined;
  }
}
