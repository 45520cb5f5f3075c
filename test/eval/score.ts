/**
 * The three scoring rules, each comparing one answer text with what the question file says and
 * nothing else: explore recall (target headers shown verbatim, see recall.ts, and of those the
 * targets shown whole), the rank of the first target among the search results, and callers
 * precision and recall against the hand-checked caller set.
 */
import type { CallerRef, ResolvedTarget } from './questions.js';
import { samePath, sourceBlocks, targetPresent, targetWhole } from './recall.js';
import { bulletRows, lastPart, searchRows, type Row } from './rows.js';

/** How many leading search results count for hit@5. */
export const SEARCH_DEPTH = 5;

/** Which targets an explore answer shows (`file:name` each): by header, and of those, whole. */
export interface ExploreScore {
  readonly present: string[];
  readonly missing: string[];
  readonly whole: string[];
}

/** Scores one explore answer against the resolved targets of its question. */
export function scoreExplore(text: string, targets: readonly ResolvedTarget[]): ExploreScore {
  const blocks = sourceBlocks(text);
  const present: string[] = [];
  const missing: string[] = [];
  const whole: string[] = [];
  for (const t of targets) {
    const id = `${t.file}:${t.name}`;
    if (!targetPresent(blocks, t.file, t.headers)) missing.push(id);
    else {
      present.push(id);
      if (targetWhole(blocks, t.file, t.headers)) whole.push(id);
    }
  }
  return { present, missing, whole };
}

/** Whether a result row is the target: same file, and the same name or a header line (±1). */
function rowIsTarget(row: Row, t: ResolvedTarget): boolean {
  if (!samePath(row.file, t.file)) return false;
  if (lastPart(row.name) === lastPart(t.name)) return true;
  return t.headers.some((h) => Math.abs(h.line - row.line) <= 1);
}

/** The 1-based rank of the first result that is a target, or undefined when none is listed. */
export function searchRank(text: string, targets: readonly ResolvedTarget[]): number | undefined {
  const rows = searchRows(text);
  const at = rows.findIndex((row) => targets.some((t) => rowIsTarget(row, t)));
  return at < 0 ? undefined : at + 1;
}

/** Callers counted against the truth: rows listed, rows that are true callers, truth entries found. */
export interface CallersScore {
  readonly reported: number;
  readonly correct: number;
  readonly found: number;
  readonly truth: number;
  readonly extra: string[];
  readonly missed: string[];
}

function rowIsCaller(row: Row, c: CallerRef): boolean {
  if (!samePath(row.file, c.file)) return false;
  const name = lastPart(row.name);
  return name === lastPart(c.name) || (c.within !== undefined && name === lastPart(c.within));
}

/** A row naming a whole file (an import or a top-level use) is neither right nor wrong. */
function namesFile(row: Row): boolean {
  const base = row.file.split('/').pop() ?? row.file;
  return row.name === base || row.name === row.file || /\.[A-Za-z0-9]+$/.test(row.name) && base.startsWith(row.name.split('/').pop() ?? '');
}

/** Scores a callers answer: precision over the rows listed, recall over the truth set. */
export function scoreCallers(text: string, truth: readonly CallerRef[]): CallersScore {
  const seen = new Set<string>();
  const rows = bulletRows(text).filter((row) => {
    const key = `${row.file}:${row.line}:${row.name}`;
    if (seen.has(key) || namesFile(row)) return false;
    seen.add(key);
    return true;
  });
  const extra = rows.filter((row) => !truth.some((c) => rowIsCaller(row, c))).map((r) => `${r.file}:${r.line} ${r.name}`);
  const missedRefs = truth.filter((c) => !rows.some((row) => rowIsCaller(row, c)));
  return {
    reported: rows.length,
    correct: rows.length - extra.length,
    found: truth.length - missedRefs.length,
    truth: truth.length,
    extra,
    missed: missedRefs.map((c) => `${c.file} ${c.name}`),
  };
}
