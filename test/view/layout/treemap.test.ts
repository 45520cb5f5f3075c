import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { layoutTreemap, squarify } from '../../../src/view/layout/treemap.js';

describe('squarify', () => {
  test('areas are proportional to the weights and fill the rectangle', () => {
    const rects = squarify([6, 6, 4, 3, 2, 2, 1], { x: 0, y: 0, w: 6, h: 4 });
    assert.equal(rects.length, 7);
    const areas = rects.map((r) => Math.round(r.w * r.h * 1000) / 1000);
    assert.deepEqual(areas, [6, 6, 4, 3, 2, 2, 1]);
    for (const r of rects) assert.ok(r.x >= 0 && r.y >= 0 && r.x + r.w <= 6.0001 && r.y + r.h <= 4.0001);
  });

  test('nothing to place gives nothing', () => {
    assert.deepEqual(squarify([], { x: 0, y: 0, w: 10, h: 10 }), []);
  });
});

describe('layoutTreemap', () => {
  const items = [
    { id: '', parent: null, weight: 0 },
    { id: 'a', parent: '', weight: 0 },
    { id: 'a/x', parent: 'a', weight: 30 },
    { id: 'a/y', parent: 'a', weight: 10 },
    { id: 'z', parent: '', weight: 40 },
  ];

  test('children lie inside their folder, below its title strip, sized by weight', () => {
    const rects = layoutTreemap(items, { x: 0, y: 0, w: 400, h: 300 }, { header: 16, pad: 2 });
    const a = rects.get('a');
    const x = rects.get('a/x');
    const y = rects.get('a/y');
    const z = rects.get('z');
    assert.ok(a !== undefined && x !== undefined && y !== undefined && z !== undefined);
    for (const r of [x, y]) assert.ok(r.x >= a.x && r.y >= a.y + 16 && r.x + r.w <= a.x + a.w + 1e-6 && r.y + r.h <= a.y + a.h + 1e-6);
    assert.ok(Math.abs(x.w * x.h - 3 * y.w * y.h) < 1e-6, 'a/x is three times a/y');
    assert.ok(Math.abs(a.w * a.h - z.w * z.h) < 1e-6, 'a weighs what z does');
  });

  test('the same items in another order give the same boxes', () => {
    const one = layoutTreemap(items, { x: 0, y: 0, w: 400, h: 300 });
    const two = layoutTreemap([...items].reverse(), { x: 0, y: 0, w: 400, h: 300 });
    assert.deepEqual([...two].sort(), [...one].sort());
  });

  test('a folder too small for its children keeps them out', () => {
    const rects = layoutTreemap(items, { x: 0, y: 0, w: 30, h: 20 }, { header: 16, pad: 2 });
    assert.equal(rects.has(''), true);
    assert.equal(rects.has('a'), false);
  });
});
