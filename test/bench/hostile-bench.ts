/**
 * Inputs built to be slow: how long extraction takes on a file nesting definitions thousands
 * deep, how long each splitter of names takes on one very long word, and how long explore's reading
 * of paths takes on long pasted traces, diffs and links. Each row is one
 * generated input, timed once in this process; the shapes are the ones that were quadratic
 * before (docs/benchmarks.md).
 *
 *   npm run bench -- hostile        (CODEGRAPH_BENCH_DEPTH, default 5000; CODEGRAPH_BENCH_WORD, default 200000)
 */
import { findPathSpans } from '../../src/explore/query/path-spans.js';
import { extractSource } from '../../src/index/extract/extract.js';
import { identifierWords as termWords } from '../../src/index/terms/words.js';
import { identifierWords as searchIdentifierWords, searchWords } from '../../src/search/terms.js';
import { nameSegments } from '../../src/tools/prompt/prompt-context.js';
import { spaceHumps } from '../../src/words.js';
import { isBenchEntry, ms } from './stats.js';

/** One timed input. */
export interface HostileRow {
  readonly input: string;
  readonly bytes: number;
  readonly ms: number;
  /** What came out: symbols extracted, or words split. */
  readonly result: string;
}

/** The hostile benchmark's results. */
export interface HostileReport {
  readonly depth: number;
  readonly nesting: readonly HostileRow[];
  readonly words: readonly HostileRow[];
  readonly paths: readonly HostileRow[];
}

/** A file nesting `depth` definitions, per language: each level's opening, and its closing. */
const NESTINGS: readonly { readonly label: string; readonly language: string; readonly file: string; readonly open: (i: number) => string; readonly close: string }[] = [
  { label: 'TypeScript namespaces', language: 'typescript', file: 'deep.ts', open: (i) => `namespace N${i} {\n export function f${i}() {}\n`, close: '}\n' },
  { label: 'JavaScript functions', language: 'javascript', file: 'deep.js', open: (i) => `function f${i}() {\n`, close: '}\n' },
  { label: 'Ruby classes with a method', language: 'ruby', file: 'deep.rb', open: (i) => `class C${i}\n  def a${i}; end\n`, close: 'end\n' },
  { label: 'Java classes with a field and a method', language: 'java', file: 'Deep.java', open: (i) => `class C${i} {\n Repo f${i};\n C${i} a${i}() { return null; }\n`, close: '}\n' },
  { label: 'C# classes with a field and a property', language: 'c_sharp', file: 'Deep.cs', open: (i) => `class C${i} {\n Repo f${i}; Repo P${i} { get; }\n`, close: '}\n' },
  { label: 'C++ structs with a field', language: 'cpp', file: 'deep.cpp', open: (i) => `struct S${i} {\n Repo f${i};\n`, close: '};\n' },
  { label: 'Rust modules with a function', language: 'rust', file: 'deep.rs', open: (i) => `mod m${i} {\n fn a${i}() {}\n`, close: '}\n' },
  { label: 'PHP functions', language: 'php', file: 'deep.php', open: (i) => `${i === 0 ? '<?php\n' : ''}function f${i}() {\n`, close: '}\n' },
];

/** One long word per shape: a run of capitals (the quadratic case before), alternating humps, a `2` chain. */
function words(length: number): { label: string; word: string }[] {
  return [
    { label: `${length.toLocaleString('en-US')} capitals`, word: 'A'.repeat(length) },
    { label: `${length.toLocaleString('en-US')} capitals, then a word`, word: `${'A'.repeat(length)}Bc` },
    { label: `humps (aB) over ${length.toLocaleString('en-US')} characters`, word: 'aB'.repeat(length / 2) },
    { label: `"abc2" over ${length.toLocaleString('en-US')} characters`, word: 'abc2'.repeat(length / 4) },
  ];
}

