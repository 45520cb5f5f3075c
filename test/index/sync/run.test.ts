/** A run's lifecycle parts on their own: the writer lock around the index folder, the config, the scan and opening the stored index. */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { copyOutBetweenReads, IndexError, IndexRemovedError, openIndex, readConfig, scanWith, withWriterLock } from '../../../src/index/sync/index.js';
import { acquireLock, LockHeldError, releaseLock } from '../../../src/store/index.js';

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'codegraph-run-'));
  roots.push(root);
  return root;
}

const enoent = (): NodeJS.ErrnoException => Object.assign(new Error('gone'), { code: 'ENOENT' });

test('the writer lock makes the index folder with its own .gitignore, and runs the work inside it', async () => {
  const root = project();
  const seen = await withWriterLock(root, 'test', async (dir) => dir);
  assert.equal(seen, join(root, '.codegraph'));
  assert.equal(readFileSync(join(root, '.codegraph', '.gitignore'), 'utf8'), '# codegraph index: derived data, safe to delete\n*\n');
});

test('a long-lived writer never makes a missing index folder: it says the index is gone and how to rebuild it', async () => {
  const root = project();
  const message = `the index at ${join(root, '.codegraph')} is gone (removed by \`codegraph uninit\`?); run \`codegraph init\` to build it again`;
  await assert.rejects(withWriterLock(root, 'test', async () => 'ran', true), (e: unknown) => e instanceof IndexRemovedError && e.message === message);
  assert.equal(existsSync(join(root, '.codegraph')), false);
});

test('a long-lived writer whose folder vanishes during the work says the index is gone; other failures pass through as they are', async () => {
  const root = project();
  mkdirSync(join(root, '.codegraph'));
  await assert.rejects(
    withWriterLock(root, 'test', async (dir) => {
      rmSync(dir, { recursive: true, force: true });
      throw enoent();
    }, true),
    IndexRemovedError,
  );
  mkdirSync(join(root, '.codegraph'));
  // A missing file while the folder still exists is that file's problem, not a removed index.
  await assert.rejects(withWriterLock(root, 'test', async () => { throw enoent(); }, true), (e: unknown) => !(e instanceof IndexRemovedError) && (e as Error).message === 'gone');
  await assert.rejects(withWriterLock(root, 'test', async () => { throw new Error('other'); }, true), { message: 'other' });
  // A one-shot writer never reads ENOENT as a removed index.
  await assert.rejects(withWriterLock(root, 'test', async (dir) => {
    rmSync(dir, { recursive: true, force: true });
    throw enoent();
  }), (e: unknown) => !(e instanceof IndexRemovedError));
  // A folder removed during the work does not turn every failure into a removed index.
  mkdirSync(join(root, '.codegraph'), { recursive: true });
  await assert.rejects(withWriterLock(root, 'test', async (dir) => {
    rmSync(dir, { recursive: true, force: true });
    throw new Error('other');
  }, true), (e: unknown) => !(e instanceof IndexRemovedError) && (e as Error).message === 'other');
  // The lock is released each time: the folder can be locked again.
  mkdirSync(join(root, '.codegraph'), { recursive: true });
  assert.equal(await withWriterLock(root, 'test', async () => 'again', true), 'again');
});

test('a long-lived writer that finds the lock held says so, not that the index is gone', async () => {
  const root = project();
  mkdirSync(join(root, '.codegraph'));
  const held = await acquireLock(join(root, '.codegraph'), { command: 'codegraph index' });
  try {
    await assert.rejects(withWriterLock(root, 'test', async () => 'ran', true), (e: unknown) => e instanceof LockHeldError);
  } finally {
    await releaseLock(held);
  }
});

test('an invalid config is an IndexError naming the file', async () => {
  const root = project();
  mkdirSync(join(root, '.codegraph'));
  writeFileSync(join(root, '.codegraph', 'config.json'), '{ "exclude": 3 }');
  await assert.rejects(readConfig(root), (e: unknown) => e instanceof IndexError && /config\.json/.test((e as Error).message));
});

test('a scan stops when its signal is aborted', async () => {
  const root = project();
  writeFileSync(join(root, 'a.ts'), 'export const a = 1;\n');
  const config = await readConfig(root);
  assert.deepEqual((await scanWith(root, config)).files.map((f) => f.path), ['a.ts']);
  const controller = new AbortController();
  controller.abort(new Error('stop'));
  await assert.rejects(scanWith(root, config, controller.signal), { message: 'stop' });
});

test('opening an index folder without a database gives a fresh store that says why', async () => {
  const root = project();
  mkdirSync(join(root, '.codegraph'));
  const opened = await openIndex(join(root, '.codegraph'));
  assert.deepEqual([opened.stamp, opened.rebuiltBecause], [undefined, 'no index existed yet']);
  assert.equal(opened.store.fileStats().length, 0);
});

test('a damaged database is kept aside under another name and a fresh store says so', async () => {
  const root = project();
  const dir = join(root, '.codegraph');
  mkdirSync(dir);
  writeFileSync(join(dir, 'codegraph.db'), Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4096, 7)]));
  const opened = await openIndex(dir);
  assert.equal(opened.stamp, undefined);
  assert.match(opened.rebuiltBecause ?? '', /^the index was damaged \(.+\); it was kept aside as .+/);
  assert.ok(readdirSync(dir).some((name) => name !== 'codegraph.db' && name.startsWith('codegraph.db')), readdirSync(dir).join(', '));
});

test('between two slices of a copy, the reads lent out run to their end first, those that come meanwhile too', async () => {
  const reads = new Set<Promise<unknown>>();
  const events: string[] = [];
  const lend = (name: string, after: Promise<void>): void => {
    const read = after.then(() => void events.push(name));
    reads.add(read);
    void read.finally(() => reads.delete(read));
  };
  let finishFirst: () => void = () => undefined;
  lend('first read', new Promise<void>((resolve) => (finishFirst = resolve)));
  const copy = copyOutBetweenReads(async (fn) => fn(), reads);
  const between = copy.between().then(() => void events.push('next slice'));
  await new Promise((resolve) => setImmediate(resolve));
  lend('second read', new Promise<void>((resolve) => setTimeout(resolve, 20)));
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(events, [], 'the slice waits for the read lent out');
  finishFirst();
  await between;
  assert.deepEqual(events, ['first read', 'second read', 'next slice']);
  assert.equal(await copy.alone(() => 7), 7);
});
