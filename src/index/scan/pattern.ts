/**
 * The syntax of wildcard patterns (gitignore and config globs), parsed into a sequence of tokens
 * that `pattern-match.ts` matches. Both dialects share `*`, `?`, `**` and `[...]`; globs add
 * `{a,b}`. Paths are `/`-separated and no wildcard ever matches a `/` except a `**` that forms a
 * whole path segment.
 */

/** Which dialect to parse. */
export interface PatternDialect {
  /** Expand `{a,b}` alternatives (globs); gitignore treats braces literally. */
  readonly braces: boolean;
  /**
   * Git rejects a pattern with an unclosed `[` or a trailing `\` (it never matches); when false
   * those characters are taken literally instead, which is friendlier for hand-written globs.
   */
  readonly strict: boolean;
}

/** An inclusive range of code points. */
export type CodeRange = readonly [low: number, high: number];

/**
 * One token of a parsed pattern.
 * - `literal`: exactly the code point `code`.
 * - `one`: one code point other than `/` (`?`).
 * - `star`: any run of code points other than `/` (`*`, and `**` that is not a whole segment).
 * - `class`: one code point other than `/` that is in `ranges` (outside them when `negated`).
 * - `directories`: zero or more non-empty segments, each followed by `/` (a leading `**` + `/`).
 * - `rest`: any run of code points except line terminators (a trailing `**`; the ECMAScript `.`).
 * - `choice`: one of several token sequences (`{a,b}`).
 */
export type PatternToken =
  | { readonly kind: 'literal'; readonly code: number }
  | { readonly kind: 'one' | 'star' | 'directories' | 'rest' }
  | { readonly kind: 'class'; readonly ranges: readonly CodeRange[]; readonly negated: boolean }
  | { readonly kind: 'choice'; readonly alternatives: readonly (readonly PatternToken[])[] };

/**
 * Parses `pattern` into tokens, or returns undefined when the dialect says the pattern can never
 * match. Never throws: malformed syntax is either literal or never-matching, by dialect.
 */
export function parsePattern(pattern: string, dialect: PatternDialect): readonly PatternToken[] | undefined {
  return parseSequence(Array.from(pattern), true, dialect);
}

/** One code point as a range. */
function point(c: string): CodeRange {
  const code = c.codePointAt(0)!;
  return [code, code];
}

/** ASCII meanings, as git's wildmatch defines them. */
const POSIX_CLASSES: Readonly<Record<string, readonly CodeRange[]>> = {
  alnum: [[0x61, 0x7a], [0x41, 0x5a], [0x30, 0x39]],
  alpha: [[0x61, 0x7a], [0x41, 0x5a]],
  blank: [[0x20, 0x20], [0x09, 0x09]],
  cntrl: [[0x00, 0x1f], [0x7f, 0x7f]],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]],
  space: [[0x20, 0x20], [0x09, 0x0d]],
  upper: [[0x41, 0x5a]],
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
};

interface ParsedClass {
  readonly token: PatternToken;
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
  const ranges: CodeRange[] = [];
  let first = true;
  while (i < cs.length) {
    let c = cs[i]!;
    if (c === ']' && !first) return { token: { kind: 'class', ranges, negated }, next: i + 1 };
    first = false;
    if (c === '[' && cs[i + 1] === ':') {
      const close = findPosixEnd(cs, i + 2);
      if (close !== undefined) {
        const members = POSIX_CLASSES[cs.slice(i + 2, close).join('')];
        if (members === undefined) return undefined;
        ranges.push(...members);
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
      // A reversed range matches nothing in git.
      const low = c.codePointAt(0)!;
      const high = hi.codePointAt(0)!;
      if (low <= high) ranges.push([low, high]);
      continue;
    }
    ranges.push(point(c));
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

const ONE: PatternToken = { kind: 'one' };
const STAR: PatternToken = { kind: 'star' };
const DIRECTORIES: PatternToken = { kind: 'directories' };
const REST: PatternToken = { kind: 'rest' };

function literal(c: string): PatternToken {
  return { kind: 'literal', code: c.codePointAt(0)! };
}

/** A run of `*` at `i`: its token and length. */
function parseStars(cs: readonly string[], i: number, atSegmentStart: boolean): [PatternToken, number] {
  let run = 1;
  while (cs[i + run] === '*') run++;
  const after = cs[i + run];
  if (run === 2 && atSegmentStart && after === '/') return [DIRECTORIES, 3];
  if (run === 2 && atSegmentStart && after === undefined) return [REST, 2];
  // `**` that is not a whole segment is an ordinary `*`, as in git.
  return [STAR, run];
}

function parseSequence(cs: readonly string[], startsSegment: boolean, dialect: PatternDialect): PatternToken[] | undefined {
  const out: PatternToken[] = [];
  let i = 0;
  while (i < cs.length) {
    const c = cs[i]!;
    const atSegmentStart = i === 0 ? startsSegment : cs[i - 1] === '/';
    if (c === '*') {
      const [token, length] = parseStars(cs, i, atSegmentStart);
      out.push(token);
      i += length;
    } else if (c === '?') {
      out.push(ONE);
      i++;
    } else if (c === '\\') {
      const next = cs[i + 1];
      if (next === undefined && dialect.strict) return undefined;
      out.push(literal(next ?? '\\'));
      i += 2;
    } else if (c === '[') {
      const parsed = parseClass(cs, i);
      if (parsed === undefined && dialect.strict) return undefined;
      out.push(parsed?.token ?? literal('['));
      i = parsed?.next ?? i + 1;
    } else if (c === '{' && dialect.braces) {
      const group = parseBraces(cs, i);
      if (group === undefined) {
        out.push(literal('{'));
        i++;
        continue;
      }
      const alternatives: PatternToken[][] = [];
      for (const alternative of group.alternatives) {
        const tokens = parseSequence(alternative, atSegmentStart, dialect);
        if (tokens === undefined) return undefined;
        alternatives.push(tokens);
      }
      out.push({ kind: 'choice', alternatives });
      i = group.next;
    } else {
      out.push(literal(c));
      i++;
    }
  }
  return out;
}
