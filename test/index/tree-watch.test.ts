import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { watchTree, type TreeWatch } from '../../src/index/tree-watch.js';

let root: string;
let tree: TreeWatch | undefined;
let events: string[];
let errors: unknown[];

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-tree-watch-')));
  events = [];
  errors = [];
});

afterEach(() => {
  tree?.close();
  tree = undefined;
  rmSync(root, { recursive: true, force: true });
});

function write(path: string, text = 'x\n'): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

async function start(perDirectory = true): Promise<TreeWatch> {
  tree = await watchTree({
    root,
    onEvent: (rel) => events.push(rel ?? '(none)'),
    onError: (error) => errors.push(error),
    skipDirectory: (rel) => rel.split('/').includes('node_modules'),
    alsoWatch: ['node_modules/keep'],
    perDirectory,
  });
  return tree;
}

/** Waits until `path` was reported (or fails after 5 s). */
async function reported(path: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!events.includes(path)) {
    if (Date.now() > deadline) assert.fail(`no event for ${path}; saw ${JSON.stringify(events)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('one watch per directory that is not skipped, plus the ones asked for', async () => {
  write('a/b/c.py');
  write('a/d.py');
  write('node_modules/pkg/index.js');
  write('node_modules/keep/x.txt');
  const watch = await start();
  // '', a, a/b and node_modules/keep; not node_modules or node_modules/pkg.
  assert.equal(watch.watchedDirectories, 4);
});

test('an edit deep in the tree is reported with its project-relative path', async () => {
  write('a/b/c.py');
  await start();
  write('a/b/c.py', 'changed\n');
  await reported('a/b/c.py');
  assert.deepEqual(errors, []);
});

test('a directory made after the start is watched, and what is written in it is reported', async () => {
  await start();
  mkdirSync(join(root, 'fresh'));
  await reported('fresh');
  // The new directory's watch is set up from the parent's event; wait for it before writing.
  const deadline = Date.now() + 5000;
  while ((tree?.watchedDirectories ?? 0) < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  write('fresh/new.py');
  await reported('fresh/new.py');
});

test('skipped folders report nothing; a removed directory is let go without an error', async () => {
  write('node_modules/pkg/index.js');
  write('gone/a.py');
  const watch = await start();
  assert.equal(watch.watchedDirectories, 2);
  write('node_modules/pkg/index.js', 'changed\n');
  rmSync(join(root, 'gone'), { recursive: true });
  await reported('gone');
  const deadline = Date.now() + 5000;
  while (watch.watchedDirectories > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(watch.watchedDirectories, 1);
  assert.ok(!events.some((e) => e.startsWith('node_modules/pkg')), JSON.stringify(events));
  assert.deepEqual(errors, []);
});

test('nothing is reported after close', async () => {
  write('a.py');
  const watch = await start();
  watch.close();
  assert.equal(watch.watchedDirectories, 0);
  // Barrier: a second watch on the same tree sees the change and then a sentinel written after it;
  // once the sentinel arrives there, the closed watch has had the change's event delivered too.
  const seen: string[] = [];
  const witness = await watchTree({ root, onEvent: (rel) => seen.push(rel ?? '(none)'), onError: (error) => errors.push(error), skipDirectory: () => false, alsoWatch: [], perDirectory: true });
  try {
    write('a.py', 'changed\n');
    write('sentinel.py');
    const deadline = Date.now() + 10_000;
    while (!seen.includes('sentinel.py')) {
      if (Date.now() > deadline) throw new Error(`the witness watch never saw the sentinel: ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(seen.includes('a.py'), JSON.stringify(seen));
    assert.deepEqual(events, []);
  } finally {
    witness.close();
  }
});

test('one recursive watch (what macOS and Windows get) reports nested paths too', async () => {
  write('a/b/c.py');
  const watch = await start(false);
  assert.equal(watch.watchedDirectories, 1);
  write('a/b/c.py', 'changed\n');
  await reported('a/b/c.py');
});
