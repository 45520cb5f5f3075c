/**
 * The view's page: the code map, the search box, a symbol's neighbourhood, its source and its
 * impact, kept current by the server's event stream. Plain DOM and SVG, no framework.
 */
import { getJson, type ImpactAnswer, type MapAnswer, type SearchAnswer, type SourceAnswer, type SymbolAnswer } from './api.js';
import { showImpact, showSource } from './details.js';
import { byId, h, markPainted } from './dom.js';
import { drawMap } from './map-view.js';
import { drawNeighbourhood } from './symbol-view.js';

const search = byId<HTMLInputElement>('search');
const results = byId<HTMLOListElement>('results');
const note = byId<HTMLParagraphElement>('search-note');
const status = byId<HTMLSpanElement>('status');
const mapSvg = byId<SVGSVGElement>('map');
const hoodSvg = byId<SVGSVGElement>('hood');
const sourcePanel = byId<HTMLDivElement>('source');
const impactPanel = byId<HTMLDivElement>('impact');

/** What the page shows. */
const state = {
  view: 'map' as 'map' | 'symbol',
  open: new Set<string>(),
  map: undefined as MapAnswer | undefined,
  selectedFile: undefined as string | undefined,
  symbol: undefined as number | undefined,
  detail: 'source' as 'source' | 'impact',
  /** What the detail panels are about: a symbol id or a file path. */
  subject: undefined as { readonly id: number } | { readonly path: string } | undefined,
  selection: -1,
  searchSeq: 0,
};

function say(text: string): void {
  status.textContent = text;
}

async function loadMap(): Promise<void> {
  const params = new URLSearchParams();
  for (const p of [...state.open].sort()) params.append('open', p);
  const map = await getJson<MapAnswer>('map', params);
  state.map = map;
  renderMap();
}

function renderMap(): void {
  const map = state.map;
  if (map === undefined || state.view !== 'map') return;
  const { arrows } = drawMap(mapSvg, map, { toggleFolder, openFile }, state.selectedFile);
  const hiddenArrows = map.links.length - arrows;
  byId('map-info').textContent = `${map.totalFiles} files, ${map.totalSymbols} symbols${map.collapsed ? ' (folders collapsed: click one to open it)' : ''}; `
    + `${map.links.length} arrows${hiddenArrows > 0 ? ` (${hiddenArrows} lightest not drawn)` : ''}; ${map.cyclesTotal} import cycles`;
  markPainted('map-painted');
}

function toggleFolder(path: string): void {
  if (state.map?.collapsed !== true) return;
  if (state.open.has(path)) {
    for (const p of [...state.open]) if (p === path || p.startsWith(`${path}/`)) state.open.delete(p);
  } else state.open.add(path);
  void loadMap().catch(showError);
}

function openFile(path: string): void {
  state.selectedFile = path;
  state.subject = { path };
  renderMap();
  void loadDetail().catch(showError);
}

async function openSymbol(id: number): Promise<void> {
  state.symbol = id;
  state.subject = { id };
  if (location.hash !== `#symbol=${id}`) history.replaceState(null, '', `#symbol=${id}`);
  setView('symbol');
  const hood = await getJson<SymbolAnswer>('symbol', new URLSearchParams({ id: String(id) }));
  const center = hood.nodes.find((n) => n.side === 'center');
  const info = byId('symbol-info');
  info.replaceChildren(h('span', { class: 'kind' }, center?.kind ?? ''), `${center?.qualifiedName ?? id} — ${center?.path ?? ''}:${center?.line ?? ''}; `
    + `${hood.nodes.filter((n) => n.side === 'in').length} callers, ${hood.nodes.filter((n) => n.side === 'out').length} callees (depth 2)`);
  drawNeighbourhood(hoodSvg, hood, (next) => void (next === state.symbol ? loadDetail() : openSymbol(next)).catch(showError));
  markPainted('hood-painted');
  await loadDetail();
}

async function loadDetail(): Promise<void> {
  const subject = state.subject;
  if (subject === undefined) return;
  const params = new URLSearchParams('id' in subject ? { id: String(subject.id) } : { [state.detail === 'impact' ? 'file' : 'path']: subject.path });
  if (state.detail === 'source') {
    showSource(sourcePanel, await getJson<SourceAnswer>('source', params));
    markPainted('source-painted');
  } else {
    showImpact(impactPanel, await getJson<ImpactAnswer>('impact', params), (id) => void openSymbol(id).catch(showError));
    markPainted('impact-painted');
  }
}

