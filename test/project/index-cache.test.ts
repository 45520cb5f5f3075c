import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { indexProject } from '../../src/index/sync/index.js';
import { IndexCache } from '../../src/project/index-cache.js';
import { fixtureProject } from '../support/fixture-project.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

test('IndexCache returns the same open index while the database file is unchanged', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  const cache = new IndexCache();
  try {
    const a = await cache.get(p.root);
    const b = await cache.get(p.root);
    assert.ok(a !== undefined);
    assert.equal(a, b);
  } finally {
    cache.close();
  }
});

test('IndexCache reloads an index that another writer replaced', async () => {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  const cache = new IndexCache();
  try {
    const before = await cache.get(p.root);
    assert.deepEqual(before?.store.nodesByName('lateAddition'), []);
    appendFileSync(join(p.root, 'src', 'pricing.ts'), '\nexport function lateAddition(): number {\n  return 2;\n}\n');
    await indexProject({ root: p.root, mode: 'incremental', command: 'test', workers: 1 });
    const after = await cache.get(p.root);
    assert.notEqual(after, before);
    assert.equal(after?.store.nodesByName('lateAddition').length, 1);
  } finally {
    cache.close();
  }
});

test('IndexCache answers undefined for a folder without an index', async () => {
  const p = await fixtureProject('shop', import.meta.url, { index: false });
  cleanups.push(p.cleanup);
  const cache = new IndexCache();
  assert.equal(await cache.get(p.root), undefined);
  cache.close();
});
