import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { attachProject } from '../../src/daemon/attach.js';
import { claimSocket } from '../../src/daemon/claim-socket.js';
import { daemonSocketPath } from '../../src/daemon/socket-path.js';
import { checkOwnSocket, ensureOwnDirectory, UntrustedSocketError } from '../../src/daemon/socket-trust.js';
import { VERSION } from '../../src/version.js';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { fixturesDir } from '../support/golden.js';
import { assertNoDaemonLeft, trackPid, waitForExit } from '../support/daemons.js';

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-trust-')));
// Other users may pass through the scratch folder, as through /tmp: each test's own folders decide.
chmodSync(scratch, 0o755);
after(async () => {
  await assertNoDaemonLeft();
  rmSync(scratch, { recursive: true, force: true });
});

const POSIX = process.platform !== 'win32';
const ROOT_USER = process.getuid?.() === 0;
const NOBODY = 65534;
const SETPRIV = '/usr/bin/setpriv';
const secondUid = !ROOT_USER ? 'the second-uid tests need root (they run a process as nobody through setpriv)' : !existsSync(SETPRIV) ? 'setpriv is missing (util-linux)' : false;

let counter = 0;
function fresh(name: string): string {
  const dir = join(scratch, `${name}-${counter++}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Runs `fn` with the process umask set to `mask`, restoring it after. */
async function withUmask<T>(mask: number, fn: () => Promise<T> | T): Promise<T> {
  const old = process.umask(mask);
  try {
    return await fn();
  } finally {
    process.umask(old);
  }
}

describe('the socket folder', { skip: POSIX ? false : 'Windows uses named pipes' }, () => {
  test('is made with mode 0700 whatever the umask', async () => {
    const dir = join(fresh('umask'), 'codegraph');
    await withUmask(0o000, () => ensureOwnDirectory(dir));
    assert.equal(statSync(dir).mode & 0o777, 0o700);
  });

  test('is refused when others may enter it, when it is a link, or when it is not a folder', () => {
    const wide = join(fresh('wide'), 'codegraph');
    mkdirSync(wide, { mode: 0o755 });
    chmodSync(wide, 0o755);
    assert.throws(() => ensureOwnDirectory(wide), (e: unknown) => e instanceof UntrustedSocketError && /has mode 755; only you may enter it \(0700\)/.test(e.message));
    const target = join(fresh('target'), 'real');
    mkdirSync(target, { mode: 0o700 });
    const link = join(fresh('link'), 'codegraph');
    symlinkSync(target, link);
    assert.throws(() => ensureOwnDirectory(link), (e: unknown) => e instanceof UntrustedSocketError && /is not a folder/.test(e.message));
    const file = join(fresh('file'), 'codegraph');
    writeFileSync(file, '');
    assert.throws(() => ensureOwnDirectory(file), UntrustedSocketError);
  });

  test('is refused when another user owns it', { skip: ROOT_USER ? false : 'needs root to give a folder away' }, () => {
    const theirs = join(fresh('theirs'), 'codegraph');
    mkdirSync(theirs, { mode: 0o700 });
    chownSync(theirs, NOBODY, NOBODY);
    assert.throws(() => ensureOwnDirectory(theirs), (e: unknown) => e instanceof UntrustedSocketError && /belongs to uid 65534, not to you/.test(e.message));
  });
});

describe('a listening socket', { skip: POSIX ? false : 'Windows uses named pipes' }, () => {
  test('is made with mode 0600 in a 0700 folder whatever the umask', async () => {
    const path = join(fresh('claim'), 'codegraph', 'p.sock');
    const claim = await withUmask(0o000, () => claimSocket(path, (socket) => socket.destroy()));
    assert.equal(claim.kind, 'listening');
    try {
      assert.equal(statSync(path).mode & 0o777, 0o600);
      assert.equal(statSync(dirname(path)).mode & 0o777, 0o700);
    } finally {
      if (claim.kind === 'listening') claim.server.close();
    }
  });

  test('is refused by a client when it is not a socket', () => {
    const dir = join(fresh('notsock'), 'codegraph');
    ensureOwnDirectory(dir);
    writeFileSync(join(dir, 'x.sock'), '');
    assert.throws(() => checkOwnSocket(join(dir, 'x.sock')), (e: unknown) => e instanceof UntrustedSocketError && /is not a socket/.test(e.message));
  });
});

/** A project copied from the shop fixture and indexed, with its own socket folder (XDG_RUNTIME_DIR). */
function indexedProject(name: string): { root: string; env: Record<string, string> } {
  const root = fresh(name);
  cpSync(join(fixturesDir(import.meta.url), 'projects', 'shop'), root, { recursive: true });
  const runtime = fresh(`${name}-runtime`);
  chmodSync(runtime, 0o1777);
  const env = cliEnv({ XDG_RUNTIME_DIR: runtime, CODEGRAPH_NO_DAEMON: '1' });
  const init = spawnSync(process.execPath, [CLI_PATH, 'init', root, '--quiet'], { env, encoding: 'utf8' });
  assert.equal(init.status, 0, init.stderr);
  return { root, env: { ...env, CODEGRAPH_NO_DAEMON: '' } };
}

describe('a fake daemon', { skip: POSIX ? false : 'Windows uses named pipes' }, () => {
  test('of this user that cannot prove itself is refused at once and told nothing but hello', async () => {
    const { root, env } = indexedProject('fake');
    const path = daemonSocketPath(root, process.platform, env);
    ensureOwnDirectory(dirname(path));
    const heard: string[] = [];
    const fake: Server = createServer((socket) => {
      socket.setEncoding('utf8').on('data', (chunk: string) => {
        for (const line of chunk.split('\n').filter((l) => l !== '')) {
          const message = JSON.parse(line) as { id: number; method: string };
          heard.push(message.method);
          socket.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { pid: 1, version: VERSION, root, socket: path, index: undefined, startedAt: '', uptimeMs: 0, clients: 0, hostPids: [], autoSync: 'fake', proof: 'f'.repeat(64) } })}\n`);
        }
      });
    });
    fake.listen(path);
    await once(fake, 'listening');
    try {
      const xdg = process.env['XDG_RUNTIME_DIR'];
      process.env['XDG_RUNTIME_DIR'] = env['XDG_RUNTIME_DIR'];
      try {
        const service = await attachProject(root, { env: {}, role: 'cli', start: true });
        assert.equal(service.kind, 'foreground');
        assert.match(service.kind === 'foreground' ? service.reason : '', /could not prove it is that project's codegraph daemon; not using it/);
      } finally {
        if (xdg === undefined) delete process.env['XDG_RUNTIME_DIR'];
        else process.env['XDG_RUNTIME_DIR'] = xdg;
      }
      // The CLI answers from the index itself, never with what the fake said (the fake answers
      // from this process, so the CLI runs asynchronously).
      const search = await runAsync([CLI_PATH, 'search', 'checkout'], root, env);
      assert.equal(search.status, 0, search.stderr);
      assert.match(search.stdout, /Cart\.checkout/);
      assert.ok(heard.every((m) => m === 'codegraph/daemon.hello'), JSON.stringify(heard));
      assert.ok(heard.length >= 1);
    } finally {
      fake.close();
    }
  });
});

