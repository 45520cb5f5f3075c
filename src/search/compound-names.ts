/**
 * The types a sentence spells in words: "the SQL compiler" is `SQLCompiler`, "a lazy loader"
 * `LazyLoader`. A person naming a type so means it, and its members do what the sentence asks
 * (`SQLCompiler.limit_clause`, not a dialect's compiler's). Text in, the names runs of words
 * could join into out; the store says which are types. Explore reads such types from its own
 * tokens (explore/query/compounds.ts) with the kinds and bounds set here.
 */
import type { NodeKind } from '../model.js';
import { STOP_WORDS } from './terms.js';

/** The kinds a run of words can spell. */
export const COMPOUND_KINDS: readonly NodeKind[] = ['class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'type_alias'];
/** Most word runs looked up. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 12, 217 at 36. */
export const MAX_COMPOUND_LOOKUPS = 24;
/**
 * A name more types bear than this is spelled as no one of them: the value explore's
 * MAX_DEFINITIONS (explore/query/definitions.ts) was measured at for a name specific enough to
 * name its definitions.
 */
export const MAX_COMPOUND_DEFINITIONS = 3;
/** Longest run of words joined into one name. */
const MAX_RUN_WORDS = 3;

/** A run of words and the name it joins into, lowercased as the name index compares them. */
export interface CompoundName {
  readonly joined: string;
  readonly words: readonly string[];
}

/**
 * Runs of two or three adjacent plain words (one space or hyphen between, no stop word), each
 * joined and lowercased: `SQL compiler` -> `sqlcompiler`.
 */
export function compoundNames(text: string): CompoundName[] {
  const words = [...text.matchAll(/[A-Za-z][A-Za-z0-9]*/g)];
  const out = new Map<string, CompoundName>();
  const plain = (i: number): boolean => {
    const m = words[i];
    if (m === undefined || STOP_WORDS.has(m[0].toLowerCase())) return false;
    // A word that is part of a longer token (`a.b`, `x_y`, `k=v`) is no plain word.
    const before = text[(m.index ?? 0) - 1] ?? ' ';
    const after = text[(m.index ?? 0) + m[0].length] ?? ' ';
    return /[\s"'(-]/.test(before) && /[\s"',;:.?!)-]/.test(after);
  };
  for (let i = 0; i < words.length && out.size < MAX_COMPOUND_LOOKUPS; i++) {
    if (!plain(i)) continue;
    const run = [words[i]![0].toLowerCase()];
    for (let j = i + 1; j < words.length && run.length < MAX_RUN_WORDS && out.size < MAX_COMPOUND_LOOKUPS; j++) {
      const prev = words[j - 1]!;
      const gap = text.slice((prev.index ?? 0) + prev[0].length, words[j]!.index);
      if (!plain(j) || !/^[ -]$/.test(gap)) break;
      run.push(words[j]![0].toLowerCase());
      const joined = run.join('');
      if (!out.has(joined)) out.set(joined, { joined, words: [...run] });
    }
  }
  return [...out.values()];
}
