/**
 * The former matcher, kept as a test oracle: the linear matcher of src/index/scan/pattern-match.ts
 * must agree with it on every pattern and path. Not used by the product, because a RegExp
 * backtracks (a `*a*a*a*a*a*a*a*a*a*a*b` pattern took minutes on one long name).
 *
 * Translation of wildcard patterns (gitignore and config globs) to RegExp source. Both dialects
 * share `*`, `?`, `**` and `[...]`; globs add `{a,b}`. Paths are `/`-separated and no wildcard
 * ever matches a `/` except a `**` that forms a whole path segment.
 */

/** Which dialect to translate. */
export interface PatternDialect {
  /** Expand `{a,b}` alternatives (globs); gitignore treats braces literally. */
  readonly braces: boolean;
  /**
   * Git rejects a pattern with an unclosed `[` or a trailing `\` (it never matches); when false
   * those characters are taken literally instead, which is friendlier for hand-written globs.
   */
  readonly strict: boolean;
}

/**
 * Translates `pattern` to RegExp source (no anchors; compile with the `u` flag), or returns
 * undefined when the dialect says the pattern can never match.
 */
export function translatePattern(pattern: string, dialect: PatternDialect): string | undefined {
  return translate(Array.from(pattern), true, dialect);
}

const SYNTAX = new Set(['\\', '^', '$', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']);

/** Escapes one code point for use outside a character class (u-mode allows only syntax escapes). */
function literal(c: string): string {
  return SYNTAX.has(c) ? `\\${c}` : c;
}

const CLASS_SPECIAL = new Set(['\\', ']', '[', '^', '-']);

function classLiteral(c: string): string {
  return CLASS_SPECIAL.has(c) ? `\\${c}` : c;
}

/** ASCII meanings, as git's wildmatch defines them. */
const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '\\x21-\\x7e',
  lower: 'a-z',
  print: '\\x20-\\x7e',
  punct: '!-\\/:-@\\[-`{-~',
  space: ' \\t\\n\\r\\f\\v',
  upper: 'A-Z',
  xdigit: '0-9A-Fa-f',
};

interface ParsedClass {
  readonly source: string;
  /** Index just past the closing `]`. */
  readonly next: number;
}

/**
 * Parses a bracket expression whose `[` is at `open`. Returns undefined when it is not closed or
 * names an unknown `[:class:]`, both of which make git's wildmatch give up on the pattern.
 */
function parseClass(cs: readonly string[], open: number): ParsedClass | undefined {
  let i = open + 1;
  let negated = false;
  if (cs[i] === '!' || cs[i] === '^') {
    negated = true;
    i++;
  }
  let body = '';
  let first = true;
  while (i < cs.length) {
    let c = cs[i]!;
    if (c === ']' && !first) {
      if (negated) return { source: `[^/${body}]`, next: i + 1 };
      // A class never matches `/` in a path pattern, even through a range such as `[!-0]`.
      return { source: body === '' ? '(?!)' : `(?!/)[${body}]`, next: i + 1 };
    }
    first = false;
    if (c === '[' && cs[i + 1] === ':') {
      const close = findPosixEnd(cs, i + 2);
      if (close !== undefined) {
        const name = cs.slice(i + 2, close).join('');
        const members = POSIX_CLASSES[name];
        if (members === undefined) return undefined;
        body += members;
        i = close + 2;
        continue;
      }
    }
    if (c === '\\') {
      i++;
      if (i >= cs.length) return undefined;
      c = cs[i]!;
    }
    i++;
    if (cs[i] === '-' && i + 1 < cs.length && cs[i + 1] !== ']') {
      let hi = cs[i + 1]!;
      i += 2;
      if (hi === '\\') {
        if (i >= cs.length) return undefined;
        hi = cs[i]!;
        i++;
      }
      // A reversed range matches nothing in git; JS would reject it, so drop it.
      if (c.codePointAt(0)! <= hi.codePointAt(0)!) body += `${classLiteral(c)}-${classLiteral(hi)}`;
      continue;
    }
    body += classLiteral(c);
  }
  return undefined;
}

function findPosixEnd(cs: readonly string[], from: number): number | undefined {
  for (let j = from; j + 1 < cs.length; j++) {
    if (cs[j] === ':' && cs[j + 1] === ']') return j;
    if (!/[a-z]/.test(cs[j]!)) return undefined;
  }
  return undefined;
}

interface BraceGroup {
  readonly alternatives: readonly (readonly string[])[];
  readonly next: number;
}

/** Splits `{a,b}` at `open` into alternatives; undefined when unclosed or without a comma. */
function parseBraces(cs: readonly string[], open: number): BraceGroup | undefined {
  let depth = 0;
  let start = open + 1;
  const alternatives: string[][] = [];
  for (let i = open + 1; i < cs.length; i++) {
    const c = cs[i]!;
    if (c === '\\') {
      i++;
    } else if (c === '[') {
      const parsed = parseClass(cs, i);
      if (parsed !== undefined) i = parsed.next - 1;
    } else if (c === '{') {
      depth++;
    } else if (c === '}' && depth > 0) {
      depth--;
    } else if ((c === ',' || c === '}') && depth === 0) {
      alternatives.push(cs.slice(start, i));
      start = i + 1;
      if (c === '}') return alternatives.length > 1 ? { alternatives, next: i + 1 } : undefined;
    }
  }
  return undefined;
}

function translate(cs: readonly string[], startsSegment: boolean, dialect: PatternDialect): string | undefined {
  let out = '';
  let i = 0;
  while (i < cs.length) {
    const c = cs[i]!;
    const atSegmentStart = i === 0 ? startsSegment : cs[i - 1] === '/';
    if (c === '*') {
      let run = 1;
      while (cs[i + run] === '*') run++;
      const after = cs[i + run];
      if (run === 2 && atSegmentStart && after === '/') {
        out += '(?:[^/]+/)*';
        i += 3;
      } else if (run === 2 && atSegmentStart && after === undefined) {
        out += '.*';
        i += 2;
      } else {
        // `**` that is not a whole segment is an ordinary `*`, as in git.
        out += '[^/]*';
        i += run;
      }
    } else if (c === '?') {
      out += '[^/]';
      i++;
    } else if (c === '\\') {
      const next = cs[i + 1];
      if (next === undefined) {
        if (dialect.strict) return undefined;
        out += '\\\\';
      } else {
        out += literal(next);
      }
      i += 2;
    } else if (c === '[') {
      const parsed = parseClass(cs, i);
      if (parsed === undefined) {
        if (dialect.strict) return undefined;
        out += '\\[';
        i++;
      } else {
        out += parsed.source;
        i = parsed.next;
      }
    } else if (c === '{' && dialect.braces) {
      const group = parseBraces(cs, i);
      if (group === undefined) {
        out += '\\{';
        i++;
      } else {
        const parts: string[] = [];
        for (const alternative of group.alternatives) {
          const part = translate(alternative, atSegmentStart, dialect);
          if (part === undefined) return undefined;
          parts.push(part);
        }
        out += `(?:${parts.join('|')})`;
        i = group.next;
      }
    } else {
      out += literal(c);
      i++;
    }
  }
  return out;
}

/** Whether the old RegExp translation of `pattern` matches all of `subject`. */
export function oracleMatches(pattern: string, dialect: PatternDialect, subject: string): boolean {
  const source = translatePattern(pattern, dialect);
  return source !== undefined && new RegExp(`^${source}$`, 'u').test(subject);
}
