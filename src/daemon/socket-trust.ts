/**
 * Who may speak for a daemon. Sockets live in a folder only their user can enter (mode 0700,
 * owned by the user, checked on every use), so another local user can neither connect to a
 * daemon nor listen where a client looks; a client also checks that the socket file itself is
 * its user's before it sends a byte. Windows named pipes are left to the OS (no uid there).
 */
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

/** A socket or socket folder that is not provably this user's: never used, never waited on. */
export class UntrustedSocketError extends Error {
  override readonly name = 'UntrustedSocketError';
}

/** Unix `sun_path` holds 104 bytes on macOS and 108 on Linux; a socket path stays under the smaller one. */
export const MAX_SOCKET_PATH_BYTES = 100;

/** This process's uid; undefined where there is none (Windows). */
export function currentUid(): number | undefined {
  return typeof process.getuid === 'function' ? process.getuid() : undefined;
}

/**
 * The user's socket folder: `$XDG_RUNTIME_DIR/codegraph` when that variable names an absolute
 * folder (the per-user runtime folder of systemd systems), else `<tmp>/codegraph-<uid>`.
 */
export function socketDirectory(env: NodeJS.ProcessEnv = process.env, uid: number | undefined = currentUid()): string {
  const runtime = env['XDG_RUNTIME_DIR'];
  const preferred = runtime !== undefined && isAbsolute(runtime) ? join(runtime, 'codegraph') : undefined;
  // 21 bytes leave room for `/<16 hex>.sock`.
  if (preferred !== undefined && Buffer.byteLength(preferred) + 22 <= MAX_SOCKET_PATH_BYTES) return preferred;
  return join(tmpdir(), `codegraph-${uid ?? 'user'}`);
}

/**
 * Makes `dir` (mode 0700, whatever the umask) when it is missing and checks that it is this
 * user's own: a real directory, not a link, owned by this uid, entered by nobody else.
 */
export function ensureOwnDirectory(dir: string): void {
  const uid = currentUid();
  if (uid === undefined) return;
  try {
    mkdirSync(dir, { mode: 0o700 });
    chmodSync(dir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new UntrustedSocketError(`cannot make the daemon socket folder ${dir}: ${(error as Error).message}`);
  }
  checkOwnDirectory(dir, uid);
}

/** Throws unless `path` is a socket owned by this user in a folder only this user can enter. */
export function checkOwnSocket(path: string): void {
  const uid = currentUid();
  if (uid === undefined) return;
  checkOwnDirectory(dirname(path), uid);
  let info;
  try {
    info = lstatSync(path);
  } catch (error) {
    // Nothing there: connecting fails as for no daemon.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!info.isSocket()) throw new UntrustedSocketError(`${path} is not a socket; remove it (codegraph makes a new one when the daemon starts)`);
  if (info.uid !== uid) throw new UntrustedSocketError(`${path} belongs to uid ${info.uid}, not to you (uid ${uid}): not using it; remove it (codegraph makes a new one when the daemon starts)`);
}

function checkOwnDirectory(dir: string, uid: number): void {
  let info;
  try {
    info = lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new UntrustedSocketError(`cannot check the daemon socket folder ${dir}: ${(error as Error).message}`);
  }
  const fix = `remove it (or point XDG_RUNTIME_DIR at a folder of your own) and run the command again`;
  if (!info.isDirectory()) throw new UntrustedSocketError(`the daemon socket folder ${dir} is not a folder (a link or a file): ${fix}`);
  if (info.uid !== uid) throw new UntrustedSocketError(`the daemon socket folder ${dir} belongs to uid ${info.uid}, not to you (uid ${uid}): ${fix}`);
  if ((info.mode & 0o077) !== 0) throw new UntrustedSocketError(`the daemon socket folder ${dir} has mode ${(info.mode & 0o777).toString(8)}; only you may enter it (0700): ${fix}`);
}
