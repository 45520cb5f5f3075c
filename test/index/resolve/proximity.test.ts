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
