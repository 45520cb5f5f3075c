import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertNoDaemonLeft, trackPid, waitForExit } from '../support/daemons.js';

const GUARD_MODULE = fileURLToPath(new URL('../../src/cli/exit-guard.js', import.meta.url));

/** Runs `body` as an ES module in a fresh Node; resolves to its exit and the guard pid it printed. */
async function runChild(body: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; signal: NodeJS.Signals | null; guardPid: number }> {
  const script = `import { armExitGuard } from ${JSON.stringify(GUARD_MODULE)};\n${body}`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'], env });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  const guardPid = Number(/guard (\d+)/.exec(out)?.[1]);
  assert.ok(Number.isInteger(guardPid) && guardPid > 0, `the child printed its guard's pid: ${JSON.stringify(out)}`);
  trackPid(guardPid);
  return { code, signal, guardPid };
}

describe('exit guard', { skip: process.platform === 'win32' ? 'no POSIX shell to guard with' : false }, () => {
  after(() => assertNoDaemonLeft());

  it('ends a process that still lives after its grace period, then leaves', async () => {
    // The main thread blocks for a minute, as it does in Node's exit deadlock: no timer of its own can fire.
    const result = await runChild(`process.stdout.write('guard ' + armExitGuard(process.pid, 300) + '\\n', () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000));`);
    assert.equal(result.signal, 'SIGKILL');
    await waitForExit(result.guardPid, 10_000);
  });

  it('never ends a process within its grace period, even where PATH holds no sleep', async () => {
    // An agent may start a hook with a bare PATH: the guard must not count polls that took no time.
    const result = await runChild(`process.stdout.write('guard ' + armExitGuard(process.pid, 2000) + '\\n', () => setTimeout(() => process.exit(0), 400));`, { PATH: '/nonexistent' });
    assert.deepEqual([result.code, result.signal], [0, null]);
    await waitForExit(result.guardPid, 10_000);
  });

  it('leaves as soon as the process it guards has exited on its own, whatever the grace period', async () => {
    const result = await runChild(`process.stdout.write('guard ' + armExitGuard(process.pid, 600_000) + '\\n');`);
    assert.deepEqual([result.code, result.signal], [0, null]);
    await waitForExit(result.guardPid, 10_000);
  });
});
