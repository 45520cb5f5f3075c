import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { indexData } from '../../src/explore/data/index-data.js';
import { explore } from '../../src/explore/explore.js';
import type { SourceFreshness, SourceReader } from '../../src/explore/source-reader.js';
import { exploreProject } from '../../src/tools/explore/explore-tool.js';
import { openFixture, type OpenProject } from './support.js';

let shop: OpenProject;
/** Every indexed file's text, read while the project was still on disk. */
let texts: Map<string, string>;
/** The answers given from the project on disk, before it was deleted. */
let fromDisk: Awaited<ReturnType<typeof exploreProject>>;

const QUERY = 'how does checkout apply discounts';

before(async () => {
  shop = await openFixture('shop', import.meta.url);
  texts = new Map(indexData(shop.index.store).files.map((f) => [f.path, readFileSync(join(shop.root, f.path), 'utf8')]));
  fromDisk = await exploreProject(shop.index, QUERY);
  // From here on the project's files exist only in memory: the index is loaded, the folder is gone.
  rmSync(shop.root, { recursive: true, force: true });
});
after(() => shop.close());

/** A reader over `files`, every file in it fresh unless named in `drifted`; it records what was asked. */
function memoryReader(files: ReadonlyMap<string, string>, drifted: readonly string[] = []): SourceReader & { readonly asked: Set<string> } {
  const asked = new Set<string>();
  return {
    asked,
    freshness: (path): SourceFreshness => (files.has(path) && !drifted.includes(path) ? 'fresh' : 'drifted'),
    read: (path) => {
      asked.add(path);
      return files.get(path);
    },
  };
}

test('explore answers from an in-memory reader exactly as from the files on disk', async () => {
  const reader = memoryReader(texts);
  const result = await explore({ store: shop.index.store, source: reader }, QUERY);
  assert.equal(result.text, fromDisk.text);
  assert.deepEqual(result.json, fromDisk.json);
  assert.match(result.text, /src\/pricing\.ts/);
  assert.ok(reader.asked.has('src/pricing.ts'));
});

test('explore shows source that exists only in the reader', async () => {
  const pricing = texts.get('src/pricing.ts') ?? '';
  const marked = pricing.replace('applyDiscount', 'applyDiscount /* only-in-the-reader */');
  assert.notEqual(marked, pricing);
  const files = new Map(texts).set('src/pricing.ts', marked);
  const { text } = await explore({ store: shop.index.store, source: memoryReader(files) }, 'applyDiscount');
  assert.ok(text.includes('only-in-the-reader'));
});

test('explore says a file the reader cannot give could not be read', async () => {
  const files = new Map(texts);
  files.delete('src/db/repo.ts');
  const reader = memoryReader(files);
  const { text } = await explore({ store: shop.index.store, source: reader }, 'what is in src/db/repo.ts');
  assert.ok(reader.asked.has('src/db/repo.ts'));
  assert.match(text, /`src\/db\/repo\.ts` could not be read, so its source is omitted\./);
});

test('explore takes the drift verdict from the reader and names the drifted file in the banner', async () => {
  const { text, json } = await explore({ store: shop.index.store, source: memoryReader(texts, ['src/pricing.ts']) }, 'applyDiscount');
  assert.ok(text.startsWith('⚠️ Some files referenced below were edited since the last index sync'));
  assert.ok(text.includes('\n  - src/pricing.ts\n'));
  assert.match(text, /src\/pricing\.ts — whole file \(\d+ lines\) — current bytes; edited since the last index sync/);
  assert.equal(json.files.find((f) => f.path === 'src/pricing.ts')?.drifted, true);
});
