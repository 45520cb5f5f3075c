import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { daemonSocketPath, indexIdentity, rootHash } from '../../src/daemon/socket-path.js';

describe('daemonSocketPath', () => {
  test('puts the socket inside .codegraph/ when the path is short', () => {
    assert.equal(daemonSocketPath('/srv/app', 'linux'), '/srv/app/.codegraph/daemon.sock');
  });

  test('uses a hashed name under the temp folder when the path would not fit a Unix socket address', () => {
    const root = `/srv/${'x'.repeat(120)}`;
    assert.equal(daemonSocketPath(root, 'linux'), join(tmpdir(), `codegraph-${rootHash(root)}.sock`));
  });

  test('uses a named pipe on Windows', () => {
    assert.equal(daemonSocketPath('C:\\work\\app', 'win32'), `\\\\.\\pipe\\codegraph-${rootHash('C:\\work\\app')}`);
  });

  test('indexIdentity is undefined when the index folder is missing', () => {
    assert.equal(indexIdentity(join(tmpdir(), 'codegraph-no-such-project-folder')), undefined);
  });
});
