import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { listServers, registerServer, unregisterServer, type ServerEntry } from '../../../src/cli/http/registry.js';
import { stateDir } from '../../../src/cli/state-dir.js';
import { makeTempDir, removeDir } from '../../support/project.js';

let dir: string;
let env: NodeJS.ProcessEnv;

before(async () => {
  dir = await makeTempDir('codegraph-registry-');
  env = { CODEGRAPH_STATE_DIR: dir };
});
after(async () => {
  await removeDir(dir);
});

function entry(pid: number, startedAt = '2026-01-01T00:00:00.000Z'): ServerEntry {
  return { pid, address: '127.0.0.1:8111', url: 'http://127.0.0.1:8111/mcp', project: null, startedAt, log: null, version: '0.0.0' };
}

test('stateDir honours CODEGRAPH_STATE_DIR, then XDG_STATE_HOME, then ~/.local/state', () => {
  assert.equal(stateDir({ CODEGRAPH_STATE_DIR: '/x' }), '/x');
  assert.equal(stateDir({ XDG_STATE_HOME: '/s' }), join('/s', 'codegraph'));
  assert.match(stateDir({}), /\.local[/\\]state[/\\]codegraph$/);
});

test('a registered live server is listed until it is unregistered', async () => {
  // A stand-in whose command line names `serve`, as a real server's does.
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'serve'], { stdio: 'ignore' });
  const pid = child.pid ?? 0;
  try {
    registerServer(entry(pid), env);
    assert.deepEqual(listServers(env), [entry(pid)]);
    unregisterServer(pid, env);
    assert.deepEqual(listServers(env), []);
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
});

test('an entry whose pid now belongs to another program is pruned', { skip: !existsSync('/proc/self/cmdline') && 'needs /proc' }, () => {
  registerServer(entry(process.pid), env);
  assert.deepEqual(listServers(env), []);
});

test('the entry of a process that died is pruned when the registry is read', () => {
  const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
  assert.ok(dead !== undefined);
  registerServer(entry(dead), env);
  assert.deepEqual(listServers(env), []);
  assert.equal(existsSync(join(dir, 'http-servers', `${dead}.json`)), false);
});
