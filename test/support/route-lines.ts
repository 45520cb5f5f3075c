/** Route tests' view of an extraction: each route as `NAME -> handler refs`, in definition order. */
import type { ExtractedRef, FileExtraction } from '../../src/model.js';

/** How `routeLines` writes a route's references. */
export interface RouteLineOptions {
  /** Only the first reference (the handler, for named ones), or every one (an inline handler's calls too). */
  readonly refs?: 'first' | 'all';
  /** Which references count (default: all of them). */
  readonly keep?: (ref: ExtractedRef) => boolean;
  /** Between receiver and name: `.` (default) or `#` (Rails' `controller#action`). */
  readonly separator?: string;
  /** Write each reference's kind before it when it is not `calls` (`references views.Detail`). */
  readonly kinds?: boolean;
}

/** Each route of `ex` as `GET /users/:id -> users.show`. */
export function routeLines(ex: FileExtraction, options: RouteLineOptions = {}): string[] {
  const separator = options.separator ?? '.';
  return ex.symbols.flatMap((s, i) => {
    if (s.kind !== 'route') return [];
    const refs = ex.refs
      .filter((r) => r.from === i && (options.keep?.(r) ?? true))
      .map((r) => `${options.kinds === true && r.kind !== 'calls' ? `${r.kind} ` : ''}${r.receiver !== undefined ? `${r.receiver}${separator}` : ''}${r.name}`);
    return [`${s.name} -> ${(options.refs === 'first' ? refs.slice(0, 1) : refs).join(', ')}`];
  });
}
