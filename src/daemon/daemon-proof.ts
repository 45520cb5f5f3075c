/**
 * A daemon proves it serves this project: at start it writes a random token into a file only its
 * user can read (`.codegraph/daemon.token`, mode 0600); a client sends a fresh nonce in `hello`
 * and accepts the daemon only when it answers with the HMAC of that nonce under the token. A
 * process that cannot read the token file (another user's) cannot answer, and the token itself
 * never crosses the socket.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INDEX_DIR } from '../store/layout.js';

/** The token file's name inside `.codegraph/`. */
export const TOKEN_FILE = 'daemon.token';

/** Writes a new token for `root`'s daemon (mode 0600 from the start) and returns it. */
export function writeDaemonToken(root: string): string {
  const path = join(root, INDEX_DIR, TOKEN_FILE);
  const token = randomBytes(32).toString('hex');
  // A fresh file: mode applies only at creation, and an old one may have been made by anyone.
  rmSync(path, { force: true });
  writeFileSync(path, token, { mode: 0o600, flag: 'wx' });
  return token;
}

/** A nonce for one `hello`. */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** The proof a daemon holding `token` gives for `nonce`. */
export function proofOf(token: string, nonce: string): string {
  return createHmac('sha256', token).update(nonce).digest('hex');
}

/** Whether `proof` answers `nonce` under `root`'s current token; false when the token cannot be read. */
export function provesDaemon(root: string, nonce: string, proof: unknown): boolean {
  if (typeof proof !== 'string') return false;
  let token: string;
  try {
    token = readFileSync(join(root, INDEX_DIR, TOKEN_FILE), 'utf8');
  } catch {
    return false;
  }
  const expected = Buffer.from(proofOf(token, nonce));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
