/**
 * The forms in which tools write a file and its line, as people paste them into a question:
 * stack frames (JVM, Node, .NET, Ruby, PHP), compiler errors (`cart.ts(12,5):`), links to a file
 * on a code host, `file://` URIs, the hunks of a unified diff, and pytest node ids. Text in, the
 * place of the file and its line out; path-spans.ts turns them into spans. No index, no I/O.
 */

/**
 * A stack frame's file in parentheses right after the function's name, which is no path: a JVM
 * frame (`java.base/java.util.ArrayList.grow(ArrayList.java:237)`, Kotlin's and Scala's alike),
 * or a Node frame written without a space (`handle(/app/lib/router.js:275:16)`). Where the file
 * starts in the token, and the folder a JVM package names (`java/util`: the lowercase parts
 * before the first capitalised one, a module prefix dropped), which tells apart files of one
 * name. Undefined for any other token.
 */
export function frameFile(token: string): { readonly at: number; readonly folder: string | undefined } | undefined {
  const open = token.lastIndexOf('(');
  if (open <= 0 || !/^\([\w$.\-/\\]+\.\w+:\d+(?::\d+)?\)/.test(token.slice(open))) return undefined;
  const parts = token.slice(token.lastIndexOf('/', open) + 1, open).split('.');
  const type = parts.findIndex((p) => /^[A-Z]/.test(p));
  const folder = type > 0 && parts.slice(0, type).every((p) => /^[a-z_][a-z0-9_]*$/.test(p)) ? parts.slice(0, type).join('/') : undefined;
  return { at: open + 1, folder };
}

/**
 * Where a pytest node id's file ends in a token (`tests/test_cart.py::TestCart::test_total`: the
 * names after it are the test's), or undefined for any other token (`serde::de::Visitor`).
 */
export function nodeIdFileEnd(token: string): number | undefined {
  const end = token.indexOf('::');
  return end > 0 && /\.[A-Za-z]\w*$/.test(token.slice(0, end)) ? end : undefined;
}

/**
 * `query` with .NET's line anchors (`in /src/Api/Users.cs:line 42`) written as `:42`, the
 * characters left over written as `)`, which a path's trailing punctuation is trimmed of: every
 * offset still points into the query as written, and the token still ends where the line does.
 */
export function withColonLines(query: string): string {
  return query.replace(/(\.\w+):line (\d+)/g, (whole: string, ext: string, line: string) => `${ext}:${line}`.padEnd(whole.length, ')'));
}

/**
 * A file and line written as PHP's backtrace writes them (`/var/www/src/Cart.php(42):`), or as
 * TypeScript's and MSBuild's errors do, with a column (`src/cart.ts(12,5):`): the file, and the
 * line. The colon after the parentheses is part of the form, so a call (`res.json(200)`) is none.
 */
export function parenthesisedLine(token: string): { readonly file: string; readonly line: string } | undefined {
  if (!token.endsWith('):')) return undefined;
  const open = token.lastIndexOf('(');
  const m = /^\((\d+)(?:,\d+)?\):$/.exec(token.slice(open));
  const file = token.slice(0, open);
  if (open <= 0 || m === null || !/\.[A-Za-z]\w*$/.test(file)) return undefined;
  return { file, line: m[1] ?? '' };
}

