import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { LockHeldError } from '../../src/store/errors.js';
import { LOCK_FILE, acquireLock, forceUnlock, isProcessAlive, readLock, releaseLock } from '../../src/store/lock.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'codegraph-lock-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await once(child, 'exit');
  assert.ok(child.pid !== undefined);
  return child.pid;
}

async function writeLock(owner: object): Promise<void> {
  await writeFile(join(dir, LOCK_FILE), JSON.stringify(owner));
}

describe('acquireLock', () => {
  test('fails with ENOENT on a missing directory instead of making it', async () => {
    const missing = join(dir, 'gone', '.codegraph');
    await assert.rejects(acquireLock(missing, { command: 'codegraph sync' }), (error: NodeJS.ErrnoException) => error.code === 'ENOENT');
    assert.equal(existsSync(join(dir, 'gone')), false);
  });

  test('writes the holder as JSON with pid, start time, host and command', async () => {
    await acquireLock(dir, { command: 'codegraph index' });
    const written = JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')) as Record<string, unknown>;
    assert.deepEqual([written['pid'], written['host'], written['command'], typeof written['startedAt']], [
      process.pid, hostname(), 'codegraph index', 'string',
    ]);
  });

  test('a second acquirer waits for the timeout, then fails naming the holder', async () => {
    const first = await acquireLock(dir, { command: 'codegraph index' });
    const started = Date.now();
    await assert.rejects(acquireLock(dir, { command: 'codegraph sync', timeoutMs: 300, pollMs: 50 }), (e: unknown) => {
      assert.ok(e instanceof LockHeldError);
      assert.match(e.message, new RegExp(`pid ${process.pid} on host "${hostname()}"`));
      assert.match(e.message, new RegExp(first.owner.startedAt.replace(/[.]/g, '\\.')));
      assert.match(e.message, /Wait for it to finish.*codegraph unlock/);
      return true;
    });
    assert.ok(Date.now() - started >= 290, 'waited before failing');
  });

  test('a waiting acquirer gets the lock once the holder releases it', async () => {
    const first = await acquireLock(dir, { command: 'codegraph index' });
    const second = acquireLock(dir, { command: 'codegraph sync', timeoutMs: 2000, pollMs: 20 });
    await sleep(100);
    await releaseLock(first);
    assert.equal((await second).owner.command, 'codegraph sync');
  });

  test('a lock left by a dead process on this host is taken over', async () => {
    await writeLock({ pid: await deadPid(), startedAt: '2020-01-01T00:00:00.000Z', host: hostname(), command: 'codegraph index' });
    const handle = await acquireLock(dir, { command: 'codegraph sync', timeoutMs: 0 });
    assert.equal((await readLock(dir))?.startedAt, handle.owner.startedAt);
  });

  test('a lock held by a dead pid on another host is not taken over', async () => {
    await writeLock({ pid: await deadPid(), startedAt: '2020-01-01T00:00:00.000Z', host: 'elsewhere', command: 'codegraph index' });
    await assert.rejects(acquireLock(dir, { command: 'codegraph sync', timeoutMs: 50 }), LockHeldError);
  });

  test('an empty lock file younger than the torn-lock age is treated as held', async () => {
    await writeFile(join(dir, LOCK_FILE), '');
    await assert.rejects(acquireLock(dir, { command: 'codegraph sync', timeoutMs: 50 }), /being written or is unreadable/);
  });
});

describe('releaseLock', () => {
  test('deletes the lock we hold', async () => {
    const handle = await acquireLock(dir, { command: 'codegraph index' });
    assert.equal(await releaseLock(handle), true);
    assert.equal(await readLock(dir), undefined);
  });

  test('leaves a lock that someone else took after ours was removed', async () => {
    const handle = await acquireLock(dir, { command: 'codegraph index' });
    await forceUnlock(dir);
    await writeLock({ pid: process.ppid, startedAt: 'later', host: hostname(), command: 'other' });
    assert.equal(await releaseLock(handle), false);
    assert.equal((await readLock(dir))?.command, 'other');
  });
});

describe('forceUnlock', () => {
  test('removes a live lock and returns its holder', async () => {
    await acquireLock(dir, { command: 'codegraph index' });
    const removed = await forceUnlock(dir);
    assert.equal(typeof removed === 'object' ? removed.command : removed, 'codegraph index');
    assert.equal(await readLock(dir), undefined);
  });

  test('reports none when there is no lock', async () => {
    assert.equal(await forceUnlock(dir), 'none');
  });
});

describe('isProcessAlive', () => {
  test('is true for this process and false for an exited one', async () => {
    assert.deepEqual([isProcessAlive(process.pid), isProcessAlive(await deadPid())], [true, false]);
  });
});
