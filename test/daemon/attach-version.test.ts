import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { attachProject } from '../../src/daemon/attach.js';
import { ControlMethod } from '../../src/daemon/control.js';
import { proofOf, writeDaemonToken } from '../../src/daemon/daemon-proof.js';
import { ensureOwnDirectory } from '../../src/daemon/socket-trust.js';
import { daemonSocketPath, indexIdentity } from '../../src/daemon/socket-path.js';
import { VERSION } from '../../src/version.js';

/**
 * A daemon stand-in of `version` on `root`'s socket, holding the project's token as a real one
 * does (so it can prove itself); records the control methods it was sent.
 */
async function fakeDaemon(root: string, version: string, extra: Readonly<Record<string, unknown>> = {}): Promise<{ server: Server; methods: string[] }> {
  const methods: string[] = [];
  const token = writeDaemonToken(root);
  const server = createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, nl)) as { id: number; method: string; params?: { nonce?: string } };
        buffered = buffered.slice(nl + 1);
        methods.push(message.method);
        const proof = message.params?.nonce === undefined ? {} : { proof: proofOf(token, message.params.nonce) };
        const status = { ...proof, pid: process.pid, version, root, socket: daemonSocketPath(root), index: indexIdentity(root), startedAt: new Date().toISOString(), uptimeMs: 1, clients: 1, hostPids: [], autoSync: 'off', ...extra };
        socket.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: message.method === ControlMethod.stop ? {} : status })}\n`);
        if (message.method === ControlMethod.stop) server.close();
        if (message.method === ControlMethod.stop) socket.end();
      }
    });
    socket.on('error', () => undefined);
  });
  ensureOwnDirectory(dirname(daemonSocketPath(root)));
  server.listen(daemonSocketPath(root));
  await once(server, 'listening');
  return { server, methods };
}

test('a client never attaches to a daemon of another version: it asks that daemon to stop and does not use it', async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-attach-')));
  mkdirSync(join(root, '.codegraph'));
  const old = await fakeDaemon(root, `${VERSION}-older`);
  try {
    const service = await attachProject(root, { env: {}, role: 'cli', start: false });
    if (service.kind === 'daemon') service.link.client.close();
    assert.deepEqual(service, { kind: 'foreground', reason: 'no daemon runs for this project' });
    assert.deepEqual(old.methods, [ControlMethod.hello, ControlMethod.stop]);
  } finally {
    old.server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a client never attaches to a daemon of its own version whose installation changed on disk: it asks that daemon to stop', async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-attach-')));
  mkdirSync(join(root, '.codegraph'));
  const stale = await fakeDaemon(root, VERSION, { stale: 'the installation it runs from was removed (/gone/main.js)' });
  try {
    const service = await attachProject(root, { env: {}, role: 'cli', start: false });
    if (service.kind === 'daemon') service.link.client.close();
    assert.deepEqual(service, { kind: 'foreground', reason: 'no daemon runs for this project' });
    assert.deepEqual(stale.methods, [ControlMethod.hello, ControlMethod.stop]);
  } finally {
    stale.server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a client attaches to a running daemon of its own version without stopping it', async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-attach-')));
  mkdirSync(join(root, '.codegraph'));
  const same = await fakeDaemon(root, VERSION);
  try {
    const service = await attachProject(root, { env: {}, role: 'cli', start: false });
    assert.equal(service.kind, 'daemon');
    if (service.kind === 'daemon') service.link.client.close();
    assert.deepEqual(same.methods, [ControlMethod.hello]);
  } finally {
    same.server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('hello names the tools this host lists and where its paths resolve, only when it has them; the link is current only for the index folder it was made for', async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-attach-')));
  mkdirSync(join(root, '.codegraph'));
  const hellos: Record<string, unknown>[] = [];
  const token = writeDaemonToken(root);
  const server = createServer((socket) => {
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter((l) => l !== '')) {
        const message = JSON.parse(line) as { id: number; method: string; params: Record<string, unknown> & { nonce: string } };
        hellos.push(message.params);
        const status = { proof: proofOf(token, message.params.nonce), pid: process.pid, version: VERSION, root, socket: daemonSocketPath(root), index: indexIdentity(root), startedAt: '', uptimeMs: 1, clients: 1, hostPids: [], autoSync: 'off' };
        socket.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: status })}\n`);
      }
    });
    socket.on('error', () => undefined);
  });
  ensureOwnDirectory(dirname(daemonSocketPath(root)));
  server.listen(daemonSocketPath(root));
  await once(server, 'listening');
  try {
    const plain = await attachProject(root, { env: {}, role: 'cli', start: false });
    const host = await attachProject(root, { env: { CODEGRAPH_MCP_TOOLS: 'codegraph_search' }, role: 'proxy', start: false, cwd: join(root, 'src') });
    assert.equal(plain.kind, 'daemon');
    assert.equal(host.kind, 'daemon');
    const [a, b] = hellos;
    assert.deepEqual([a?.['tools'], 'cwd' in (a ?? {}), a?.['role']], [undefined, false, 'cli']);
    assert.deepEqual([b?.['tools'], b?.['cwd'], b?.['role'], b?.['hostPid']], ['codegraph_search', join(root, 'src'), 'proxy', process.pid]);
    if (host.kind === 'daemon') {
      assert.equal(host.link.isCurrent(), true);
      // The index folder deleted and made again: the daemon serves what is gone.
      rmSync(join(root, '.codegraph'), { recursive: true, force: true });
      mkdirSync(join(root, '.codegraph'));
      assert.equal(host.link.isCurrent(), false);
      host.link.client.close();
    }
    if (plain.kind === 'daemon') plain.link.client.close();
  } finally {
    server.close();
    rmSync(root, { recursive: true, force: true });
  }
});