/** Code hosts whose links to a file are read, by host: the marker before the branch. */
const CODE_HOSTS: readonly RegExp[] = [
  // GitHub (and GitHub Enterprise hosts named so): /owner/repo/blob|tree|raw/ref/path
  /^https?:\/\/(?:www\.)?github\.[^/\s]+\/[^/\s]+\/[^/\s]+\/(?:blob|tree|raw)\/[^/\s]+\/([^?#\s]+)(?:\?[^#\s]*)?(#\S*)?$/,
  /^https?:\/\/raw\.githubusercontent\.com\/[^/\s]+\/[^/\s]+\/[^/\s]+\/([^?#\s]+)(?:\?[^#\s]*)?(#\S*)?$/,
  // GitLab, any host, groups nested: /group/…/project/-/blob|tree|raw/ref/path
  /^https?:\/\/[^/\s]+\/(?:[^/\s]+\/){2,}?-\/(?:blob|tree|raw)\/[^/\s]+\/([^?#\s]+)(?:\?[^#\s]*)?(#\S*)?$/,
  // Bitbucket: /owner/repo/src|raw/ref/path
  /^https?:\/\/(?:www\.)?bitbucket\.org\/[^/\s]+\/[^/\s]+\/(?:src|raw)\/[^/\s]+\/([^?#\s]+)(?:\?[^#\s]*)?(#\S*)?$/,
];

/**
 * The path inside the repository of a link to a file on GitHub, GitLab or Bitbucket, its line
 * anchor kept and written as `#L10-L20` (`https://github.com/o/r/blob/main/src/cart.ts#L10-L20`;
 * GitHub's columns `#L10C3-L20C5` dropped; Bitbucket's `#lines-10:20`); undefined for a link to
 * any other site. A branch name with a `/` leaves a folder in front, which resolving drops.
 */
export function repositoryPath(link: string): string | undefined {
  for (const host of CODE_HOSTS) {
    const m = host.exec(link);
    if (m === null) continue;
    const anchor = (m[2] ?? '')
      .replace(/^#lines-(\d+)(?::(\d+))?.*$/, (_, a: string, b?: string) => `#L${a}${b === undefined ? '' : `-L${b}`}`)
      .replace(/^#L(\d+)(?:C\d+)?(?:-L(\d+)(?:C\d+)?)?.*$/, (_, a: string, b?: string) => `#L${a}${b === undefined ? '' : `-L${b}`}`);
    return `${m[1] ?? ''}${anchor.startsWith('#L') ? anchor : ''}`;
  }
  return undefined;
}

/**
 * The path a `file://` URI holds, as compilers and editors write one (`file:///C:/…` a Windows
 * one), its `%xx` escapes read (`%2B` a `+`), or as written when one is malformed.
 */
export function fileUriPath(uri: string): string {
  const path = uri.slice('file://'.length);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is kept as written.
  }
  return decoded.replace(/^\/([A-Za-z]:\/)/, '$1');
}

/** The changed lines of one hunk of a unified diff, in the file the diff leaves. */
export interface DiffHunk {
  /** Offsets of the hunk header in the query. */
  readonly start: number;
  readonly end: number;
  readonly path: string;
  /** The first and last changed lines; the header's range when the body was not pasted. */
  readonly first: number;
  readonly last: number;
  /** The body was pasted: first and last are changed lines, each selecting the definition around it. */
  readonly changed: boolean;
}

/**
 * The hunks of a unified diff in `query`, at most `max`: after `+++ b/src/cart.ts`, the hunk
 * `@@ -10,7 +10,9 @@` and its body give the first and last lines it adds or deletes at in
 * `src/cart.ts` as the diff leaves it (a deletion is the line after it). The body is read by the
 * header's counts, so a blank context line and a deleted `-- comment` are read as such. git's `b/`
 * is dropped.
 */
export function diffHunks(query: string, max: number): DiffHunk[] {
  const out: DiffHunk[] = [];
  const lines = query.split('\n');
  let offset = 0;
  let path: string | undefined;
  lines.forEach((line, i) => {
    const at = offset;
    offset += line.length + 1;
    if (out.length >= max) return;
    const file = /^\+\+\+ (?:b\/)?(\S+)/.exec(line);
    if (file !== null) {
      path = file[1] === '/dev/null' ? undefined : (file[1] ?? '').replace(/\\/g, '/').replace(/^\/+/, '');
      return;
    }
    const header = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (header === null || path === undefined) return;
    const first = Number(header[2]);
    const newCount = Number(header[3] ?? 1);
    const changed = changedLines(lines, i + 1, first, Number(header[1] ?? 1), newCount);
    const [from, to] = changed ?? [first, first + Math.max(1, newCount) - 1];
    out.push({ start: at, end: at + header[0].length, path, first: from, last: to, changed: changed !== undefined });
  });
  return out;
}

/**
 * The first and last lines, in the file a diff leaves, that a hunk's body from `from` adds or
 * deletes at, its new side starting at `first`; read until the header's old and new counts are
 * used up. Undefined when the body changes none (or was not pasted).
 */
function changedLines(lines: readonly string[], from: number, first: number, oldCount: number, newCount: number): [number, number] | undefined {
  let line = first;
  let earliest: number | undefined;
  let latest = 0;
  let oldLeft = oldCount;
  let newLeft = newCount;
  for (let i = from; i < lines.length && (oldLeft > 0 || newLeft > 0); i += 1) {
    const text = lines[i] ?? '';
    const mark = text[0];
    if (mark === '\\') continue;
    if (mark === '+' && newLeft > 0) {
      newLeft -= 1;
      earliest ??= line;
      latest = line;
      line += 1;
    } else if (mark === '-' && oldLeft > 0) {
      oldLeft -= 1;
      earliest ??= line;
      latest = line;
    } else if ((mark === ' ' || text === '') && oldLeft > 0 && newLeft > 0) {
      oldLeft -= 1;
      newLeft -= 1;
      line += 1;
    } else break;
  }
  return earliest === undefined ? undefined : [earliest, latest];
}
