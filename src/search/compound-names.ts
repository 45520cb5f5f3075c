/**
 * The types a sentence spells in words: "the SQL compiler" is `SQLCompiler`, "a lazy loader"
 * `LazyLoader`. A person naming a type so means it, and its members do what the sentence asks
 * (`SQLCompiler.limit_clause`, not a dialect's compiler's). Text in, the names runs of words
 * could join into (lowercased, as the name index compares them) out; the store says which are
 * types.
 */
import { STOP_WORDS } from './terms.js';

/** Most word runs looked up: as many as explore looks up (explore/query/compounds.ts). */
const MAX_RUNS = 24;
/** Longest run of words joined into one name. */
const MAX_RUN_WORDS = 3;

/**
 * Runs of two or three adjacent plain words (one space or hyphen between, no stop word), each
 * joined and lowercased: `sql compiler` -> `sqlcompiler`.
 */
export function spelledTypeNames(text: string): string[] {
  const words = [...text.matchAll(/[A-Za-z][A-Za-z0-9]*/g)];
  const out = new Set<string>();
  const plain = (i: number): boolean => {
    const m = words[i];
    if (m === undefined || STOP_WORDS.has(m[0].toLowerCase())) return false;
    // A word that is part of a longer token (`a.b`, `x_y`, `k=v`) is no plain word.
    const before = text[(m.index ?? 0) - 1] ?? ' ';
    const after = text[(m.index ?? 0) + m[0].length] ?? ' ';
    return /[\s"'(-]/.test(before) && /[\s"',;:.?!)-]/.test(after);
  };
  for (let i = 0; i < words.length && out.size < MAX_RUNS; i++) {
    if (!plain(i)) continue;
    let joined = words[i]![0];
    for (let j = i + 1; j < words.length && j - i < MAX_RUN_WORDS && out.size < MAX_RUNS; j++) {
      const prev = words[j - 1]!;
      const gap = text.slice((prev.index ?? 0) + prev[0].length, words[j]!.index);
      if (!plain(j) || !/^[ -]$/.test(gap)) break;
      joined += words[j]![0];
      out.add(joined.toLowerCase());
    }
  }
  return [...out];
}
