/**
 * A damaged index, as a user meets it: truncated, overwritten with random bytes, a directory in
 * its place, or an empty file. Query commands say so in one line and exit 2; `init` and `sync`
 * move it aside and rebuild; an MCP call answers with text that says how to rebuild.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { fixturesDir } from '../support/golden.js';

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-corrupt-')));
after(() => rmSync(scratch, { recursive: true, force: true }));
/** The daemon would repair the index on its first sync; these tests meet the damage directly. */
const ENV = cliEnv({ CODEGRAPH_NO_DAEMON: '1' });
let sound: Buffer;

before(() => {
  const root = copyShop('sound');
  const init = run(root, 'init', root, '--quiet');
  assert.equal(init.status, 0, init.stderr);
  sound = readFileSync(join(root, '.codegraph', 'codegraph.db'));
});

function copyShop(name: string): string {
  const root = join(scratch, name);
  cpSync(join(fixturesDir(import.meta.url), 'projects', 'shop'), root, { recursive: true });
  return root;
}

function run(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI_PATH, ...args], { cwd, env: ENV, encoding: 'utf8', timeout: 60_000 });
}

/** The shop fixture with `.codegraph/codegraph.db` damaged as `damage` says. */
function damaged(name: string, damage: (db: string) => void): string {
  const root = copyShop(name);
  mkdirSync(join(root, '.codegraph'));
  damage(join(root, '.codegraph', 'codegraph.db'));
  return root;
}

const DAMAGES: Readonly<Record<string, (db: string) => void>> = {
  truncated: (db) => writeFileSync(db, sound.subarray(0, 5000)),
  'cut at a page boundary': (db) => writeFileSync(db, sound.subarray(0, 8192)),
  garbage: (db) => writeFileSync(db, randomBytes(100_000)),
  'a directory': (db) => mkdirSync(db),
};

describe('a damaged index', () => {
  for (const [kind, damage] of Object.entries(DAMAGES)) {
    test(`${kind}: a query command says so in one line, names the fix, and exits 2`, () => {
      const root = damaged(`query-${kind.replace(/ /g, '-')}`, damage);
      for (const command of [['search', 'cart'], ['status'], ['node', 'Cart']]) {
        const result = run(root, ...command);
        assert.equal(result.status, 2, `${command[0]}: ${result.stderr}`);
        assert.match(result.stderr, /^codegraph: the index .*codegraph\.db is damaged \(.+\); run `codegraph init` in the project to rebuild it/, command[0]);
        assert.equal(result.stderr.trim().split('\n').length, 1, `${command[0]} writes one line: ${result.stderr}`);
        assert.doesNotMatch(result.stderr, /\n\s+at /);
      }
    });

    for (const repair of ['sync', 'init']) {
      test(`${kind}: ${repair} moves it aside and rebuilds, after which queries answer`, () => {
        const root = damaged(`${repair}-${kind.replace(/ /g, '-')}`, damage);
        const result = run(root, repair, root);
        assert.equal(result.status, 0, result.stderr);
        assert.match(result.stdout, /full rebuild: the index was damaged \(.+\); it was kept aside as codegraph\.db\.corrupt-/);
        assert.equal(readdirSync(join(root, '.codegraph')).filter((f) => f.startsWith('codegraph.db.corrupt-')).length, 1);
        const search = run(root, 'search', 'checkout');
        assert.equal(search.status, 0, search.stderr);
        assert.match(search.stdout, /Cart\.checkout/);
      });
    }
  }

  test('an empty database file is no index at all, not an empty one', () => {
    const root = damaged('empty', (db) => writeFileSync(db, ''));
    const search = run(root, 'search', 'cart');
    assert.equal(search.status, 2);
    assert.match(search.stderr, /no index at/);
    const sync = run(root, 'sync', root);
    assert.equal(sync.status, 0, sync.stderr);
    assert.doesNotMatch(sync.stdout, /damaged/);
    assert.match(run(root, 'search', 'checkout').stdout, /Cart\.checkout/);
  });

  test('an MCP server over stdio repairs it with its first sync and answers from the rebuilt index', async () => {
    const root = damaged('mcp-stdio', DAMAGES['garbage'] ?? (() => undefined));
    const server = spawn(process.execPath, [CLI_PATH, 'serve', '--mcp', '--no-watch', '--path', root], { cwd: root, env: ENV, stdio: ['pipe', 'pipe', 'ignore'] });
    try {
      const calls = [
        { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'codegraph_search', arguments: { query: 'checkout' } } },
      ];
      server.stdin.write(calls.map((c) => `${JSON.stringify(c)}\n`).join(''));
      let answer: Record<string, unknown> | undefined;
      for await (const line of createInterface({ input: server.stdout })) {
        const message = JSON.parse(line) as Record<string, unknown>;
        if (message['id'] === 1) {
          answer = message;
          break;
        }
      }
      const result = answer?.['result'] as { isError?: boolean; content: { text: string }[] } | undefined;
      assert.ok(result !== undefined, JSON.stringify(answer));
      assert.match(result.content[0]?.text ?? '', /Cart\.checkout/);
      assert.equal(readdirSync(join(root, '.codegraph')).filter((f) => f.startsWith('codegraph.db.corrupt-')).length, 1);
    } finally {
      server.stdin.end();
      await new Promise((resolve) => (server.exitCode !== null ? resolve(undefined) : server.once('exit', resolve)));
    }
  });

  test('an MCP call over HTTP answers with text that says how to rebuild, never an internal error', async () => {
    const root = damaged('mcp-http', DAMAGES['garbage'] ?? (() => undefined));
    const server = spawn(process.execPath, [CLI_PATH, 'serve', '--http', '--http-addr', '127.0.0.1:0'], { cwd: scratch, env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      let said = '';
      for await (const chunk of server.stderr.setEncoding('utf8')) {
        said += String(chunk);
        if (/at http:\/\/\S+\/mcp/.test(said)) break;
      }
      const url = /at (http:\/\/\S+\/mcp)/.exec(said)?.[1] ?? '';
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'codegraph_search', arguments: { query: 'cart', projectPath: root } } }),
      });
      const answer = (await response.json()) as { result?: { isError?: boolean; content: { text: string }[] } };
      assert.equal(answer.result?.isError, true, JSON.stringify(answer));
      assert.match(answer.result?.content[0]?.text ?? '', /^The codegraph index of .* is damaged \(not an SQLite database\)\.\nRebuild it by running `\S.* init /);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode !== null ? resolve(undefined) : server.once('exit', resolve)));
    }
  });
});
