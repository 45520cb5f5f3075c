/**
 * Size tiers: how much explore shows, scaled to the project. `maxFiles` overrides the file
 * count; `maxChars` overrides the total and is a hard ceiling on the whole answer.
 */

/** The budget of one explore call. */
export interface ExploreBudget {
  /** Hard ceiling on the answer, in characters. */
  readonly total: number;
  /** Most files with a source section. */
  readonly files: number;
  /** A file's nominal share of the source budget. */
  readonly perFile: number;
  /** No file's first rendering exceeds this (1.5 × perFile). */
  readonly fileCeiling: number;
  /** Tier label, for the JSON summary. */
  readonly tier: 'tiny' | 'small' | 'medium' | 'large';
}

export const MIN_MAX_CHARS = 2000;
export const MAX_MAX_CHARS = 60_000;
export const MAX_MAX_FILES = 20;

interface Tier {
  readonly below: number;
  readonly tier: ExploreBudget['tier'];
  readonly total: number;
  readonly files: number;
  readonly perFile: number;
}

const TIERS: readonly Tier[] = [
  { below: 150, tier: 'tiny', total: 13_000, files: 4, perFile: 3_800 },
  { below: 500, tier: 'small', total: 18_000, files: 5, perFile: 3_800 },
  { below: 5_000, tier: 'medium', total: 24_000, files: 8, perFile: 6_500 },
  { below: Infinity, tier: 'large', total: 24_000, files: 8, perFile: 7_000 },
];

/** The budget for a project of `fileCount` indexed files, with the caller's overrides clamped. */
export function budgetFor(fileCount: number, overrides: { readonly maxFiles?: number | undefined; readonly maxChars?: number | undefined } = {}): ExploreBudget {
  const tier = TIERS.find((t) => fileCount < t.below) ?? TIERS[TIERS.length - 1]!;
  const files = overrides.maxFiles === undefined ? tier.files : clamp(Math.floor(overrides.maxFiles), 1, MAX_MAX_FILES);
  const total = overrides.maxChars === undefined ? tier.total : clamp(Math.floor(overrides.maxChars), MIN_MAX_CHARS, MAX_MAX_CHARS);
  return { total, files, perFile: tier.perFile, fileCeiling: Math.floor(tier.perFile * 1.5), tier: tier.tier };
}

function clamp(n: number, lo: number, hi: number): number {
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}
