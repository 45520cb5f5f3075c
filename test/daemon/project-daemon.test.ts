/**
 * The shared project daemon end to end, with real processes: the built CLI's `serve --mcp`
 * proxies to one detached daemon per project. Short debounce and idle times keep it fast; every
 * daemon is registered and the last hook proves none is left running.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, afterEach, describe, test } from 'node:test';
import { DaemonClient } from '../../src/daemon/client.js';
import { ControlMethod } from '../../src/daemon/control.js';
import { DAEMON_LOG_FILE, listDaemonRecords } from '../../src/daemon/daemon-files.js';
import { foldLine } from '../../src/daemon/project-daemon.js';
import { daemonSocketPath } from '../../src/daemon/socket-path.js';
import { indexProject } from '../../src/index/sync/index.js';
import { CHANGE_LOG_FILE } from '../../src/store/layout.js';
import { VERSION } from '../../src/version.js';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { assertNoDaemonLeft, daemonPidOf, sleep, trackDaemon, trackPid, waitForExit, waitUntil } from '../support/daemons.js';
import { generatedProject, type FixtureProject } from '../support/fixture-project.js';
import { dumpGraph } from '../support/graph-dump.js';
import { LineServer } from '../support/line-server.js';

const ENV = { CODEGRAPH_WATCH_DEBOUNCE_MS: '100', CODEGRAPH_DAEMON_IDLE_MS: '1500' };
const TIMEOUT = { timeout: 60_000 };
const SUITE_TIMEOUT = { timeout: 300_000 };
const FILES = {
  'a.ts': 'export function a() {\n  return b();\n}\n',
  'b.ts': 'export function b() {\n  return 1;\n}\n',
};

const projects: FixtureProject[] = [];
const servers: LineServer[] = [];

async function project(): Promise<FixtureProject> {
  const made = await generatedProject(FILES);
  projects.push(made);
  return made;
}

/** A `serve --mcp` client past the handshake, run from `cliPath` when given. */
async function client(root: string, env: Record<string, string> = ENV, cliPath?: string): Promise<LineServer> {
  const server = new LineServer({ cwd: root, env, ...(cliPath !== undefined ? { cliPath } : {}) });
  servers.push(server);
  await server.send({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  await server.response('init', 20_000);
  await server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return server;
}

let nextId = 1;
/** One tool call's text (or the error message). */
async function call(server: LineServer, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const id = nextId++;
  await server.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const reply = await server.response(id, 20_000);
  const result = reply['result'] as { content?: { text: string }[] } | undefined;
  return result?.content?.[0]?.text ?? JSON.stringify(reply['error']);
}

/**
 * Waits until the index file under `root` equals a fresh index of its tree: a daemon answers
 * queries from memory before it writes the file, so the file may lag the answers a moment.
 */
async function assertSavedAsFresh(root: string): Promise<void> {
  const fresh = await freshDump(root);
  await waitUntil(async () => (await dumpGraph(root)) === fresh, 20_000, 'the index file to equal a fresh index').catch(() => undefined);
  assert.equal(await dumpGraph(root), fresh);
}

/** A fresh index of a copy of `root`'s tree, dumped. */
async function freshDump(root: string): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'codegraph-fresh-'));
  try {
    cpSync(root, copy, { recursive: true, filter: (src) => !src.includes('.codegraph') });
    await indexProject({ root: copy, mode: 'full', command: 'test', workers: 1 });
    return await dumpGraph(copy);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * A copy of the built package (its bundle and package.json, its dependencies linked) that a test
 * can upgrade in place under a running daemon and the sessions started from it.
 */
function copiedInstallation(): { entry: string; upgrade(version: string): void; cleanup(): void } {
  const built = dirname(CLI_PATH);
  const home = mkdtempSync(join(tmpdir(), 'codegraph-installed-'));
  const bundle = join(home, 'dist', 'bundle');
  const packageRoot = dirname(dirname(built));
  cpSync(join(packageRoot, 'package.json'), join(home, 'package.json'));
  symlinkSync(join(packageRoot, 'node_modules'), join(home, 'node_modules'));
  cpSync(built, bundle, { recursive: true });
  const entry = join(bundle, 'main.js');
  return {
    entry,
    // Another version's files over these: its own number, and an entry of other bytes.
    upgrade: (version) => {
      const manifest = JSON.parse(readFileSync(join(home, 'package.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(join(home, 'package.json'), JSON.stringify({ ...manifest, version }));
      writeFileSync(entry, `${readFileSync(entry, 'utf8')}\n// ${version}\n`);
    },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

function cli(args: readonly string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI_PATH, ...args], { cwd, encoding: 'utf8', env: cliEnv(ENV), timeout: 30_000 });
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

after(async () => {
  // Each daemon leaves 1.5 s after its last client; under a loaded test run its last save can take seconds more.
  await assertNoDaemonLeft(15_000);
  for (const p of projects.splice(0)) p.cleanup();
});

describe('the shared project daemon', SUITE_TIMEOUT, () => {
  test('two clients of one project share one daemon and both see an edit', TIMEOUT, async () => {
    const { root } = await project();
    const first = await client(root);
    const second = await client(root);
    const pid = await trackDaemon(root);
    assert.match(await call(first, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
    const listed = JSON.parse(cli(['daemon', 'status', '--json'], root).stdout) as { root: string; pid: number; clients: number }[];
    const mine = listed.filter((d) => d.root === root);
    assert.equal(mine.length, 1, 'one daemon for the project');
    assert.equal(mine[0]?.pid, pid);
    assert.equal(mine[0]?.clients, 2, 'the two sessions, not the status query itself');
    writeFileSync(join(root, 'c.ts'), 'export function c() {\n  return b();\n}\n');
    for (const server of [first, second]) {
      await waitUntil(async () => /- c \(function\)/.test(await call(server, 'codegraph_callers', { symbol: 'b' })), 15_000, 'the edit to be queryable');
    }
    assert.equal(daemonPidOf(root), pid, 'still the same daemon');
    assert.match(await call(second, 'codegraph_status'), /\nAuto-sync: watching \(debounce 100 ms\)\n$/);
    if (existsSync(`/proc/${pid}/cmdline`)) {
      // The memory settings that keep a long-running daemon's resident set flat (attach.ts).
      assert.ok(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('--max-semi-space-size=1'));
      assert.ok(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes('MALLOC_MMAP_THRESHOLD_=131072'));
    }
  });

  test('a daemon killed during a sync is replaced on the next call and the index equals a fresh one', TIMEOUT, async () => {
    const { root } = await project();
    const server = await client(root);
    const pid = await trackDaemon(root);
    await call(server, 'codegraph_status');
    writeFileSync(join(root, 'c.ts'), 'export function c() {\n  return a();\n}\n');
    await sleep(110);
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
    // The call in flight (if any) fails; the next one attaches to a new daemon.
    await call(server, 'codegraph_status');
    const next = await trackDaemon(root);
    assert.notEqual(next, pid);
    await waitUntil(async () => /- c \(function\)/.test(await call(server, 'codegraph_callers', { symbol: 'a' })), 40_000, 'the catch-up sync');
    await assertSavedAsFresh(root);
  });

  test('a daemon whose index folder is deleted exits and leaves no registry entry', TIMEOUT, async () => {
    const { root } = await project();
    const server = await client(root);
    const pid = await trackDaemon(root);
    // The daemon may be writing into the folder meanwhile: retry what that leaves non-empty.
    rmSync(join(root, '.codegraph'), { recursive: true, force: true, maxRetries: 5 });
    await waitForExit(pid, 10_000);
    // The session is still answered (with an error or guidance), never left hanging.
    assert.ok((await call(server, 'codegraph_status')).length > 0);
    // Its clients' connections end while it stops; that must not write the entry back.
    assert.deepEqual(listDaemonRecords().filter((r) => r.root === root).map((r) => r.pid), []);
  });

  test('an upgrade in place stops the daemon; sessions started before it share the new one, none replacing it', TIMEOUT, async () => {
    const { root } = await project();
    const installation = copiedInstallation();
    try {
      const first = await client(root, ENV, installation.entry);
      const second = await client(root, ENV, installation.entry);
      const pid = await trackDaemon(root);
      assert.match(await call(second, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
      installation.upgrade(`${VERSION}-next`);
      await waitForExit(pid, 10_000);
      assert.match(readFileSync(join(root, '.codegraph', DAEMON_LOG_FILE), 'utf8'), new RegExp(`daemon ${pid} stopping: the installation it runs from changed on disk`));
      // The first session starts a daemon of the files now installed, and the second, outdated too, uses it.
      assert.match(await call(first, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
      const next = await trackDaemon(root);
      assert.notEqual(next, pid);
      assert.match(await call(second, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
      assert.match(await call(first, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
      assert.equal(daemonPidOf(root), next, 'the new daemon serves both sessions');
      const status = JSON.parse(cli(['daemon', 'status', '--json'], root).stdout) as { root: string; pid: number; version: string; clients: number }[];
      assert.deepEqual(status.filter((d) => d.root === root).map((d) => [d.pid, d.version, d.clients]), [[next, `${VERSION}-next`, 2]]);
    } finally {
      installation.cleanup();
    }
  });

  test('a daemon whose socket file is removed stops, and the next call starts another', TIMEOUT, async () => {
    const { root } = await project();
    const server = await client(root);
    const pid = await trackDaemon(root);
    assert.match(await call(server, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
    rmSync(daemonSocketPath(root));
    await waitForExit(pid, 10_000);
    assert.match(readFileSync(join(root, '.codegraph', DAEMON_LOG_FILE), 'utf8'), new RegExp(`daemon ${pid} stopping: its socket file .* was removed or replaced`));
    assert.match(await call(server, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
    assert.notEqual(await trackDaemon(root), pid);
  });

  test('a foreground writer whose socket file is removed goes on serving its own session', TIMEOUT, async () => {
    const { root } = await project();
    const server = await client(root, { ...ENV, CODEGRAPH_NO_DAEMON: '1' });
    assert.match(await call(server, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
    await waitUntil(() => existsSync(daemonSocketPath(root)), 10_000, 'the writer to listen');
    rmSync(daemonSocketPath(root));
    // Past two polls of the one-second interval a detached daemon stops after.
    await sleep(2_500);
    assert.match(await call(server, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
    assert.equal(server.child.exitCode, null, 'still running');
    assert.doesNotMatch(server.stderr, /stopping/, 'its writer did not stop');
  });

  test('a stale socket file is replaced', TIMEOUT, async () => {
    const { root } = await project();
    const socket = daemonSocketPath(root);
    const holder = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socket)}, () => console.log('up'))`], { stdio: ['ignore', 'pipe', 'ignore'] });
    trackPid(holder.pid ?? 0);
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    holder.kill('SIGKILL');
    await waitForExit(holder.pid ?? 0, 5_000);
    assert.ok(existsSync(socket), 'the dead listener left its socket file');
    const server = await client(root);
    await trackDaemon(root);
    assert.match(await call(server, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
  });

  test('a burst of 1,000 saves makes a handful of syncs and an index equal to a fresh one', TIMEOUT, async () => {
    const { root } = await project();
    const server = await client(root, { ...ENV, CODEGRAPH_WATCH_DEBOUNCE_MS: '300' });
    await trackDaemon(root);
    await waitUntil(async () => /Auto-sync: watching/.test(await call(server, 'codegraph_status')), 40_000, 'the catch-up sync');
    const log = join(root, '.codegraph', 'daemon.log');
    const before = readFileSync(log, 'utf8').split('\n').filter((l) => l.includes(' synced ')).length;
    for (let i = 0; i < 1000; i++) {
      writeFileSync(join(root, 'c.ts'), `export function c${i}() {\n  return b();\n}\n`);
      if (i % 10 === 0) await sleep(5);
    }
    await waitUntil(async () => /- c999 \(function\)/.test(await call(server, 'codegraph_callers', { symbol: 'b' })), 20_000, 'the last save to be queryable');
    const syncs = readFileSync(log, 'utf8').split('\n').filter((l) => l.includes(' synced ')).length - before;
    // The upper bound is the point (a burst is debounced, not synced save by save); how many of
    // the saves land in the catch-up instead of a later sync depends on the machine's load.
    assert.ok(syncs <= 10, `${syncs} syncs for 1,000 saves:\n${readFileSync(log, 'utf8')}`);
    await assertSavedAsFresh(root);
  });

  test('a foreground writer ended by SIGTERM finishes its write, removes its socket and exits 0', TIMEOUT, async () => {
    const { root } = await project();
    const server = await client(root, { ...ENV, CODEGRAPH_NO_DAEMON: '1' });
    assert.match(await call(server, 'codegraph_callers', { symbol: 'b' }), /- a \(function\)/);
    writeFileSync(join(root, 'c.ts'), 'export function c() {\n  return b();\n}\n');
    // Answered from memory, maybe before the write: the signal then lands while it runs.
    await waitUntil(async () => /- c \(function\)/.test(await call(server, 'codegraph_callers', { symbol: 'b' })), 15_000, 'the edit to be queryable');
    server.child.kill('SIGTERM');
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    assert.ok(!existsSync(daemonSocketPath(root)), 'the socket file is gone');
    assert.equal(await dumpGraph(root), await freshDump(root));
  });

  test('a daemon whose host died exits after the idle time', TIMEOUT, async () => {
    const { root } = await project();
    const server = await client(root);
    const pid = await trackDaemon(root);
    server.child.kill('SIGKILL');
    await waitForExit(pid, 10_000);
    // It stopped on the idle timer, not at once for the host's death.
    assert.match(readFileSync(join(root, '.codegraph', 'daemon.log'), 'utf8'), new RegExp(`daemon ${pid} stopping: no client for ${ENV.CODEGRAPH_DAEMON_IDLE_MS} ms`));
  });

  /** A project's daemon after an edit adding function `name` is searchable and saved as a change log record. */
  async function editSavedToLog(name: string): Promise<{ root: string; server: Awaited<ReturnType<typeof client>>; pid: number; log: string }> {
    const { root } = await project();
    const server = await client(root);
    const pid = await trackDaemon(root);
    writeFileSync(join(root, 'b.ts'), `export function b() {\n  return 1;\n}\nexport function ${name}() {\n  return 2;\n}\n`);
    await waitUntil(async () => (await call(server, 'codegraph_search', { query: name })).includes(name), 20_000, 'the edit to be searchable');
    const log = join(root, '.codegraph', CHANGE_LOG_FILE);
    await waitUntil(async () => existsSync(log), 20_000, 'the edit to be saved as a change log record');
    return { root, server, pid, log };
  }

  test('an idle exit folds the change log into the index, so the next load reads one file', TIMEOUT, async () => {
    const { root, server, pid, log } = await editSavedToLog('folded');
    server.child.kill('SIGKILL');
    await waitForExit(pid, 20_000);
    assert.equal(existsSync(log), false, 'the log was folded into the image');
    assert.match(await dumpGraph(root), /function:folded@/);
    assert.equal(await dumpGraph(root), await freshDump(root));
  });

  test('asked to stop, a daemon folds the change log into the index too', TIMEOUT, async () => {
    const { root, server, pid, log } = await editSavedToLog('stopped');
    const control = await DaemonClient.connect(daemonSocketPath(root));
    try {
      await control.request(ControlMethod.hello, { hostPid: process.pid, version: VERSION, role: 'cli' });
      assert.deepEqual(await control.request(ControlMethod.stop), { stopping: true });
    } finally {
      control.close();
    }
    await waitForExit(pid, 20_000);
    await server.close();
    const daemonLog = readFileSync(join(root, '.codegraph', 'daemon.log'), 'utf8');
    assert.match(daemonLog, new RegExp(`daemon ${pid} stopping: asked to stop`));
    assert.match(daemonLog, /writing the index whole, folding its change log \(\d+\.\d MB\)\n.*wrote the index whole in \d+ ms/);
    assert.equal(existsSync(log), false, 'the log was folded into the image');
    assert.equal(await dumpGraph(root), await freshDump(root));
  });

  test('a connection the daemon drops for a dead host is closed, so the daemon still exits after the idle time', TIMEOUT, async () => {
    const { root } = await project();
    const server = await client(root);
    const pid = await trackDaemon(root);
    // A connection whose host is gone while the connection stays open (its process killed with the
    // socket held elsewhere): the daemon's poll destroys it. A pipe ends its destination only on a
    // clean end, so the session used to wait for input forever and the idle exit never came.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const host = await DaemonClient.connect(daemonSocketPath(root));
    await host.request(ControlMethod.hello, { hostPid: gone, version: VERSION, role: 'proxy' });
    await server.close();
    try {
      await waitForExit(pid, 10_000);
    } finally {
      host.close();
    }
  });

  test('codegraph sync goes through a running daemon and prints the usual summary', TIMEOUT, async () => {
    const { root } = await project();
    const server = await client(root);
    await trackDaemon(root);
    const run = cli(['sync'], root);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`^Indexed ${root}\\n  files: 2 \\(0 parsed, 2 unchanged, 0 removed\\)\\n`));
    assert.match(readFileSync(join(root, '.codegraph', 'daemon.log'), 'utf8'), /serving/);
    await server.close();
    const stop = cli(['daemon', 'stop', root], root);
    assert.match(stop.stdout, /Stopped the daemon|No daemon runs/);
  });
});

describe('calls that name another project, and the CLI', SUITE_TIMEOUT, () => {
  test('a call naming another project starts that project\'s daemon, which answers it', TIMEOUT, async () => {
    const { root } = await project();
    const other = await project();
    writeFileSync(join(other.root, 'c.ts'), 'export function c() {\n  return b();\n}\n');
    await indexProject({ root: other.root, mode: 'full', command: 'test', workers: 1 });
    const server = await client(root);
    await trackDaemon(root);
    assert.match(await call(server, 'codegraph_callers', { symbol: 'b', projectPath: other.root }), /- c \(function\)/);
    const otherPid = await trackDaemon(other.root);
    assert.notEqual(otherPid, daemonPidOf(root));
    assert.match(await call(server, 'codegraph_status', { projectPath: other.root }), /\nAuto-sync: watching \(debounce 100 ms\)\n$/);
    assert.doesNotMatch(await call(server, 'codegraph_callers', { symbol: 'b' }), /- c \(function\)/, 'the session\'s own project is unchanged');

    // Calls racing for a project not linked yet share one attach, and the session still ends cleanly.
    const third = await project();
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(server, 'codegraph_callers', { symbol: 'b', projectPath: third.root })));
    for (const text of answers) assert.match(text, /- a \(function\)/);
    await trackDaemon(third.root);
    server.endInput();
    assert.deepEqual(await server.waitForExit(20_000), { code: 0, signal: null });
  });

  test('a query command answers through a running daemon, and loads the index itself without one', TIMEOUT, async () => {
    const { root } = await project();
    await client(root);
    await trackDaemon(root);
    const through = cli(['status'], root);
    assert.equal(through.status, 0, through.stderr);
    assert.match(through.stdout, /\nAuto-sync: watching \(debounce 100 ms\)\n$/);
    const here = spawnSync(process.execPath, [CLI_PATH, 'status'], { cwd: root, encoding: 'utf8', env: cliEnv({ ...ENV, CODEGRAPH_NO_DAEMON: '1' }), timeout: 30_000 });
    assert.equal(here.status, 0, here.stderr);
    assert.doesNotMatch(here.stdout, /Auto-sync:/);
    assert.match(cli(['callers', 'b'], root).stdout, /- a \(function\)/);
  });
});

describe('the prompt hook', SUITE_TIMEOUT, () => {
  test('asks a running daemon, and answers the same as it does alone', TIMEOUT, async () => {
    const made = await generatedProject({ 'src/user.ts': '/** The signed-in user. */\nexport function getUserId(): string {\n  return "u1";\n}\n' });
    projects.push(made);
    const { root } = made;
    const input = JSON.stringify({ session_id: 's', hook_event_name: 'UserPromptSubmit', prompt: 'rename getUserId to currentUserId', cwd: root });
    const hook = (env: Record<string, string>): string => spawnSync(process.execPath, [CLI_PATH, 'prompt-hook'], { input, cwd: root, encoding: 'utf8', env: cliEnv(env), timeout: 30_000 }).stdout;
    const alone = hook({ ...ENV, CODEGRAPH_NO_DAEMON: '1' });
    assert.match(alone, /^CodeGraph context for this prompt/);
    await client(root);
    await trackDaemon(root);
    await waitUntil(() => /serving/.test(readFileSync(join(root, '.codegraph', 'daemon.log'), 'utf8')), 10_000, 'the daemon to serve');
    assert.equal(hook(ENV), alone);
    assert.match(readFileSync(join(root, '.codegraph', 'daemon.log'), 'utf8'), /prompt hook answered \(explore\)/);
  });
});

test('the log line of a failed write of the whole image says the index on disk is whole, and why', () => {
  const line = foldLine({ phase: 'failed', ms: 12.4, error: new Error('ENOSPC: no space left on device') });
  assert.equal(line, 'writing the index whole failed after 12 ms; the index on disk is whole and keeps every saved edit: ENOSPC: no space left on device');
  assert.equal(foldLine({ phase: 'written', ms: 1999.6 }), 'wrote the index whole in 2000 ms');
  assert.equal(foldLine({ phase: 'started', logBytes: 3 * 2 ** 20 }), 'writing the index whole, folding its change log (3.0 MB)');
});
