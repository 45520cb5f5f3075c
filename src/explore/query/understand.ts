/**
 * Query understanding: turns a question, an identifier bag, paths or line anchors into pinned
 * files, exact targets, named symbols and content words. Paths are resolved first and removed
 * from the text so basenames and route parameters do not become symbol seeds.
 */
import type { IndexData } from '../data/index-data.js';
import { isTestSide } from '../rank/weights.js';
import { anchorTarget } from './anchor-target.js';
import { compoundNames } from './compounds.js';
import { MAX_DEFINITIONS } from './definitions.js';
import { candidateName, identifierCandidates, type Candidate } from './identifiers.js';
import type { ExactTarget, NamedSymbol, ParsedQuery } from './parsed-query.js';
import { findPathSpans, type PathSpan } from './path-spans.js';
import { matchFiles, resolvePaths, type FileAnchor } from './path-resolve.js';
import { proseAnchors } from './prose-anchors.js';
import { STOPWORDS, TEST_WORDS, addContentWords, stem } from './words.js';
import { writtenNames } from './written-names.js';

/** What the parse produces (defined in parsed-query.ts), importable beside the parser. */
export type { ExactTarget, NamedSymbol, ParsedQuery } from './parsed-query.js';

/** Most line anchors kept. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 4, 217 at 12. */
const MAX_ANCHORS = 8;

/**
 * A name written as code that only tests define is no exact target (written-names.ts), unless
 * the query names the test's file too, as a failing test's report does
 * (`tests/test_cart.py::TestCart::test_total`, `tests/test_cart.py::test_total`): then the
 * test of that name in that file is what it is about.
 */
function namedInPinnedTests(named: readonly NamedSymbol[], pinned: readonly string[], exact: readonly ExactTarget[], data: IndexData): ExactTarget[] {
  const out: ExactTarget[] = [];
  for (const n of named) {
    if (!n.codeShaped || exact.some((t) => n.nodes.some((d) => d.id === t.node?.id))) continue;
    const tests = n.nodes.filter((d) => pinned.includes(d.path) && isTestSide(d.path, data));
    if (tests.length === 0 || tests.length > MAX_DEFINITIONS) continue;
    for (const node of tests) out.push({ path: node.path, node, start: node.startLine, end: node.endLine, reason: 'qualified' });
  }
  return out;
}

/**
 * The exact targets with the line anchors' after them, and the names: a line in one of the
 * definitions a name written out in full names, as a stack frame gives one
 * (`java.util.ArrayList.grow(ArrayList.java:237)`), tells which of its overloads is meant and
 * where, so the name's other overloads are neither exact targets nor named. A name none of whose
 * definitions holds an anchored line keeps them all.
 */
function withLines(
  exact: readonly ExactTarget[], named: readonly NamedSymbol[], anchored: readonly ExactTarget[],
): { exact: ExactTarget[]; named: NamedSymbol[] } {
  const anchoredIds = new Set(anchored.flatMap((t) => (t.node === undefined ? [] : [t.node.id])));
  if (anchoredIds.size === 0) return { exact: [...exact, ...anchored], named: [...named] };
  const overloads = new Set<number>();
  const narrowed = named.map((n) => {
    if (!n.qualified || !n.nodes.some((d) => anchoredIds.has(d.id))) return n;
    for (const d of n.nodes) if (!anchoredIds.has(d.id)) overloads.add(d.id);
    return { ...n, nodes: n.nodes.filter((d) => anchoredIds.has(d.id)) };
  });
  // The anchor's target of a definition replaces its target by name: it says where the line is.
  const kept = exact.filter((t) => t.node === undefined || !(overloads.has(t.node.id) || anchoredIds.has(t.node.id)));
  return { exact: [...kept, ...anchored], named: narrowed };
}

