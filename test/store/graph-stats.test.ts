import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IndexCache } from '../../src/project/index-cache.js';
import { indexProject } from '../../src/index/sync/index.js';
import { fixtureProject } from '../support/fixture-project.js';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

test('a full index stores the totals status prints, an incremental one keeps them current, and a change that did not is not served', async () => {
  const shop = await fixtureProject('shop', import.meta.url);
  try {
    let cache = new IndexCache();
    let index = await cache.get(shop.root);
    if (index === undefined) throw new Error('no index');
    const stored = index.store.storedTotals();
    assert.deepEqual(stored, { counts: index.store.counts(), byLanguage: index.store.languageCounts() });
    cache.close();
    appendFileSync(join(shop.root, 'src', 'cart.ts'), '\nexport function addedForTotals() { return 1; }\n');
    await indexProject({ root: shop.root, mode: 'incremental', command: 'test', workers: 1 });
    cache = new IndexCache();
    index = await cache.get(shop.root);
    if (index === undefined) throw new Error('no index');
    const kept = index.store.storedTotals();
    assert.deepEqual(kept, { counts: index.store.counts(), byLanguage: index.store.languageCounts() });
    assert.equal(kept?.counts.nodes, (stored?.counts.nodes ?? 0) + 1);
    // A write whose run does not bring the totals up to date leaves them unserved, not wrong.
    index.store.removeFile('src/cart.ts');
    assert.equal(index.store.storedTotals(), undefined, 'stale totals are not served');
    assert.equal(index.store.totals().counts.nodes, index.store.counts().nodes);
    cache.close();
  } finally {
    shop.cleanup();
  }
});

test('the summary counts equal the same fields of the full counts, before and after an edit', async () => {
  for (const name of ['shop', 'ledger']) {
    const project = await fixtureProject(name, import.meta.url);
    try {
      for (const edit of name === 'shop' ? [false, true] : [false]) {
        if (edit) {
          appendFileSync(join(project.root, 'src', 'cart.ts'), '\nimport { x } from "./nowhere";\nexport function summaryProbe() { return missingCall(x); }\n');
          await indexProject({ root: project.root, mode: 'incremental', command: 'test', workers: 1 });
        }
        const cache = new IndexCache();
        const index = await cache.get(project.root);
        if (index === undefined) throw new Error('no index');
        const { files, nodes, edges, refs, unresolvedRefs, filesByLanguage } = index.store.counts();
        assert.deepEqual(index.store.summaryCounts(), { files, nodes, edges, refs, unresolvedRefs, filesByLanguage }, `${name}, edited: ${edit}`);
        assert.ok(unresolvedRefs > 0 && edges > 0, 'a graph with something to count');
        cache.close();
      }
    } finally {
      project.cleanup();
    }
  }
});
