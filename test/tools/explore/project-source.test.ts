import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { projectSource } from '../../../src/tools/explore/project-source.js';
import { openFixture, type OpenProject } from '../../explore/support.js';

let shop: OpenProject;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
});
after(() => shop.close());

test('the project source reads an indexed file as it is on disk and calls it fresh', () => {
  const reader = projectSource(shop.index);
  assert.equal(reader.freshness('src/cart.ts'), 'fresh');
  assert.equal(reader.read('src/cart.ts'), readFileSync(join(shop.root, 'src/cart.ts'), 'utf8'));
});

test('the project source never reads a secret file or one outside the project', () => {
  const reader = projectSource(shop.index);
  assert.equal(reader.read('.env'), undefined);
  assert.equal(reader.read('../outside.ts'), undefined);
});

test('the project source calls an edited file drifted and reads its current bytes', () => {
  const path = join(shop.root, 'src/events.ts');
  const edited = `// edited after indexing\n${readFileSync(path, 'utf8')}`;
  writeFileSync(path, edited);
  const reader = projectSource(shop.index);
  assert.equal(reader.freshness('src/events.ts'), 'drifted');
  assert.equal(reader.read('src/events.ts'), edited);
});

test('the project source calls a file the index does not know drifted', () => {
  assert.equal(projectSource(shop.index).freshness('src/not-indexed.ts'), 'drifted');
});
