/** Words of a query that spell a type's name together (`lazy loader`, `SQL compiler`). */
import { COMPOUND_KINDS, MAX_COMPOUND_DEFINITIONS, MAX_COMPOUND_LOOKUPS } from '../../search/index.js';
import type { IndexData } from '../data/index-data.js';
import { definitions } from './definitions.js';
import type { NamedSymbol } from './parsed-query.js';
import { STOPWORDS } from './words.js';
import type { Token } from './written-names.js';

// The kinds and bounds are search's (search/compound-names.ts), which reads such types too.
const KINDS: ReadonlySet<string> = new Set(COMPOUND_KINDS);
/** Most types named by word runs. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 2, 217 at 6. */
const MAX_COMPOUNDS = 4;

/** The types that runs of `tokens` (in `text`) spell, skipping texts `named` already has. */
export function compoundNames(text: string, tokens: readonly Token[], named: readonly NamedSymbol[], data: IndexData): NamedSymbol[] {
  const out: NamedSymbol[] = [];
  for (const phrase of compoundPhrases(text, tokens)) {
    if (out.length >= MAX_COMPOUNDS) break;
    if (named.some((n) => n.text === phrase.text) || out.some((n) => n.text === phrase.text)) continue;
    const defs = definitions(data.store.nodesByNameIgnoreCase(phrase.joined), data).filter((n) => KINDS.has(n.kind));
    if (defs.length === 0 || defs.length > MAX_COMPOUND_DEFINITIONS) continue;
    out.push({ text: phrase.text, codeShaped: false, qualified: false, specific: true, nodes: defs, prose: true });
  }
  return out;
}

/**
 * Runs of two or three adjacent plain words (separated by one space or hyphen, no stop word) as
 * the type name they could spell when joined (`lazyloader`, compared ignoring case).
 */
function compoundPhrases(text: string, tokens: readonly Token[]): { text: string; joined: string }[] {
  const out: { text: string; joined: string }[] = [];
  const plain = (t: Token | undefined): t is Token => t !== undefined && t.chained !== true && /^[A-Za-z][A-Za-z0-9]*$/.test(t.text) && !STOPWORDS.has(t.text.toLowerCase());
  for (let i = 0; i < tokens.length && out.length < MAX_COMPOUND_LOOKUPS; i++) {
    const run: Token[] = [];
    for (let j = i; j < tokens.length && run.length < 3; j++) {
      const t = tokens[j];
      if (!plain(t)) break;
      const prev = run[run.length - 1];
      if (prev !== undefined && !/^[ -]$/.test(text.slice(prev.end, t.start))) break;
      run.push(t);
      if (run.length >= 2) {
        const words = run.map((w) => w.text);
        out.push({ text: words.join(' '), joined: words.join('') });
      }
    }
  }
  return out.slice(0, MAX_COMPOUND_LOOKUPS);
}
