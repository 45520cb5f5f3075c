/** The trust checks of the socket folder and socket, each refusal in its exact words. */
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { checkOwnSocket, ensureOwnDirectory, UntrustedSocketError } from '../../src/daemon/socket-trust.js';

const POSIX = process.platform !== 'win32';
const ROOT_USER = process.getuid?.() === 0;
const uid = process.getuid?.() ?? -1;
const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-socket-folder-')));
after(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => {
  const dir = join(scratch, String(n++));
  mkdirSync(dir);
  return dir;
};

/** The message of the UntrustedSocketError `fn` throws. */
function refusal(fn: () => void): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof UntrustedSocketError, String(error));
    assert.equal(error.name, 'UntrustedSocketError');
    return error.message;
  }
  assert.fail('nothing was refused');
}

const FIX = 'remove it (or point XDG_RUNTIME_DIR at a folder of your own) and run the command again';

describe('the socket folder', { skip: POSIX ? false : 'Windows uses named pipes' }, () => {
  test('is made where it is missing, and an existing own folder is accepted as it is', () => {
    const dir = join(fresh(), 'codegraph');
    ensureOwnDirectory(dir);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    ensureOwnDirectory(dir);
    assert.equal(statSync(dir).isDirectory(), true);
  });

  test('that cannot be made (its parent is missing) is refused with the system\'s reason', () => {
    const dir = join(fresh(), 'missing', 'codegraph');
    assert.match(refusal(() => ensureOwnDirectory(dir)), new RegExp(`^cannot make the daemon socket folder ${dir}: ENOENT: no such file or directory`));
  });

  test('that cannot be looked at is refused with the system\'s reason', () => {
    const file = join(fresh(), 'file');
    writeFileSync(file, '');
    const dir = join(file, 'codegraph');
    assert.match(refusal(() => checkOwnSocket(join(dir, 'x.sock'))), new RegExp(`^cannot check the daemon socket folder ${dir}: ENOTDIR`));
  });

  test('each refusal names the folder, what is wrong, and the remedy', () => {
    const wide = join(fresh(), 'codegraph');
    mkdirSync(wide);
    chmodSync(wide, 0o750);
    assert.equal(refusal(() => ensureOwnDirectory(wide)), `the daemon socket folder ${wide} has mode 750; only you may enter it (0700): ${FIX}`);
    const file = join(fresh(), 'codegraph');
    writeFileSync(file, '');
    assert.equal(refusal(() => ensureOwnDirectory(file)), `the daemon socket folder ${file} is not a folder (a link or a file): ${FIX}`);
  });

  test('of another user is refused naming both uids', { skip: ROOT_USER ? false : 'needs root to give a folder away' }, () => {
    const theirs = join(fresh(), 'codegraph');
    mkdirSync(theirs, { mode: 0o700 });
    chownSync(theirs, 65534, 65534);
    assert.equal(refusal(() => ensureOwnDirectory(theirs)), `the daemon socket folder ${theirs} belongs to uid 65534, not to you (uid ${uid}): ${FIX}`);
  });
});

describe('the socket', { skip: POSIX ? false : 'Windows uses named pipes' }, () => {
  test('missing, or in a missing folder, is no daemon: nothing is refused', () => {
    const dir = join(fresh(), 'codegraph');
    assert.doesNotThrow(() => checkOwnSocket(join(dir, 'x.sock')));
    ensureOwnDirectory(dir);
    assert.doesNotThrow(() => checkOwnSocket(join(dir, 'x.sock')));
  });

  test('that is not a socket is refused with the remedy', () => {
    const dir = join(fresh(), 'codegraph');
    ensureOwnDirectory(dir);
    const path = join(dir, 'x.sock');
    writeFileSync(path, '');
    assert.equal(refusal(() => checkOwnSocket(path)), `${path} is not a socket; remove it (codegraph makes a new one when the daemon starts)`);
  });

  test('of this user in an own folder is accepted; of another user it is refused naming both uids', { skip: ROOT_USER ? false : 'needs root to give a socket away' }, async () => {
    const dir = join(fresh(), 'codegraph');
    ensureOwnDirectory(dir);
    const path = join(dir, 'x.sock');
    const server = createServer((s) => s.destroy());
    server.listen(path);
    await once(server, 'listening');
    try {
      assert.doesNotThrow(() => checkOwnSocket(path));
      chownSync(path, 65534, 65534);
      assert.equal(refusal(() => checkOwnSocket(path)), `${path} belongs to uid 65534, not to you (uid ${uid}): not using it; remove it (codegraph makes a new one when the daemon starts)`);
    } finally {
      server.close();
    }
  });
});
