/**
 * The names a sentence writes in code form: a path (`QuerySet.exclude`, `Net::HTTP#get`,
 * `String.indexOf(String)`) and an identifier no prose word looks like (`check_password`,
 * `getPathname`, `MAX_VALUE`; not `HashMap`, which a question names as the place of what it
 * asks about). A person who writes a name so in a sentence means that symbol. A text without a
 * stop word is a list of names (which asks for what uses them all) or one name (compared whole
 * with names, candidates.ts), and gives none. Text in, names out.
 */

import { STOP_WORDS } from './terms.js';

/** What a query writes in code form. */
export interface WrittenNames {
  /** Dotted paths of two parts or more (`::` and `#` read as `.`), as written. */
  readonly paths: readonly string[];
  /** Identifiers with an inner `_`, or camelCase. */
  readonly names: readonly string[];
}

export const NO_WRITTEN_NAMES: WrittenNames = { paths: [], names: [] };

// A match starts only where a word does: tried inside a long word, every start would scan to its
// end again (a 200 KB word took 73 s), as a pasted log in a prompt can hold.
const PATH = /(?<![\w$])[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)+/g;
const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/** Whether a bare word reads as code: an `_` after its first letter, or camelCase. */
function codeShaped(word: string): boolean {
  return word.length >= 4 && (/^_*[A-Za-z0-9$]+_\w/.test(word) || /^[a-z_$][a-z0-9$]*[A-Z]/.test(word));
}

/** The names `text` writes in code form; none when it is no sentence. */
export function writtenNames(text: string): WrittenNames {
  const trimmed = text.trim();
  if (!isSentence(trimmed)) return NO_WRITTEN_NAMES;
  const paths = new Set<string>();
  const names = new Set<string>();
  for (const [written] of trimmed.matchAll(PATH)) paths.add(written.replace(/::|#/g, '.'));
  const rest = trimmed.replace(PATH, ' ');
  for (const [word] of rest.matchAll(IDENTIFIER)) if (codeShaped(word)) names.add(word);
  return { paths: [...paths], names: [...names] };
}

/**
 * A text holding a stop word is a sentence, not a name or a list of names. A word is the text
 * between spaces and punctuation, so the parts of an identifier or a hyphenated name are not
 * (`allowed_to?`, `get_or_create`, `X-Requested-With`).
 */
export function isSentence(text: string): boolean {
  return text.toLowerCase().split(/[^a-z0-9_$-]+/).some((w) => STOP_WORDS.has(w));
}
