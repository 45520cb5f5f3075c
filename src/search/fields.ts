/**
 * Field-weighted scoring of one full-text match: for each query word, the columns of the search
 * index holding it (name, qualified name, signature, docstring, the names the body uses), each
 * column with its own weight and the word's rarity in that column, plus which query words the
 * row holds where: the ranker rewards a row that holds many of the words, and a body that uses
 * several of them. Term frequency and length are left out: names and signatures are short, and
 * reading them per row costs more than the whole rest of a search.
 */
import type { TermStats } from '../store/index.js';

/**
 * Column weights in the index's column order (name, qualified_name, signature, docstring, uses),
 * then the string literals' words (STRINGS_COLUMN), for a list of words: a name or several, a bag
 * of identifiers, explore's text seeds. A word in the name says most about a symbol, then a
 * docstring; a word among the names its body uses least, since a body uses many names. Set on the
 * evaluation's tuning half (hit@5 over its prose, search and identifier questions, when every
 * query was scored with them). The literals' weight was set on an earlier reading of them (each
 * literal to the innermost definition by its range): 1 gave hit@5 0.856 and hit@1 0.553, as 0.5
 * did, and explore 0.902; 2 gave 0.864 and 0.561 but explore 0.895 (2026-12-07). The docstring
 * stays at 3 here because explore's seeds lost four targets at 2 (0.902 -> 0.888; see
 * SENTENCE_WEIGHTS).
 */
export const FIELD_WEIGHTS: readonly number[] = [5, 2.5, 1, 3, 0.6, 1];

/**
 * The weights for a sentence (a text holding a stop word, written-names.ts `isSentence`): a
 * symbol's docstring a third less and its literals twice as much. A sentence is prose, and a
 * docstring is prose too, so the two share words the question only says in passing (`user`,
 * `name`, `return`); a message is written in the words of what the code does (`Multiple rows were
 * found when exactly one was required`). Set on the evaluation's tuning half, with three short
 * searches more per corpus (2026-12-07): hit@5 / hit@1 over its 186 searches 145 / 93 at
 * `FIELD_WEIGHTS`, 148 / 98 here (and with literals 3), 148 / 97 with docstrings 1.5. The shares
 * and bonuses of a sentence's other rules (sentence-order.ts, a written name's, a spelled type's
 * members') were set while sentences were scored with `FIELD_WEIGHTS` and checked again with
 * these: each tried 25 % to 60 % lower and higher gains no hit@5 (docs/benchmarks.md).
 */
export const SENTENCE_WEIGHTS: readonly number[] = [5, 2.5, 1, 2, 0.6, 2];

/** The column weights for a query that is a sentence or a list of words. */
export function weightsFor(sentence: boolean): readonly number[] {
  return sentence ? SENTENCE_WEIGHTS : FIELD_WEIGHTS;
}

/**
 * The words of a symbol's string literals come from their own index (store: `strings_search`) and
 * are read as a sixth column after the five of the symbol index: they weigh a match, and a word's
 * rarity is read from the five alone, so a word every message says (`invalid`, `error`) is as
 * rare in a question as the names make it.
 */
export const STRINGS_COLUMN = 5;

/** Bits of the name and qualified-name columns, and of the uses column, in a column mask. */
const NAME_COLUMNS = 0b00011;
const USES_COLUMN = 0b10000;

/** What one row's match says. */
export interface FieldScore {
  /** Column-weighted idf summed over the query words the row holds. */
  readonly weighted: number;
  /** Query words the row holds in any column. */
  readonly matched: number;
  /** Query words in the name or qualified name. */
  readonly inName: number;
  /** Query words among the names the body uses. */
  readonly inUses: number;
  /** The share of the query's words the row holds, each word counted by its rarity (0..1). */
  readonly coverage: number;
}

/** The score of a row that holds none of the words. */
export const NO_MATCH: FieldScore = { weighted: 0, matched: 0, inName: 0, inUses: 0, coverage: 0 };

/** Inverse document frequency of a word held by `df` of `n` rows (BM25's, never negative). */
export function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** Per query word, its rarity over all columns and its idf in each column: the same for every row of one query. */
interface Rarities {
  readonly weights: readonly number[];
  readonly overall: readonly number[];
  readonly perColumn: readonly (readonly number[])[];
}

/** Rarities by the query's statistics; a search scores hundreds of rows against the same ones. */
const rarityCache = new WeakMap<TermStats, Rarities>();

function raritiesOf(stats: TermStats, weights: readonly number[]): Rarities {
  const known = rarityCache.get(stats);
  if (known !== undefined && known.weights === weights) return known;
  const overall = stats.frequencies.map((frequencies) => idf(stats.rows, Math.max(0, ...frequencies.slice(0, STRINGS_COLUMN))));
  const perColumn = stats.frequencies.map((frequencies) => weights.map((_, j) => idf(stats.rows, frequencies[j] ?? 0)));
  const rarities = { weights, overall, perColumn };
  rarityCache.set(stats, rarities);
  return rarities;
}

/**
 * Scores one row from `columns[i]`, the bit mask of columns holding query word i, and the words'
 * per-column frequencies.
 */
export function fieldScore(columns: ArrayLike<number>, stats: TermStats, weights: readonly number[] = FIELD_WEIGHTS): FieldScore {
  const { overall, perColumn } = raritiesOf(stats, weights);
  let weighted = 0;
  let matched = 0;
  let inName = 0;
  let inUses = 0;
  let held = 0;
  let all = 0;
  for (let i = 0; i < columns.length; i += 1) {
    const mask = columns[i] ?? 0;
    const rarity = overall[i] ?? idf(stats.rows, 0);
    all += rarity;
    if (mask === 0) continue;
    held += rarity;
    matched += 1;
    if ((mask & NAME_COLUMNS) !== 0) inName += 1;
    if ((mask & USES_COLUMN) !== 0) inUses += 1;
    const columnRarity = perColumn[i];
    for (let j = 0; j < weights.length; j += 1) {
      if ((mask & (1 << j)) !== 0) weighted += (weights[j] ?? 1) * (columnRarity?.[j] ?? idf(stats.rows, 0));
    }
  }
  return { weighted, matched, inName, inUses, coverage: all > 0 ? held / all : 0 };
}
