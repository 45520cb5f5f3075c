import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkCapacity, DATABASE_BYTES_PER_SOURCE_BYTE, estimatedDatabaseBytes } from '../../../src/index/sync/capacity.js';
import { IndexError } from '../../../src/index/sync/errors.js';
import { indexProject } from '../../../src/index/sync/index.js';
import { fixtureProject } from '../../support/fixture-project.js';

const scan = (sizes: Readonly<Record<string, number>>) => ({
  files: Object.entries(sizes).map(([path, size]) => ({ path, size, mtimeMs: 0, language: 'c' })),
  skipped: [],
  directoriesVisited: 1,
});

test('the estimate scales the scanned source bytes', () => {
  assert.equal(estimatedDatabaseBytes(scan({ 'a.c': 1000, 'b/c.c': 3000 })), Math.round(4000 * DATABASE_BYTES_PER_SOURCE_BYTE));
});

test('a tree over the limit is refused with its numbers, its largest folders and the remedy', () => {
  const big = scan({ 'drivers/a.c': 6000, 'drivers/b.c': 2000, 'fs/c.c': 1000, 'top.c': 10 });
  assert.throws(() => checkCapacity(big, 5000), (error: unknown) => {
    assert.ok(error instanceof IndexError);
    assert.match(error.message, /4 source files/);
    assert.match(error.message, /Index sub-trees as separate projects/);
    assert.match(error.message, /exclude generated and vendored folders/);
    assert.match(error.message, /Largest top-level folders: drivers\/ .*, fs\/ /);
    return true;
  });
  assert.doesNotThrow(() => checkCapacity(big, 1e9));
});

test('init stops after the scan, before parsing, when the estimate passes the limit', async () => {
  const shop = await fixtureProject('shop', import.meta.url, { index: false });
  try {
    await assert.rejects(indexProject({ root: shop.root, mode: 'full', command: 'test', workers: 1, maxDatabaseBytes: 100 }), /too large for one index/);
    assert.equal(existsSync(join(shop.root, '.codegraph', 'codegraph.db')), false, 'nothing was written');
  } finally {
    shop.cleanup();
  }
});

test('the refusal states the sizes in MB, the top-level folders by size (ties by name, five at most), and root files as "."', () => {
  const MB = 2 ** 20;
  const sizes: Record<string, number> = { 'top.c': 1 * MB, 'e/x.c': 2 * MB, 'd/x.c': 2 * MB, 'c/x.c': 3 * MB, 'b/x.c': 4 * MB, 'a/x.c': 5 * MB, 'a/y.c': 1 * MB };
  const total = 18 * MB;
  const limit = 10 * MB;
  // Exactly at the limit passes; one byte over is refused.
  assert.doesNotThrow(() => checkCapacity(scan({ 'a.c': 8 * MB }), 8 * MB * DATABASE_BYTES_PER_SOURCE_BYTE));
  assert.throws(() => checkCapacity(scan({ 'a.c': 8 * MB }), 8 * MB * DATABASE_BYTES_PER_SOURCE_BYTE - 1), IndexError);
  assert.throws(() => checkCapacity(scan(sizes), limit), (error: unknown) => {
    assert.ok(error instanceof IndexError);
    assert.equal(
      error.message,
      `This tree is too large for one index: 7 source files, 18 MB of source, an estimated ${(total * DATABASE_BYTES_PER_SOURCE_BYTE / MB).toFixed(0)} MB database, ` +
        'over the 10 MB a database can hold here. Nothing was parsed. Index sub-trees as separate projects (run `codegraph init` in each), ' +
        'or exclude generated and vendored folders ("exclude" in .codegraph/config.json). ' +
        'Largest top-level folders: a/ (6 MB), b/ (4 MB), c/ (3 MB), d/ (2 MB), e/ (2 MB).',
    );
    return true;
  });
  assert.throws(() => checkCapacity(scan({ 'top.c': 3 * MB, 'a/x.c': 1 * MB }), MB), /Largest top-level folders: \. \(3 MB\), a\/ \(1 MB\)\.$/);

  // Ties come out by name whatever order the scan listed them in.
  assert.throws(() => checkCapacity(scan({ 'y/a.c': MB, 'z/a.c': MB, 'x/a.c': MB }), MB), /Largest top-level folders: x\/ \(1 MB\), y\/ \(1 MB\), z\/ \(1 MB\)\.$/);
});
