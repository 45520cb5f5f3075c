/**
 * The regex side of the route census: reads route-census-patterns.json and lists the route
 * declarations its patterns find in a corpus's files of one framework's language, one per line.
 * Like the definition census it never looks at any index.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { censusFiles, commentOpenAfter } from './census-scan.js';

/** One route declaration the census found: corpus-relative file, 1-based line, the line's text. */
export interface RouteDeclaration {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly what: string;
}

/** One framework's census rules, compiled. */
export interface FrameworkRules {
  readonly language: string;
  readonly extensions: readonly string[];
  /** Only files whose corpus-relative path matches (Rails's routes files), when given. */
  readonly files: RegExp | undefined;
  readonly comment: RegExp;
  readonly blockComments: boolean;
  /** Skip lines inside Python triple-quoted strings. */
  readonly docstrings: boolean;
  readonly corpora: readonly string[];
  readonly patterns: readonly RoutePattern[];
  /**
   * How many lines below a route node's first line a declaration may be and still be found,
   * when the node spans it (a hapi route object's `path:` line sits below its opening brace and
   * its method); 1 (a node starting one line away either way) when not given.
   */
  readonly within: number;
}

/**
 * One pattern: `regex` finds the declaration's first line; `require` and `exclude`, when given,
 * are tested on the whole statement (see `statementAt`), for what a declaration written over
 * several lines says after its first (Django's `include(` on the next line mounts, it declares no
 * route; a Fastify route object's `url` literal).
 */
interface RoutePattern {
  readonly what: string;
  readonly regex: RegExp;
  readonly require: RegExp | undefined;
  readonly exclude: RegExp | undefined;
}

/** The patterns file, in the source tree (the compiled module sits in dist/test/eval/). */
export function routePatternsFile(): string {
  return join(import.meta.dirname, '..', '..', '..', 'test', 'eval', 'route-census-patterns.json');
}

/** Reads and compiles every framework's rules, in the file's order. */
export function loadFrameworkRules(file = routePatternsFile()): Map<string, FrameworkRules> {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { frameworks: Record<string, Record<string, unknown>> };
  const rules = new Map<string, FrameworkRules>();
  for (const [framework, r] of Object.entries(raw.frameworks)) {
    const files = r['files'] as string | undefined;
    rules.set(framework, {
      language: r['language'] as string,
      extensions: r['extensions'] as string[],
      files: files === undefined ? undefined : new RegExp(files),
      comment: new RegExp(r['comment'] as string),
      blockComments: r['blockComments'] === true,
      docstrings: r['docstrings'] === true,
      corpora: r['corpora'] as string[],
      within: typeof r['within'] === 'number' ? r['within'] : 1,
      patterns: (r['patterns'] as { what: string; regex: string; require?: string; exclude?: string }[]).map((p) => ({
        what: p.what,
        regex: new RegExp(p.regex),
        require: p.require === undefined ? undefined : new RegExp(p.require),
        exclude: p.exclude === undefined ? undefined : new RegExp(p.exclude),
      })),
    });
  }
  return rules;
}

/** Whether a Python triple-quoted string is open at the end of `line`, given whether one was at its start. */
function docstringOpenAfter(line: string, open: boolean): boolean {
  const quotes = line.match(/"""|'''/g)?.length ?? 0;
  return quotes % 2 === 1 ? !open : open;
}

/** The statement starting at line `at`: up to the line where its parentheses and braces close, at most six lines. */
export function statementAt(lines: readonly string[], at: number): string {
  let depth = 0;
  const taken: string[] = [];
  for (let i = at; i < Math.min(lines.length, at + 6); i++) {
    const line = lines[i] ?? '';
    taken.push(line);
    depth += (line.match(/[({[]/g)?.length ?? 0) - (line.match(/[)}\]]/g)?.length ?? 0);
    if (depth <= 0) break;
  }
  return taken.join('\n');
}

function matches(pattern: RoutePattern, lines: readonly string[], at: number): boolean {
  if (!pattern.regex.test(lines[at] ?? '')) return false;
  if (pattern.require === undefined && pattern.exclude === undefined) return true;
  const statement = statementAt(lines, at);
  return (pattern.require === undefined || pattern.require.test(statement)) && !(pattern.exclude?.test(statement) ?? false);
}

/** The route declarations the rules find in one file's text (none in a file that `files` does not take). */
export function scanRoutes(text: string, file: string, rules: FrameworkRules): RouteDeclaration[] {
  const found: RouteDeclaration[] = [];
  if (rules.files !== undefined && !rules.files.test(file)) return found;
  let inComment = false;
  let inString = false;
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    const skipped = inComment || inString;
    if (rules.blockComments) inComment = commentOpenAfter(line, inComment);
    if (rules.docstrings) inString = docstringOpenAfter(line, inString);
    if (skipped || rules.comment.test(line)) continue;
    const pattern = rules.patterns.find((p) => matches(p, lines, i));
    if (pattern !== undefined) found.push({ file, line: i + 1, text: line.trim(), what: pattern.what });
  }
  return found;
}

/** Every route declaration the rules find in the corpus folder `dir` (files outside dot-folders). */
export async function scanRouteCorpus(dir: string, rules: FrameworkRules): Promise<RouteDeclaration[]> {
  const found: RouteDeclaration[] = [];
  for (const full of await censusFiles(dir, rules.extensions, ['.d.ts'])) found.push(...scanRoutes(await readFile(full, 'utf8'), relative(dir, full), rules));
  return found;
}
