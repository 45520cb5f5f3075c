/** A line anchor from the query (`path:line`, `lines 11-14 in file`) as the exact target it selects. */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import type { ExactTarget } from './parsed-query.js';
import type { FileAnchor } from './path-resolve.js';

const CALLABLE_ANCHOR_KINDS = new Set(['function', 'method', 'constructor', 'component']);
/** Lines of context either side of an anchored line that no callable encloses. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 10, 217 at 20. */
export const ANCHOR_CONTEXT = 15;

/** A single line selects its innermost enclosing callable (or ±15 lines); a range is itself. */
export function anchorTarget(anchor: FileAnchor, data: IndexData): ExactTarget {
  if (anchor.single) {
    let best: StoredNode | undefined;
    for (const n of data.nodes.inFile(anchor.path)) {
      if (!CALLABLE_ANCHOR_KINDS.has(n.kind) || n.startLine > anchor.start || n.endLine < anchor.start) continue;
      if (best === undefined || n.endLine - n.startLine <= best.endLine - best.startLine) best = n;
    }
    if (best !== undefined) return { path: anchor.path, node: best, start: best.startLine, end: best.endLine, line: anchor.start, reason: 'anchor' };
    return { path: anchor.path, start: Math.max(1, anchor.start - ANCHOR_CONTEXT), end: anchor.start + ANCHOR_CONTEXT, line: anchor.start, reason: 'anchor' };
  }
  return { path: anchor.path, start: anchor.start, end: anchor.end, reason: 'anchor' };
}
