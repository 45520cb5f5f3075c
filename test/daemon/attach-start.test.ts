/**
 * attachProject in this process: when it serves in the foreground and why (each reason in its
 * own words), how it starts a daemon (arguments, log, working folder) and how long it waits for
 * one, and a real daemon started, reused and stopped.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { askRunningDaemon, attachProject, NO_DAEMON_ENV, START_TIMEOUT_MS } from '../../src/daemon/attach.js';
import { ControlMethod } from '../../src/daemon/control.js';
import { CLI_PATH } from '../support/cli.js';
import { assertNoDaemonLeft, trackPid, waitForExit } from '../support/daemons.js';
import { fixtureProject } from '../support/fixture-project.js';

const dirs: string[] = [];
// A start without a cliPath runs this process's script, which is this test file: were a check
// here broken (as a mutation test breaks them), each daemon started would run these tests again
// and start more. The script is made one that exits at once; the tests that start on purpose
// name their CLI.
const inertDir = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-attach-inert-')));
const inert = join(inertDir, 'inert.mjs');
writeFileSync(inert, '');
const script = process.argv[1];
process.argv[1] = inert;
after(async () => {
  if (script !== undefined) process.argv[1] = script;
  await assertNoDaemonLeft();
  for (const dir of [...dirs, inertDir]) rmSync(dir, { recursive: true, force: true });
});

function scratch(withIndexDir: boolean): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-attach-start-')));
  dirs.push(root);
  if (withIndexDir) mkdirSync(join(root, '.codegraph'));
  return root;
}

/** Options that keep a test's daemon socket in its own runtime folder. */
function envFor(root: string): NodeJS.ProcessEnv {
  const runtime = join(root, 'run');
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  return { XDG_RUNTIME_DIR: runtime };
}

/** Runs `fn` with XDG_RUNTIME_DIR set as in `env` (the socket path is read from this process's environment). */
async function withRuntime<T>(env: NodeJS.ProcessEnv, fn: () => Promise<T>): Promise<T> {
  const old = process.env['XDG_RUNTIME_DIR'];
  process.env['XDG_RUNTIME_DIR'] = env['XDG_RUNTIME_DIR'];
  try {
    return await fn();
  } finally {
    if (old === undefined) delete process.env['XDG_RUNTIME_DIR'];
    else process.env['XDG_RUNTIME_DIR'] = old;
  }
}

test(`${NO_DAEMON_ENV}=1 serves in the foreground and says so; only the value 1 does`, async () => {
  const root = scratch(true);
  assert.deepEqual(await attachProject(root, { env: { [NO_DAEMON_ENV]: '1' }, role: 'cli', start: true }), { kind: 'foreground', reason: 'CODEGRAPH_NO_DAEMON=1' });
  const env = envFor(root);
  const other = await withRuntime(env, () => attachProject(root, { env: { ...env, [NO_DAEMON_ENV]: '0' }, role: 'cli', start: false }));
  assert.deepEqual(other, { kind: 'foreground', reason: 'no daemon runs for this project' });
});

test('the home folder never gets a daemon', async () => {
  const home = homedir();
  assert.deepEqual(await attachProject(home, { env: {}, role: 'cli', start: true }), { kind: 'foreground', reason: `${home} is the home folder or the file-system root (safe mode: no daemon, no watcher)` });
});

test('a daemon that cannot be started is reported with the reason, and nothing waits for it', async () => {
  const root = scratch(false);
  const env = envFor(root);
  const started = Date.now();
  const service = await withRuntime(env, () => attachProject(root, { env, role: 'cli', start: true, cliPath: '/nonexistent/main.js', timeoutMs: 60_000 }));
  assert.equal(service.kind, 'foreground');
  assert.match(service.kind === 'foreground' ? service.reason : '', /^the daemon could not start: ENOENT: no such file or directory, open '.*daemon\.log'$/);
  assert.ok(Date.now() - started < 30_000, 'did not wait out the start timeout');
});

