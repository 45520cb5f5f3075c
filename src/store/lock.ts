/**
 * The writer lock `.codegraph/writer.lock`: one writer per index at a time, readers never lock.
 * Created with O_EXCL so exactly one process wins; a lock left by a crashed process on this host is
 * recognised (its pid no longer exists) and taken over without user action.
 */
import { randomBytes } from 'node:crypto';
import { link, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LockHeldError } from './errors.js';
import type { LockOwner } from './errors.js';

/** The lock file name inside the `.codegraph` directory. */
export const LOCK_FILE = 'writer.lock';

/** A lock file that is still empty or unreadable after this long belongs to a writer that died while creating it. */
const TORN_LOCK_AGE_MS = 10_000;

/** Proof of holding the lock; pass it to `releaseLock`. */
export interface LockHandle {
  readonly path: string;
  readonly owner: LockOwner;
}

/** How to wait for the lock. */
export interface AcquireLockOptions {
  /** What the holder is doing, shown to whoever waits (e.g. `codegraph index`). */
  readonly command: string;
  /** How long to wait for a live holder before failing; default 3000 ms. */
  readonly timeoutMs?: number;
  /** Delay between attempts; default 100 ms. */
  readonly pollMs?: number;
}

/** True when a process with this pid exists on this host (EPERM means it exists but is not ours). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * Takes the writer lock in `dir` (the `.codegraph` directory, which must exist: a missing one fails
 * with ENOENT), waiting up to `timeoutMs` for a live holder. Throws `LockHeldError` naming the
 * holder when the wait runs out.
 */
export async function acquireLock(dir: string, options: AcquireLockOptions): Promise<LockHandle> {
  const timeoutMs = options.timeoutMs ?? 3000;
  const pollMs = options.pollMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  const path = join(dir, LOCK_FILE);
  for (;;) {
    const owner: LockOwner = {
      pid: process.pid,
      startedAt: new Date().toISOString(),
      host: hostname(),
      command: options.command,
    };
    try {
      await writeFile(path, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
      return { path, owner };
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
    const current = await readRaw(path);
    if (current === undefined) continue; // released between our attempt and the read
    const holder = parseOwner(current.raw);
    if (isStale(holder, current.mtimeMs) && (await removeIfUnchanged(path, current.raw))) continue;
    const left = deadline - Date.now();
    if (left <= 0) throw new LockHeldError(heldMessage(dir, holder), holder);
    await sleep(Math.min(pollMs, left));
  }
}

/** Deletes the lock if it is still the one `handle` created; false when someone else's lock is there. */
export async function releaseLock(handle: LockHandle): Promise<boolean> {
  const current = await readRaw(handle.path);
  const holder = current === undefined ? undefined : parseOwner(current.raw);
  if (holder === undefined || !sameOwner(holder, handle.owner)) return false;
  return unlink(handle.path).then(() => true, () => false);
}

/** The current holder of the lock in `dir`, or undefined when unlocked or unreadable. */
export async function readLock(dir: string): Promise<LockOwner | undefined> {
  const current = await readRaw(join(dir, LOCK_FILE));
  return current === undefined ? undefined : parseOwner(current.raw);
}

/**
 * Removes the lock whoever holds it (the `codegraph unlock` command). Returns what was removed:
 * the holder, `unreadable` for a torn lock file, or `none` when there was no lock.
 */
export async function forceUnlock(dir: string): Promise<LockOwner | 'unreadable' | 'none'> {
  const path = join(dir, LOCK_FILE);
  const current = await readRaw(path);
  if (current === undefined) return 'none';
  try {
    await unlink(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return 'none';
    throw error;
  }
  return parseOwner(current.raw) ?? 'unreadable';
}

function heldMessage(dir: string, holder: LockOwner | undefined): string {
  const who =
    holder === undefined
      ? `another process (the lock file ${join(dir, LOCK_FILE)} is being written or is unreadable)`
      : `another process: pid ${holder.pid} on host "${holder.host}", running "${holder.command}" since ${holder.startedAt}`;
  return (
    `The codegraph index in ${dir} is locked by ${who}. ` +
    'Wait for it to finish and try again; if that process is gone, run `codegraph unlock`.'
  );
}

/** Stale: the holder ran on this host and its pid is gone, or the file never got its content. */
function isStale(holder: LockOwner | undefined, mtimeMs: number): boolean {
  if (holder === undefined) return Date.now() - mtimeMs > TORN_LOCK_AGE_MS;
  return holder.host === hostname() && !isProcessAlive(holder.pid);
}

/**
 * Removes a stale lock only if it is still the one we judged: it is moved aside first, and if the
 * moved file turns out to be a fresh lock taken meanwhile, it is linked back (link never
 * overwrites, so a third process's newer lock is not clobbered).
 */
async function removeIfUnchanged(path: string, raw: string): Promise<boolean> {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch {
    return false;
  }
  const moved = await readFile(aside, 'utf8').catch(() => undefined);
  if (moved !== raw) await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
  return moved === raw;
}

async function readRaw(path: string): Promise<{ raw: string; mtimeMs: number } | undefined> {
  try {
    const [raw, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    return { raw, mtimeMs: info.mtimeMs };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parseOwner(raw: string): LockOwner | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, startedAt, host, command } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof startedAt !== 'string' || typeof host !== 'string') return undefined;
    return { pid, startedAt, host, command: typeof command === 'string' ? command : '' };
  } catch {
    return undefined;
  }
}

function sameOwner(a: LockOwner, b: LockOwner): boolean {
  return a.pid === b.pid && a.host === b.host && a.startedAt === b.startedAt;
}
