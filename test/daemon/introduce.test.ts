import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { DaemonClient } from '../../src/daemon/client.js';
import { proofOf, writeDaemonToken } from '../../src/daemon/daemon-proof.js';
import { HELLO_TIMEOUT_MS, introduce } from '../../src/daemon/introduce.js';
import { UntrustedSocketError } from '../../src/daemon/socket-trust.js';
import { VERSION } from '../../src/version.js';

const root = mkdtempSync(join(tmpdir(), 'codegraph-introduce-'));
mkdirSync(join(root, '.codegraph'));
after(() => rmSync(root, { recursive: true, force: true }));
const token = writeDaemonToken(root);

/** A client whose `hello` is answered by `answer(params)`. */
function client(answer: (params: { nonce: string }) => unknown): DaemonClient & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    request: async (method: string, params: { nonce: string }) => {
      asked.push([method, params]);
      return answer(params);
    },
  } as unknown as DaemonClient & { asked: unknown[] };
}

const hello = { hostPid: 1, version: VERSION, role: 'cli' as const };

test('a daemon that proves itself is trusted, and hello carries who is asking and a fresh nonce', async () => {
  const c = client(({ nonce }) => ({ version: VERSION, pid: 7, proof: proofOf(token, nonce) }));
  const status = await introduce(c, root, hello);
  assert.equal(status.pid, 7);
  const [method, params] = c.asked[0] as [string, Record<string, unknown>];
  assert.equal(method, 'codegraph/daemon.hello');
  assert.equal(params['hostPid'], 1);
  assert.equal(params['role'], 'cli');
  assert.match(String(params['nonce']), /^[0-9a-f]{32}$/);
});

test('a wrong proof, no proof, no version or no status is untrusted, with one message saying what to do', async () => {
  for (const answer of [{ version: VERSION, proof: 'f'.repeat(64) }, { version: VERSION }, { pid: 3 }, { version: 2, pid: 3 }, null, 'text']) {
    await assert.rejects(introduce(client(() => answer), root, hello), (e: unknown) => e instanceof UntrustedSocketError && e.message === `the process listening for ${root} could not prove it is that project's codegraph daemon; not using it (\`codegraph daemon stop\` ends a real one)`, JSON.stringify(answer));
  }
});

test('a daemon of another version is returned unproven (it is only ever asked to stop)', async () => {
  const status = await introduce(client(() => ({ version: '0.0.1-old', pid: 3 })), root, hello);
  assert.equal(status.version, '0.0.1-old');
});

test('a listener that never answers is given up after the hello timeout', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const silent = { request: () => new Promise(() => undefined) } as unknown as DaemonClient;
  const pending = introduce(silent, root, hello);
  t.mock.timers.tick(HELLO_TIMEOUT_MS);
  await assert.rejects(pending, { message: `no answer to hello on the daemon socket of ${root} within ${HELLO_TIMEOUT_MS} ms` });
});