test('a started process that never listens is waited for until the timeout; it runs detached in the project with the daemon arguments, its output in daemon.log', async () => {
  const root = scratch(true);
  const env = envFor(root);
  // Stands in for the CLI: records how it was started, then exits without listening.
  const fake = join(root, 'fake-cli.mjs');
  writeFileSync(fake, "console.log(JSON.stringify({ argv: process.argv.slice(2), execArgv: process.execArgv, cwd: process.cwd(), mmap: process.env.MALLOC_MMAP_THRESHOLD_ }));\n");
  const started = Date.now();
  const service = await withRuntime(env, () => attachProject(root, { env, role: 'cli', start: true, noWatch: true, cliPath: fake, timeoutMs: 400 }));
  const waited = Date.now() - started;
  assert.deepEqual(service, { kind: 'foreground', reason: `the daemon did not accept within 400 ms (see ${join(root, '.codegraph', 'daemon.log')})` });
  assert.ok(waited >= 400, `waited ${waited} ms`);
  const log = readFileSync(join(root, '.codegraph', 'daemon.log'), 'utf8');
  const seen = JSON.parse(log.trim().split('\n').at(-1) ?? '{}') as { argv: string[]; execArgv: string[]; cwd: string; mmap: string };
  assert.deepEqual(seen.argv, ['daemon', 'run', root, '--no-watch']);
  assert.deepEqual(seen.execArgv, ['--expose-gc', '--max-semi-space-size=1']);
  assert.equal(seen.cwd, root);
  assert.equal(seen.mmap, '131072');
  assert.ok(START_TIMEOUT_MS >= 5_000, 'the default leaves a cold start time to load its index');
  // Without noWatch the daemon watches: no --no-watch.
  const firstLines = log.trim().split('\n').length;
  await withRuntime(env, () => attachProject(root, { env, role: 'cli', start: true, cliPath: fake, timeoutMs: 100 }));
  // The second start's line may come after the 100 ms wait: wait for it (a loaded machine is slow to start node).
  const lines = (): string[] => readFileSync(join(root, '.codegraph', 'daemon.log'), 'utf8').trim().split('\n');
  for (const deadline = Date.now() + 20_000; lines().length <= firstLines && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 25));
  assert.ok(lines().length > firstLines, 'the second start wrote its line');
  const again = JSON.parse(lines().at(-1) ?? '{}') as { argv: string[] };
  assert.deepEqual(again.argv, ['daemon', 'run', root]);
});

test('askRunningDaemon never starts a daemon: with none running it answers undefined and spawns nothing', async () => {
  const root = scratch(true);
  const env = envFor(root);
  assert.equal(await withRuntime(env, () => askRunningDaemon(root, ControlMethod.status, {}, env)), undefined);
  assert.equal(existsSync(join(root, '.codegraph', 'daemon.log')), false, 'no start was tried');
});

test('a real daemon: started once, then reused by the next client; a proxy is counted as its host; askRunningDaemon reaches it', async () => {
  const project = await fixtureProject('shop', import.meta.url);
  dirs.push(project.root);
  const root = realpathSync(project.root);
  const env = envFor(root);
  await withRuntime(env, async () => {
    const first = await attachProject(root, { env, role: 'proxy', start: true, noWatch: true, cliPath: CLI_PATH, cwd: join(root, 'src') });
    assert.equal(first.kind, 'daemon', first.kind === 'foreground' ? first.reason : '');
    if (first.kind !== 'daemon') return;
    trackPid(first.link.status.pid, root);
    try {
      assert.equal(first.started, true);
      assert.equal(first.link.isCurrent(), true);
      const second = await attachProject(root, { env, role: 'cli', start: true, cliPath: CLI_PATH });
      assert.equal(second.kind, 'daemon');
      if (second.kind === 'daemon') {
        assert.equal(second.started, false);
        assert.equal(second.link.status.pid, first.link.status.pid);
        second.link.client.close();
        assert.equal(second.link.isCurrent(), false, 'a closed link is not current');
      }
      const status = (await askRunningDaemon(root, ControlMethod.status, {}, env)) as { hostPids: number[]; clients: number };
      assert.deepEqual(status.hostPids, [process.pid]);
    } finally {
      await first.link.client.request(ControlMethod.stop).catch(() => undefined);
      first.link.client.close();
      await waitForExit(first.link.status.pid, 10_000);
    }
    assert.equal(await askRunningDaemon(root, ControlMethod.status, {}, env), undefined, 'none runs after stop');
  });
});
