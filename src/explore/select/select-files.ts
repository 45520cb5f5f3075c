/** The file-selection stage: which ranked files get a source section, and what the cut and the secret-file guard leave out. */
import { isSecretPath } from '../../project/freshness.js';
import type { ExploreBudget } from '../budget.js';
import type { RankedFile, Ranking } from '../rank/rank.js';

/** The files chosen for sections, best first, with the notes that say what was left out. */
export interface FileSelection {
  readonly files: readonly RankedFile[];
  readonly notes: readonly string[];
}

/**
 * A file whose score without bonuses is below this share of the best file's is incidental and
 * dropped (unless pinned or named). Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.04, 217 at 0.12.
 */
const LOW_SCORE = 0.08;

/**
 * Files to render: pinned and named first, low scorers dropped, secrets never; at most maxFiles.
 * A file holding a symbol of the question's call flow (`onFlow`) is kept in place of the last
 * file that is neither pinned, named nor on the flow, for at most half of maxFiles.
 */
export function selectFiles(ranking: Ranking, budget: ExploreBudget, onFlow: ReadonlySet<string> = new Set()): FileSelection {
  const notes: string[] = [];
  const eligible = ranking.files.filter((f) => !isSecretPath(f.path));
  const best = Math.max(0, ...eligible.map((f) => f.base));
  const kept = eligible.filter((f) => f.pinned || f.named || onFlow.has(f.path) || f.base >= best * LOW_SCORE);
  const chosen = kept.slice(0, budget.files);
  const held = (f: RankedFile): boolean => f.pinned || f.named || onFlow.has(f.path);
  // At most half the sections go to flow files the ranking put further down.
  let promotions = Math.floor(budget.files / 2);
  for (const file of kept.slice(budget.files)) {
    if (promotions <= 0) break;
    if (!onFlow.has(file.path)) continue;
    promotions--;
    let at = chosen.length - 1;
    while (at >= 0 && held(chosen[at]!)) at--;
    if (at < 0) break;
    chosen.splice(at, 1);
    chosen.push(file);
  }
  const rest = kept.filter((f) => !chosen.includes(f));
  if (rest.length > 0) {
    notes.push(`${rest.length} more relevant file${rest.length === 1 ? '' : 's'} not shown (maxFiles ${budget.files}): ${rest.slice(0, 4).map((f) => `\`${f.path}\``).join(', ')}${rest.length > 4 ? ` +${rest.length - 4} more` : ''}.`);
  }
  const withheld = withheldSecrets(ranking.files);
  if (withheld.length > 0) notes.push(secretNote(withheld));
  return { files: chosen, notes };
}

/** Secret files the answer would have shown: named by the query or scoring like the files kept. */
function withheldSecrets(files: readonly RankedFile[]): readonly RankedFile[] {
  const best = Math.max(0, ...files.map((f) => f.base));
  return files.filter((f) => isSecretPath(f.path) && (f.pinned || f.named || f.base >= best * LOW_SCORE));
}

/** Why the secret files are missing: their names mark them as secrets, whose source is never shown. */
function secretNote(files: readonly RankedFile[]): string {
  const listed = `${files.slice(0, 4).map((f) => `\`${f.path}\``).join(', ')}${files.length > 4 ? ` +${files.length - 4} more` : ''}`;
  if (files.length === 1) return `${listed} is not shown: its name marks it as a secret file (.env, keys, credentials), and the source of secret files is never shown.`;
  return `${files.length} files are not shown because their names mark them as secret files (.env, keys, credentials), whose source is never shown: ${listed}.`;
}
