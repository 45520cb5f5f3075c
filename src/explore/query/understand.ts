/**
 * Query understanding: turns a question, an identifier bag, paths or line anchors into pinned
 * files, exact targets, named symbols and content words. Paths are resolved first and removed
 * from the text so basenames and route parameters do not become symbol seeds.
 */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import { isTestSide } from '../rank/weights.js';
import { parametersMatch, signatureParameters, splitParameters } from './overloads.js';
import { findPathSpans } from './path-spans.js';
import { resolvePaths, type FileAnchor, type PathOutcome } from './path-resolve.js';
import { proseAnchors } from './prose-anchors.js';
import { STOPWORDS, TEST_WORDS, identifierWords, isCodeShaped, stem } from './words.js';
import { matchFiles } from './path-resolve.js';

/** Definitions the query names, by the token that named them. */
export interface NamedSymbol {
  readonly text: string;
  /** Written like code (camelCase, snake_case, qualified …), not a plain word. */
  readonly codeShaped: boolean;
  readonly qualified: boolean;
  /**
   * Code-shaped, qualified, or a plain word that few names are built from (`constantize`): a
   * plain word like `command` that many names share seeds weakly and is not treated as named.
   */
  readonly specific: boolean;
  /** A plain word of a sentence (`how are nested resolvers matched`): maybe a name, maybe only a word. */
  readonly prose?: boolean;
  /** Definitions, non-test ones first. */
  readonly nodes: readonly StoredNode[];
}

/** An exact target: an anchored line or range, or a qualified name with at most three definitions. */
export interface ExactTarget {
  readonly path: string;
  /** The enclosing callable (single-line anchor) or the qualified definition; absent for a span. */
  readonly node?: StoredNode;
  /** Lines to render: the node's body or the anchored span. */
  readonly start: number;
  readonly end: number;
  /** The anchored line, for windows inside a long body. */
  readonly line?: number;
  readonly reason: 'anchor' | 'qualified';
}

/** Everything explore learned from the query text. */
export interface ParsedQuery {
  readonly raw: string;
  readonly paths: PathOutcome;
  readonly exact: readonly ExactTarget[];
  readonly named: readonly NamedSymbol[];
  /** Lowercase content words (prose words and identifier segments), deduplicated. */
  readonly words: readonly string[];
  /** Stems of the content words (and of the parts of compound words), for the term index. */
  readonly terms: readonly string[];
  readonly wantsTests: boolean;
}

const CALLABLE_ANCHOR_KINDS = new Set(['function', 'method', 'constructor', 'component']);
const MAX_QUALIFIED = 8;
const MAX_IDENTIFIERS = 24;
/** A parameter list written right after a name (read with `lastIndex` where the name ends). */
const PARAMETER_LIST = /\(([^()]+)\)/y;
/** A query with at least this many stopwords is a sentence, not a list of names. */
const PROSE_STOPWORDS = 3;
const MAX_DEFINITIONS = 3;
const MAX_ANCHORS = 8;
/** A plain word shared by more names than this is a common word, not a name. */
const SPECIFIC_NAME_WORDS = 6;
/** Lines of context either side of an anchored line that no callable encloses. */
export const ANCHOR_CONTEXT = 15;

interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Part of a dotted chain written as code (`2.months.since(time)`), so a name, not prose. */
  readonly chained?: boolean;
}

