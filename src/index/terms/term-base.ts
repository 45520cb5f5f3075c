/**
 * The stored term base: built from every definition at index time, and rebuilt by a sync once
 * the files changed since it was built hold too many definitions for a reader to re-read them
 * cheaply (explore re-reads those files on top of the base).
 */
import { NODE_KINDS } from '../../model.js';
import {
  eachDefinitionText, eachFilePath, eachFileStamp, maxNodeId, NO_DEFINITION, readTermBase, readTermBaseStamp, writeTermBase,
} from '../../store/index.js';
import type { FileStamp, GraphReader, GraphStore, TermBaseRows, TermBaseStamp } from '../../store/index.js';
import { DOC_CHARS, TermPostings } from './term-postings.js';
import { TERM_RULES } from './words.js';

/**
 * A reader re-reads at most this many definitions on top of the base (or this share of all,
 * when larger) before a sync rebuilds it: about 0.2 s of words per 20,000 definitions, measured
 * on the JDK.
 */
export const STALE_DEFINITIONS = 20_000;
export const STALE_SHARE = 0.05;

/** Where the current files differ from a base. */
export interface StaleFiles {
  /** Current files that are new or changed since the base: their definitions are re-read. */
  readonly changed: readonly number[];
  /** Base files that changed or are gone: their base postings no longer count. */
  readonly gone: ReadonlySet<number>;
  /** Definitions a reader must re-read. */
  readonly definitions: number;
}

/** Compares the base's file stamps with the current ones. */
export function staleFiles(base: readonly FileStamp[], current: readonly FileStamp[]): StaleFiles {
  const before = new Map(base.map((f) => [f.id, f]));
  const changed: number[] = [];
  const gone = new Set<number>();
  let definitions = 0;
  const now = new Set<number>();
  for (const f of current) {
    now.add(f.id);
    const old = before.get(f.id);
    if (old !== undefined && old.sha256 === f.sha256 && old.definitions === f.definitions) continue;
    changed.push(f.id);
    definitions += f.definitions;
    if (old !== undefined) gone.add(f.id);
  }
  for (const f of base) if (!now.has(f.id)) gone.add(f.id);
  return { changed, gone, definitions };
}

/** Whether `base` can serve readers under the current rules and extraction. */
export function baseUsable<T extends TermBaseStamp>(base: T | undefined, extraction: string | undefined): base is T {
  return base !== undefined && base.rules === TERM_RULES && base.extraction === (extraction ?? '');
}

/** The file stamps of the store now. */
export function currentStamps(reader: GraphReader): FileStamp[] {
  const out: FileStamp[] = [];
  eachFileStamp(reader, (f) => out.push(f));
  return out;
}

/**
 * Rebuilds the stored base when there is none usable, when `force` (a full index), or when the
 * files changed since hold more than STALE_DEFINITIONS (or STALE_SHARE) definitions. Returns
 * whether it rebuilt. A run that changed no file (`unchanged`) only checks that a usable base is
 * there: the run that last changed one left the base fresh enough, and comparing every file's
 * stamp cost 0.19 s of a catch-up on the Linux kernel.
 */
export function refreshTermBase(store: GraphStore, extraction: string, force: boolean, options: { readonly unchanged?: boolean } = {}): boolean {
  if (!force && options.unchanged === true && baseUsable(readTermBaseStamp(store), extraction)) return false;
  const current = currentStamps(store);
  if (!force) {
    const base = readTermBase(store, { stampsOnly: true });
    if (baseUsable(base, extraction)) {
      const stale = staleFiles(base.files, current);
      if (stale.definitions <= Math.max(STALE_DEFINITIONS, base.definitions * STALE_SHARE)) return false;
    }
  }
  writeTermBase(store, buildTermBase(store, extraction, current));
  return true;
}

/** Every file and definition of an index, read once: postings plus each id's file, kind and name-segment count. */
export interface GatheredTerms {
  readonly postings: TermPostings;
  readonly size: number;
  readonly file: Int32Array;
  readonly kind: Uint8Array;
  readonly segments: Uint8Array;
  readonly fileCount: number;
}

/** Reads every file and definition of `reader` once (see `GatheredTerms`). */
export function gatherTerms(reader: GraphReader): GatheredTerms {
  const size = maxNodeId(reader) + 1;
  const file = new Int32Array(size);
  const kind = new Uint8Array(size).fill(NO_DEFINITION);
  const segments = new Uint8Array(size);
  const postings = new TermPostings((id, fileId, kindCode, segs) => {
    file[id] = fileId;
    kind[id] = kindCode;
    segments[id] = segs;
  });
  let fileCount = 0;
  eachFilePath(reader, (id, path) => {
    fileCount++;
    postings.addFile(id, path);
  });
  eachDefinitionText(reader, DOC_CHARS, (id, fileId, k, name, qualifiedName, doc) => {
    postings.addDefinition(id, fileId, NODE_KINDS.indexOf(k), name, qualifiedName, doc);
  });
  return { postings, size, file, kind, segments, fileCount };
}

/** Reads every file and definition once and gathers the whole base. */
export function buildTermBase(reader: GraphReader, extraction: string, files: readonly FileStamp[] = currentStamps(reader)): TermBaseRows {
  const { postings, file, kind, segments } = gatherTerms(reader);
  return {
    rules: TERM_RULES, extraction, definitions: postings.definitions, file, kind, segments, files, postings: postings.maps,
  };
}
