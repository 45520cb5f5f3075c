import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { daemonSocketPath, indexIdentity, rootHash } from '../../src/daemon/socket-path.js';

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
