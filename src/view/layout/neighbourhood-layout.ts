/**
 * Where a neighbourhood's nodes go: the centre in the middle, callers in columns to the left
 * (depth 1, then 2), callees to the right, each column in the order the API gave (the graph's
 * path and line order) with a depth-2 node kept near the depth-1 node that reached it. Pure and
 * deterministic: the same graph gives the same picture.
 */

/** A node as the layout needs it. */
export interface HoodPlaceable {
  readonly id: number;
  readonly side: 'center' | 'in' | 'out';
  readonly depth: number;
}

/** An edge: `from` uses `to`. */
export interface HoodLink {
  readonly from: number;
  readonly to: number;
}

/** A placed node: its box's top-left corner and size. */
export interface PlacedNode {
  readonly id: number;
  readonly column: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Spacing of the layout. */
export interface HoodSpacing {
  readonly columnWidth: number;
  readonly nodeWidth: number;
  readonly rowHeight: number;
  readonly nodeHeight: number;
}

/** The spacing the page uses. */
export const DEFAULT_SPACING: HoodSpacing = { columnWidth: 250, nodeWidth: 200, rowHeight: 34, nodeHeight: 26 };

/** Places every node; the centre's box is centred on (0, 0). */
export function layoutNeighbourhood(nodes: readonly HoodPlaceable[], links: readonly HoodLink[], spacing: HoodSpacing = DEFAULT_SPACING): PlacedNode[] {
  const columnOf = (n: HoodPlaceable): number => (n.side === 'in' ? -n.depth : n.side === 'out' ? n.depth : 0);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const columns = new Map<number, HoodPlaceable[]>();
  for (const n of nodes) {
    const c = columnOf(n);
    const list = columns.get(c);
    if (list === undefined) columns.set(c, [n]);
    else list.push(n);
  }
  const rowOf = new Map<number, number>();
  const placed: PlacedNode[] = [];
  for (const column of [...columns.keys()].sort((a, b) => Math.abs(a) - Math.abs(b) || a - b)) {
    const members = columns.get(column) ?? [];
    const order = members.map((n, i) => ({ n, i, parent: parentRow(n, column, links, byId, rowOf, columnOf) }));
    order.sort((a, b) => a.parent - b.parent || a.i - b.i);
    order.forEach(({ n }, row) => {
      rowOf.set(n.id, row - (order.length - 1) / 2);
    });
    for (const { n } of order) {
      const row = rowOf.get(n.id) ?? 0;
      placed.push({
        id: n.id, column, x: column * spacing.columnWidth - spacing.nodeWidth / 2, y: row * spacing.rowHeight - spacing.nodeHeight / 2,
        w: spacing.nodeWidth, h: spacing.nodeHeight,
      });
    }
  }
  return placed.sort((a, b) => a.column - b.column || a.y - b.y);
}

/** The row of the nearest-column node linked to `n` (already placed), or 0 when none is. */
function parentRow(
  n: HoodPlaceable, column: number, links: readonly HoodLink[], byId: ReadonlyMap<number, HoodPlaceable>,
  rowOf: ReadonlyMap<number, number>, columnOf: (n: HoodPlaceable) => number,
): number {
  const inner = column < 0 ? column + 1 : column - 1;
  for (const link of links) {
    const other = link.from === n.id ? link.to : link.to === n.id ? link.from : undefined;
    if (other === undefined) continue;
    const o = byId.get(other);
    if (o !== undefined && columnOf(o) === inner) return rowOf.get(other) ?? 0;
  }
  return 0;
}

/** A curve from the right edge of `a` to the left edge of `b` (or the other way when `b` is left of `a`), as SVG path data. */
export function linkPath(a: PlacedNode, b: PlacedNode): string {
  const leftToRight = a.x <= b.x;
  const x1 = leftToRight ? a.x + a.w : a.x;
  const x2 = leftToRight ? b.x : b.x + b.w;
  const y1 = a.y + a.h / 2;
  const y2 = b.y + b.h / 2;
  const bend = Math.max(30, Math.abs(x2 - x1) / 2) * (leftToRight ? 1 : -1);
  return `M${round(x1)},${round(y1)} C${round(x1 + bend)},${round(y1)} ${round(x2 - bend)},${round(y2)} ${round(x2)},${round(y2)}`;
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
