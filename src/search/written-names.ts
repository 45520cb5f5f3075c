/**
 * The names a sentence writes in code form: a path (`QuerySet.exclude`, `Net::HTTP#get`,
 * `String.indexOf(String)`, a Rust impl block's `Serialize for Option`) and an identifier no
 * prose word looks like (`check_password`, `getPathname`, `MAX_VALUE`; not `HashMap`, which a
 * question names as the place of what it asks about). A person who writes a name so in a sentence means that symbol. A text without a
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

/** Most `Trait for Type` phrases looked up. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 2, 217 at 4. */
const MAX_IMPL_PHRASES = 3;

/**
 * The impl block names a sentence spells out, as Rust names them: `impl Trait for Type` from
 * `impl Trait for Type`, `Trait for Type` or `Trait impl(ementation) for Type`; a trait or type
 * that is one of `stopWords` ("wait for", "values for a") is none.
 */
export function implPhrases(text: string, stopWords: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b([A-Za-z_][\w]*)\s+(?:impl(?:ementation)?\s+)?for\s+([A-Za-z_][\w]*)/g)) {
    const [trait, type] = [m[1] ?? '', m[2] ?? ''];
    if (trait === 'impl' || stopWords.has(trait.toLowerCase()) || stopWords.has(type.toLowerCase()) || out.length >= MAX_IMPL_PHRASES) continue;
    out.push(`impl ${trait} for ${type}`);
  }
  return out;
}

/** The names `text` writes in code form; none when it is no sentence. */
export function writtenNames(text: string): WrittenNames {
  const trimmed = text.trim();
  if (!isSentence(trimmed)) return NO_WRITTEN_NAMES;
  const paths = new Set<string>();
  const names = new Set<string>();
  for (const [written] of trimmed.matchAll(PATH)) paths.add(written.replace(/::|#/g, '.'));
  // An impl block's name is its path: `Serialize for Option` is `impl Serialize for Option`.
  for (const phrase of implPhrases(trimmed, STOP_WORDS)) paths.add(phrase);
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
