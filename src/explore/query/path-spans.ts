/**
 * Finds the spans of a query that are written as file paths: quoted or backticked text, `./x`,
 * `a/b/c.py`, Windows `a\b\c.py`, `name.ext` with a source extension, extensionless
 * kebab-case basenames, and the places pasted forms write (pasted-forms.ts: stack frames,
 * compiler errors, links to a code host, `file://` URIs, the hunks of a diff, pytest node ids). Line anchors written onto a path (`:776`, `:12-40`, `#L88-L120`) are
 * split off here; prose anchors ("lines 900-1003 in x.py") are bound later.
 */

import { diffHunks, fileUriPath, frameFile, nodeIdFileEnd, parenthesisedLine, repositoryPath, withColonLines } from './pasted-forms.js';

/** At most this many path spans are examined per query. */
export const MAX_PATH_SPANS = 8;
const MAX_LINE = 1_000_000;

/** File extensions that mark a token as a path even when nothing in the index has them. */
const KNOWN_EXTENSIONS = new Set(
  `py pyi ts tsx mts cts js jsx mjs cjs go rs java kt kts rb php c h cc cpp cxx hpp hh cs swift m mm scala sc ex exs
  lua dart sh bash zsh vue svelte json yaml yml toml md txt sql html css scss ini cfg xml gradle el elm ml mli zig sol`
    .split(/\s+/)
    .filter((e) => e !== ''),
);

/** A line or a closed line range; `end === start` for one line. */
export interface LineRange {
  readonly start: number;
  readonly end: number;
  readonly single: boolean;
}

/** A path-like span of the query. */
export interface PathSpan {
  /** Offsets of the whole token (with its anchor suffix) in the query. */
  readonly start: number;
  readonly end: number;
  /** The path normalized: `/` separators, no `./`, no drive or leading `/`. */
  readonly path: string;
  /** The token as written, for messages. */
  readonly written: string;
  /** `path`: has a separator or an extension; `kebab`: an extensionless hyphenated basename. */
  readonly form: 'path' | 'kebab';
  /** True when the path clearly names a file (separator, known extension, quotes, `./`). */
  readonly explicit: boolean;
  readonly anchor?: LineRange;
}