/** Parses `query` against the index. `maxFiles` bounds how many files may be pinned. */
export function understandQuery(query: string, data: IndexData, maxFiles: number): ParsedQuery {
  const store = data.store;
  const spans = findPathSpans(query, data.extensions);
  // `LIMIT/OFFSET` or `and/or` is prose unless it names a file.
  const strong = spans.filter((s) => s.form === 'path' && (s.explicit || matchFiles(s, data).length > 0));
  let text = blank(query, strong);

  const named: NamedSymbol[] = [];
  const exact: ExactTarget[] = [];
  const identifierTokens: Token[] = [];
  // A name written out in full: named, and an exact target when it has at most three non-test definitions.
  const nameExactly = (text: string, defs: readonly StoredNode[]): void => {
    named.push({ text, codeShaped: true, qualified: true, specific: true, nodes: defs });
    const nonTest = defs.filter((n) => !isTestSide(n.path, data));
    if (nonTest.length >= 1 && nonTest.length <= MAX_DEFINITIONS) {
      for (const node of nonTest) exact.push({ path: node.path, node, start: node.startLine, end: node.endLine, reason: 'qualified' });
    }
  };
  let qualifiedCount = 0;
  for (const m of text.matchAll(/[A-Za-z_$][\w$]*(?:(?:\.|::|#|->)[A-Za-z_$][\w$]*)+(?:\(\))?/g)) {
    if (qualifiedCount++ >= MAX_QUALIFIED) break;
    const start = m.index ?? 0;
    const normalized = m[0].replace(/\(\)$/, '').replace(/::|#|->/g, '.');
    let defs = definitions(store.nodesByQualifiedName(normalized), data);
    // `String.indexOf(String)` names one overload: keep the definitions whose parameters fit.
    if (!m[0].endsWith('()')) defs = narrowByParameters(defs, text, start + m[0].length);
    if (defs.length === 0) {
      // `self.repo.save` names no definition: its parts are ordinary identifiers.
      for (const part of m[0].matchAll(/[A-Za-z_$][\w$]*/g)) {
        identifierTokens.push({ text: part[0], start: start + (part.index ?? 0), end: start + (part.index ?? 0) + part[0].length, chained: true });
      }
      continue;
    }
    nameExactly(normalized, defs);
  }
  for (const phrase of implPhrases(text)) {
    // `Serialize for Option`, `the Display impl for Point`: the impl block itself, when one is so named.
    const defs = definitions(store.nodesByName(phrase), data).filter((n) => n.kind === 'impl');
    if (defs.length === 0 || named.some((n) => n.text === phrase)) continue;
    nameExactly(phrase, defs);
  }
  text = text.replace(/[A-Za-z_$][\w$]*(?:(?:\.|::|#|->)[A-Za-z_$][\w$]*)+(?:\(\))?/g, (s) => ' '.repeat(s.length));
  for (const m of text.matchAll(/[A-Za-z_$][\w$]*/g)) identifierTokens.push({ text: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });

  // Names written like code decide which of several same-named files a path means.
  const seen = new Set<string>();
  const candidates: { token: Token; codeShaped: boolean; nodes: StoredNode[] }[] = [];
  // In a sentence, capitals without `_` or digits are acronyms (CSRF, POST, SQL), not constants.
  const sentence = identifierTokens.filter((t) => STOPWORDS.has(t.text.toLowerCase())).length >= PROSE_STOPWORDS;
  for (const token of identifierTokens) {
    if (candidates.length >= MAX_IDENTIFIERS || token.text.length < 2 || seen.has(token.text)) continue;
    seen.add(token.text);
    let codeShaped = token.chained === true || (isCodeShaped(token.text) && !(sentence && /^[A-Z]+$/.test(token.text)));
    if (!codeShaped && STOPWORDS.has(token.text.toLowerCase())) continue;
    let nodes = definitions(store.nodesByName(token.text), data);
    // In a sentence a lowercase word names only what is spelled that way: `error` is a word there,
    // not the `Error` method, and `subcommand` not a `subCommand` field.
    if (nodes.length === 0 && token.text.length >= 3 && !(sentence && /^[a-z]+$/.test(token.text))) {
      nodes = definitions(store.nodesByNameIgnoreCase(token.text), data);
      // Prose shouting (`UPDATE`, `INSERT`) that only meets `update` in another case is a word.
      if (!/[a-z]/.test(token.text)) codeShaped = false;
    }
    candidates.push({ token, codeShaped, nodes: narrowByParameters(nodes, text, token.end) });
  }
  const namedPaths = new Set<string>();
  for (const n of named) for (const d of n.nodes) namedPaths.add(d.path);
  for (const c of candidates) if (c.codeShaped) for (const d of c.nodes) namedPaths.add(d.path);
  const anyCodeShaped = named.length > 0 || candidates.some((c) => c.codeShaped && c.nodes.length > 0);
  const paths = resolvePaths(spans, data, anyCodeShaped ? (p) => namedPaths.has(p) : undefined, maxFiles);
  const prose = proseAnchors(query, paths.singleFileSpans, spans);
  const anchors: FileAnchor[] = [...paths.anchors, ...prose.anchors].slice(0, MAX_ANCHORS);
  const consumed = [...paths.consumed, ...prose.consumed];
  const inConsumed = (t: Token): boolean => consumed.some((c) => t.start < c.end && t.end > c.start);

  const words: string[] = [];
  const addWords = (token: string): void => {
    for (const w of identifierWords(token)) {
      if (w.length < 2 || /^\d+$/.test(w) || STOPWORDS.has(w) || words.includes(w)) continue;
      words.push(w);
    }
  };
  // An impl phrase's own words are tokens of the query already; `impl` is not a content word.
  for (const n of named) if (n.nodes[0]?.kind !== 'impl') addWords(n.text.slice(n.text.lastIndexOf('.') + 1));
  for (const c of candidates) {
    if (inConsumed(c.token)) continue;
    addWords(c.token.text);
    if (c.nodes.length > 0) {
      const specific = c.codeShaped || identifierWords(c.token.text).every((w) => data.terms().nameFrequency(stem(w)) <= SPECIFIC_NAME_WORDS);
      named.push({ text: c.token.text, codeShaped: c.codeShaped, qualified: false, specific, nodes: c.nodes, ...(sentence && !c.codeShaped ? { prose: true } : {}) });
    }
  }
  // Words that spell a type's name together (`lazy loader`, `SQL compiler`) name it.
  let compounds = 0;
  for (const phrase of compoundPhrases(text, identifierTokens)) {
    if (compounds >= MAX_COMPOUNDS) break;
    if (named.some((n) => n.text === phrase.text)) continue;
    const defs = definitions(store.nodesByNameIgnoreCase(phrase.joined), data).filter((n) => COMPOUND_KINDS.has(n.kind));
    if (defs.length === 0 || defs.length > MAX_DEFINITIONS) continue;
    named.push({ text: phrase.text, codeShaped: false, qualified: false, specific: true, nodes: defs, prose: true });
    compounds++;
  }
  // Once an impl block is named, `impl` in the question only said so: as a word it would match every impl.
  if (named.some((n) => n.nodes[0]?.kind === 'impl')) {
    for (const w of ['impl', 'implementation']) if (words.includes(w)) words.splice(words.indexOf(w), 1);
  }
  // `Latin-1`, `UTF-8`, `SHA-256` are written without the hyphen in names (`StringLatin1`).
  for (const m of query.matchAll(/\b([A-Za-z]{2,})-(\d{1,4})\b/g)) addWords(`${m[1] ?? ''}${m[2] ?? ''}`);
  for (const anchor of anchors) exact.push(anchorTarget(anchor, data));
  return {
    raw: query,
    paths: { ...paths, anchors },
    exact: dedupeTargets(exact),
    named: narrowByCompany(named),
    words,
    terms: queryTerms(words, data),
    wantsTests: words.some((w) => TEST_WORDS.has(w)) || /\btests?\b/i.test(query),
  };
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

const COMPOUND_KINDS = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'type_alias']);
/** Most word runs looked up as names, and most named by them. */
const MAX_COMPOUND_LOOKUPS = 24;
const MAX_COMPOUNDS = 4;
/** Most `Trait for Type` phrases looked up. */
const MAX_IMPL_PHRASES = 3;

/**
 * Runs of two or three adjacent plain words (separated by one space or hyphen, no stop word) as
 * the type name they could spell when joined (`lazyloader`, compared ignoring case).
 */
function compoundPhrases(text: string, tokens: readonly Token[]): { text: string; joined: string }[] {
  const out: { text: string; joined: string }[] = [];
  const plain = (t: Token | undefined): t is Token => t !== undefined && t.chained !== true && /^[A-Za-z][A-Za-z0-9]*$/.test(t.text) && !STOPWORDS.has(t.text.toLowerCase());
  for (let i = 0; i < tokens.length && out.length < MAX_COMPOUND_LOOKUPS; i++) {
    const run: Token[] = [];
    for (let j = i; j < tokens.length && run.length < 3; j++) {
      const t = tokens[j];
      if (!plain(t)) break;
      const prev = run[run.length - 1];
      if (prev !== undefined && !/^[ -]$/.test(text.slice(prev.end, t.start))) break;
      run.push(t);
      if (run.length >= 2) {
        const words = run.map((w) => w.text);
        out.push({ text: words.join(' '), joined: words.join('') });
      }
    }
  }
  return out.slice(0, MAX_COMPOUND_LOOKUPS);
}

/** Impl block names a query spells out: `impl Trait for Type`, `Trait for Type`, `Trait impl(ementation) for Type`. */
function implPhrases(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b([A-Za-z_][\w]*)\s+(?:impl(?:ementation)?\s+)?for\s+([A-Za-z_][\w]*)/g)) {
    const trait = m[1] ?? '';
    if (trait === 'impl' || STOPWORDS.has(trait.toLowerCase()) || out.length >= MAX_IMPL_PHRASES) continue;
    out.push(`impl ${trait} for ${m[2] ?? ''}`);
  }
  return out;
}

/**
 * `defs` narrowed to the definitions whose parameters fit a list written right at `at` in `text`
 * (`indexOf(String)`, `Text#join(String, int)`), when several are given and any fit.
 */
function narrowByParameters(defs: StoredNode[], text: string, at: number): StoredNode[] {
  if (defs.length < 2) return defs;
  PARAMETER_LIST.lastIndex = at;
  const list = PARAMETER_LIST.exec(text);
  if (list === null) return defs;
  const written = splitParameters(list[1] ?? '');
  const fitting = defs.filter((d) => {
    const declared = d.signature === null ? undefined : signatureParameters(d.signature, d.name);
    return declared !== undefined && parametersMatch(written, declared);
  });
  return fitting.length > 0 ? fitting : defs;
}

/** Non-file definitions; real ones before those in tests and test doubles, stable by path and line. */
function definitions(nodes: readonly StoredNode[], data: IndexData): StoredNode[] {
  const isTest = (n: StoredNode): number => (isTestSide(n.path, data) ? 1 : 0);
  return nodes.filter((n) => n.kind !== 'file').sort((a, b) => isTest(a) - isTest(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine));
}

/** A single line selects its innermost enclosing callable (or ±15 lines); a range is itself. */
function anchorTarget(anchor: FileAnchor, data: IndexData): ExactTarget {
  if (anchor.single) {
    let best: StoredNode | undefined;
    for (const n of data.nodes.inFile(anchor.path)) {
      if (!CALLABLE_ANCHOR_KINDS.has(n.kind) || n.startLine > anchor.start || n.endLine < anchor.start) continue;
      if (best === undefined || n.endLine - n.startLine <= best.endLine - best.startLine) best = n;
    }
    if (best !== undefined) return { path: anchor.path, node: best, start: best.startLine, end: best.endLine, line: anchor.start, reason: 'anchor' };
    return { path: anchor.path, start: Math.max(1, anchor.start - ANCHOR_CONTEXT), end: anchor.start + ANCHOR_CONTEXT, line: anchor.start, reason: 'anchor' };
  }
  return { path: anchor.path, start: anchor.start, end: anchor.end, reason: 'anchor' };
}

function dedupeTargets(targets: readonly ExactTarget[]): ExactTarget[] {
  const seen = new Set<string>();
  return targets.filter((t) => {
    const key = `${t.path}:${t.start}-${t.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

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
