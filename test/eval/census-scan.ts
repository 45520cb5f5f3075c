/**
 * The regex side of the definition census: reads census-patterns.json and lists the definitions
 * its patterns find in a corpus's files of one language. It never looks at any index, so the
 * goal it sets cannot move with the tool it measures.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** One definition the census found: corpus-relative file, 1-based header line, defined name. */
export interface CensusDefinition {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly what: string;
}

interface Pattern {
  readonly what: string;
  readonly regex: RegExp;
  readonly body: boolean;
}

/** One language's census rules, compiled. */
export interface LanguageRules {
  readonly extensions: readonly string[];
  readonly skipSuffixes: readonly string[];
  readonly comment: RegExp;
  readonly notNames: ReadonlySet<string>;
  readonly patterns: readonly Pattern[];
  /** Skip lines inside `/* … *\/` (from the line after the opening to the closing one). */
  readonly blockComments: boolean;
  /** Skip lines that continue a `#define` (the line before ends with a backslash). */
  readonly macroContinuations: boolean;
}

/** The patterns file, in the source tree (the compiled module sits in dist/test/eval/). */
export function patternsFile(): string {
  return join(import.meta.dirname, '..', '..', '..', 'test', 'eval', 'census-patterns.json');
}

/** Reads and compiles the census rules of every language. */
export function loadRules(file = patternsFile()): Map<string, LanguageRules> {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { languages: Record<string, Record<string, unknown>> };
  const rules = new Map<string, LanguageRules>();
  for (const [language, r] of Object.entries(raw.languages)) {
    const patterns = (r['patterns'] as { what: string; regex: string; body?: boolean }[]).map((p) => ({ what: p.what, regex: new RegExp(p.regex), body: p.body === true }));
    rules.set(language, {
      extensions: r['extensions'] as string[],
      skipSuffixes: (r['skipSuffixes'] as string[] | undefined) ?? [],
      comment: new RegExp(r['comment'] as string),
      notNames: new Set(r['notNames'] as string[]),
      patterns,
      blockComments: r['blockComments'] === true,
      macroContinuations: r['macroContinuations'] === true,
    });
  }
  return rules;
}

/** Whether a `{` comes before any `;` from `column` of line `at` on (a body, not a prototype). */
function bodyFollows(lines: readonly string[], at: number, column: number): boolean {
  for (let i = at; i < Math.min(lines.length, at + 12); i++) {
    const text = (lines[i] ?? '').slice(i === at ? column : 0).replace(/\/\/.*$/, '');
    const brace = text.indexOf('{');
    const semi = text.indexOf(';');
    if (brace >= 0 && (semi < 0 || brace < semi)) return true;
    if (semi >= 0) return false;
  }
  return false;
}

/** The definitions the rules find in one file's text. */
export function scanText(text: string, file: string, rules: LanguageRules): CensusDefinition[] {
  const lines = text.split(/\r?\n/);
  const found: CensusDefinition[] = [];
  const skipped = skippedLines(lines, rules);
  for (const [i, line] of lines.entries()) {
    if (skipped[i] === true || rules.comment.test(line)) continue;
    for (const p of rules.patterns) {
      const m = p.regex.exec(line);
      const name = m?.groups?.['name'];
      if (m === null || name === undefined || rules.notNames.has(name)) continue;
      if (p.body && !bodyFollows(lines, i, m.index + m[0].length)) continue;
      found.push({ file, line: i + 1, name, what: p.what });
      break;
    }
  }
  return found;
}

/**
 * Lines that are prose or pasted text rather than code, by the rules' options: those a block
 * comment spans past its opening line, and the continuation lines of a `#define`. String literals
 * holding comment markers are rare in headers and not told apart.
 */
function skippedLines(lines: readonly string[], rules: LanguageRules): boolean[] {
  const skipped: boolean[] = [];
  let inComment = false;
  let inMacro = false;
  for (const [i, line] of lines.entries()) {
    skipped[i] = inComment || (rules.macroContinuations && inMacro);
    if (rules.macroContinuations) inMacro = /\\\s*$/.test(line) && (inMacro || /^\s*#\s*define\b/.test(line));
    if (rules.blockComments) inComment = commentOpenAfter(line, inComment);
  }
  return skipped;
}

/** Whether a block comment is still open at the end of `line`, given whether one was at its start. */
export function commentOpenAfter(line: string, open: boolean): boolean {
  let at = 0;
  let inside = open;
  for (;;) {
    if (inside) {
      const end = line.indexOf('*/', at);
      if (end < 0) return true;
      inside = false;
      at = end + 2;
    } else {
      const start = line.indexOf('/*', at);
      const lineComment = line.indexOf('//', at);
      if (start < 0 || (lineComment >= 0 && lineComment < start)) return false;
      inside = true;
      at = start + 2;
    }
  }
}

/** The files below `dir` (outside dot-folders) ending in one of `extensions` and none of `skipSuffixes`, sorted. */
export async function censusFiles(dir: string, extensions: readonly string[], skipSuffixes: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (extensions.some((e) => entry.name.endsWith(e)) && !skipSuffixes.some((s) => entry.name.endsWith(s))) out.push(full);
    }
  };
  await walk(dir);
  return out.sort();
}

/** Every definition the rules find in the corpus folder `dir` (files outside dot-folders). */
export async function scanCorpus(dir: string, rules: LanguageRules): Promise<CensusDefinition[]> {
  const found: CensusDefinition[] = [];
  for (const full of await censusFiles(dir, rules.extensions, rules.skipSuffixes)) found.push(...scanText(await readFile(full, 'utf8'), relative(dir, full), rules));
  return found;
}
