/**
 * The prompt hook's first decision, from the prompt text alone (no index is read here): a
 * structural question goes straight to explore; code-shaped tokens and multi-word phrases are
 * candidates the index must confirm; anything else is silent.
 */
import { wordKeywordMatcher } from './keyword-match.js';
import { KEYWORD_TABLES } from './keywords.js';

/** What the text alone says about a prompt. */
export type Gate =
  | { readonly tier: 'silent' }
  | { readonly tier: 'structural'; readonly keyword: string }
  | { readonly tier: 'candidates'; readonly tokens: readonly string[]; readonly phrases: readonly (readonly string[])[] };

/** At most this many tokens and phrases are looked up, so a long prompt costs the same as a short one. */
export const MAX_TOKENS = 8;
/** See MAX_TOKENS. */
export const MAX_PHRASES = 6;

const wordKeyword = wordKeywordMatcher(KEYWORD_TABLES.filter((t) => t.match === 'word').flatMap((t) => t.keywords));
const SUBSTRING_KEYWORDS: readonly string[] = KEYWORD_TABLES.filter((t) => t.match === 'substring').flatMap((t) => t.keywords);

/** Classifies a prompt from its text. */
export function classify(prompt: string): Gate {
  const keyword = structuralKeyword(prompt);
  if (keyword !== undefined) return { tier: 'structural', keyword };
  const tokens = codeTokens(prompt);
  const phrases = plainPhrases(prompt);
  if (tokens.length === 0 && phrases.length === 0) return { tier: 'silent' };
  return { tier: 'candidates', tokens, phrases };
}

/** The first structural keyword in the prompt, if any. */
export function structuralKeyword(prompt: string): string | undefined {
  const lower = prompt.toLowerCase();
  const word = wordKeyword(lower);
  if (word !== undefined) return word;
  return SUBSTRING_KEYWORDS.find((k) => lower.includes(k));
}

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const TOKEN_PATTERNS: readonly RegExp[] = [
  /`([^`\s]{2,80})`/g, // backticked
  new RegExp(String.raw`(?<![\w$.:#])(${IDENT}(?:(?:\.|::|#)${IDENT})+)(?![\w$])`, 'g'), // qualified: user.login, Engine::serve
  new RegExp(String.raw`(?<![\w$])(${IDENT})\(`, 'g'), // call shape: Counter()
  /(?<![\w$])(\$[A-Za-z_]\w*)/g, // $variable
  /(?<![\w$])([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?![\w$])/g, // camelCase
  /(?<![\w$])([A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)(?![\w$])/g, // PascalCase with two humps
  /(?<![\w$])(_*[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+_*)(?![\w$])/g, // snake_case, SCREAMING_CASE
  /(?<![\w$.:/~-])(\/[A-Za-z][\w.:{}<>*-]*(?:\/[\w.:{}<>*-]+)*\/?)(?<!\.)(?![\w$/])/g, // a route's path: /api/login, /users/:id
];

/** File names and URLs look qualified but are not symbols. */
const NOT_A_SYMBOL = /^(?:www\.|https?:|.*\.(?:md|txt|json|ya?ml|toml|lock|html?|css|png|jpe?g|svg|com|org|net|io|dev)$)|^(?:e\.g|i\.e|etc)$/i;

/** Code-shaped tokens, in order of first appearance, without duplicates. */
export function codeTokens(prompt: string): string[] {
  const found: { token: string; at: number }[] = [];
  for (const pattern of TOKEN_PATTERNS) {
    for (const m of prompt.matchAll(pattern)) {
      const token = (m[1] ?? '').replace(/\(\)?$/, '');
      if (token.length < 3 || NOT_A_SYMBOL.test(token) || /^\d/.test(token)) continue;
      found.push({ token, at: m.index ?? 0 });
    }
  }
  const seen = new Set<string>();
  const tokens: string[] = [];
  for (const { token } of found.sort((a, b) => a.at - b.at || b.token.length - a.token.length)) {
    if (seen.has(token)) continue;
    seen.add(token);
    tokens.push(token);
  }
  return tokens.slice(0, MAX_TOKENS);
}

/** Function words and requests that never name a feature. */
const STOPWORDS = new Set(
  `the and for are but not you all any can had her was one our out day get has him his how its may new now old see two way who
  did let put say she too use this that with have from they will would there their what about which when make like time just
  know take into year your some could them than then look only come over also back after work first well even want because
  these give most should please fix add make change update remove delete write run try check help need does doing done been
  being here where why very more much many such each other same into onto upon while still again once code file files line
  lines thing things stuff something anything everything issue bug error problem typo wrong right good bad thanks thank
  able sure okay yes really maybe might must shall without within between through during before above below under`.split(/\s+/),
);

/** Runs of two or three adjacent plain (ASCII) content words, the candidates for symbol-name segments. */
export function plainPhrases(prompt: string): string[][] {
  const phrases: string[][] = [];
  for (const run of prompt.split(/[^A-Za-z\s-]|\s{2,}|\n/)) {
    const words = run.toLowerCase().split(/[\s-]+/).filter((w) => w !== '');
    let current: string[] = [];
    const flush = (): void => {
      for (let size = Math.min(3, current.length); size >= 2; size--) {
        for (let i = 0; i + size <= current.length; i++) phrases.push(current.slice(i, i + size));
      }
      current = [];
    };
    for (const word of words) {
      if (word.length < 3 || STOPWORDS.has(word)) flush();
      else current.push(word);
    }
    flush();
  }
  return phrases.slice(0, MAX_PHRASES);
}
