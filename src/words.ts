/**
 * How names and words are written, shared by every layer that reads them: where an identifier's
 * words meet, an inflected acronym as one word, British and American spellings, and a qualified
 * name written with its package in front. Strings in, strings out.
 */

/**
 * Where an identifier's words meet: a lowercase letter or digit before a capital
 * (`getHttp` -> `get Http`), and the last capital of a run before a capitalised word
 * (`HTTPResponse` -> `HTTP Response`). The one rule every splitter of names shares (explore's term
 * index, search's words and its full-text index, the prompt hook); each then splits, lowercases and
 * filters for its own use. Both patterns look at most three characters from any position, so a
 * long run of capitals costs its length, not its square.
 */
export function spaceHumps(identifier: string): string {
  return identifier.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ');
}

/**
 * An acronym with an inflection written in lowercase after it (`URLs`, `IDs`, `POSTed`): one
 * word, not the acronym's last letter joined to the ending (`UR Ls`, `POS Ted`). It starts only
 * where a run of capitals does, so a long run is read once.
 */
const INFLECTED_ACRONYM = /(?<![A-Z])([A-Z]{2,})(s|es|ed|ing)(?![a-z])/g;

/** `identifier` with each inflected acronym lowercased and set apart as a word of its own. */
export function wholeInflectedAcronyms(identifier: string): string {
  return identifier.replace(INFLECTED_ACRONYM, (_, acronym: string, ending: string) => ` ${acronym.toLowerCase()}${ending} `);
}

/**
 * British endings and their American spelling: `-ise`/`-yse` and their inflections as
 * `-ize`/`-yze` (`customised`, `serialisation`, `analysing`), and `-our` as `-or` (`behaviour`,
 * `colours`). The endings exclude one another, so at most one applies.
 */
const TO_AMERICAN: readonly (readonly [RegExp, string])[] = [
  [/([a-z]{3})is(e|es|ed|ing|er|ers|ation|ations)$/, '$1iz$2'],
  [/([a-z])ys(e|es|ed|ing)$/, '$1yz$2'],
  [/([a-z]{3})our(s|ed|ing)?$/, '$1or$2'],
];
/** The American `-ize`/`-yze` endings and their British spelling (`-or` has too many words of its own, `error`, `author`). */
const TO_BRITISH: readonly (readonly [RegExp, string])[] = [
  [/([a-z]{3})iz(e|es|ed|ing|er|ers|ation|ations)$/, '$1is$2'],
  [/([a-z])yz(e|es|ed|ing)$/, '$1ys$2'],
];

/** A lowercase word spelt the American way where its ending is British; the word itself otherwise. */
export function americanSpelling(word: string): string {
  return respelt(word, TO_AMERICAN);
}

/** A lowercase word spelt the British way where its ending is American (`-ize`, `-yze`); the word itself otherwise. */
export function britishSpelling(word: string): string {
  return respelt(word, TO_BRITISH);
}

function respelt(word: string, rules: readonly (readonly [RegExp, string])[]): string {
  for (const [pattern, other] of rules) if (pattern.test(word)) return word.replace(pattern, other);
  return word;
}

/**
 * The ends of a qualified name written with its package or module in front (`java.util.ArrayList.grow`,
 * as a stack frame writes it; `django.db.models.base.Model.save`), longest first, which an index
 * of qualified names without packages may hold: each end of two parts or more after leading
 * parts that are all lowercase, a package's (`util.ArrayList.grow`, `ArrayList.grow`).
 */
export function packagelessNames(qualified: string): string[] {
  const parts = qualified.split('.');
  const out: string[] = [];
  for (let drop = 1; parts.length - drop >= 2 && /^[a-z_][a-z0-9_]*$/.test(parts[drop - 1] ?? ''); drop += 1) out.push(parts.slice(drop).join('.'));
  return out;
}