/** Runs the CLI without blocking this process's event loop. */
async function runAsync(args: string[], cwd: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const [status] = (await once(child, 'exit')) as [number | null];
  return { status, stdout, stderr };
}

/** Runs a Node script as nobody; resolves with its output once it prints `ready` (or exits). */
function asNobody(script: string, env: Record<string, string>): { child: ReturnType<typeof spawn>; output: () => string; ready: Promise<void> } {
  const child = spawn(SETPRIV, [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, '-e', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  trackPid(child.pid ?? 0);
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr?.setEncoding('utf8').on('data', (c: string) => (out += c));
  const ready = new Promise<void>((resolve) => {
    const check = (): void => {
      if (/ready|done/.test(out)) resolve();
    };
    child.stdout?.on('data', check);
    child.once('exit', () => resolve());
  });
  return { child, output: () => out, ready };
}

describe('another local user', { skip: secondUid }, () => {
  test('cannot connect to this user\'s daemon socket', async () => {
    const path = join(fresh('mine'), 'codegraph', 'd.sock');
    const claim = await claimSocket(path, (socket) => socket.end('{"jsonrpc":"2.0","id":1,"result":"you reached root"}\n'));
    assert.equal(claim.kind, 'listening');
    try {
      chmodSync(dirname(dirname(path)), 0o755);
      const probe = asNobody(`require('net').connect(${JSON.stringify(path)}).on('connect', () => console.log('done connected')).on('error', (e) => console.log('done ' + e.code))`, cliEnv());
      await probe.ready;
      await waitForExit(probe.child.pid ?? 0, 10_000);
      assert.match(probe.output(), /done EACCES/);
    } finally {
      if (claim.kind === 'listening') claim.server.close();
    }
  });

  test('who listens where this user\'s client looks is refused in one line, and the CLI answers from the index', async () => {
    const { root, env } = indexedProject('hijack');
    const path = daemonSocketPath(root, process.platform, env);
    const log = join(fresh('hijack-log'), 'heard.txt');
    writeFileSync(log, '');
    chmodSync(log, 0o666);
    // nobody makes the socket folder first (the runtime folder is shared, like /tmp) and answers every line;
    // it exits by itself once this test's process is gone, even if a kill skipped the finally below.
    const watchdog = `setInterval(()=>{try{process.kill(${process.pid},0)}catch(e){if(e.code==='ESRCH')process.exit(0)}},500).unref?.();`;
    const script = `${watchdog}const fs=require('fs'),net=require('net');fs.mkdirSync(${JSON.stringify(dirname(path))},{mode:0o700});net.createServer((s)=>s.on('data',(d)=>{fs.appendFileSync(${JSON.stringify(log)},d);s.write('{"jsonrpc":"2.0","id":1,"result":{"version":${JSON.stringify(VERSION)},"root":${JSON.stringify(root)},"proof":"x"}}\\n')})).listen(${JSON.stringify(path)},()=>console.log('ready'))`;
    const squatter = asNobody(script, cliEnv());
    await squatter.ready;
    try {
      assert.match(squatter.output(), /ready/);
      const search = spawnSync(process.execPath, [CLI_PATH, 'search', 'checkout'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
      assert.equal(search.status, 0, search.stderr);
      assert.match(search.stdout, /Cart\.checkout/);
      assert.equal(readFileSync(log, 'utf8'), '', 'the other user\'s listener heard nothing');
      const sync = spawnSync(process.execPath, [CLI_PATH, 'sync', root], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
      assert.equal(sync.status, 0, sync.stderr);
      const stop = spawnSync(process.execPath, [CLI_PATH, 'daemon', 'stop', root], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
      assert.equal(stop.status, 0, stop.stderr);
      assert.equal(readFileSync(log, 'utf8'), '', 'sync and daemon stop said nothing to it either');
    } finally {
      squatter.child.kill('SIGKILL');
      await waitForExit(squatter.child.pid ?? 0, 10_000);
    }
  });
});
