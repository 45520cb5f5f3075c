/**
 * The words of the term index: identifiers split at their humps, stop words, a light stem, and
 * the stemmed terms of a name, a path and a docstring. Shared by the index build (which stores
 * the term index) and explore (which stems the query the same way), so both sides always meet.
 */
import { createHash } from 'node:crypto';
import { americanSpelling, spaceHumps, wholeInflectedAcronyms } from '../../words.js';

/** Already one lowercase word: most words of prose, and many names, need no splitting. */
const ONE_WORD = /^[a-z0-9]+$/;

/**
 * A `2` read as "to" between two words of three letters or more (`name2utf8`, `state2str`,
 * `lang2domain`); shorter sides are names of their own (`m2m`, `l2cap`, `py2k`).
 */
const TO_DIGIT = /(?<=[a-z]{3})2(?=[a-z]{3})/;

/** Splits an identifier into lowercase words at camelCase humps, `_`/`-`/`$` and a `2` meaning "to". */
export function identifierWords(identifier: string): string[] {
  if (ONE_WORD.test(identifier) && !TO_DIGIT.test(identifier)) return [identifier];
  return spaceHumps(wholeInflectedAcronyms(identifier))
    .split(/[^A-Za-z0-9]+/)
    .flatMap((w) => w.toLowerCase().split(TO_DIGIT))
    .filter((w) => w !== '');
}

/** Words that carry no meaning for code search. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again all also am an and any are as at be been before being below between both but by can
  could did do does doing done down during each else every few for from further get gets got had has have having he
  her here hers how i if in into is it its itself just let me more most my no nor not now of off on once only or
  other our out over own please same she should show shows so some such than that the their them then there these
  they this self those through to too under until up use used uses using very via was we were what when where which while
  who whom why will with would you your explain find look tell see work works working happen happens thing things
  code file files function functions method methods class classes line lines call calls called calling
  implemented implement implementation defined define does where's what's handle handles handled
  whether decide decides decided deciding determine determines like around among including against beyond onto
  toward towards across instead rather exactly actually really happened way ways different differently`
    .split(/\s+/)
    .filter((w) => w !== ''),
);

/** Suffixes removed by `stem`, longest first; each needs this many letters left before it. */
const INFLECTIONS: readonly (readonly [string, number])[] = [['ing', 3], ['ed', 3], ['er', 4], ['or', 5]];
const DERIVATIONS: readonly (readonly [string, number])[] = [
  ['ations', 4], ['ation', 4], ['itions', 4], ['ition', 4], ['ions', 4], ['ion', 4], ['ments', 4], ['ment', 4],
  ['ness', 4], ['ity', 4], ['able', 4], ['ible', 4], ['ive', 4], ['ly', 4],
];

/**
 * A light stem shared by query words and indexed names, docstrings and paths, so inflected and
 * derived forms meet: `discounts`/`discount`, `validated`/`validate`/`validation`,
 * `resolvers`/`resolve`, `saving`/`save`, `mapped`/`mapping`. Not a dictionary stemmer: both
 * sides go through it, so it only has to be consistent.
 */
export function stem(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    if (STEMS.size >= MAX_MEMO) STEMS.clear();
    stemmed = stemOnce(word);
    STEMS.set(word, stemmed);
  }
  return stemmed;
}

/** Stems already computed: the same words recur across names and docstrings. */
const STEMS = new Map<string, string>();
/** Most words either memo holds before it starts over (bounded memory on a kernel-size index). */
const MAX_MEMO = 200_000;

function stemOnce(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  // A question and code written in British or American English meet (`customised`, `customized`).
  w = americanSpelling(w);
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  let stripped = false;
  for (let pass = 0; pass < 2; pass++) {
    const hit = INFLECTIONS.find(([suffix, min]) => w.endsWith(suffix) && w.length - suffix.length >= min);
    if (hit === undefined) break;
    w = w.slice(0, -hit[0].length);
    stripped = true;
  }
  const derived = DERIVATIONS.find(([suffix, min]) => w.endsWith(suffix) && w.length - suffix.length >= min);
  if (derived !== undefined) {
    w = w.slice(0, -derived[0].length);
    stripped = true;
  }
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('at') && w.length > 5) w = w.slice(0, -2);
  if (stripped && w.length > 3 && /([b-df-hj-kmnp-rtv-y])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/**
 * Stemmed words of an identifier or qualified name, without one-letter ones and stop words
 * (`_do_update` is made of `update`: the query never carries `do`).
 */
export function termsOf(identifier: string): string[] {
  const out: string[] = [];
  for (const w of identifierWords(identifier)) {
    if (w.length < 2 || /^\d+$/.test(w) || STOPWORDS.has(w)) continue;
    const s = stem(w);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** Stemmed words of a path's directories and file stem (the extension is not a word). */
export function pathTerms(path: string): string[] {
  const parts = path.split('/');
  const last = parts.pop() ?? '';
  const dot = last.lastIndexOf('.');
  parts.push(dot > 0 ? last.slice(0, dot) : last);
  const out: string[] = [];
  for (const part of parts) for (const w of termsOf(part)) if (!out.includes(w)) out.push(w);
  return out;
}

/** Stemmed content words of prose (a docstring), identifiers in it split into their words. */
export function proseTerms(text: string): string[] {
  const out = new Set<string>();
  for (const token of text.match(PROSE_TOKEN) ?? []) for (const term of tokenTerms(token)) out.add(term);
  return [...out];
}

const PROSE_TOKEN = /[A-Za-z_][A-Za-z0-9_]*/g;

/** One prose token's terms, remembered: the same words recur across docstrings. */
function tokenTerms(token: string): readonly string[] {
  let terms = TOKEN_TERMS.get(token);
  if (terms === undefined) {
    terms = identifierWords(token).filter((w) => w.length >= 3 && !STOPWORDS.has(w)).map(stem);
    // Bounded: a kernel-size index has millions of distinct words.
    if (TOKEN_TERMS.size >= MAX_MEMO) TOKEN_TERMS.clear();
    TOKEN_TERMS.set(token, terms);
  }
  return terms;
}

const TOKEN_TERMS = new Map<string, readonly string[]>();

/** Words whose stems exercise every rule of `stem`; a changed rule changes some of them. */
const RULE_PROBES = `discounts classes boxes parties validated validation resolvers saving mapped mapping happiness
  activity readable visible active quickly movements positions editions relations stopped orders caches`;

/**
 * A fingerprint of the rules above, taken from what they produce (stop words, stems, terms of a
 * few names, a path and a sentence) rather than from their source text, which bundling rewrites:
 * a stored term index written under other rules would never meet the query's terms, so readers
 * compare it and ignore a mismatch.
 */
export const TERM_RULES = createHash('sha256')
  .update([...STOPWORDS].join(' '))
  .update(RULE_PROBES.split(/\s+/).map(stem).join(' '))
  .update(JSON.stringify([termsOf('getHTTPResponse_v2'), termsOf('_do_update'), pathTerms('src/db/repo_items.ts')]))
  .update(JSON.stringify(proseTerms('Applies the discounts to orders; returns the resolved ValueMapper.')))
  .digest('hex')
  .slice(0, 16);
