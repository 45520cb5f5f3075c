/**
 * The plain identifiers of a query as candidate names: which read as code, which are words of
 * a sentence, and the definitions each can mean.
 */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import { TYPE_KINDS } from '../kinds.js';
import { definitions, narrowByParameters } from './definitions.js';
import type { NamedSymbol } from './parsed-query.js';
import { STOPWORDS, identifierWords, isCodeShaped, stem } from './words.js';
import type { Token } from './written-names.js';
import { americanSpelling } from '../../words.js';

/** An identifier of the query and the definitions it can name. */
export interface Candidate {
  readonly token: Token;
  /** Written like code (camelCase, snake_case, a chain part …), not a plain word. */
  readonly codeShaped: boolean;
  readonly nodes: StoredNode[];
}

/** The query's candidate names, and whether the query reads as a sentence. */
export interface Candidates {
  readonly candidates: readonly Candidate[];
  readonly sentence: boolean;
}

/** Most identifiers looked up. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 214 at 16, 217 at 32. */
const MAX_IDENTIFIERS = 24;
/** A query with at least this many stopwords is a sentence, not a list of names. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 2, 217 at 4. */
const PROSE_STOPWORDS = 3;
/** A plain word shared by more names than this is a common word, not a name. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 4, 217 at 8. */
const SPECIFIC_NAME_WORDS = 6;

/** Each distinct identifier among `tokens` (from `text`) with the definitions it can name. */
export function identifierCandidates(tokens: readonly Token[], text: string, data: IndexData): Candidates {
  const store = data.store;
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  // In a sentence, capitals without `_` or digits are acronyms (CSRF, POST, SQL), not constants.
  const sentence = tokens.filter((t) => STOPWORDS.has(t.text.toLowerCase())).length >= PROSE_STOPWORDS;
  for (const token of tokens) {
    if (candidates.length >= MAX_IDENTIFIERS || token.text.length < 2 || seen.has(token.text)) continue;
    seen.add(token.text);
    let codeShaped = token.chained === true || (isCodeShaped(token.text) && !(sentence && /^[A-Z]+$/.test(token.text)));
    if (!codeShaped && STOPWORDS.has(token.text.toLowerCase())) continue;
    let nodes = [...nounTypes(token.text, sentence, data), ...definitions(store.nodesByName(token.text), data)];
    // A name written the British way names what the code spells the American way (`constantise`, "the serialiser").
    const american = nodes.length === 0 && /^[a-z]+$/.test(token.text) ? americanSpelling(token.text) : token.text;
    if (american !== token.text) nodes = [...nounTypes(american, sentence, data), ...definitions(store.nodesByName(american), data)];
    // In a sentence a lowercase word names only what is spelled that way: `error` is a word there,
    // not the `Error` method, and `subcommand` not a `subCommand` field.
    if (nodes.length === 0 && token.text.length >= 3 && !(sentence && /^[a-z]+$/.test(token.text))) {
      nodes = definitions(store.nodesByNameIgnoreCase(token.text), data);
      // Prose shouting (`UPDATE`, `INSERT`) that only meets `update` in another case is a word.
      if (!/[a-z]/.test(token.text)) codeShaped = false;
    }
    // A capitalised word inside a sentence that is a type's name ("the Preferences API", "a
    // Session") is that type written as a proper noun.
    if (sentence && !codeShaped && /^[A-Z][a-z]+$/.test(token.text) && !/(?:^|[.?!:])\s*$/.test(text.slice(0, token.start))) {
      const types = nodes.filter((n) => TYPE_KINDS.has(n.kind));
      if (types.length > 0) {
        nodes = types;
        codeShaped = true;
      }
    }
    candidates.push({ token, codeShaped, nodes: narrowByParameters(nodes, text, token.end) });
  }
  return { candidates, sentence };
}

/**
 * In a sentence, a lowercase word that is a type's name capitalised ("the lexer", "a slice") is
 * that type spoken of as a common noun (`Lexer`, `Slice`), before what is spelled like the word (a
 * `lexer` property). Only types: `error` in a sentence is still not the `Error` method. Set on the
 * evaluation's tuning half: 2 more explore targets found (twig's lexer), one shown whole less.
 */
function nounTypes(text: string, sentence: boolean, data: IndexData): StoredNode[] {
  if (!sentence || !/^[a-z]{3,}$/.test(text)) return [];
  const capitalised = `${text[0]!.toUpperCase()}${text.slice(1)}`;
  return definitions(data.store.nodesByName(capitalised), data).filter((n) => TYPE_KINDS.has(n.kind));
}

/** A candidate with definitions as a named symbol; a plain word of a sentence is marked as prose. */
export function candidateName(c: Candidate, sentence: boolean, data: IndexData): NamedSymbol {
  const specific = c.codeShaped || identifierWords(c.token.text).every((w) => data.terms().nameFrequency(stem(w)) <= SPECIFIC_NAME_WORDS);
  return { text: c.token.text, codeShaped: c.codeShaped, qualified: false, specific, nodes: c.nodes, ...(sentence && !c.codeShaped ? { prose: true } : {}) };
}
