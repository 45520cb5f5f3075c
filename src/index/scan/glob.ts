/**
 * Globs for the include/exclude config and for file listings, matched against project-relative
 * `/`-separated paths.
 */
import { compilePattern } from './pattern-match.js';

const GLOB = { braces: true, strict: false } as const;

/**
 * Compiles a glob to a predicate over project-relative paths.
 *
 * - `*` matches within one path segment, `?` one character other than `/`, `[a-z]`/`[!a-z]` a
 *   character class, `{a,b}` either alternative (nesting allowed), `\x` a literal `x`.
 * - `**` as a whole segment matches zero or more segments: `src/**` is everything under `src`;
 *   `**` followed by `/test/*.ts` finds `test` directories at any depth.
 * - A pattern without `/` matches the basename at any depth: `*.ts` matches `src/a/b.ts`.
 *   Any `/` anchors the pattern at the project root; a leading `/` or `./` is just dropped.
 * - A trailing `/` means everything under that directory (`build/` = `build/**`).
 * - Dotfiles are not special: `*` matches `.eslintrc.js`.
 * Malformed syntax (an unclosed `[` or `{`) is taken literally, so this never throws. Matching
 * never backtracks: it costs at most the pattern's length times the path's.
 */
export function compileGlob(pattern: string): (relPath: string) => boolean {
  let body = pattern;
  if (body.startsWith('./')) body = body.slice(2);
  else if (body.startsWith('/')) body = body.slice(1);
  const anchored = pattern.includes('/');
  if (body.endsWith('/')) body += '**';
  if (!anchored) body = `**/${body}`;
  const matcher = compilePattern(body, GLOB);
  if (matcher === undefined) return () => false;
  return (relPath) => matcher.matches(relPath);
}

/** A predicate that is true when any of `patterns` matches; false for an empty list. */
export function compileGlobs(patterns: readonly string[]): (relPath: string) => boolean {
  const matchers = patterns.map(compileGlob);
  return (relPath) => matchers.some((matches) => matches(relPath));
}
