/** Word-level helpers shared by query parsing and the name-segment index. */

/** Splits an identifier into lowercase words at camelCase humps, digits and `_`/`-`/`$`. */
export function identifierWords(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.toLowerCase())
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
  let w = word.toLowerCase();
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
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

/** Appends `token`'s content words to `words`: no short, numeric or stop word, and none twice. */
export function addContentWords(words: string[], token: string): void {
  for (const w of identifierWords(token)) {
    if (w.length < 2 || /^\d+$/.test(w) || STOPWORDS.has(w) || words.includes(w)) continue;
    words.push(w);
  }
}
