import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, test } from 'node:test';
import { eventText } from '../../src/cli/watch-command.js';
import { LineClient } from '../../conformance/line-client.js';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { fixtureProject } from '../support/fixture-project.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

test('codegraph watch --json reports ready, then one synced event per burst of edits, and stops on SIGINT', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  const child = spawn(process.execPath, [CLI_PATH, 'watch', p.root, '--json'], {
    env: cliEnv({ CODEGRAPH_WATCH_DEBOUNCE_MS: '100' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const received: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => received.push(line));
  const events: Record<string, unknown>[] = [];
  const next = async (): Promise<Record<string, unknown>> => {
    const deadline = Date.now() + 20_000;
    while (received.length === 0) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no event from watch: ${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return JSON.parse(received.shift() as string) as Record<string, unknown>;
  };
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    events.push(await next());
    assert.equal(events[0]?.['event'], 'ready');
    assert.equal(events[0]?.['parsed'], 0);
    appendFileSync(join(p.root, 'src/cart.ts'), '\nexport function burstOne(): number {\n  return 1;\n}\n');
    appendFileSync(join(p.root, 'src/pricing.ts'), '\nexport function burstTwo(): number {\n  return 2;\n}\n');
    events.push(await next());
    const synced = events[1];
    assert.equal(synced?.['event'], 'synced');
    assert.deepEqual(synced?.['changed'], ['src/cart.ts', 'src/pricing.ts']);
    assert.equal(synced?.['parsed'], 2);
    assert.equal(typeof synced?.['durationMs'], 'number');
  } finally {
    child.kill('SIGINT');
    clearTimeout(timer);
  }
  assert.equal(await exited, 0, stderr);
  const search = spawnSync(process.execPath, [CLI_PATH, 'search', 'burstTwo', '-p', p.root], { encoding: 'utf8', env: cliEnv() });
  assert.match(search.stdout, /burstTwo/);
});

test('codegraph watch without an index exits 2 and says to run init', async () => {
  const p = await fixtureProject('shop', import.meta.url, { index: false });
  cleanups.push(p.cleanup);
  const r = spawnSync(process.execPath, [CLI_PATH, 'watch', p.root], { encoding: 'utf8', env: cliEnv(), timeout: 30_000 });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /no index at .*run `codegraph init/);
});

test('codegraph watch rejects a malformed CODEGRAPH_WATCH_DEBOUNCE_MS with exit 2', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  const r = spawnSync(process.execPath, [CLI_PATH, 'watch', p.root], { encoding: 'utf8', env: cliEnv({ CODEGRAPH_WATCH_DEBOUNCE_MS: 'soon' }), timeout: 30_000 });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /CODEGRAPH_WATCH_DEBOUNCE_MS must be a whole number of milliseconds.*"soon"/);
});

test('watch lines say what was re-indexed, how long it took, and what a failure means', () => {
  const report = { parsed: 1, unchanged: 9, removed: 0, skipped: 0, diagnostics: 0, updated: true, databaseBytes: 1, durationMs: 42.4, phaseMs: { scanning: 1, parsing: 10, resolving: 20, saving: 11 } };
  assert.equal(
    eventText('/p', { kind: 'synced', report, changed: ['a.ts'] }, 100),
    'codegraph: re-indexed 1 file in 42 ms (scan 1, parse 10, resolve 20, save 11)',
  );
  assert.equal(eventText('/p', { kind: 'synced', report: { ...report, parsed: 0 }, changed: ['a.ts'] }, 100), 'codegraph: nothing to re-index');
  assert.match(eventText('/p', { kind: 'ready', report }, 100), /^codegraph: watching \/p \(10 files; .*Changes sync after 100 ms of quiet/);
  assert.match(
    eventText('/p', { kind: 'failed', error: new Error('held by pid 7'), changed: [], retrying: true }, 100),
    /sync failed: held by pid 7 \(trying again shortly\)/,
  );
});

test('codegraph serve --mcp --watch answers from an index its watcher keeps up to date', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  const client = new LineClient({ args: ['--path', p.root, '--watch'], env: { CODEGRAPH_WATCH_DEBOUNCE_MS: '50' } });
  try {
    await client.initialize('2025-11-25');
    const search = async (): Promise<string> => {
      const response = await client.request('tools/call', { name: 'codegraph_search', arguments: { query: 'watchedAddition' } });
      const result = response['result'] as { content: { text: string }[] };
      return result.content.map((c) => c.text).join('\n');
    };
    assert.doesNotMatch(await search(), /src\/cart\.ts/);
    appendFileSync(join(p.root, 'src/cart.ts'), '\nexport function watchedAddition(): number {\n  return 4;\n}\n');
    const deadline = Date.now() + 20_000;
    let text = '';
    while (Date.now() < deadline) {
      text = await search();
      if (/watchedAddition/.test(text) && /src\/cart\.ts/.test(text)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.match(text, /watchedAddition[\s\S]*src\/cart\.ts/);
  } finally {
    // At the end of input the server lets a sync in flight finish its atomic save before it exits;
    // on a loaded two-core machine that alone can take longer than the client's default 10 s.
    assert.equal(await client.close(30_000), 0, client.stderr);
  }
});

test('codegraph serve --mcp --watch without an indexed project says so and still serves', async () => {
  const p = await fixtureProject('shop', import.meta.url, { index: false });
  cleanups.push(p.cleanup);
  const client = new LineClient({ args: ['--path', p.root, '--watch'] });
  try {
    const response = await client.initialize('2025-11-25');
    assert.ok(response['result'] !== undefined);
  } finally {
    assert.equal(await client.close(), 0);
  }
  assert.match(client.stderr, /--watch: no indexed project to watch/);
});
