import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { claimSocket, probeSocket, socketFileId } from '../../src/daemon/claim-socket.js';

const top = mkdtempSync(join(tmpdir(), 'cg-claim-'));
after(() => rmSync(top, { recursive: true, force: true }));

describe('claimSocket', { skip: process.platform === 'win32' ? 'named pipes are not files' : false }, () => {
  test('listens on a free path with a socket only its user may use; a second claim finds it taken', async () => {
    const path = join(top, 'a.sock');
    const first = await claimSocket(path, (s) => s.end());
    assert.equal(first.kind, 'listening');
    try {
      assert.equal(statSync(path).mode & 0o777, 0o600);
      assert.equal(await probeSocket(path), true);
      assert.deepEqual(await claimSocket(path, (s) => s.end()), { kind: 'taken' });
    } finally {
      if (first.kind === 'listening') await new Promise((r) => first.server.close(r));
    }
  });

  test('a closed listener\'s socket file is gone, and the next listener\'s file at the path is told apart from it', async () => {
    const path = join(top, 'handover.sock');
    const old = await claimSocket(path, (s) => s.end());
    assert.equal(old.kind, 'listening');
    if (old.kind !== 'listening') return;
    const oldFile = socketFileId(path);
    assert.notEqual(oldFile, undefined);
    await new Promise((r) => old.server.close(r));
    assert.equal(existsSync(path), false, 'Node unlinks the path as it closes the listener');
    assert.equal(socketFileId(path), undefined);
    // Another daemon listens on the freed path (a process start later: past the tick of a coarse
    // file clock), often under the same inode.
    await new Promise((r) => setTimeout(r, 25));
    const next = await claimSocket(path, (s) => s.end());
    assert.equal(next.kind, 'listening');
    try {
      assert.notEqual(socketFileId(path), oldFile);
      assert.equal(await probeSocket(path), true);
    } finally {
      if (next.kind === 'listening') await new Promise((r) => next.server.close(r));
    }
  });

  test('replaces a socket file left by a process that died, and listens', async () => {
    const path = join(top, 'stale.sock');
    const dead = spawnSync(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    assert.equal(dead.signal, 'SIGKILL');
    assert.ok(existsSync(path), 'the dead process left its socket file');
    assert.equal(await probeSocket(path), false, 'nobody accepts on it');
    const claim = await claimSocket(path, (s) => s.end());
    assert.equal(claim.kind, 'listening');
    if (claim.kind === 'listening') await new Promise((r) => claim.server.close(r));
  });

  test('a path that cannot be listened on for another reason is an error, not "taken"', async () => {
    await assert.rejects(claimSocket(join(top, 'no-such-folder', 'deeper', 'x.sock'), () => undefined));
  });

  test('probeSocket is false for a path nothing listens on, at once rather than after its timeout', async () => {
    assert.equal(await probeSocket(join(top, 'nothing.sock')), false);
    const late = new Promise((resolve) => setTimeout(() => resolve('waited for the timeout'), 20_000).unref());
    assert.equal(await Promise.race([probeSocket(join(top, 'nothing.sock'), 60_000), late]), false);
  });

  test('a claimed socket is half-open: a client that ends its side still gets the answer', async () => {
    const path = join(top, 'half.sock');
    const claim = await claimSocket(path, (s) => {
      s.resume();
      s.on('end', () => setTimeout(() => s.end('answer after your end\n'), 50));
      s.on('error', () => undefined);
    });
    assert.equal(claim.kind, 'listening');
    try {
      const client = connect(path);
      let heard = '';
      client.setEncoding('utf8').on('data', (chunk: string) => (heard += chunk));
      await once(client, 'connect');
      client.end('question\n');
      await once(client, 'close');
      assert.equal(heard, 'answer after your end\n');
    } finally {
      if (claim.kind === 'listening') await new Promise((r) => claim.server.close(r));
    }
  });
});
