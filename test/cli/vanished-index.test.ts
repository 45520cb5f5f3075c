/**
 * An index deleted under a running daemon: the daemon exits, the session it served answers as a
 * server with no index does (the documented guidance, not an error), and once `init` has built
 * the index again the session gets real answers and attaches to a new daemon.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { assertNoDaemonLeft, trackDaemon, trackPid, waitForExit } from '../support/daemons.js';
import { fixturesDir } from '../support/golden.js';

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-vanish-')));
after(async () => {
  await assertNoDaemonLeft(10_000);
  rmSync(scratch, { recursive: true, force: true });
});

test('a session whose index is deleted under its daemon answers like a server with no index, then attaches again after init', { timeout: 120_000 }, async () => {
  const root = join(scratch, 'shop');
  cpSync(join(fixturesDir(import.meta.url), 'projects', 'shop'), root, { recursive: true });
  const env = cliEnv({ CODEGRAPH_DAEMON_IDLE_MS: '1000' });
  assert.equal(spawnSync(process.execPath, [CLI_PATH, 'init', '--quiet', root], { env }).status, 0);
  const server = spawn(process.execPath, [CLI_PATH, 'serve', '--mcp', '--path', root], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  trackPid(server.pid ?? 0);
  const answers = new Map<unknown, Record<string, unknown>>();
  createInterface({ input: server.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    answers.set(message['id'], message);
  });
  const send = (message: unknown): boolean => server.stdin.write(`${JSON.stringify(message)}\n`);
  const answer = async (id: number): Promise<Record<string, unknown>> => {
    const deadline = Date.now() + 60_000;
    while (!answers.has(id)) {
      if (Date.now() > deadline) throw new Error(`no answer to ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return answers.get(id) ?? {};
  };
  const search = async (id: number): Promise<{ text: string; isError?: boolean }> => {
    send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'codegraph_search', arguments: { query: 'checkout' } } });
    const reply = await answer(id);
    assert.ok(reply['result'] !== undefined, JSON.stringify(reply));
    const result = reply['result'] as { content: { text: string }[]; isError?: boolean };
    return { text: result.content[0]?.text ?? '', ...(result.isError === true ? { isError: true } : {}) };
  };
  try {
    send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    await answer(0);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.match((await search(1)).text, /Cart\.checkout/);
    const first = await trackDaemon(root);
    rmSync(join(root, '.codegraph'), { recursive: true, force: true });
    await waitForExit(first, 15_000);
    for (const id of [2, 3]) {
      const gone = await search(id);
      assert.equal(gone.isError, undefined);
      assert.match(gone.text, /^No codegraph index exists for .* yet\.\nBuild one by running/);
    }
    assert.equal(spawnSync(process.execPath, [CLI_PATH, 'init', '--quiet', root], { env }).status, 0);
    for (const id of [4, 5, 6]) assert.match((await search(id)).text, /Cart\.checkout/);
    const second = await trackDaemon(root);
    assert.notEqual(second, first);
  } finally {
    server.stdin.end();
    await waitForExit(server.pid ?? 0, 30_000);
  }
});
