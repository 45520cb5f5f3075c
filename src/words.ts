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
