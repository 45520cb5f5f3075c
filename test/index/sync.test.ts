import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { indexProject } from '../../src/index/sync.js';
import { fixtureProject } from '../support/fixture-project.js';
import { dumpGraph } from '../support/graph-dump.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

async function indexed(): Promise<string> {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  return p.root;
}

/** Indexes a copy of `root` from nothing and returns its dump: what an incremental result must equal. */
async function freshDump(root: string): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'codegraph-fresh-'));
  cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
  cpSync(root, copy, { recursive: true, filter: (src) => !src.includes('.codegraph') });
  await indexProject({ root: copy, mode: 'full', command: 'test', workers: 1 });
  return dumpGraph(copy);
}

const sync = (root: string) => indexProject({ root, mode: 'incremental', command: 'test', workers: 1 });

test('sync re-extracts nothing when no file changed', async () => {
  const root = await indexed();
  const before = await dumpGraph(root);
  const summary = await sync(root);
  assert.equal(summary.parsed, 0);
  assert.equal(summary.unchanged, summary.files);
  assert.equal(await dumpGraph(root), before);
});

test('sync treats a touch without a content change as unchanged', async () => {
  const root = await indexed();
  const before = await dumpGraph(root);
  const future = new Date(Date.now() + 60_000);
  utimesSync(join(root, 'src/pricing.ts'), future, future);
  const summary = await sync(root);
  assert.equal(summary.parsed, 1);
  assert.equal(await dumpGraph(root), before);
  assert.equal((await sync(root)).parsed, 0, 'the new mtime is recorded, so the next sync skips the file');
});

test('sync picks up a modified file and matches a fresh index', async () => {
  const root = await indexed();
  appendFileSync(join(root, 'src/pricing.ts'), '\nexport function freeShipping(amount: number): boolean {\n  return applyDiscount(amount, "TEN") > 50;\n}\n');
  const summary = await sync(root);
  assert.equal(summary.parsed, 1);
  const dump = await dumpGraph(root);
  assert.match(dump, /freeShipping/);
  assert.equal(dump, await freshDump(root));
});

test('sync adds a new file and binds references into it', async () => {
  const root = await indexed();
  writeFileSync(join(root, 'src/tax.ts'), "import { priceOf } from './pricing.js';\nexport function taxed(sku: string): number {\n  return priceOf(sku) * 1.2;\n}\n");
  await sync(root);
  const dump = await dumpGraph(root);
  assert.match(dump, /edge src\/tax\.ts#function:taxed@2:\d+ -calls-> src\/pricing\.ts#function:priceOf/);
  assert.equal(dump, await freshDump(root));
});

test('sync removes a deleted file and the edges that pointed into it', async () => {
  const root = await indexed();
  unlinkSync(join(root, 'src/util/format.ts'));
  const summary = await sync(root);
  assert.equal(summary.removed, 1);
  const dump = await dumpGraph(root);
  assert.doesNotMatch(dump, /format\.ts/);
  assert.equal(dump, await freshDump(root));
});

test('sync handles a rename as a removal plus an addition', async () => {
  const root = await indexed();
  renameSync(join(root, 'src/events.ts'), join(root, 'src/bus.ts'));
  const cart = join(root, 'src/cart.ts');
  writeFileSync(cart, readFileSync(cart, 'utf8').replace("'./events.js'", "'./bus.js'"));
  await sync(root);
  const dump = await dumpGraph(root);
  assert.doesNotMatch(dump, /events\.ts/);
  assert.match(dump, /src\/cart\.ts#method:Cart\.add@\d+:\d+ -calls-> src\/bus\.ts#function:emit/);
  assert.equal(dump, await freshDump(root));
});

/** A small deterministic generator so a failing sequence can be replayed from its seed. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('after random edit sequences the incremental graph equals a fresh full index', async () => {
  const seed = Number(process.env['SYNC_SEED'] ?? 7);
  const random = prng(seed);
  const root = await indexed();
  const files = ['src/cart.ts', 'src/pricing.ts', 'src/events.ts', 'src/index.ts', 'py/orders/service.py', 'py/orders/models.py'];
  for (let round = 0; round < 4; round++) {
    for (let edit = 0; edit < 3; edit++) {
      const pick = files[Math.floor(random() * files.length)] ?? 'src/cart.ts';
      const path = join(root, pick);
      const action = Math.floor(random() * 4);
      const n = Math.floor(random() * 1000);
      if (action === 0) {
        const body = pick.endsWith('.py') ? `\n\ndef added_${n}():\n    return Order(${n}, ${n})\n` : `\nexport function added${n}(): number {\n  return priceOf('apple') + ${n};\n}\n`;
        try {
          appendFileSync(path, body);
        } catch {
          writeFileSync(path, body);
        }
      } else if (action === 1) {
        rmSync(path, { force: true });
      } else if (action === 2) {
        writeFileSync(path, pick.endsWith('.py') ? `from .models import Order\n\nclass Fresh${n}:\n    def go(self):\n        return Order(1, 2).is_large()\n` : `import { priceOf } from './pricing.js';\nexport const fresh${n} = () => priceOf('pear');\n`);
      } else {
        writeFileSync(path, 'this is not valid code {{{ ((( \n');
      }
    }
    await sync(root);
    assert.equal(await dumpGraph(root), await freshDump(root), `seed ${seed}, round ${round}: replay with SYNC_SEED=${seed}`);
  }
});
