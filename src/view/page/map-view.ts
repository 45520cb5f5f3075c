/** Draws the code map: nested boxes sized by symbols, arrows for imports and calls, cycles in red. */
import { layoutTreemap, type Rect } from '../layout/treemap.js';
import type { MapAnswer, MapNode } from './api.js';
import { clip, hueOf, s } from './dom.js';

/** Most arrows drawn (the heaviest ones); the rest are counted in the caption. */
export const MAX_ARROWS = 600;

/** What a click on the map asks for. */
export interface MapActions {
  toggleFolder(path: string): void;
  openFile(path: string): void;
}

/** Redraws `svg` with `map`, laid out in the SVG's current size. */
export function drawMap(svg: SVGSVGElement, map: MapAnswer, actions: MapActions, selected: string | undefined): { readonly arrows: number } {
  const box = svg.getBoundingClientRect();
  const width = Math.max(320, Math.floor(box.width));
  const height = Math.max(240, Math.floor(box.height));
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const rects = layoutTreemap(map.nodes.map((n) => ({ id: n.id, parent: n.parent, weight: n.symbols })), { x: 1, y: 1, w: width - 2, h: height - 2 });
  const boxes = s('g', { class: 'boxes' });
  for (const node of map.nodes) {
    const r = rects.get(node.id);
    if (r === undefined || r.w < 1 || r.h < 1) continue;
    boxes.append(boxOf(node, r, actions, node.id === selected));
  }
  const heaviest = [...map.links].sort((a, b) => Number(b.cycle) - Number(a.cycle) || b.count - a.count).slice(0, MAX_ARROWS);
  const links = s('g', { class: 'links' });
  let arrows = 0;
  for (const link of heaviest) {
    const a = rects.get(link.from);
    const b = rects.get(link.to);
    if (a === undefined || b === undefined) continue;
    const [x1, y1] = centre(a);
    const [x2, y2] = centre(b);
    links.append(s('line', {
      class: `link ${link.kind}${link.cycle ? ' cycle' : ''}`, x1, y1, x2, y2, 'marker-end': `url(#arrow-${link.cycle ? 'cycle' : link.kind})`,
      'stroke-width': Math.min(3, 0.6 + Math.log10(1 + link.count)), 'data-from': link.from, 'data-to': link.to,
    }));
    arrows += 1;
  }
  svg.replaceChildren(markers(), boxes, links);
  return { arrows };
}

function boxOf(node: MapNode, r: Rect, actions: MapActions, selected: boolean): SVGGElement {
  const classes = ['box', node.kind, node.kind === 'folder' ? (node.open ? 'open' : 'collapsed') : '', node.inCycle ? 'in-cycle' : '', selected ? 'selected' : ''];
  const g = s('g', { class: classes.filter((c) => c !== '').join(' '), 'data-id': node.id, 'data-symbols': node.symbols });
  const fill = node.kind === 'file' ? hueOf(node.language ?? '') : undefined;
  g.append(s('rect', { x: r.x.toFixed(1), y: r.y.toFixed(1), width: r.w.toFixed(1), height: r.h.toFixed(1), fill }));
  const what = node.kind === 'file' ? `${node.symbols} symbols` : `${node.files} files, ${node.symbols} symbols`;
  g.append(s('title', {}, `${node.id === '' ? '/' : node.id} (${what})${node.inCycle ? ', on an import cycle' : ''}`));
  if (r.w > 36 && r.h > 13) {
    const chars = Math.floor((r.w - 6) / 6.2);
    const folder = node.id === '' ? '/' : `${node.name}/`;
    const label = node.kind === 'folder' && !node.open ? `${folder} (${node.files})` : node.kind === 'folder' ? folder : node.name;
    g.append(s('text', { x: (r.x + 3).toFixed(1), y: (r.y + 12).toFixed(1) }, clip(label, chars)));
  }
  g.addEventListener('click', (event) => {
    event.stopPropagation();
    if (node.kind === 'file') actions.openFile(node.id);
    else if (node.id !== '') actions.toggleFolder(node.id);
  });
  return g;
}

function centre(r: Rect): [number, number] {
  return [Math.round(r.x + r.w / 2), Math.round(r.y + r.h / 2)];
}

function markers(): SVGDefsElement {
  const defs = s('defs');
  for (const [name, colour] of [['imports', '#2457c5'], ['calls', '#7a7f86'], ['cycle', '#c9302c']] as const) {
    defs.append(s('marker', { id: `arrow-${name}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' },
      s('path', { d: 'M0,0 L10,5 L0,10 z', fill: colour })));
  }
  return defs;
}
