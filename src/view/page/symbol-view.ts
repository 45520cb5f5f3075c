/** Draws a symbol's neighbourhood: callers left, callees right, pan by dragging, zoom with the wheel, click to re-centre. */
import { layoutNeighbourhood, linkPath } from '../layout/neighbourhood-layout.js';
import type { HoodNode, SymbolAnswer } from './api.js';
import { clip, s } from './dom.js';

/** The pan and zoom of the neighbourhood drawing, kept while one symbol is shown. */
interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Redraws `svg` with the neighbourhood; `open` is called with the id of a clicked node. */
export function drawNeighbourhood(svg: SVGSVGElement, hood: SymbolAnswer, open: (id: number) => void): void {
  const placed = layoutNeighbourhood(hood.nodes, hood.edges);
  const at = new Map(placed.map((p) => [p.id, p]));
  const byId = new Map(hood.nodes.map((n) => [n.id, n]));
  const edges = s('g', { class: 'edges' });
  for (const e of hood.edges) {
    const a = at.get(e.from);
    const b = at.get(e.to);
    if (a === undefined || b === undefined) continue;
    edges.append(s('path', { class: `edge rel-${e.relation}`, d: linkPath(a, b), 'marker-end': 'url(#hood-arrow)', 'data-from': e.from, 'data-to': e.to }));
  }
  const nodes = s('g', { class: 'nodes' });
  for (const p of placed) {
    const n = byId.get(p.id);
    if (n !== undefined) nodes.append(nodeOf(n, p, open));
  }
  const defs = s('defs', {}, s('marker', { id: 'hood-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' },
    s('path', { class: 'arrow', d: 'M0,0 L10,5 L0,10 z' })));
  svg.replaceChildren(defs, s('g', { class: 'hood' }, edges, nodes));
  const xs = placed.flatMap((p) => [p.x, p.x + p.w]);
  const ys = placed.flatMap((p) => [p.y, p.y + p.h]);
  const view: ViewBox = { x: Math.min(...xs) - 20, y: Math.min(...ys) - 20, w: Math.max(...xs) - Math.min(...xs) + 40, h: Math.max(...ys) - Math.min(...ys) + 40 };
  panAndZoom(svg, view);
}

function nodeOf(n: HoodNode, p: { x: number; y: number; w: number; h: number }, open: (id: number) => void): SVGGElement {
  const g = s('g', { class: `node side-${n.side} depth-${n.depth}`, 'data-id': n.id, tabindex: 0, role: 'button', 'aria-label': `${n.kind} ${n.qualifiedName}` });
  g.append(s('rect', { x: p.x, y: p.y, width: p.w, height: p.h, rx: 4 }));
  g.append(s('title', {}, `${n.kind} ${n.qualifiedName}\n${n.path}:${n.line}${n.hidden > 0 ? `\n${n.hidden} more not shown` : ''}`));
  g.append(s('text', { x: p.x + 6, y: p.y + 11 }, clip(`${n.name}${n.hidden > 0 ? ` +${n.hidden}` : ''}`, 30)));
  g.append(s('text', { class: 'path', x: p.x + 6, y: p.y + 22 }, clip(`${n.path}:${n.line}`, 38)));
  g.addEventListener('click', () => open(n.id));
  g.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') open(n.id);
  });
  return g;
}

/** Fits `view` into the SVG, then lets the pointer drag it and the wheel zoom it. */
function panAndZoom(svg: SVGSVGElement, view: ViewBox): void {
  const apply = (): void => svg.setAttribute('viewBox', `${view.x.toFixed(1)} ${view.y.toFixed(1)} ${view.w.toFixed(1)} ${view.h.toFixed(1)}`);
  apply();
  let drag: { x: number; y: number } | undefined;
  svg.onpointerdown = (event) => {
    if ((event.target as Element).closest('.node') !== null) return;
    drag = { x: event.clientX, y: event.clientY };
    svg.setPointerCapture(event.pointerId);
  };
  svg.onpointermove = (event) => {
    if (drag === undefined) return;
    const scale = view.w / Math.max(1, svg.clientWidth);
    view.x -= (event.clientX - drag.x) * scale;
    view.y -= (event.clientY - drag.y) * scale;
    drag = { x: event.clientX, y: event.clientY };
    apply();
  };
  svg.onpointerup = () => {
    drag = undefined;
  };
  svg.onwheel = (event) => {
    event.preventDefault();
    const factor = event.deltaY > 0 ? 1.15 : 1 / 1.15;
    const box = svg.getBoundingClientRect();
    const fx = (event.clientX - box.left) / Math.max(1, box.width);
    const fy = (event.clientY - box.top) / Math.max(1, box.height);
    const w = view.w * factor;
    const hgt = view.h * factor;
    view.x += (view.w - w) * fx;
    view.y += (view.h - hgt) * fy;
    view.w = w;
    view.h = hgt;
    apply();
  };
}
