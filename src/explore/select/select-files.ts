/** The file-selection stage: which ranked files get a source section, and what the cut leaves out. */
import { isSecretPath } from '../../project/freshness.js';
import type { ExploreBudget } from '../budget.js';
import type { ParsedQuery } from '../query/understand.js';
import type { RankedFile, Ranking } from '../rank/rank.js';

/** The files chosen for sections, best first, with the notes that say what was left out. */
export interface FileSelection {
  readonly files: readonly RankedFile[];
  readonly notes: readonly string[];
}

/**
 * A file whose score without bonuses is below this share of the best file's is incidental and
 * dropped (unless pinned or named). Set by hand; no recorded measurement.
 */
const LOW_SCORE = 0.08;

/** Files to render: pinned and named first, low scorers dropped, secrets never; at most maxFiles. */
export function selectFiles(ranking: Ranking, parsed: ParsedQuery, budget: ExploreBudget): FileSelection {
  const notes: string[] = [];
  const eligible = ranking.files.filter((f) => !isSecretPath(f.path));
  const best = Math.max(0, ...eligible.map((f) => f.base));
  const kept = eligible.filter((f) => f.pinned || f.named || f.base >= best * LOW_SCORE);
  const chosen = kept.slice(0, budget.files);
  const rest = kept.slice(budget.files);
  if (rest.length > 0) {
    notes.push(`${rest.length} more relevant file${rest.length === 1 ? '' : 's'} not shown (maxFiles ${budget.files}): ${rest.slice(0, 4).map((f) => `\`${f.path}\``).join(', ')}${rest.length > 4 ? ` +${rest.length - 4} more` : ''}.`);
  }
  if (parsed.paths.pinned.length > 0 && chosen.length === 0) notes.push('The named files have no room under maxFiles.');
  return { files: chosen, notes };
}
