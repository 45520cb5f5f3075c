/**
 * Gitignore matching with git's semantics (see gitignore(5)). I/O-free: the walker reads each
 * `.gitignore` once and extends the rules as it descends.
 */
import { compilePattern, type PatternMatcher } from './pattern-match.js';

/** One compiled line of an ignore file. */
interface Rule {
  /** `''` for the root, else the owning directory followed by `/`. */
  readonly prefix: string;
  readonly matcher: PatternMatcher;
  readonly negated: boolean;
  readonly directoryOnly: boolean;
  /** A pattern without an inner or leading slash matches the last path component at any depth. */
  readonly basenameOnly: boolean;
}

const GITIGNORE = { braces: false, strict: true } as const;

/**
 * Removes trailing spaces unless backslash-escaped, exactly as git's `trim_trailing_spaces`
 * does (tabs are kept; only spaces are trimmed).
 */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ') {
      if (lastSpace === -1) lastSpace = i;
    } else {
      lastSpace = -1;
      if (c === '\\') i++;
    }
  }
  return lastSpace === -1 ? line : line.slice(0, lastSpace);
}

function compileLine(rawLine: string, prefix: string): Rule | undefined {
  let line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
  if (line === '' || line.startsWith('#')) return undefined;
  line = trimTrailingSpaces(line);
  let negated = false;
  if (line.startsWith('!')) {
    negated = true;
    line = line.slice(1);
  }
  let directoryOnly = false;
  if (line.endsWith('/')) {
    directoryOnly = true;
    line = line.slice(0, -1);
  }
  if (line === '') return undefined;
  const basenameOnly = !line.includes('/');
  if (line.startsWith('/')) line = line.slice(1);
  const matcher = compilePattern(line, GITIGNORE);
  // Git keeps an invalid pattern (unclosed `[`, trailing `\`) but it never matches.
  if (matcher === undefined) return undefined;
  return { prefix, matcher, negated, directoryOnly, basenameOnly };
}

function compileFile(text: string, relDir: string): readonly Rule[] {
  const prefix = relDir === '' ? '' : `${relDir}/`;
  const rules: Rule[] = [];
  // Git skips a UTF-8 byte order mark at the start of an ignore file.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (const line of body.split('\n')) {
    const rule = compileLine(line, prefix);
    if (rule !== undefined) rules.push(rule);
  }
  return rules;
}

function ruleMatches(rule: Rule, relPath: string, isDir: boolean): boolean {
  if (rule.directoryOnly && !isDir) return false;
  if (!relPath.startsWith(rule.prefix)) return false;
  const local = relPath.slice(rule.prefix.length);
  if (local === '') return false;
  const subject = rule.basenameOnly ? local.slice(local.lastIndexOf('/') + 1) : local;
  return rule.matcher.matches(subject);
}

/**
 * The ignore rules in force at one directory: `.git/info/exclude`, then every `.gitignore` from
 * the root down to that directory. Immutable; `withDirectory` shares the rules above it, so
 * extending per directory costs only the new file's patterns.
 */
export class IgnoreRules {
  private readonly parent: IgnoreRules | undefined;
  private readonly rules: readonly Rule[];

  private constructor(parent: IgnoreRules | undefined, rules: readonly Rule[]) {
    this.parent = parent;
    this.rules = rules;
  }

  /** Rules that ignore nothing. */
  static readonly NONE: IgnoreRules = new IgnoreRules(undefined, []);

  /**
   * Rules for a repository root seeded with the text of `.git/info/exclude`, which ranks below
   * every `.gitignore`. Add the root's own `.gitignore` with `withDirectory('', text)`.
   */
  static forRoot(infoExcludeText?: string): IgnoreRules {
    if (infoExcludeText === undefined) return IgnoreRules.NONE;
    return IgnoreRules.NONE.withDirectory('', infoExcludeText);
  }

  /**
   * These rules plus the `.gitignore` found in `relDir` (project-relative, `''` for the root),
   * whose patterns are relative to that directory and outrank every shallower file.
   */
  withDirectory(relDir: string, fileText: string): IgnoreRules {
    const rules = compileFile(fileText, relDir);
    return rules.length === 0 ? this : new IgnoreRules(this, rules);
  }

  /**
   * The verdict of the last matching pattern for `relPath` itself: true when ignored, false when
   * re-included by a `!` pattern, undefined when no pattern matches. Parents are not consulted.
   */
  verdict(relPath: string, isDir: boolean): boolean | undefined {
    for (let node: IgnoreRules | undefined = this; node !== undefined; node = node.parent) {
      for (let i = node.rules.length - 1; i >= 0; i--) {
        const rule = node.rules[i]!;
        if (ruleMatches(rule, relPath, isDir)) return !rule.negated;
      }
    }
    return undefined;
  }

  /**
   * Whether `relPath` is ignored on its own account, assuming no parent directory is ignored
   * (a walker that prunes ignored directories already knows this). The root is never ignored.
   */
  ignoresEntry(relPath: string, isDir: boolean): boolean {
    return relPath !== '' && this.verdict(relPath, isDir) === true;
  }

  /**
   * Whether git would ignore `relPath`: the entry itself or any parent directory is ignored,
   * because a file cannot be re-included once a parent directory is excluded.
   */
  ignores(relPath: string, isDir: boolean): boolean {
    for (let slash = relPath.indexOf('/'); slash !== -1; slash = relPath.indexOf('/', slash + 1)) {
      if (this.ignoresEntry(relPath.slice(0, slash), true)) return true;
    }
    return this.ignoresEntry(relPath, isDir);
  }
}
