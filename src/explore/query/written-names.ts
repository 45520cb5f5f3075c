/**
 * Names a query writes out in full — qualified names (`Cart.checkout`, `Foo::bar`, `A#b`) and
 * Rust impl phrases (`Display for Point`) — and the plain identifiers left around them.
 */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import { isTestSide } from '../rank/weights.js';
import { definitions, MAX_DEFINITIONS, narrowByParameters } from './definitions.js';
import type { ExactTarget, NamedSymbol } from './parsed-query.js';
import { STOPWORDS } from './words.js';
import { implPhrases } from '../../search/index.js';
import { americanSpelling, packagelessNames } from '../../words.js';

/** A word of the query at its place in the text. */
export interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Part of a dotted chain written as code (`2.months.since(time)`), so a name, not prose. */
  readonly chained?: boolean;
}

/** The names written out, what they target, and the identifiers the rest of the text holds. */
export interface WrittenNames {
  readonly named: readonly NamedSymbol[];
  readonly exact: readonly ExactTarget[];
  /** Identifier tokens: the parts of qualified names that name nothing, then the plain ones. */
  readonly tokens: readonly Token[];
  /** The text with every qualified name blanked out (same length, so offsets hold). */
  readonly rest: string;
}

/** Most qualified names looked up. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 4, 217 at 12. */
const MAX_QUALIFIED = 8;
const QUALIFIED = /[A-Za-z_$][\w$]*(?:(?:\.|::|#|->)[A-Za-z_$][\w$]*)+(?:\(\))?/g;

/** The longest end of a name written with its package in front that names definitions (src/words.ts), and those. */
function withoutPackage(qualified: string, data: IndexData): [string, StoredNode[]] | undefined {
  for (const end of packagelessNames(qualified)) {
    const defs = definitions(data.store.nodesByQualifiedName(end), data);
    if (defs.length > 0) return [end, defs];
  }
  return undefined;
}

/** The names `text` writes out in full, looked up in the index. */
export function writtenNames(text: string, data: IndexData): WrittenNames {
  const store = data.store;
  const named: NamedSymbol[] = [];
  const exact: ExactTarget[] = [];
  const tokens: Token[] = [];
  // A name written out in full: named, and an exact target when it has at most three non-test definitions.
  const nameExactly = (name: string, defs: readonly StoredNode[]): void => {
    named.push({ text: name, codeShaped: true, qualified: true, specific: true, nodes: defs });
    const nonTest = defs.filter((n) => !isTestSide(n.path, data));
    if (nonTest.length >= 1 && nonTest.length <= MAX_DEFINITIONS) {
      for (const node of nonTest) exact.push({ path: node.path, node, start: node.startLine, end: node.endLine, reason: 'qualified' });
    }
  };
  let qualifiedCount = 0;
  for (const m of text.matchAll(QUALIFIED)) {
    if (qualifiedCount++ >= MAX_QUALIFIED) break;
    const start = m.index ?? 0;
    let normalized = m[0].replace(/\(\)$/, '').replace(/::|#|->/g, '.');
    let defs = definitions(store.nodesByQualifiedName(normalized), data);
    // `String#pluralise` is `String.pluralize` written the British way.
    const american = normalized.split('.').map((part) => (/^[a-z]+$/.test(part) ? americanSpelling(part) : part)).join('.');
    if (defs.length === 0 && american !== normalized) defs = definitions(store.nodesByQualifiedName(american), data);
    if (defs.length === 0) {
      const inPackage = withoutPackage(normalized, data);
      if (inPackage !== undefined) [normalized, defs] = inPackage;
    }
    // `String.indexOf(String)` names one overload: keep the definitions whose parameters fit.
    if (!m[0].endsWith('()')) defs = narrowByParameters(defs, text, start + m[0].length);
    if (defs.length === 0) {
      // `self.repo.save` names no definition: its parts are ordinary identifiers.
      for (const part of m[0].matchAll(/[A-Za-z_$][\w$]*/g)) {
        tokens.push({ text: part[0], start: start + (part.index ?? 0), end: start + (part.index ?? 0) + part[0].length, chained: true });
      }
      continue;
    }
    nameExactly(normalized, defs);
  }
  for (const phrase of implPhrases(text, STOPWORDS)) {
    // `Serialize for Option`, `the Display impl for Point`: the impl block itself, when one is so named.
    const defs = definitions(store.nodesByName(phrase), data).filter((n) => n.kind === 'impl');
    if (defs.length === 0 || named.some((n) => n.text === phrase)) continue;
    nameExactly(phrase, defs);
  }
  const rest = text.replace(QUALIFIED, (s) => ' '.repeat(s.length));
  for (const m of rest.matchAll(/[A-Za-z_$][\w$]*/g)) tokens.push({ text: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  return { named, exact, tokens, rest };
}

