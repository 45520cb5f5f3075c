/**
 * Finding whole-word keywords in a prompt by its words rather than by one large regular
 * expression: the prompt is cut into runs of letters, marks, digits and `_`, and each run is
 * looked up among the keywords starting with it. One alternation of every language's keywords
 * took about 30 ms to compile on the first prompt, which is most of what a silent hook costs
 * beyond Node's own start; the lookup needs no compiling.
 *
 * A keyword is words separated by spaces (any run of white space in the prompt) or by other
 * literal text (`dov'è`); a trailing `*` makes its last word a stem that takes any further
 * letters and marks. The match is the leftmost one, and at one place the earliest keyword in the
 * list, as a regular expression alternation would choose.
 */

/** Matches one keyword: its words, the text between them, whether the last word is a stem. */
interface WordKeyword {
  readonly order: number;
  readonly words: readonly string[];
  /** `gaps[k]` lies between `words[k]` and `words[k + 1]`; ' ' stands for any white space. */
  readonly gaps: readonly string[];
  readonly stem: boolean;
}

/** A run of the prompt's word characters and where it lies. */
interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const WORD = /[\p{L}\p{M}\p{N}_]+/gu;
const SPACE = /^\s+$/u;
const LETTERS = /^[\p{L}\p{M}]*$/u;

/** Returns a function giving the first keyword found in a lower-cased prompt (as the prompt spells it), or undefined. */
export function wordKeywordMatcher(keywords: readonly string[]): (lower: string) => string | undefined {
  const byFirst = new Map<string, WordKeyword[]>();
  const singleStems: WordKeyword[] = [];
  keywords.forEach((keyword, order) => {
    const parsed = parseKeyword(keyword, order);
    if (parsed === undefined) return;
    if (parsed.stem && parsed.words.length === 1) singleStems.push(parsed);
    else byFirst.set(parsed.words[0] ?? '', [...(byFirst.get(parsed.words[0] ?? '') ?? []), parsed]);
  });
  return (lower) => {
    const tokens = [...lower.matchAll(WORD)].map((m) => ({ text: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
    for (let i = 0; i < tokens.length; i += 1) {
      const token = tokens[i] as Token;
      let best: { order: number; end: number } | undefined;
      for (const keyword of [...(byFirst.get(token.text) ?? []), ...singleStems]) {
        if (best !== undefined && keyword.order > best.order) continue;
        const end = matchAt(keyword, tokens, i, lower);
        if (end !== undefined) best = { order: keyword.order, end };
      }
      if (best !== undefined) return lower.slice(token.start, best.end);
    }
    return undefined;
  };
}

function parseKeyword(keyword: string, order: number): WordKeyword | undefined {
  const stem = keyword.endsWith('*');
  const body = stem ? keyword.slice(0, -1) : keyword;
  const found = [...body.matchAll(WORD)];
  if (found.length === 0) return undefined;
  const words = found.map((m) => m[0]);
  const gaps = found.slice(1).map((m, k) => {
    const before = found[k] as RegExpMatchArray;
    const gap = body.slice((before.index ?? 0) + before[0].length, m.index ?? 0);
    return gap === ' ' ? ' ' : gap;
  });
  return { order, words, gaps, stem };
}

/** Where `keyword` ends when it matches from token `i`, or undefined. */
function matchAt(keyword: WordKeyword, tokens: readonly Token[], i: number, lower: string): number | undefined {
  const last = keyword.words.length - 1;
  for (let k = 0; k <= last; k += 1) {
    const token = tokens[i + k];
    if (token === undefined) return undefined;
    if (k > 0) {
      const gap = lower.slice((tokens[i + k - 1] as Token).end, token.start);
      if (keyword.gaps[k - 1] === ' ' ? !SPACE.test(gap) : gap !== keyword.gaps[k - 1]) return undefined;
    }
    const word = keyword.words[k] ?? '';
    const stemmed = k === last && keyword.stem;
    if (stemmed ? !(token.text.startsWith(word) && LETTERS.test(token.text.slice(word.length))) : token.text !== word) return undefined;
  }
  return (tokens[i + last] as Token).end;
}
