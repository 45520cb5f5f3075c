/**
 * A query word's other written forms that the search index's porter tokenizer stems apart from
 * it: an adjective's adverb (`exact`, `exactly`) and the other regional spelling (`customised`,
 * `customized`). Words in, spellings out; each costs one lookup of the index, which finds
 * nothing when the form is no word.
 */
import { americanSpelling, britishSpelling } from '../words.js';

/**
 * The porter tokenizer stems an adverb apart from its adjective (`exactly` -> exactli, `exact` ->
 * exact; `strictly`, `directly`, `randomly` alike) except after `e`, `ent`, `al` and `ous`, where
 * both already meet (`completely`, `recently`): so "an exact number" never met "returns an error
 * if there are not exactly n args", though explore's term index (whose stem drops `ly`) does. A
 * word's other form where the two stem apart.
 */
export function adverbPair(word: string): string | undefined {
  const adverb = word.length >= 6 && word.endsWith('ly');
  const adjective = adverb ? word.slice(0, -2) : word;
  if (adjective.length < 5 || !/^[a-z]+$/.test(adjective) || MEETING_ADVERB.test(adjective)) return undefined;
  if (adverb) return adjective;
  return NO_ADJECTIVE.test(word) ? undefined : `${word}ly`;
}

/** Endings whose adverb porter already stems alike (`e`, `ent`, `ous`, and `al` under `l`), or that spell it otherwise (`fully`, `easily`). */
const MEETING_ADVERB = /(?:e|ent|ous|l|y)$/;
/**
 * Endings of nouns and verb forms, which have no adverb (`tokens`, `parsing`, `called`,
 * `parser`, `function`): no lookup, and no place taken among a query's other spellings.
 */
const NO_ADJECTIVE = /(?:s|ing|ed|er|or|ion|ment|ness|ity|ism|ist)$/;

/**
 * The other spelling of a word that British and American English write apart and the porter
 * tokenizer stems apart (src/words.ts: `-ise`/`-ize`, `-yse`/`-yze`, and `-our` for `-or`). A
 * project, and one file, may write either (`customised` beside `customize`); the question may
 * write the other. A doubled `l` needs nothing: porter stems `cancelled` and `canceled` alike.
 */
export function regionalPair(word: string): string | undefined {
  if (word.length < 6 || !/^[a-z]+$/.test(word)) return undefined;
  const american = americanSpelling(word);
  if (american !== word) return american;
  const british = britishSpelling(word);
  return british !== word ? british : undefined;
}
