/**
 * Where the term index's postings and per-definition attributes come from: the base a sync
 * stored (read per term, on demand) plus the files changed since it was built (re-read when the
 * source is opened), or, for an index no sync has stored a base in yet, everything gathered in
 * memory from one pass over the definitions.
 */
import { baseUsable, currentStamps, gatherTerms, staleFiles } from '../../index/terms/term-base.js';
import { DOC_CHARS, TermPostings } from '../../index/terms/term-postings.js';
import {
  eachDefinitionTextInFiles, eachFilePath, NO_DEFINITION, readTermBase, readTermPostings,
} from '../../store/index.js';
import type { GraphStore, StoredTermBase, TermField } from '../../store/index.js';

/** Most file ids bound in one statement when re-reading changed files. */
const FILE_BATCH = 400;
const EXTRACTION_META = 'extraction_version';

/** Postings and attributes of every current definition. */
export interface TermSource {
  /** Current definitions. */
  readonly definitions: number;
  /** Current files. */
  readonly fileCount: number;
  /** One more than the largest definition id. */
  readonly size: number;
  /** Ids carrying `term` in `field` (file ids for `path`); only current ones. */
  postings(field: TermField, term: string): ArrayLike<number>;
  fileOf(id: number): number;
  /** The kind code, NO_DEFINITION for an id that is no definition. */
  kindOf(id: number): number;
  segmentsOf(id: number): number;
}

/** Opens the stored base when it is usable (and `stored` is not false), else gathers everything in memory. */
export function openTermSource(store: GraphStore, options: { readonly stored?: boolean } = {}): TermSource {
  const base = options.stored === false ? undefined : readTermBase(store);
  if (baseUsable(base, store.getMeta(EXTRACTION_META))) return storedSource(store, base);
  return memorySource(store);
}

/** Attributes gathered for ids as they are added. */
class Attributes {
  readonly file = new Map<number, number>();
  readonly kind = new Map<number, number>();
  readonly segments = new Map<number, number>();
  max = 0;

  readonly sink = (id: number, fileId: number, kindCode: number, segs: number): void => {
    this.file.set(id, fileId);
    this.kind.set(id, kindCode);
    this.segments.set(id, segs);
    if (id > this.max) this.max = id;
  };
}

function memorySource(store: GraphStore): TermSource {
  const { postings, size, file, kind, segments, fileCount } = gatherTerms(store);
  return {
    definitions: postings.definitions,
    fileCount,
    size,
    postings: (field, term) => postings.maps.get(field)?.get(term) ?? [],
    fileOf: (id) => file[id] ?? -1,
    kindOf: (id) => kind[id] ?? NO_DEFINITION,
    segmentsOf: (id) => segments[id] ?? 0,
  };
}

function storedSource(store: GraphStore, base: StoredTermBase): TermSource {
  const current = currentStamps(store);
  const stale = staleFiles(base.files, current);
  const changed = new Set(stale.changed);
  const attributes = new Attributes();
  const delta = new TermPostings(attributes.sink);
  eachFilePath(store, (id, path) => {
    if (changed.has(id)) delta.addFile(id, path);
  });
  for (let i = 0; i < stale.changed.length; i += FILE_BATCH) {
    eachDefinitionTextInFiles(store, stale.changed.slice(i, i + FILE_BATCH), DOC_CHARS, (id, fileId, k, name, qualifiedName, doc) => {
      delta.addDefinition(id, fileId, k, name, qualifiedName, doc);
    });
  }
  let goneDefinitions = 0;
  for (const f of base.files) if (stale.gone.has(f.id)) goneDefinitions += f.definitions;
  const live = (id: number): boolean => !stale.gone.has(base.file[id] ?? -1);
  return {
    definitions: base.definitions - goneDefinitions + delta.definitions,
    fileCount: current.length,
    size: Math.max(base.kind.length, attributes.max + 1),
    postings: (field, term) => {
      const stored = readTermPostings(store, term, field);
      const kept = stale.gone.size === 0 ? stored : field === 'path' ? stored.filter((f) => !stale.gone.has(f)) : stored.filter(live);
      const added = delta.maps.get(field)?.get(term);
      return added === undefined ? kept : [...kept, ...added];
    },
    fileOf: (id) => attributes.file.get(id) ?? (live(id) ? (base.file[id] ?? -1) : -1),
    kindOf: (id) => attributes.kind.get(id) ?? (live(id) ? (base.kind[id] ?? NO_DEFINITION) : NO_DEFINITION),
    segmentsOf: (id) => attributes.segments.get(id) ?? (live(id) ? (base.segments[id] ?? 0) : 0),
  };
}
