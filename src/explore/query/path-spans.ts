/**
 * Finds the spans of a query that are written as file paths: quoted or backticked text, `./x`,
 * `a/b/c.py`, Windows `a\b\c.py`, `name.ext` with a source extension, extensionless
 * kebab-case basenames, and the files of stack frames (a JVM frame's `(ArrayList.java:237)`,
 * .NET's `Users.cs:line 42`, Ruby's `issue.rb:123:in`, PHP's `Foo.php(42)`), links to a
 * file on GitHub, GitLab or Bitbucket, a `file://` URI, the hunks of a unified diff, and a pytest
 * node id's file. Line anchors written onto a path (`:776`, `:12-40`, `#L88-L120`) are
 * split off here; prose anchors ("lines 900-1003 in x.py") are bound later.
 */

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
  const consider = (start: number, token: string, quoted: boolean, folder?: string): void => {
    if (spans.length >= MAX_PATH_SPANS) return;
    const span = classify(start, token, quoted, indexedExtensions, folder);
    if (span !== undefined) spans.push(span);
  };
  for (const m of query.matchAll(/([`"'])([^`"'\n]{1,300}?)\1/g)) {
    const inner = m[2] ?? '';
    if (/\s/.test(inner.trim())) continue;
    const start = (m.index ?? 0) + 1 + (inner.length - inner.trimStart().length);
    taken.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
    consider(start, inner.trim(), true);
  }
  for (const hunk of diffHunks(query)) if (spans.length < MAX_PATH_SPANS) spans.push(hunk);
  const text = withColonLines(query);
  for (const m of text.matchAll(/[^\s`"']+/g)) {
    const at = m.index ?? 0;
    if (taken.some(([s, e]) => at >= s && at < e)) continue;
    const frame = frameFile(m[0]);
    // A pytest node id (`tests/test_cart.py::TestCart::test_total`) is a file and the names in it.
    const node = m[0].indexOf('::');
    if (frame !== undefined) consider(at + frame.at, m[0].slice(frame.at), false, frame.folder);
    else if (node > 0 && /\.\w+$/.test(m[0].slice(0, node))) consider(at, m[0].slice(0, node), false);
    else consider(at, m[0], false);
  }
  spans.sort((a, b) => a.start - b.start);
  return spans;
}

/**
 * The lines each hunk of a unified diff changes, as spans on the hunk headers: after
 * `+++ b/src/cart.ts`, the hunk `@@ -10,7 +10,9 @@` is its first and last changed lines in
 * `src/cart.ts` as the diff leaves it (a deletion is the line after it), each a single line, so
 * each selects the definition around it; a hunk pasted without its body is its header's range.
 * git's `b/` is dropped.
 */
function diffHunks(query: string): PathSpan[] {
  const out: PathSpan[] = [];
  const lines = query.split('\n');
  let offset = 0;
  let path: string | undefined;
  lines.forEach((line, i) => {
    const at = offset;
    offset += line.length + 1;
    if (out.length >= MAX_PATH_SPANS) return;
    const file = line.match(/^\+\+\+ (?:b\/)?(\S+)/);
    if (file !== null) {
      path = file[1] === '/dev/null' ? undefined : (file[1] ?? '').replace(/\\/g, '/').replace(/^\/+/, '');
      return;
    }
    const header = line.match(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/);
    if (header === null || path === undefined) return;
    const first = Number(header[1]);
    const changed = changedLines(lines, i + 1, first);
    const ranges = changed.length === 0
      ? [lineRange(header[1], String(first + Math.max(1, Number(header[2] ?? 1)) - 1))]
      : [...new Set([changed[0], changed[changed.length - 1]])].map((n) => lineRange(String(n), undefined));
    for (const anchor of ranges) {
      if (anchor === undefined) continue;
      const written = anchor.single ? `${path}:${anchor.start}` : `${path}:${anchor.start}-${anchor.end}`;
      out.push({ start: at, end: at + header[0].length, path, written, form: 'path', explicit: true, anchor });
    }
  });
  return out;
}

/**
 * The first and last lines, in the file a diff leaves, that a hunk's body from `from` adds or
 * deletes at, its new side starting at `first`; empty when the body changes none.
 */
function changedLines(lines: readonly string[], from: number, first: number): number[] {
  let line = first;
  let earliest: number | undefined;
  let latest = 0;
  const change = (at: number): void => {
    earliest ??= at;
    latest = at;
  };
  for (let i = from; i < lines.length; i += 1) {
    const mark = lines[i]?.[0];
    if (mark === ' ') line += 1;
    else if (mark === '+' && !lines[i]?.startsWith('+++ ')) change(line++);
    else if (mark === '-' && !lines[i]?.startsWith('--- ')) change(line);
    else if (mark !== '\\') break;
  }
  return earliest === undefined ? [] : [earliest, latest];
}

/**
 * A stack frame's file in parentheses right after the function's name, which is no path: a JVM
 * frame (`java.base/java.util.ArrayList.grow(ArrayList.java:237)`, Kotlin's and Scala's alike),
 * or a Node frame written without a space (`handle(/app/lib/router.js:275:16)`). Where the file
 * starts in the token, and the folder a JVM package names (`java/util`: the lowercase parts
 * before the first capitalised one, a module prefix dropped), which tells apart files of one
 * name. Undefined for any other token.
 */
function frameFile(token: string): { readonly at: number; readonly folder: string | undefined } | undefined {
  const open = token.lastIndexOf('(');
  if (open <= 0 || !/^\([\w$.\-/\\]+\.\w+:\d+(?::\d+)?\)/.test(token.slice(open))) return undefined;
  const parts = token.slice(token.lastIndexOf('/', open) + 1, open).split('.');
  const type = parts.findIndex((p) => /^[A-Z]/.test(p));
  const folder = type > 0 && parts.slice(0, type).every((p) => /^[a-z_][a-z0-9_]*$/.test(p)) ? parts.slice(0, type).join('/') : undefined;
  return { at: open + 1, folder };
}

/**
 * `query` with .NET's line anchors (`in /src/Api/Users.cs:line 42`) written as `:42` and padded
 * to the same length, so every offset still points into the query as written.
 */
function withColonLines(query: string): string {
  return query.replace(/(\.\w+):line (\d+)/g, (whole: string, ext: string, line: string) => `${ext}:${line}`.padEnd(whole.length, ' '));
}

/**
 * The path inside the repository of a link to a file on a code host, its line anchor kept
 * (`https://github.com/o/r/blob/main/src/cart.ts#L10-L20` -> `src/cart.ts#L10-L20`; GitLab's
 * `/-/blob/`, Bitbucket's `/src/` and `#lines-10`); undefined for any other link. A branch name
 * with a `/` leaves a folder in front, which resolving drops.
 */
function repositoryPath(link: string): string | undefined {
  const m = link.match(/^https?:\/\/[^/\s]+\/(?:[^/\s]+\/){2,}?(?:-\/)?(?:blob|tree|src|raw)\/[^/\s]+\/([^?#\s]+)(?:\?[^#\s]*)?(#\S*)?$/);
  if (m === null) return undefined;
  return `${m[1] ?? ''}${(m[2] ?? '').replace(/^#lines-(\d+)(?::(\d+))?/, (_, a: string, b?: string) => `#L${a}${b === undefined ? '' : `-L${b}`}`)}`;
}

/** A URI's path with its `%xx` escapes read (`%20` a space), or as written when one is malformed. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function classify(start: number, raw: string, quoted: boolean, indexedExtensions: ReadonlySet<string>, folder?: string): PathSpan | undefined {
  // Trim prose punctuation around the token; keep what the anchor suffix needs.
  const lead = raw.match(/^[([{<]+/)?.[0].length ?? 0;
  let token = raw.slice(lead);
  // A `file://` URI, as compilers and editors write one, is the path it holds (`file:///C:/…` a Windows one).
  if (token.startsWith('file://')) token = decodedPath(token.slice('file://'.length)).replace(/^\/([A-Za-z]:\/)/, '$1');
  if (token.includes('://')) {
    const inRepository = repositoryPath(token.replace(/[)\]}>,;!?.]+$/, ''));
    if (inRepository === undefined) return undefined;
    token = inRepository;
  }
  token = token.replace(/[)\]}>,;!?]+$/, '').replace(/[.:]+$/, '');
  if (token === '') return undefined;
  let anchor: LineRange | undefined;
  const hash = token.match(/#L(\d+)(?:-L?(\d+))?$/);
  // Ruby's backtrace writes `:in` after the line (`issue.rb:123:in`); PHP's writes the line in
  // parentheses (`Foo.php(42):`), as TypeScript's and MSBuild's errors do with a column (`cart.ts(12,5):`).
  const colon = token.match(/:(\d+)(?:-(\d+)|:\d+)?(?::in)?$/);
  const paren = token.match(/(?<=\.[A-Za-z]\w*)\((\d+)(?:,\d+)?\)?$/);
  const suffix = hash ?? colon ?? paren;
  if (suffix !== null && suffix !== undefined) {
    token = token.slice(0, suffix.index);
    anchor = lineRange(suffix[1], suffix[2]);
  }
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
  const base = { start: start, end: start + lead + raw.slice(lead).length, path, written: raw.slice(lead).replace(/[)\]}>,;!?.:]+$/, '') };
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
