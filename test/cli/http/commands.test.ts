/**
 * `serve --http` refusals, `--detach`, `http list` and `http stop` through the built CLI, each
 * with its own registry folder; every server a test starts is stopped and checked to be gone.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { formatList, serversAt, uptime } from '../../../src/cli/http/commands.js';
import type { ServerEntry } from '../../../src/cli/http/registry.js';
import { CLI_PATH, cliEnv } from '../../support/cli.js';
import { isRunning, spawnHttpServer } from '../../support/http-server.js';
import { makeIndexedProject, makeTempDir, removeDir } from '../../support/project.js';

let project: string;
let plain: string;
let stateDir: string;

before(async () => {
  project = await makeIndexedProject('codegraph-http-cli-');
  plain = await makeTempDir('codegraph-http-plain-');
  stateDir = await makeTempDir('codegraph-http-cli-state-');
});
after(async () => {
  for (const dir of [project, plain, stateDir]) await removeDir(dir);
});

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI_PATH, ...args], { encoding: 'utf8', env: cliEnv({ CODEGRAPH_STATE_DIR: stateDir }), timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('serve --http refusals', () => {
  const cases: ReadonlyArray<readonly [string, () => string[], number, RegExp]> = [
    ['a non-loopback address without --http-allow-remote', () => ['serve', '--http', '--http-addr', '0.0.0.0:0'], 2, /not a loopback address; serving beyond this machine needs --http-allow-remote/],
    ['a malformed address', () => ['serve', '--http', '--http-addr', 'nowhere'], 2, /--http-addr "nowhere"/],
    ['a --path without an index', () => ['serve', '--http', '--http-addr', '127.0.0.1:0', '--path', plain], 1, /has no index; run `codegraph init /],
    ['both transports', () => ['serve', '--http', '--mcp'], 2, /serve needs one transport/],
    ['--watch without a project', () => ['serve', '--http', '--watch'], 2, /--watch with --http needs --path/],
    ['an HTTP flag without --http', () => ['serve', '--mcp', '--detach'], 2, /--detach needs --http/],
    ['stopping an address nothing listens on', () => ['http', 'stop', '127.0.0.1:1'], 1, /no codegraph HTTP server is running at 127\.0\.0\.1:1/],
    ['an unknown http subcommand', () => ['http', 'start'], 2, /unknown http subcommand "start"/],
  ];
  for (const [what, args, status, message] of cases) {
    test(`refuses ${what}`, () => {
      const r = cli(args());
      assert.equal(r.status, status, r.stderr);
      assert.match(r.stderr, message);
    });
  }

  test('refuses a port that is already taken, saying how to choose another', async () => {
    const first = await spawnHttpServer(['--path', project], { stateDir });
    try {
      const r = cli(['serve', '--http', '--http-addr', new URL(first.url).host, '--path', project]);
      assert.equal(r.status, 1);
      assert.match(r.stderr, /is already in use; choose another with --http-addr/);
    } finally {
      assert.equal(await first.stop(), 0);
    }
  });
});

describe('detached servers', () => {
  test('--detach prints pid, address and log; http list shows it; http stop ends it gracefully', { timeout: 60_000 }, async () => {
    const started = cli(['serve', '--http', '--detach', '--http-addr', '127.0.0.1:0', '--path', project]);
    assert.equal(started.status, 0, started.stderr);
    const pid = Number(/pid: +(\d+)/.exec(started.stdout)?.[1]);
    const address = /address: +(\S+)/.exec(started.stdout)?.[1] ?? '';
    const log = /log: +(\S+)/.exec(started.stdout)?.[1] ?? '';
    try {
      assert.ok(pid > 0 && address !== '' && existsSync(log), started.stdout);
      const listed = JSON.parse(cli(['http', 'list', '--json']).stdout) as ServerEntry[];
      assert.deepEqual(listed.map((s) => [s.pid, s.address, s.project, s.log]), [[pid, address, project, log]]);
      assert.match(cli(['http', 'list']).stdout, new RegExp(`^ADDRESS +PID +UPTIME +PROJECT\\n${address.replace(/\./g, '\\.')} +${pid} +\\d+s +${project}\\n$`));
      const answer = await fetch(`http://${address}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
      assert.equal(await answer.text(), '{"jsonrpc":"2.0","id":1,"result":{}}');
      const stopped = cli(['http', 'stop', address]);
      assert.equal(stopped.status, 0, stopped.stderr);
      assert.equal(stopped.stdout, `stopped ${address} (pid ${pid})\n`);
      assert.equal(isRunning(pid), false);
      assert.equal(cli(['http', 'list']).stdout, 'No codegraph HTTP server is running.\n');
      assert.match(readFileSync(log, 'utf8'), /SIGTERM: finishing requests in flight, then stopping\ncodegraph: stopped\n$/);
    } finally {
      if (pid > 0 && isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});

describe('formatting and matching', () => {
  const server = (address: string, pid: number): ServerEntry => ({ pid, address, url: `http://${address}/mcp`, project: null, startedAt: '2026-01-01T00:00:00.000Z', log: null, version: '0' });

  test('uptime reads as the two largest units', () => {
    assert.deepEqual([uptime(40_000), uptime(432_000), uptime(7_500_000), uptime(3 * 86_400_000 + 4 * 3_600_000)], ['40s', '7m 12s', '2h 5m', '3d 4h']);
  });

  test('formatList aligns columns and names the per-request mode', () => {
    assert.equal(formatList([server('127.0.0.1:8111', 42)], Date.parse('2026-01-01T00:00:05.000Z')), 'ADDRESS         PID  UPTIME  PROJECT\n127.0.0.1:8111  42   5s      (per request: projectPath)\n');
    assert.equal(formatList([], 0), 'No codegraph HTTP server is running.\n');
  });

  test('serversAt matches HOST:PORT, a bare port, and loopback names as one host', () => {
    const servers = [server('127.0.0.1:8111', 1), server('127.0.0.1:9000', 2), server('[::1]:8111', 3)];
    assert.deepEqual(serversAt('127.0.0.1:8111', servers).map((s) => s.pid), [1, 3]);
    assert.deepEqual(serversAt('9000', servers).map((s) => s.pid), [2]);
    assert.deepEqual(serversAt('localhost:9000', servers).map((s) => s.pid), [2]);
  });
});
