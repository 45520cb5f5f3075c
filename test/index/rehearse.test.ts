import assert from 'node:assert/strict';
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { lastModified, rehearseEdit } from '../../src/index/rehearse.js';
import { ResolverInputs } from '../../src/index/resolver-inputs.js';
import { readConfig, scanWith, openIndex } from '../../src/index/sync/index.js';
import { prepareBases } from '../../src/index/sync/reresolve.js';
import type { ScannedFile } from '../../src/index/scan/index.js';
import { fixtureProject } from '../support/fixture-project.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

const file = (path: string, mtimeMs: number): ScannedFile => ({ path, size: 1, mtimeMs, language: 'typescript' });

test('the file to rehearse is the one modified last; none among no files', () => {
  assert.equal(lastModified([file('a.ts', 5), file('b.ts', 9), file('c.ts', 7)])?.path, 'b.ts');
  assert.equal(lastModified([]), undefined);
});

test('a rehearsal writes nothing to the index, and passes over a file that is gone or no longer the session\'s store', async () => {
  const project = await fixtureProject('shop', import.meta.url);
  cleanups.push(project.cleanup);
  const { store } = await openIndex(join(project.root, '.codegraph'));
  try {
    const inputs = new ResolverInputs();
    for (const _ of inputs.prepare(store)) continue;
    prepareBases(store, inputs);
    const scan = await scanWith(project.root, await readConfig(project.root));
    const counts = JSON.stringify(store.summaryCounts());
    const revision = store.revision;
    await rehearseEdit(project.root, store, inputs, scan.files, () => true);
    assert.equal(store.revision, revision, 'no write');
    assert.equal(JSON.stringify(store.summaryCounts()), counts);
    let asked = 0;
    await rehearseEdit(project.root, store, inputs, scan.files, () => (asked += 1) === 0);
    assert.equal(asked, 1, 'asked once whether the store is still the session\'s');
    const last = lastModified(scan.files)!;
    unlinkSync(join(project.root, last.path));
    await rehearseEdit(project.root, store, inputs, scan.files, () => true);
    assert.equal(store.revision, revision);
  } finally {
    store.close();
  }
});
