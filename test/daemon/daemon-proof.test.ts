import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { newNonce, proofOf, provesDaemon, TOKEN_FILE, writeDaemonToken } from '../../src/daemon/daemon-proof.js';

const root = mkdtempSync(join(tmpdir(), 'codegraph-proof-'));
mkdirSync(join(root, '.codegraph'));
after(() => rmSync(root, { recursive: true, force: true }));

test('the token is 32 random bytes in hex, in a file only its user can read, replacing any old one', { skip: process.platform === 'win32' }, () => {
  const path = join(root, '.codegraph', TOKEN_FILE);
  writeFileSync(path, 'old');
  chmodSync(path, 0o644);
  const token = writeDaemonToken(root);
  assert.match(token, /^[0-9a-f]{64}$/);
  assert.equal(readFileSync(path, 'utf8'), token);
  assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.notEqual(writeDaemonToken(root), token, 'each start writes a new one');
});

test('a nonce is 16 random bytes in hex', () => {
  const a = newNonce();
  assert.match(a, /^[0-9a-f]{32}$/);
  assert.notEqual(newNonce(), a);
});

test('the proof is the HMAC-SHA256 of the nonce under the token', () => {
  assert.equal(proofOf('token', 'nonce'), createHmac('sha256', 'token').update('nonce').digest('hex'));
});

test('provesDaemon accepts exactly the proof under the current token', () => {
  const token = writeDaemonToken(root);
  const nonce = newNonce();
  assert.equal(provesDaemon(root, nonce, proofOf(token, nonce)), true);
  assert.equal(provesDaemon(root, nonce, proofOf(token, `${nonce}x`)), false, 'another nonce');
  assert.equal(provesDaemon(root, nonce, proofOf('other', nonce)), false, 'another token');
  assert.equal(provesDaemon(root, nonce, proofOf(token, nonce).slice(1)), false, 'a shorter string');
  assert.equal(provesDaemon(root, nonce, 42), false, 'not a string');
  assert.equal(provesDaemon(root, nonce, undefined), false);
  const elsewhere = mkdtempSync(join(tmpdir(), 'codegraph-proof-none-'));
  try {
    assert.equal(provesDaemon(elsewhere, nonce, proofOf(token, nonce)), false, 'no token file');
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});
