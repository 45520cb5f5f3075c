import assert from 'node:assert/strict';
import { appendFileSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { TermIndex } from '../../../src/explore/data/terms.js';
import { indexProject } from '../../../src/index/sync/index.js';
import { IndexCache } from '../../../src/project/index-cache.js';
import { readTermBase } from '../../../src/store/index.js';
import { fixtureProject } from '../../support/fixture-project.js';

const QUERIES: readonly (readonly string[])[] = [
  ['discount', 'appli'], ['order', 'total'], ['refund', 'ledg'], ['cart', 'item', 'price'], ['repo', 'save'], ['user'],
];

/** Matches and weights of the stored index next to the ones gathered in memory from the same graph. */
async function compare(root: string): Promise<{ stored: unknown; memory: unknown; hasBase: boolean }> {
  const cache = new IndexCache();
  try {
    const index = await cache.get(root);
    if (index === undefined) throw new Error('no index');
    const answers = (terms: TermIndex): unknown =>
      QUERIES.map((q) => ({ matches: terms.match(q, 20), weights: q.map((t) => terms.weight(t)), files: terms.fileCount }));
    return {
      stored: answers(TermIndex.build(index.store)),
      memory: answers(TermIndex.build(index.store, { stored: false })),
      hasBase: readTermBase(index.store) !== undefined,
    };
  } finally {
    cache.close();
  }
}

test('the stored term index answers as one gathered in memory from the same graph', async () => {
  const shop = await fixtureProject('shop', import.meta.url);
  try {
    const { stored, memory, hasBase } = await compare(shop.root);
    assert.ok(hasBase, 'a full index stores the term base');
    assert.deepEqual(stored, memory);
    assert.ok(JSON.stringify(stored).includes('"covered"'), 'the queries match something');
  } finally {
    shop.cleanup();
  }
});

test('after a sync that keeps the base, files changed since are read on top of it', async () => {
  const shop = await fixtureProject('shop', import.meta.url);
  try {
    const sources = readdirSync(shop.root, { recursive: true, encoding: 'utf8' }).filter((p) => /\.(ts|js|py)$/.test(p) && !p.includes('.codegraph')).sort();
    const [first, second] = sources;
    if (first === undefined || second === undefined) throw new Error('the shop fixture has too few source files');
    appendFileSync(join(shop.root, first), first.endsWith('.py') ? '\n\ndef refund_ledger_entry():\n    return 1\n' : '\nexport function refundLedgerEntry() { return 1; }\n');
    unlinkSync(join(shop.root, second));
    await indexProject({ root: shop.root, mode: 'incremental', command: 'test', workers: 1 });
    const { stored, memory } = await compare(shop.root);
    assert.deepEqual(stored, memory);
    assert.ok(JSON.stringify(stored).includes('"nameHits":2'), 'the new definition matches both of its words');
  } finally {
    shop.cleanup();
  }
});