function setView(view: 'map' | 'symbol'): void {
  state.view = view;
  byId('map-view').hidden = view !== 'map';
  byId('symbol-view').hidden = view !== 'symbol';
  byId('tab-map').setAttribute('aria-pressed', String(view === 'map'));
  const tab = byId<HTMLButtonElement>('tab-symbol');
  tab.setAttribute('aria-pressed', String(view === 'symbol'));
  tab.disabled = state.symbol === undefined;
  if (view === 'map') renderMap();
}

function setDetail(detail: 'source' | 'impact'): void {
  state.detail = detail;
  sourcePanel.hidden = detail !== 'source';
  impactPanel.hidden = detail !== 'impact';
  byId('show-source').setAttribute('aria-pressed', String(detail === 'source'));
  byId('show-impact').setAttribute('aria-pressed', String(detail === 'impact'));
  void loadDetail().catch(showError);
}

async function runSearch(): Promise<void> {
  const q = search.value.trim();
  const seq = ++state.searchSeq;
  if (q === '') {
    results.replaceChildren();
    note.textContent = '';
    return;
  }
  const found = await getJson<SearchAnswer>('search', new URLSearchParams({ q, limit: '30' }));
  if (seq !== state.searchSeq) return;
  results.replaceChildren(...found.results.map((r, i) => {
    const item = h('li', { role: 'option', id: `result-${i}`, 'data-id': r.id, 'aria-selected': 'false' }, h('span', { class: 'kind' }, r.kind), r.qualifiedName, h('span', { class: 'where' }, `${r.path}:${r.line}`));
    item.addEventListener('click', () => void openSymbol(r.id).catch(showError));
    return item;
  }));
  state.selection = found.results.length > 0 ? 0 : -1;
  markSelection();
  note.textContent = `${found.results.length} of ${found.total}${found.fuzzy ? ' (close spellings)' : ''}${found.ignored.length > 0 ? `; ignored ${found.ignored.join(' ')}` : ''}`;
}

function markSelection(): void {
  results.querySelectorAll('li').forEach((li, i) => li.setAttribute('aria-selected', String(i === state.selection)));
  results.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  search.setAttribute('aria-activedescendant', state.selection >= 0 ? `result-${state.selection}` : '');
}

function onKey(event: KeyboardEvent): void {
  const typing = event.target instanceof HTMLInputElement;
  if (event.key === '/' && !typing) {
    event.preventDefault();
    search.focus();
    search.select();
    return;
  }
  const count = results.children.length;
  if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0 && (typing || results.contains(event.target as Node))) {
    event.preventDefault();
    state.selection = (state.selection + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
    markSelection();
  } else if (event.key === 'Enter' && typing && state.selection >= 0) {
    const id = Number((results.children[state.selection] as HTMLElement | undefined)?.dataset['id']);
    if (Number.isInteger(id)) void openSymbol(id).catch(showError);
  } else if (event.key === 'Escape' && typing) search.blur();
}

function showError(error: unknown): void {
  say(error instanceof Error ? error.message : String(error));
}

function listen(): void {
  const events = new EventSource('/view/api/events');
  events.addEventListener('index', (event) => {
    const version = JSON.parse((event as MessageEvent<string>).data) as { version: string };
    document.body.dataset['indexVersion'] = version.version;
    say(`index updated ${new Date().toLocaleTimeString()}`);
    void refresh().catch(showError);
  });
  events.addEventListener('hello', (event) => {
    document.body.dataset['indexVersion'] = (JSON.parse((event as MessageEvent<string>).data) as { version: string }).version;
    document.body.dataset['live'] = 'yes';
  });
}

/** Fetches again what is shown, after the index changed. */
async function refresh(): Promise<void> {
  await loadMap();
  if (state.view === 'symbol' && state.symbol !== undefined) await openSymbol(state.symbol);
  else await loadDetail();
  document.body.dataset['refreshed'] = document.body.dataset['indexVersion'] ?? '';
}

let searchTimer: number | undefined;
search.addEventListener('input', () => {
  clearTimeout(searchTimer);
  searchTimer = window.setTimeout(() => void runSearch().catch(showError), 120);
});
document.addEventListener('keydown', onKey);
byId('tab-map').addEventListener('click', () => setView('map'));
byId('tab-symbol').addEventListener('click', () => setView('symbol'));
byId('show-source').addEventListener('click', () => setDetail('source'));
byId('show-impact').addEventListener('click', () => setDetail('impact'));
let resizeTimer: number | undefined;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(renderMap, 100);
});
listen();
const start = /^#symbol=(\d+)$/.exec(location.hash);
void loadMap().then(() => (start?.[1] !== undefined ? openSymbol(Number(start[1])) : undefined)).catch(showError);
