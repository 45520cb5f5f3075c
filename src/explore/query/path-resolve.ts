/**
 * Resolves path spans against the indexed files: exact path first, then segment-aligned suffix
 * matches, dropping up to eight leading segments (absolute paths from another checkout, say).
 * Several matches are narrowed by the symbols the query names; kebab basenames count only when
 * they resolve to at most three files.
 */
import type { FileEntry, IndexData } from '../data/index-data.js';
import type { LineRange, PathSpan } from './path-spans.js';

/** At most this many files are pinned, and this many unresolved paths reported. */
export const MAX_PINNED = 8;
export const MAX_UNRESOLVED = 4;
const MAX_DROPPED_SEGMENTS = 8;
/** A path or basename resolving to more files than this is ambiguous unless names narrow it. */
const MAX_MATCHES = 3;

/** A resolved line anchor on one file. */
export interface FileAnchor extends LineRange {
  readonly path: string;
}

/** What the path stage decided. */
export interface PathOutcome {
  /** Files to pin to the front, in query order, exact matches first. */
  readonly pinned: string[];
  /** Files a path matched that the named symbols set aside. */
  readonly setAside: string[];
  /** Explicit paths that match nothing (at most four). */
  readonly unresolved: string[];
  /** Paths matching too many files to pin, with the count. */
  readonly ambiguous: { readonly written: string; readonly count: number }[];
  readonly anchors: FileAnchor[];
  /** Spans resolved to exactly one file, for binding prose anchors. */
  readonly singleFileSpans: { readonly start: number; readonly end: number; readonly path: string }[];
  /** Spans to remove from the text before word and symbol analysis. */
  readonly consumed: { readonly start: number; readonly end: number }[];
}

/**
 * Resolves `spans`; `definesNamed(path)` tells whether a file defines one of the symbols the
 * query names in a code shape (undefined when it names none).
 */
export function resolvePaths(
  spans: readonly PathSpan[],
  data: IndexData,
  definesNamed: ((path: string) => boolean) | undefined,
  maxPinned: number,
): PathOutcome {
  const out: PathOutcome = { pinned: [], setAside: [], unresolved: [], ambiguous: [], anchors: [], singleFileSpans: [], consumed: [] };
  const pinLimit = Math.min(MAX_PINNED, maxPinned);
  for (const span of spans) {
    let matches = matchFiles(span, data);
    if (matches.length === 0) {
      if (span.explicit) {
        if (out.unresolved.length < MAX_UNRESOLVED && !out.unresolved.includes(span.written)) out.unresolved.push(span.written);
        out.consumed.push(span);
      }
      continue;
    }
    if (matches.length > 1 && definesNamed !== undefined) {
      const narrowed = matches.filter((f) => definesNamed(f.path));
      if (narrowed.length > 0 && narrowed.length <= MAX_MATCHES) {
        for (const f of matches) if (!narrowed.includes(f) && !out.setAside.includes(f.path)) out.setAside.push(f.path);
        matches = narrowed;
      }
    }
    if (matches.length > MAX_MATCHES) {
      // Hyphenated prose stays prose; an explicit path is reported as ambiguous.
      if (span.form === 'path') {
        out.ambiguous.push({ written: span.written, count: matches.length });
        out.consumed.push(span);
      }
      continue;
    }
    out.consumed.push(span);
    for (const f of matches) if (!out.pinned.includes(f.path) && out.pinned.length < pinLimit) out.pinned.push(f.path);
    const only = matches.length === 1 ? matches[0] : undefined;
    if (only !== undefined) {
      out.singleFileSpans.push({ start: span.start, end: span.end, path: only.path });
      if (span.anchor !== undefined) out.anchors.push({ ...span.anchor, path: only.path });
    }
  }
  return out;
}

/** Files matching one span: exact, then segment-aligned suffixes with leading segments dropped. */
export function matchFiles(span: PathSpan, data: IndexData): FileEntry[] {
  const exact = data.byPath.get(span.path);
  if (exact !== undefined) return [exact];
  const segments = span.path.split('/');
  const last = (segments[segments.length - 1] ?? '').toLowerCase();
  const hasExt = last.lastIndexOf('.') > 0;
  const candidates = (hasExt ? data.byBase.get(last) : data.byStem.get(last)) ?? [];
  if (candidates.length === 0) return [];
  const key = (f: FileEntry): string => {
    const p = f.path.toLowerCase();
    if (hasExt) return p;
    const slash = p.lastIndexOf('/');
    const dot = p.lastIndexOf('.');
    return dot > slash + 1 ? p.slice(0, dot) : p;
  };
  for (let drop = 0; drop <= Math.min(MAX_DROPPED_SEGMENTS, segments.length - 1); drop++) {
    const suffix = segments.slice(drop).join('/').toLowerCase();
    const found = candidates.filter((f) => key(f) === suffix || key(f).endsWith(`/${suffix}`));
    if (found.length === 0) continue;
    // A bare basename reached by dropping the whole directory part must be unique.
    if (drop > 0 && drop === segments.length - 1 && found.length > 1) return [];
    return [...found].sort((a, b) => a.path.length - b.path.length || (a.path < b.path ? -1 : 1));
  }
  return [];
}