/** The path-like spans of `query`, in order, at most MAX_PATH_SPANS. */
export function findPathSpans(query: string, indexedExtensions: ReadonlySet<string>): PathSpan[] {
  const spans: PathSpan[] = [];
  const taken: [number, number][] = [];
  const consider = (start: number, token: string, quoted: boolean): void => {
    if (spans.length >= MAX_PATH_SPANS) return;
    // A stack frame's file, or a pytest node id's: the name around it is no path.
    const frame = frameFile(token);
    const nodeEnd = frame === undefined ? nodeIdFileEnd(token) : undefined;
    const span = frame !== undefined
      ? classify(start + frame.at, token.slice(frame.at), quoted, indexedExtensions, frame.folder)
      : classify(start, nodeEnd === undefined ? token : token.slice(0, nodeEnd), quoted, indexedExtensions);
    if (span !== undefined) spans.push(span);
  };
  for (const m of query.matchAll(/([`"'])([^`"'\n]{1,300}?)\1/g)) {
    const inner = m[2] ?? '';
    if (/\s/.test(inner.trim())) continue;
    const start = (m.index ?? 0) + 1 + (inner.length - inner.trimStart().length);
    taken.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
    consider(start, inner.trim(), true);
  }
  for (const span of hunkSpans(query, MAX_PATH_SPANS - spans.length)) spans.push(span);
  const text = withColonLines(query);
  for (const m of text.matchAll(/[^\s`"']+/g)) {
    const at = m.index ?? 0;
    if (taken.some(([s, e]) => at >= s && at < e)) continue;
    consider(at, m[0], false);
  }
  spans.sort((a, b) => a.start - b.start);
  return spans;
}

/**
 * A pasted diff's hunks as spans on their headers, at most `max`: a hunk whose body was pasted
 * is its first and last changed lines, each a single line that selects the definition around it;
 * one without its body is the lines its header covers.
 */
function hunkSpans(query: string, max: number): PathSpan[] {
  const out: PathSpan[] = [];
  for (const hunk of diffHunks(query, max)) {
    const anchors = hunk.changed
      ? [...new Set([hunk.first, hunk.last])].map((line) => lineRange(String(line), undefined))
      : [lineRange(String(hunk.first), String(hunk.last))];
    for (const anchor of anchors) {
      if (anchor === undefined || out.length >= max) continue;
      const written = anchor.single ? `${hunk.path}:${anchor.start}` : `${hunk.path}:${anchor.start}-${anchor.end}`;
      out.push({ start: hunk.start, end: hunk.end, path: hunk.path, written, form: 'path', explicit: true, anchor });
    }
  }
  return out;
}

function classify(start: number, raw: string, quoted: boolean, indexedExtensions: ReadonlySet<string>, folder?: string): PathSpan | undefined {
  // Trim prose punctuation around the token; keep what the anchor suffix needs.
  const lead = raw.match(/^[([{<]+/)?.[0].length ?? 0;
  let token = raw.slice(lead);
  if (token.startsWith('file://')) token = fileUriPath(token);
  const link = token.search(/https?:\/\//);
  if (link >= 0) {
    // A link, also inside Markdown's `[text](link)`: a file on a code host, or no path.
    const inRepository = repositoryPath(token.slice(link).replace(/[)\]}>,;!?.]+$/, ''));
    if (inRepository === undefined) return undefined;
    token = inRepository;
  } else if (token.includes('://')) return undefined;
  let anchor: LineRange | undefined;
  let written: string | undefined;
  const parenthesised = parenthesisedLine(token);
  if (parenthesised !== undefined) {
    token = parenthesised.file;
    anchor = lineRange(parenthesised.line, undefined);
    written = `${parenthesised.file}:${parenthesised.line}`;
  } else {
    token = token.replace(/[)\]}>,;!?]+$/, '').replace(/[.:]+$/, '');
    const hash = token.match(/#L(\d+)(?:-L?(\d+))?$/);
    // Ruby's backtrace writes `:in` after the line (`issue.rb:123:in`).
    const colon = token.match(/:(\d+)(?:-(\d+)|:\d+)?(?::in)?$/);
    const suffix = hash ?? colon;
    if (suffix !== null && suffix !== undefined) {
      token = token.slice(0, suffix.index);
      anchor = lineRange(suffix[1], suffix[2]);
    }
  }
  if (token === '') return undefined;
  let path = token.replace(/\\/g, '/');
  const dotSlash = path.startsWith('./') || path.startsWith('../');
  path = path.replace(/^(?:\.\.?\/)+/, '').replace(/^[A-Za-z]:\//, '').replace(/^\/+/, '').replace(/\/{2,}/g, '/').replace(/\/$/, '');
  // A stack frame's bare file name under the folder its package names; a path that then matches
  // nothing falls back to the bare name (path-resolve.ts drops leading folders).
  if (folder !== undefined && !path.includes('/')) path = `${folder}/${path}`;
  if (path === '' || !/^[\w.\-@+/$]+$/.test(path)) return undefined;
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  const last = segments[segments.length - 1] ?? '';
  const dot = last.lastIndexOf('.');
  const ext = dot > 0 ? last.slice(dot + 1).toLowerCase() : undefined;
  const knownExt = ext !== undefined && (KNOWN_EXTENSIONS.has(ext) || indexedExtensions.has(ext));
  const hasSeparator = segments.length > 1;
  const base = { start: start, end: start + lead + raw.slice(lead).length, path, written: written ?? raw.slice(lead).replace(/[)\]}>,;!?.:]+$/, '') };
  const withAnchor = anchor === undefined ? {} : { anchor };
  if (knownExt) return { ...base, form: 'path', explicit: true, ...withAnchor };
  if (hasSeparator && ext === undefined && /^[A-Za-z_]/.test(path)) {
    // `src/db/repo` names a file without its extension; `and/or` is prose unless it resolves.
    return { ...base, form: 'path', explicit: dotSlash || quoted || segments.length > 2, ...withAnchor };
  }
  if (!hasSeparator && ext === undefined && /^[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+$/.test(path) && !/^L\d+-L?\d+$/.test(path)) {
    return { ...base, form: 'kebab', explicit: false, ...withAnchor };
  }
  return undefined;
}

/** A line range from matched digits; undefined for zero or numbers above 1,000,000. */
export function lineRange(first: string | undefined, second: string | undefined): LineRange | undefined {
  const start = Number(first);
  if (!Number.isInteger(start) || start < 1 || start > MAX_LINE) return undefined;
  const end = second === undefined ? start : Number(second);
  if (!Number.isInteger(end) || end > MAX_LINE || end < start) return { start, end: start, single: true };
  return { start, end, single: end === start };
}
