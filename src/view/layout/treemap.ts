/**
 * Nested boxes for the code map: a squarified treemap (Bruls, Huizing and van Wijk), each folder
 * a box with a title strip and its children inside, areas proportional to symbols. Pure and
 * deterministic: children are placed by weight, then by id, so the same map gives the same
 * picture. Shared by the page (which draws it) and the tests.
 */

/** A rectangle in the map's coordinates. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A box to place: `parent` is null for the root; `weight` counts for leaves (folders sum their children). */
export interface TreeItem {
  readonly id: string;
  readonly parent: string | null;
  readonly weight: number;
}

/** Title strip height and inner padding of a folder box. */
export interface TreemapOptions {
  readonly header: number;
  readonly pad: number;
}

/** Where each item goes; items inside a box too small to hold them are left out. */
export function layoutTreemap(items: readonly TreeItem[], bounds: Rect, options: TreemapOptions = { header: 16, pad: 2 }): Map<string, Rect> {
  const children = new Map<string, TreeItem[]>();
  let root: TreeItem | undefined;
  for (const item of items) {
    if (item.parent === null) root ??= item;
    else {
      const list = children.get(item.parent);
      if (list === undefined) children.set(item.parent, [item]);
      else list.push(item);
    }
  }
  const weights = new Map<string, number>();
  const weigh = (item: TreeItem): number => {
    const kids = children.get(item.id);
    const w = kids === undefined || kids.length === 0 ? Math.max(1, item.weight) : kids.reduce((sum, k) => sum + weigh(k), 0);
    weights.set(item.id, w);
    return w;
  };
  const out = new Map<string, Rect>();
  if (root === undefined) return out;
  weigh(root);
  const place = (item: TreeItem, rect: Rect): void => {
    out.set(item.id, rect);
    const kids = children.get(item.id);
    if (kids === undefined || kids.length === 0) return;
    const inner = { x: rect.x + options.pad, y: rect.y + options.header, w: rect.w - 2 * options.pad, h: rect.h - options.header - options.pad };
    if (inner.w < 6 || inner.h < 6) return;
    const sorted = [...kids].sort((a, b) => (weights.get(b.id) ?? 0) - (weights.get(a.id) ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const rects = squarify(sorted.map((k) => weights.get(k.id) ?? 1), inner);
    sorted.forEach((k, i) => {
      const r = rects[i];
      if (r !== undefined) place(k, r);
    });
  };
  place(root, bounds);
  return out;
}

/** Splits `rect` into one rectangle per weight (heaviest first works best), areas proportional to weights. */
export function squarify(weights: readonly number[], rect: Rect): Rect[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || weights.length === 0) return [];
  const scale = (rect.w * rect.h) / total;
  const areas = weights.map((w) => w * scale);
  const out: Rect[] = [];
  let free = rect;
  let row: number[] = [];
  let i = 0;
  while (i < areas.length) {
    const side = Math.min(free.w, free.h);
    const next = [...row, areas[i] ?? 0];
    if (row.length === 0 || worst(next, side) <= worst(row, side)) {
      row = next;
      i += 1;
    } else {
      free = layRow(row, free, out);
      row = [];
    }
  }
  if (row.length > 0) layRow(row, free, out);
  return out;
}

function worst(row: readonly number[], side: number): number {
  const sum = row.reduce((a, b) => a + b, 0);
  const max = Math.max(...row);
  const min = Math.min(...row);
  if (sum <= 0 || min <= 0) return Infinity;
  return Math.max((side * side * max) / (sum * sum), (sum * sum) / (side * side * min));
}

/** Lays `row` along the shorter side of `free`, appends its rectangles, answers what is left. */
function layRow(row: readonly number[], free: Rect, out: Rect[]): Rect {
  const sum = row.reduce((a, b) => a + b, 0);
  if (free.w >= free.h) {
    const width = free.h > 0 ? sum / free.h : 0;
    let y = free.y;
    for (const area of row) {
      const h = width > 0 ? area / width : 0;
      out.push({ x: free.x, y, w: width, h });
      y += h;
    }
    return { x: free.x + width, y: free.y, w: free.w - width, h: free.h };
  }
  const height = free.w > 0 ? sum / free.w : 0;
  let x = free.x;
  for (const area of row) {
    const w = height > 0 ? area / height : 0;
    out.push({ x, y: free.y, w, h: height });
    x += w;
  }
  return { x: free.x, y: free.y + height, w: free.w, h: free.h - height };
}
