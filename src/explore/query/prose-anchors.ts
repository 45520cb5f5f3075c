/**
 * Line references written in prose — "lines 900-1003", "line 42", "L900-L1003", "lines 900 to
 * 1003" — bound to the nearest path that resolved to exactly one file.
 */
import { lineRange } from './path-spans.js';
import type { FileAnchor } from './path-resolve.js';

const PATTERNS: readonly RegExp[] = [
  /\blines?\s+(\d+)(?:\s*(?:-|–|—|to|through|\.\.)\s*(\d+))?/gi,
  /\bL(\d+)(?:\s*-\s*L?(\d+))?\b/g,
];

/** A span of the query and the single file it resolved to. */
export interface FileSpan {
  readonly start: number;
  readonly end: number;
  readonly path: string;
}

/** Anchors from prose line references, and the text they occupy. */
export function proseAnchors(
  query: string,
  fileSpans: readonly FileSpan[],
  pathSpans: readonly { readonly start: number; readonly end: number }[],
): { anchors: FileAnchor[]; consumed: { start: number; end: number }[] } {
  const anchors: FileAnchor[] = [];
  const consumed: { start: number; end: number }[] = [];
  if (fileSpans.length === 0) return { anchors, consumed };
  for (const pattern of PATTERNS) {
    for (const m of query.matchAll(pattern)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (pathSpans.some((s) => start < s.end && end > s.start)) continue;
      const range = lineRange(m[1], m[2]);
      if (range === undefined) continue;
      let best: FileSpan | undefined;
      let bestDistance = Infinity;
      for (const span of fileSpans) {
        const distance = span.end <= start ? start - span.end : span.start - end;
        if (distance < bestDistance) {
          best = span;
          bestDistance = distance;
        }
      }
      if (best === undefined) continue;
      anchors.push({ ...range, path: best.path });
      consumed.push({ start, end });
    }
  }
  return { anchors, consumed };
}
