/**
 * How search text becomes words: identifiers split on camelCase, snake_case, kebab-case, dots
 * and `::`; everything lowercased; words of letters and digits only (the only ones the full-text
 * index's match syntax receives); English stop words and question words dropped. Stemming is the
 * index's porter tokenizer, which stems these words the same way it stemmed the indexed text.
 */

import { spaceHumps, wholeInflectedAcronyms } from '../words.js';
import { wordVariants } from '../index/terms/abbreviations.js';
import { adverbPair, regionalPair } from './other-forms.js';

/**
 * Words that carry no meaning in a question about code ("how does the … get …"). Kept short on
 * purpose: a word that is also a common identifier part (`get`, `set`, `new`, `type`) stays.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'from', 'with', 'into', 'onto',
  'about', 'as', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'do', 'does', 'did', 'done', 'doing',
  'has', 'have', 'had', 'having', 'how', 'what', 'when', 'where', 'which', 'who', 'whom', 'whose', 'why',
  'this', 'that', 'these', 'those', 'it', 'its', 'they', 'them', 'their', 'there', 'here', 'we', 'our', 'you',
  'your', 'i', 'me', 'my', 'he', 'she', 'his', 'her', 'can', 'could', 'should', 'would', 'will', 'shall', 'may',
  'might', 'must', 'so', 'than', 'then', 'too', 'very', 'just', 'also', 'such', 'some', 'any', 'each', 'every',
  'all', 'both', 'either', 'neither', 'whether', 'if', 'else', 'not', 'no', 'nor', 'only', 'own', 'same', 'other',
  'between', 'through', 'during', 'before', 'after', 'above', 'below', 'up', 'down', 'out', 'over', 'under',
  'again', 'further', 'once', 'while', 'because', 'until', 'against', 'among', 'via', 'like', 'used',
  'using', 'happens', 'work', 'works', 'way', 'code', 'find', 'show', 'e', 'g', 'eg', 'ie',
]);

/** Most words one query sends to the full-text index; a longer text keeps its first ones. */
export const MAX_QUERY_WORDS = 12;

/**
 * Other spellings sent beside a query's words at most (each widens the full-text read). Set by
 * hand: a prose question seldom has more; django's prose questions took 2.5 -> 2.7 ms with it.
 */
export const MAX_EXTRA_SPELLINGS = 8;

const SNAKE = /^[a-z0-9_]*$/;

/**
 * Lowercased words of an identifier: camelCase, PascalCase, acronyms, digits, `_`, `-`, `.`, `$`
 * and `::` all separate words (`getHTTPResponse_v2` -> get, http, response, v2).
 */
export function identifierWords(name: string): string[] {
  // Lowercase snake_case (most names the ranker scores) splits on `_` alone.
  if (SNAKE.test(name)) return name.split('_').filter((w) => w !== '');
  return spaceHumps(wholeInflectedAcronyms(name))
    .toLowerCase()
    .split(/[^a-z0-9\u0080-\uffff]+/)
    .filter((w) => w !== '');
}

/**
 * The words a search text sends to the full-text index, in order, each once: every token's
 * identifier words, and the whole token too when it is one identifier of several words
 * (`getUserId` -> getuserid, get, user, id; the index holds names whole and split). Stop words
 * go unless nothing else is left.
 */
export function searchWords(text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (w: string): void => {
    if (seen.has(w) || !/^[a-z0-9]+$/.test(w)) return;
    seen.add(w);
    out.push(w);
  };
  for (const token of text.split(/[^A-Za-z0-9_$\u0080-\uFFFF]+/)) {
    const words = identifierWords(token);
    const whole = token.toLowerCase();
    if (words.length > 1 && /^[a-z0-9]+$/.test(whole)) add(whole);
    for (const w of words) add(w);
  }
  const content = out.filter((w) => !STOP_WORDS.has(w));
  return (content.length > 0 ? content : out).slice(0, MAX_QUERY_WORDS);
}

/**
 * The spellings a query sends to the full-text index: its words, then the other spellings of
 * each (abbreviations.ts: `arg`, `argv` for `arguments`), then the forms the index stems apart
 * (other-forms.ts), word by word: the other regional spelling (`customized` for `customised`),
 * and in prose the adverb or adjective (`exactly` for `exact`; in a list, `ExactArgs` holds no
 * adjective), with the index of the word each spells.
 */
export function searchSpellings(words: readonly string[], prose = false): { spellings: string[]; meaning: number[] } {
  const spellings = [...words];
  const meaning = words.map((_, i) => i);
  const add = (v: string, i: number): void => {
    if (spellings.length >= words.length + MAX_EXTRA_SPELLINGS || spellings.includes(v)) return;
    spellings.push(v);
    meaning.push(i);
  };
  words.forEach((w, i) => {
    for (const v of wordVariants(w)) add(v, i);
  });
  words.forEach((w, i) => {
    for (const other of [regionalPair(w), prose ? adverbPair(w) : undefined]) if (other !== undefined) add(other, i);
  });
  return { spellings, meaning };
}