/** Pasted text of the forms explore reads paths from (stack frames, diffs, links), grown long. */
function pastes(length: number): { label: string; text: string }[] {
  const n = (unit: string): number => Math.max(1, Math.floor(length / unit.length));
  return [
    { label: 'a link of one-letter folders', text: `https://github.com/${'a/'.repeat(n('a/'))}blob` },
    { label: 'a link of blob folders', text: `https://github.com/o/r/${'blob/'.repeat(n('blob/'))}` },
    { label: 'a diff of one-line hunks', text: `+++ b/x.ts\n${'@@ -1 +1 @@\n+a\n'.repeat(n('@@ -1 +1 @@\n+a\n'))}` },
    { label: 'a diff hunk of added lines', text: `+++ b/x.ts\n@@ -1 +1 @@\n${'+a\n'.repeat(n('+a\n'))}` },
    { label: 'a JVM frame behind open parentheses', text: `a${'('.repeat(length)}X.java:1)` },
    { label: '.NET line anchors', text: 'a.cs:line 1 '.repeat(n('a.cs:line 1 ')) },
    { label: 'a pytest node id of many names', text: `a.py${'::x'.repeat(n('::x'))}` },
    { label: 'one long word', text: 'a'.repeat(length) },
    { label: 'a dotted name ending in a call', text: `${'a.'.repeat(n('a.'))}json(200):` },
    { label: 'a file name ending in many parentheses', text: `a.php${'(1)'.repeat(n('(1)'))}:` },
  ];
}

const SPLITTERS: readonly { readonly name: string; readonly split: (word: string) => number }[] = [
  { name: 'term index', split: (w) => termWords(w).length },
  { name: 'search names', split: (w) => searchIdentifierWords(w).length },
  { name: 'search query', split: (w) => searchWords(w).length },
  { name: 'prompt hook', split: (w) => nameSegments(w).length },
  { name: 'spaceHumps', split: (w) => spaceHumps(w).length },
];

/** Times extraction of each nesting and every splitter on each long word. */
export async function runHostileBench(depth = Number(process.env['CODEGRAPH_BENCH_DEPTH'] ?? 5000), length = Number(process.env['CODEGRAPH_BENCH_WORD'] ?? 200_000)): Promise<HostileReport> {
  const nesting: HostileRow[] = [];
  for (const shape of NESTINGS) {
    const source = Array.from({ length: depth }, (_, i) => shape.open(i)).join('') + shape.close.repeat(depth);
    const started = performance.now();
    const extracted = await extractSource(shape.language, source, shape.file);
    nesting.push({ input: shape.label, bytes: Buffer.byteLength(source), ms: performance.now() - started, result: `${extracted.symbols.length} symbols` });
  }
  const timed: HostileRow[] = [];
  for (const { label, word } of words(length)) {
    for (const splitter of SPLITTERS) {
      const started = performance.now();
      const count = splitter.split(word);
      timed.push({ input: `${splitter.name}: ${label}`, bytes: word.length, ms: performance.now() - started, result: `${count}` });
    }
  }
  const paths: HostileRow[] = [];
  for (const { label, text } of pastes(length)) {
    const started = performance.now();
    const spans = findPathSpans(text, new Set());
    paths.push({ input: label, bytes: text.length, ms: performance.now() - started, result: `${spans.length} paths` });
  }
  return { depth, nesting, words: timed, paths };
}

/** The report as text. */
export function formatHostileReport(report: HostileReport): string {
  const row = (r: HostileRow): string => `  ${r.input.padEnd(58)} ${r.bytes.toLocaleString('en-US').padStart(11)} B ${ms(r.ms).padStart(10)}  ${r.result}`;
  return [
    `extraction of ${report.depth.toLocaleString('en-US')} nested definitions (one file each):`,
    ...report.nesting.map(row),
    'splitting one long word into words:',
    ...report.words.map(row),
    'reading the paths of a long paste (explore):',
    ...report.paths.map(row),
  ].join('\n');
}

if (isBenchEntry(import.meta.url)) process.stdout.write(`${formatHostileReport(await runHostileBench())}\n`);