/** Parses `query` against the index. `maxFiles` bounds how many files may be pinned. */
export function understandQuery(query: string, data: IndexData, maxFiles: number): ParsedQuery {
  const spans = findPathSpans(query, data.extensions).filter((s) => !namesDefinitionNotFile(s, data));
  // `LIMIT/OFFSET` or `and/or` is prose unless it names a file.
  const strong = spans.filter((s) => s.form === 'path' && (s.explicit || matchFiles(s, data).length > 0));
  const written = writtenNames(blank(query, strong), data);
  const { rest: text, tokens } = written;
  const named: NamedSymbol[] = [...written.named];
  const exact: ExactTarget[] = [...written.exact];
  const { candidates, sentence } = identifierCandidates(tokens, text, data);
  const paths = resolvePaths(spans, data, codeNamedPaths(named, candidates), maxFiles);
  const prose = proseAnchors(query, paths.singleFileSpans, spans);
  const anchors: FileAnchor[] = [...paths.anchors, ...prose.anchors].slice(0, MAX_ANCHORS);
  const consumed = [...paths.consumed, ...prose.consumed];
  const inConsumed = (c: Candidate): boolean => consumed.some((r) => c.token.start < r.end && c.token.end > r.start);

  const words: string[] = [];
  // An impl phrase's own words are tokens of the query already; `impl` is not a content word.
  for (const n of named) if (n.nodes[0]?.kind !== 'impl') addContentWords(words, n.text.slice(n.text.lastIndexOf('.') + 1));
  for (const c of candidates) {
    if (inConsumed(c)) continue;
    addContentWords(words, c.token.text);
    if (c.nodes.length > 0) named.push(candidateName(c, sentence, data));
  }
  exact.push(...namedInPinnedTests(named, paths.pinned, exact, data));
  // Words that spell a type's name together (`lazy loader`, `SQL compiler`) name it.
  named.push(...compoundNames(text, tokens, named, data));
  // Once an impl block is named, `impl` in the question only said so: as a word it would match every impl.
  if (named.some((n) => n.nodes[0]?.kind === 'impl')) {
    for (const w of ['impl', 'implementation']) if (words.includes(w)) words.splice(words.indexOf(w), 1);
  }
  // `Latin-1`, `UTF-8`, `SHA-256` are written without the hyphen in names (`StringLatin1`).
  for (const m of query.matchAll(/\b([A-Za-z]{2,})-(\d{1,4})\b/g)) addContentWords(words, `${m[1] ?? ''}${m[2] ?? ''}`);
  const lined = withLines(exact, named, anchors.map((anchor) => anchorTarget(anchor, data)));
  return {
    raw: query,
    paths: { ...paths, anchors },
    exact: dedupeTargets(lined.exact),
    named: narrowByCompany(lined.named),
    words,
    terms: queryTerms(words, data),
    wantsTests: words.some((w) => TEST_WORDS.has(w)) || /\btests?\b/i.test(query),
  };
}

/**
 * `res.json` or `User.go` is written like a file name; when no file has that name and a
 * definition's qualified name is exactly that, it is the definition's name.
 */
function namesDefinitionNotFile(span: PathSpan, data: IndexData): boolean {
  if (span.form !== 'path' || span.anchor !== undefined || span.path.includes('/')) return false;
  return matchFiles(span, data).length === 0 && data.store.nodesByQualifiedName(span.path).length > 0;
}

/**
 * Names written like code decide which of several same-named files a path means: the files
 * defining them, or undefined when the query writes no such name.
 */
function codeNamedPaths(named: readonly NamedSymbol[], candidates: readonly Candidate[]): ((path: string) => boolean) | undefined {
  const namedPaths = new Set<string>();
  for (const n of named) for (const d of n.nodes) namedPaths.add(d.path);
  for (const c of candidates) if (c.codeShaped) for (const d of c.nodes) namedPaths.add(d.path);
  const anyCodeShaped = named.length > 0 || candidates.some((c) => c.codeShaped && c.nodes.length > 0);
  return anyCodeShaped ? (p) => namedPaths.has(p) : undefined;
}

/**
 * Stems of the content words; a long word no name is built from is also tried as two words
 * that are (`urlpatterns` -> url + pattern).
 */
function queryTerms(words: readonly string[], data: IndexData): string[] {
  const out: string[] = [];
  const add = (t: string): void => {
    if (t.length >= 2 && !STOPWORDS.has(t) && !out.includes(t)) out.push(t);
  };
  for (const w of words) {
    if (!/^[a-z]+$/.test(w)) {
      add(w);
      continue;
    }
    const t = stem(w);
    add(t);
    if (w.length < 7 || data.terms().nameFrequency(t) > 0) continue;
    for (let cut = 3; cut <= w.length - 3; cut++) {
      const head = stem(w.slice(0, cut));
      const tail = stem(w.slice(cut));
      if (data.terms().nameFrequency(head) > 0 && data.terms().nameFrequency(tail) > 0) {
        add(head);
        add(tail);
        break;
      }
    }
  }
  return out;
}

/** `targets` without repeats of a path and line range, first kept. */
function dedupeTargets(targets: readonly ExactTarget[]): ExactTarget[] {
  const seen = new Set<string>();
  return targets.filter((t) => {
    const key = `${t.path}:${t.start}-${t.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `text` with each of `spans` replaced by spaces (same length, so offsets hold). */
function blank(text: string, spans: readonly { readonly start: number; readonly end: number }[]): string {
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + ' '.repeat(Math.max(0, s.end - s.start)) + out.slice(s.end);
  return out;
}

/**
 * A name with many definitions (`transfer`) means the one beside the other names of the query:
 * when a few of its definitions share a file with a definition of a specific name the query also
 * gives (`ConcurrentHashMap putVal transfer`), those are the ones meant.
 */
function narrowByCompany(named: readonly NamedSymbol[]): NamedSymbol[] {
  const anchors = named.filter((n) => n.specific && n.nodes.length <= MAX_DEFINITIONS);
  return named.map((n) => {
    if (n.specific && n.nodes.length <= MAX_DEFINITIONS) return n;
    const near = new Set(anchors.filter((a) => a !== n).flatMap((a) => a.nodes.map((d) => d.path)));
    const kept = n.nodes.filter((d) => near.has(d.path));
    return kept.length > 0 && kept.length <= MAX_DEFINITIONS ? { ...n, specific: true, nodes: kept } : n;
  });
}
