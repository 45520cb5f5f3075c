import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { IndexSession } from '../../src/index/session.js';
import { IndexRemovedError } from '../../src/index/sync/index.js';
import { eventMatters, QUIET_MS, QUIET_PER_EVENT_MS, quietSpell, unwatchedDirectory, watchProject, type WatchEvent } from '../../src/index/watch.js';
import { ToolOutputFolders } from '../../src/index/scan/index.js';
import { fixtureProject } from '../support/fixture-project.js';
import { dumpGraph } from '../support/graph-dump.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

test('events inside .git, .codegraph and heavy folders are ignored, scope files are not', () => {
  for (const path of ['src/cart.ts', 'README.md', '.gitignore', 'lib/.gitignore', '.codegraph/config.json', '.git/info/exclude']) {
    assert.equal(eventMatters(path), true, path);
  }
  for (const path of ['.git/index', '.git/objects/ab/cdef', '.codegraph/codegraph.db', '.codegraph/writer.lock', 'node_modules/x/index.js', 'app/node_modules', 'pkg/dist/out.js']) {
    assert.equal(eventMatters(path), false, path);
  }
});

test('a coverage or virtualenv folder is left unwatched, its events dropped, once it holds a report or an environment, also one made empty and marked later', () => {
  const project = mkdtempSync(join(tmpdir(), 'codegraph-marked-'));
  cleanups.push(() => rmSync(project, { recursive: true, force: true }));
  const write = (file: string): void => {
    mkdirSync(dirname(join(project, file)), { recursive: true });
    writeFileSync(join(project, file), '');
  };
  for (const file of ['coverage/lcov.info', 'venv/pyvenv.cfg', 'plugins/coverage/index.js', 'src/env/settings.py', 'node_modules/x.js', 'web/coverage/unit/sorter.js']) write(file);
  mkdirSync(join(project, '.venv'));
  const marked = new ToolOutputFolders(project);
  const dirs = ['coverage', 'venv', 'venv/lib/site-packages', 'plugins/coverage', 'src/env', 'node_modules', 'src', 'web/coverage', '.venv'];
  assert.deepEqual(dirs.map((dir) => unwatchedDirectory(dir, marked)), [true, true, true, false, false, true, false, true, false]);
  assert.deepEqual(
    ['coverage/lcov-report/a.js', 'venv/lib/six.py', 'plugins/coverage/index.js', 'src/env/settings.py', '.venv/lib/x.py'].map((path) => eventMatters(path, marked)),
    [false, false, true, true, true],
  );
  // A tool makes its folder first and writes its marks after: asked again, it is judged anew.
  write('.venv/pyvenv.cfg');
  assert.equal(unwatchedDirectory('.venv/lib', marked), true);
  assert.equal(eventMatters('.venv/lib/x.py', marked), false);
  // Without a judge, a marked name's events are left to the sync's scan.
  assert.equal(eventMatters('coverage/lcov-report/a.js'), true);
});

test('events on the reference control files matter', () => {
  for (const path of ['codegraph.json', '.codegraph/config.toml']) assert.equal(eventMatters(path), true, path);
});

/** Waits until `events` has an entry that `match` accepts, or fails after `ms`. */
async function waitFor(events: WatchEvent[], match: (e: WatchEvent) => boolean, ms = 15_000): Promise<WatchEvent> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = events.find(match);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no matching watch event within ${ms} ms; got ${JSON.stringify(events.map((e) => e.kind))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('watching syncs once on start, then re-indexes an edited file after the quiet spell', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  appendFileSync(join(p.root, 'src/cart.ts'), '\nexport function whileAway(): number {\n  return 0;\n}\n');
  const events: WatchEvent[] = [];
  const controller = new AbortController();
  const done = watchProject({ root: p.root, debounceMs: 50, workers: 1, signal: controller.signal, onEvent: (e) => events.push(e) });
  try {
    const ready = await waitFor(events, (e) => e.kind === 'ready');
    assert.equal(ready.kind === 'ready' && ready.report.parsed, 1, 'the catch-up sync found the edit made before watching');
    appendFileSync(join(p.root, 'src/pricing.ts'), '\nexport function whileWatched(): number {\n  return 1;\n}\n');
    const synced = await waitFor(events, (e) => e.kind === 'synced' && e.changed.includes('src/pricing.ts'));
    assert.equal(synced.kind === 'synced' && synced.report.parsed, 1);
  } finally {
    controller.abort();
    await done;
  }
  const dump = await dumpGraph(p.root);
  assert.match(dump, /function:whileAway@/);
  assert.match(dump, /function:whileWatched@/);
});

