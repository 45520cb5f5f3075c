/**
 * The words of the string literals in each definition's own text: an error message, a header
 * name, a SQL keyword, a configuration key. A question often quotes them ("unknown command",
 * `X-Requested-With`, `FETCH FIRST`), and an agent pastes them from a log, where no name the
 * code declares appears. The extractor's own walk hands each literal over (walk.ts adds these
 * types to its one native query, so no second pass over the tree is made) and the builder gives
 * it to the definition it belongs to; every language with these literal forms is served alike.
 */
import type { Language, Node } from 'web-tree-sitter';
import type { ExtractedSymbol, SymbolStrings } from '../../model.js';

/**
 * The string literal node types of every grammar (each has some of them). A literal inside
 * another, as C's `concatenated_string` holds `string_literal`s, gives the same words twice,
 * which a definition keeps once.
 */
const LITERAL_TYPES = [
  'string', 'string_literal', 'raw_string_literal', 'interpreted_string_literal', 'template_string', 'encapsed_string',
  'heredoc', 'heredoc_body', 'nowdoc_string', 'line_string_literal', 'multi_line_string_literal', 'verbatim_string_literal',
  'interpolated_string_expression', 'concatenated_string', 'raw_string', 'multiline_string', 'quoted_string',
];

/**
 * Characters read of one literal: a message says what it is about in its opening words, and a
 * data table in a string (a regex crate's Unicode tables, an embedded script) adds nothing more.
 */
const LITERAL_CHARS = 200;
/** Words kept per definition: a body of messages says what it does in far fewer. */
const MAX_WORDS = 60;
/**
 * A definition's first literals below its first line that are asked whether they are statements
 * (`isStatement`): a bound on cost, not a measured value; a signature spread over lines may
 * hold a few.
 */
const STATEMENT_CHECKS = 3;

/** A word of a literal, lowercased: a letter, then letters or digits (`%s`, `\n` and numbers say nothing). */
const WORD = /[a-z][a-z0-9]+/g;
const WHOLE_WORD = new RegExp(`^${WORD.source}$`);

/** Whether `word` (lowercased) is one a literal's words can hold: search reads a pasted message by the same rule. */
export function isLiteralWord(word: string): boolean {
  return WHOLE_WORD.test(word);
}
/** An escape written in the literal (`\n`, `\t`, `\u00e9`): its letter starts no word (`\nrun` is `run`). */
const ESCAPE = /\\[a-z]/g;

const typesOf = new WeakMap<Language, readonly string[]>();

/** The literal types `language` has, as named nodes. */
export function literalTypes(language: Language): readonly string[] {
  let types = typesOf.get(language);
  if (types === undefined) {
    types = LITERAL_TYPES.filter((t) => language.idForNodeType(t, true) !== null);
    typesOf.set(language, types);
  }
  return types;
}

/**
 * Whether a literal is a statement by itself: it does nothing when run, so it documents (a
 * Python docstring) or directs (JavaScript's `'use strict'`) and says no message. Its words are
 * the docstring's, which would fill the definition's MAX_WORDS before its messages are met.
 * Asking costs the literal's depth (the tree finds a parent from its root), so only a
 * definition's first STATEMENT_CHECKS literals below its first line are asked: a docstring or a
 * directive opens its body; the literals of a signature written on one line are not counted.
 */
function isStatement(node: Node): boolean {
  const parent = node.parent;
  return parent !== null && parent.type === 'expression_statement' && parent.namedChildCount === 1;
}

/** One file's literal words by the definition they were met in. */
export class LiteralWords {
  readonly #words = new Map<number, Set<string>>();
  /** Where literals already read start: a nested walk meets some again. */
  readonly #seen = new Set<number>();
  /** Literals read per definition, so only its first few are asked whether they are statements. */
  readonly #read = new Map<number, number>();

  /**
   * Reads `node`, a literal met inside definition `owner` (-1: at file level, not kept), on the
   * definition's first line (`onHeader`: a parameter's default or annotation) or below it.
   */
  add(owner: number, node: Node, onHeader = false): void {
    if (owner < 0) return;
    const start = node.startIndex;
    if (this.#seen.has(start)) return;
    this.#seen.add(start);
    let set = this.#words.get(owner);
    if (set === undefined) this.#words.set(owner, (set = new Set()));
    if (set.size >= MAX_WORDS) return;
    // A docstring or a directive opens the body, below the header's defaults and annotations.
    if (!onHeader) {
      const read = (this.#read.get(owner) ?? 0) + 1;
      this.#read.set(owner, read);
      if (read <= STATEMENT_CHECKS && isStatement(node)) return;
    }
    for (const word of node.text.slice(0, LITERAL_CHARS).toLowerCase().replace(ESCAPE, ' ').match(WORD) ?? []) {
      set.add(word);
      if (set.size >= MAX_WORDS) return;
    }
  }

  /** Per definition, its words in order of first use, space-separated. */
  result(symbols: readonly ExtractedSymbol[]): SymbolStrings[] {
    const out: SymbolStrings[] = [];
    for (const [from, set] of this.#words) {
      if (symbols[from] === undefined || set.size === 0) continue;
      out.push({ from, words: [...set].join(' ') });
    }
    return out.sort((a, b) => a.from - b.from);
  }
}
