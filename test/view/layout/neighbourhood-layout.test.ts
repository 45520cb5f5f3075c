import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_SPACING, layoutNeighbourhood, linkPath } from '../../../src/view/layout/neighbourhood-layout.js';

const NODES = [
  { id: 1, side: 'center' as const, depth: 0 },
  { id: 2, side: 'in' as const, depth: 1 },
  { id: 3, side: 'in' as const, depth: 1 },
  { id: 4, side: 'out' as const, depth: 1 },
  { id: 5, side: 'in' as const, depth: 2 },
  { id: 6, side: 'out' as const, depth: 2 },
];
const LINKS = [{ from: 2, to: 1 }, { from: 3, to: 1 }, { from: 1, to: 4 }, { from: 5, to: 3 }, { from: 4, to: 6 }];

describe('layoutNeighbourhood', () => {
  test('callers go left and callees right by depth, the centre at the origin', () => {
    const placed = new Map(layoutNeighbourhood(NODES, LINKS).map((p) => [p.id, p]));
    assert.deepEqual([...placed.values()].map((p) => `${p.id}@${p.column}`), ['5@-2', '2@-1', '3@-1', '1@0', '4@1', '6@2']);
    const c = placed.get(1);
    assert.ok(c !== undefined);
    assert.equal(c.x + c.w / 2, 0);
    assert.equal(c.y + c.h / 2, 0);
    assert.equal(placed.get(5)?.x, -2 * DEFAULT_SPACING.columnWidth - DEFAULT_SPACING.nodeWidth / 2);
  });

  test('depth-2 nodes are ordered by the rows of the depth-1 nodes that reached them', () => {
    const nodes = [...NODES, { id: 7, side: 'in' as const, depth: 2 }];
    const placed = new Map(layoutNeighbourhood(nodes, [...LINKS, { from: 7, to: 2 }]).map((p) => [p.id, p]));
    assert.ok((placed.get(2)?.y ?? 0) < (placed.get(3)?.y ?? 0), 'callers keep the order they came in');
    assert.ok((placed.get(7)?.y ?? 0) < (placed.get(5)?.y ?? 0), '7 (reached from 2) comes before 5 (reached from 3)');
  });

  test('the same graph gives the same picture', () => {
    assert.deepEqual(layoutNeighbourhood(NODES, LINKS), layoutNeighbourhood(NODES, LINKS));
  });

  test('a link runs from the right edge of the left box to the left edge of the right one', () => {
    const [a, b] = [{ id: 1, column: 0, x: 0, y: 0, w: 10, h: 10 }, { id: 2, column: 1, x: 100, y: 20, w: 10, h: 10 }];
    assert.equal(linkPath(a, b), 'M10,5 C55,5 55,25 100,25');
  });
});