test('a watch has its session ready the edit path once it is up and reads pause, before any change', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  const session = await IndexSession.open({ root: p.root, command: 'test', existingOnly: true, workers: 1 });
  const prepare = session.prepareEdits.bind(session);
  let asked = 0;
  session.prepareEdits = () => {
    asked += 1;
    return prepare();
  };
  const events: WatchEvent[] = [];
  const controller = new AbortController();
  const done = watchProject({ root: p.root, debounceMs: 50, workers: 1, signal: controller.signal, session, onEvent: (e) => events.push(e) });
  try {
    await waitFor(events, (e) => e.kind === 'ready');
    assert.equal(asked, 0, 'not while the first answers may still be coming');
    const deadline = Date.now() + 5000;
    while (asked === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(asked >= 1, 'readied once reads paused, with no change seen');
    appendFileSync(join(p.root, 'src/pricing.ts'), '\nexport function readied(): number {\n  return 2;\n}\n');
    await waitFor(events, (e) => e.kind === 'synced' && e.changed.includes('src/pricing.ts'));
  } finally {
    controller.abort();
    await done;
    await session.close();
  }
  assert.match(await dumpGraph(p.root), /function:readied@/);
});

test('watching an unreadable tree fails with the reason instead of hanging', async () => {
  const controller = new AbortController();
  await assert.rejects(
    watchProject({ root: join(tmpdir(), `codegraph-missing-${process.pid}`), debounceMs: 10, signal: controller.signal, onEvent: () => {} }),
    /ENOENT/,
  );
});

test('watching stops with a clear error when the index is deleted, instead of building a new one', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  const events: WatchEvent[] = [];
  const controller = new AbortController();
  const done = watchProject({ root: p.root, debounceMs: 50, workers: 1, signal: controller.signal, onEvent: (e) => events.push(e) });
  try {
    await waitFor(events, (e) => e.kind === 'ready');
    rmSync(join(p.root, '.codegraph'), { recursive: true, force: true });
    appendFileSync(join(p.root, 'src/cart.ts'), '\nexport const afterRemoval = 1;\n');
    await assert.rejects(done, (error: Error) => error instanceof IndexRemovedError && /is gone .*codegraph init/.test(error.message));
  } finally {
    controller.abort();
    await done.catch(() => undefined);
  }
  assert.equal(existsSync(join(p.root, '.codegraph', 'codegraph.db')), false, 'no new index was built');
});

test('the quiet spell is short for a lone save and grows with a burst, never past the ceiling', () => {
  assert.equal(quietSpell(1, 2000), QUIET_MS);
  assert.equal(quietSpell(5, 2000), QUIET_MS + 4 * QUIET_PER_EVENT_MS);
  assert.equal(quietSpell(500, 2000), 2000);
  assert.equal(quietSpell(1, 100), 100, 'a ceiling below the quiet spell wins');
  assert.equal(quietSpell(0, 2000), QUIET_MS);
});

test('a lone edit syncs after the short quiet spell, not after the ceiling', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  const events: WatchEvent[] = [];
  const controller = new AbortController();
  // A ceiling no test waits for: the sync below can only come from the short spell.
  const done = watchProject({ root: p.root, debounceMs: 600_000, workers: 1, signal: controller.signal, onEvent: (e) => events.push(e) });
  try {
    await waitFor(events, (e) => e.kind === 'ready');
    appendFileSync(join(p.root, 'src/pricing.ts'), '\nexport function quickly(): number {\n  return 2;\n}\n');
    const synced = await waitFor(events, (e) => e.kind === 'synced' && e.changed.includes('src/pricing.ts'), 30_000);
    assert.equal(synced.kind === 'synced' && synced.report.parsed, 1);
  } finally {
    controller.abort();
    await done;
  }
});

test('a burst of edits to many files coalesces into one sync', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  const events: WatchEvent[] = [];
  const controller = new AbortController();
  const done = watchProject({ root: p.root, debounceMs: 3000, workers: 1, signal: controller.signal, onEvent: (e) => events.push(e) });
  try {
    await waitFor(events, (e) => e.kind === 'ready');
    const { writeFileSync } = await import('node:fs');
    // 60 files written back to back, as a checkout writes them: each event lengthens the wait.
    for (let i = 0; i < 60; i++) writeFileSync(join(p.root, 'src', `many${i}.ts`), `export function many${i}(): number {\n  return ${i};\n}\n`);
    const synced = await waitFor(events, (e) => e.kind === 'synced', 30_000);
    assert.equal(synced.kind === 'synced' && synced.changed.filter((c) => c.startsWith('src/many')).length, 60, 'every file in the one sync');
    assert.equal(events.filter((e) => e.kind === 'synced').length, 1);
  } finally {
    controller.abort();
    await done;
  }
});
