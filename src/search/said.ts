/**
 * The words a pasted message says in its own text, as the code's string literal has them: a
 * runtime's label in front (`Error:`, `ValueError:`, `panic:`) and the values quoted into it
 * (`unknown command "serve" for "app"`, `no such table: 'users'`) are no part of the literal. A
 * text is taken for a message only when it shows one of those marks, so plain words (`large
 * orders`) stay a search for names; a quoted phrase asked about (`where is "unknown command"
 * raised`) is the message itself. A symbol whose literals hold every such word said it
 * (sayers.ts). Text in, words out.
 */
import { isLiteralWord } from '../index/extract/literals.js';
import { searchWords } from './terms.js';

/** A label a runtime writes before a message: one to three words, then a colon. */
const LABEL = /^\s*(?:[\w.$[\]-]+\s){0,2}[\w.$[\]-]+:\s+/;
/**
 * A quoted value: in double quotes or backticks, or in single quotes that open after a space or
 * punctuation and close before one (so an apostrophe, `request's`, quotes nothing).
 */
const QUOTED = /"[^"]*"|`[^`]*`|(?<=^|[\s:(=,[])'[^'\n]*'(?![A-Za-z])/g;


/** The fewest words a message must say to be looked for. */
const MIN_SAID_WORDS = 2;

/** Longer text is no one message (a pasted log): its words are all read as usual. */
const MAX_MESSAGE_CHARS = 300;

/**
 * The content words `text` says as a message: outside its label and quoted values, or, when
 * fewer are left, inside its quotes; none when it is one word (a name), shows no label or quote,
 * or says fewer than MIN_SAID_WORDS.
 */
export function saidWords(text: string): string[] {
  if (text.length > MAX_MESSAGE_CHARS || !/\s/.test(text.trim())) return [];
  const unlabelled = text.replace(LABEL, ' ');
  const quoted = [...unlabelled.matchAll(QUOTED)].map((m) => m[0]);
  if (unlabelled === text && quoted.length === 0) return [];
  const outside = literalWords(unlabelled.replace(QUOTED, ' '));
  if (outside.length >= MIN_SAID_WORDS) return outside;
  const inside = literalWords(quoted.join(' '));
  return inside.length >= MIN_SAID_WORDS ? inside : [];
}

function literalWords(text: string): string[] {
  return searchWords(text).filter(isLiteralWord);
}
