/** `/view/api/map`: the code map's boxes and arrows for the folders the page has open. */
import type { MapLinkKind } from '../answers.js';
import type { MapFile, MapFileLink, MapIndex } from '../map-model.js';
import { buildMapIndex, projectMap } from '../map-model.js';
import { eachIndexedFile, fileLinks } from '../../store/index.js';
import type { EdgeKind } from '../../model.js';
import type { GraphStore } from '../../store/index.js';
import { ok, type ApiAnswer } from './answer.js';

/** Which stored edge kinds each drawn relation counts. */
const DRAWN: Readonly<Partial<Record<EdgeKind, MapLinkKind>>> = { imports: 'imports', calls: 'calls', instantiates: 'calls' };

const built = new WeakMap<GraphStore, { readonly revision: number; readonly index: MapIndex }>();

/** The map's index of `store`, built once per store revision. */
export function mapIndexOf(store: GraphStore): MapIndex {
  const known = built.get(store);
  if (known !== undefined && known.revision === store.revision) return known.index;
  const files: MapFile[] = [];
  const position = new Map<number, number>();
  eachIndexedFile(store, (id, path, language, symbols, isTest) => {
    position.set(id, files.length);
    files.push({ path, language, symbols, isTest });
  });
  const links: MapFileLink[] = [];
  for (const link of fileLinks(store)) {
    const kind = DRAWN[link.kind];
    const from = position.get(link.from);
    const to = position.get(link.to);
    if (kind !== undefined && from !== undefined && to !== undefined) links.push({ from, to, kind, count: link.count });
  }
  const index = buildMapIndex(files, mergeKinds(links));
  built.set(store, { revision: store.revision, index });
  return index;
}

/** `open` lists the folders to open (repeated `open=` parameters); the rest follows the threshold. */
export function mapAnswer(store: GraphStore, query: URLSearchParams): ApiAnswer {
  const open = new Set(query.getAll('open').map((p) => p.replace(/^\/+|\/+$/g, '')));
  return ok(projectMap(mapIndexOf(store), open));
}

/** Calls and instantiations between the same two files become one `calls` link. */
function mergeKinds(links: readonly MapFileLink[]): MapFileLink[] {
  const merged = new Map<string, MapFileLink>();
  for (const l of links) {
    const key = `${l.from} ${l.to} ${l.kind}`;
    const seen = merged.get(key);
    merged.set(key, seen === undefined ? l : { ...seen, count: seen.count + l.count });
  }
  return [...merged.values()];
}
