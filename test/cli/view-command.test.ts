/**
 * `codegraph view`'s refusals, through the real CLI: an address off this machine is a usage
 * mistake (exit 2, nothing served), a folder without an index says to run `init` (exit 1), and a
 * taken port says to choose another (exit 1); each in one line that says what to do.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../support/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'codegraph-view-cli-'));
const home = join(scratch, 'home');
const project = join(scratch, 'project');
const bare = join(scratch, 'bare');
let taken: Server;
let takenPort = 0;

function cli(args: readonly string[], cwd = project): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI_PATH, ...args], { cwd, encoding: 'utf8', timeout: 60_000, env: cliEnv({ HOME: home, CODEGRAPH_NO_DAEMON: '1' }) });
}

before(async () => {
  for (const dir of [home, project, bare]) mkdirSync(dir);
  writeFileSync(join(project, 'a.ts'), 'export function a(): number {\n  return 1;\n}\n');
  assert.equal(cli(['init', '--quiet']).status, 0);
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const address = taken.address();
  takenPort = typeof address === 'object' && address !== null ? address.port : 0;
});

after(async () => {
  await new Promise<void>((resolve) => taken.close(() => resolve()));
  rmSync(scratch, { recursive: true, force: true });
});

test('an address that is not loopback is refused as a usage mistake, saying how to reach the page from elsewhere', () => {
  const run = cli(['view', '--http-addr', '0.0.0.0:8112']);
  assert.equal(run.status, 2);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /0\.0\.0\.0:8112 is not a loopback address; the view is served on this machine only \(use an SSH tunnel/);
});

test('a folder without an index says to run init first', () => {
  const run = cli(['view', '--http-addr', '127.0.0.1:0'], bare);
  assert.equal(run.status, 1);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /has no index; run `codegraph init` in the project first \(or pass --path DIR\), then start the view again/);
});

test('a port in use says to choose another', () => {
  const run = cli(['view', '--http-addr', `127.0.0.1:${takenPort}`]);
  assert.equal(run.status, 1);
  assert.match(run.stderr, new RegExp(`127\\.0\\.0\\.1:${takenPort} cannot be used \\(EADDRINUSE\\); choose another with --http-addr HOST:PORT`));
});

test('--open starts the system\'s opener with the printed address, after the index is loaded', async () => {
  const bin = join(scratch, 'bin');
  mkdirSync(bin, { recursive: true });
  const opened = join(scratch, 'opened.txt');
  writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" > '${opened}'\n`);
  chmodSync(join(bin, 'xdg-open'), 0o755);
  const env = cliEnv({ HOME: home, CODEGRAPH_NO_DAEMON: '1', PATH: `${bin}:${process.env['PATH'] ?? ''}` });
  const child = spawn(process.execPath, [CLI_PATH, 'view', '--open', '--http-addr', '127.0.0.1:0'], { cwd: project, env, stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (stdout += chunk));
    const deadline = Date.now() + 30_000;
    while (!existsSync(opened) || readFileSync(opened, 'utf8') === '' || !stdout.includes('\n')) {
      assert.ok(Date.now() < deadline, `the opener was not started; stdout: ${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const url = readFileSync(opened, 'utf8').trim();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/view\/$/);
    assert.equal(stdout.trim(), url, 'the address printed is the one opened');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
});
