import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { daemonSocketPath, indexIdentity, rootHash } from '../../src/daemon/socket-path.js';
import { socketDirectory } from '../../src/daemon/socket-trust.js';

describe('daemonSocketPath', () => {
  test('puts the socket, named by the root\'s hash, in the user\'s own socket folder wherever the project lives', () => {
    assert.equal(daemonSocketPath('/srv/app', 'linux', { XDG_RUNTIME_DIR: '/run/user/1000' }), `/run/user/1000/codegraph/${rootHash('/srv/app')}.sock`);
    const root = `/srv/${'x'.repeat(120)}`;
    assert.equal(daemonSocketPath(root, 'linux', {}), join(tmpdir(), `codegraph-${process.getuid?.() ?? 'user'}`, `${rootHash(root)}.sock`));
  });

  test('falls back to the temp folder when the runtime folder is relative or too long for a socket address', () => {
    const fallback = join(tmpdir(), `codegraph-${process.getuid?.() ?? 'user'}`, `${rootHash('/srv/app')}.sock`);
    assert.equal(daemonSocketPath('/srv/app', 'linux', { XDG_RUNTIME_DIR: 'run/user' }), fallback);
    assert.equal(daemonSocketPath('/srv/app', 'linux', { XDG_RUNTIME_DIR: `/${'r'.repeat(90)}` }), fallback);
  });

  test('uses a named pipe on Windows', () => {
    assert.equal(daemonSocketPath('C:\\work\\app', 'win32'), `\\\\.\\pipe\\codegraph-${rootHash('C:\\work\\app')}`);
  });

  test('indexIdentity is undefined when the index folder is missing', () => {
    assert.equal(indexIdentity(join(tmpdir(), 'codegraph-no-such-project-folder')), undefined);
  });
});

describe('socket names and index identity', () => {
  test('rootHash is the first 16 hex digits of the root\'s SHA-256', () => {
    assert.equal(rootHash('/srv/app'), createHash('sha256').update('/srv/app').digest('hex').slice(0, 16));
    assert.match(rootHash('/srv/app'), /^[0-9a-f]{16}$/);
    assert.notEqual(rootHash('/srv/app'), rootHash('/srv/app2'));
  });

  test('the runtime folder is used up to the exact length a socket address allows', () => {
    // 100 bytes in all: the folder, `/codegraph`, and `/<16 hex>.sock` (22 bytes).
    const fits = `/${'r'.repeat(100 - 22 - '/codegraph'.length - 1)}`;
    assert.equal(daemonSocketPath('/srv/app', 'linux', { XDG_RUNTIME_DIR: fits }), `${fits}/codegraph/${rootHash('/srv/app')}.sock`);
    const over = `${fits}r`;
    assert.equal(daemonSocketPath('/srv/app', 'linux', { XDG_RUNTIME_DIR: over }).startsWith(over), false);
  });

  test('the fallback folder is named by the uid', () => {
    assert.equal(socketDirectory({}, 1234), join(tmpdir(), 'codegraph-1234'));
  });

  test('indexIdentity names the index folder\'s device, inode and birth time, and changes when it is re-created', () => {
    const root = mkdtempSync(join(tmpdir(), 'codegraph-identity-'));
    try {
      mkdirSync(join(root, '.codegraph'));
      const info = statSync(join(root, '.codegraph'));
      const first = indexIdentity(root);
      assert.equal(first, `${info.dev}:${info.ino}:${Math.round(info.birthtimeMs)}`);
      // Another folder takes the place of the first one (kept, so its inode is not reused).
      renameSync(join(root, '.codegraph'), join(root, 'old'));
      mkdirSync(join(root, '.codegraph'));
      assert.notEqual(indexIdentity(root), first);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
