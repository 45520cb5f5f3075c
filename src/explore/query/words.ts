/** Word-level helpers of query parsing; the term index's own words come from index/terms. */
import { STOPWORDS, identifierWords, stem } from '../../index/terms/words.js';

export { STOPWORDS, identifierWords, stem };

/** Words asking about tests: their presence lifts the test-file penalty. */
export const TEST_WORDS: ReadonlySet<string> = new Set(['test', 'tests', 'testing', 'tested', 'spec', 'specs', 'unittest', 'pytest', 'fixture', 'fixtures', 'coverage', 'mock', 'mocks', 'mocked', 'fake', 'fakes', 'stub', 'stubs']);

/** A light singular form: `orders` -> `order`, `classes` -> `class`; short words are kept. */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * Whether a token is written like code rather than prose: camelCase, PascalCase with several
 * humps, snake_case, ALL_CAPS, `$` or a dunder. Single capitalized words are prose-ambiguous.
 */
export function isCodeShaped(token: string): boolean {
  return (
    /[a-z0-9][A-Z]/.test(token) ||
    /[A-Za-z0-9]_[A-Za-z0-9]/.test(token) ||
    /^_+[A-Za-z]/.test(token) ||
    token.includes('$') ||
    /^[A-Z][A-Z0-9_]{2,}$/.test(token)
  );
}

/** Appends `token`'s content words to `words`: no short, numeric or stop word, and none twice. */
export function addContentWords(words: string[], token: string): void {
  for (const w of identifierWords(token)) {
    if (w.length < 2 || /^\d+$/.test(w) || STOPWORDS.has(w) || words.includes(w)) continue;
    words.push(w);
  }
}
