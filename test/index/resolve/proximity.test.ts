import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResolveContext } from '../../../src/index/resolve/context.js';
import { closest } from '../../../src/index/resolve/steps/proximity.js';
import type { ResolverSymbol } from '../../../src/index/resolve/types.js';

/** A context whose project knows only each file's directory. */
function contextOf(dirs: Record<number, string>): ResolveContext {
  return { project: { dir: (id: number) => dirs[id] ?? '', packageKey: () => undefined } } as unknown as ResolveContext;
}

function symbol(id: number, fileId: number, exported = true): ResolverSymbol {
  return { id, fileId, kind: 'method', name: 'acquire', qualifiedName: 'Semaphore.acquire', parentId: null, exported };
}

test('closest: of equals in the nearest folder, the one in the referencing file wins; else the one exported; else none', () => {
  const ctx = contextOf({ 1: 'src/sync', 2: 'src/sync', 3: 'src/sync' });
  const own = symbol(10, 1);
  const neighbour = symbol(20, 2);
  assert.equal(closest(ctx, 1, [neighbour, own], true)?.target, own);
  // Unless the call's receiver says nothing of where its type is defined.
  assert.equal(closest(ctx, 1, [neighbour, own], false), undefined);
  // From a third file in the folder neither is nearer.
  assert.equal(closest(ctx, 3, [neighbour, own], true), undefined);
  assert.equal(closest(ctx, 3, [neighbour, symbol(30, 1, false)], true)?.target, neighbour);
});

test('proximityTier: same folder 3, same package 2, same top folder 1, else 0 (files at the root share no top folder)', async () => {
  const { proximityTier } = await import('../../../src/index/resolve/steps/proximity.js');
  const dirs: Record<number, string> = { 1: 'src/a', 2: 'src/a', 3: 'lib/x', 4: 'src/b', 5: '', 6: '', 7: 'other/y' };
  const packages: Record<number, string | undefined> = { 1: 'app', 3: 'app', 7: undefined, 4: 'tools' };
  const ctx = { project: { dir: (id: number) => dirs[id] ?? '', packageKey: (id: number) => packages[id] } } as unknown as ResolveContext;
  assert.equal(proximityTier(ctx, 1, 2), 3, 'same folder');
  assert.equal(proximityTier(ctx, 1, 3), 2, 'same package, another folder');
  assert.equal(proximityTier(ctx, 1, 4), 1, 'same top folder, another package');
  assert.equal(proximityTier(ctx, 3, 7), 0, 'nothing shared');
  assert.equal(proximityTier(ctx, 7, 3), 0, 'no package is not a shared package');
  assert.equal(proximityTier(ctx, 4, 7), 0);
  // Two files at the root are in the same folder; a root file and a nested one share nothing.
  assert.equal(proximityTier(ctx, 5, 6), 3);
  assert.equal(proximityTier(ctx, 5, 3), 0);
});

test('closest: two own definitions in the nearest tier are not a choice either', () => {
  const ctx = contextOf({ 1: 'src/sync', 2: 'src/sync' });
  assert.equal(closest(ctx, 1, [symbol(10, 1), symbol(11, 1), symbol(20, 2, false)], true), undefined);
});
