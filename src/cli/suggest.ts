/**
 * "Did you mean": the known word nearest to a mistyped one, by edit distance (insertions,
 * deletions, substitutions and swaps of two neighbours each count one).
 */

/** Edit distance with adjacent swaps (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate nearest to `word`, when it is near enough to be what was meant: at most a third
 * of the longer word's letters apart (at least one), ties going to the earlier candidate.
 * A candidate that starts with `word` (an abbreviation) counts as near when `word` has 3+ letters.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    const allowed = Math.max(1, Math.floor(Math.max(lower.length, candidate.length) / 3));
    if (distance <= allowed && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;
  if (lower.length >= 3) return candidates.find((c) => c.toLowerCase().startsWith(lower));
  return undefined;
}

/** `; did you mean X?` when one is near, else ''. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const near = closest(word, candidates);
  return near === undefined ? '' : `; did you mean ${near}?`;
}
