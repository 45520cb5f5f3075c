/**
 * The layout stage: shares the answer's source room among the selected files in two passes —
 * every file's core first, so no file's tail is shown before another's core, then the rest of
 * each file's worthwhile symbols while room lasts.
 */
import type { ExploreBudget } from '../budget.js';
import type { RankedFile } from '../rank/rank.js';
import type { FileRenderer, RenderedFile } from './render-file.js';

/** The sections laid out, in file order, and the files that found no room. */
export interface Layout {
  readonly sections: readonly RenderedFile[];
  readonly skipped: readonly string[];
}

/** A section is not tried with fewer characters than this. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 218 at 200, 217 at 450. */
const MIN_SECTION_BUDGET = 300;
/** Characters kept back for headings, the Found line, pointers, notes and the drift banner. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 1,800, 217 at 3,200. */
const TAIL_RESERVE = 2_400;
/** … but never more than this share of the ceiling. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 215 at 0.08, 215 at 0.16. */
const TAIL_RESERVE_SHARE = 0.12;
/** Least share of the ceiling kept for source sections. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.35, 217 at 0.55. */
const SOURCE_SHARE = 0.45;
/** A file scoring this many times every file ranked after it dominates the answer. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 215 at 1.5, 213 at 3. */
const DOMINANCE = 2;
/** Only the first this many files may dominate. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 1, 216 at 3. */
const DOMINANT_CANDIDATES = 2;
/** The most of the source room a dominant file's first rendering may take. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.5, 216 at 0.7. */
const DOMINANT_SHARE = 0.6;
/** A file's first rendering gets its score's share of perFile, within these bounds (a leading file never less than 1). Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets as set; 217 with `MIN_FILE_SHARE` at 0.35, 215 at 0.7; 217 with `MAX_FILE_SHARE` at 1.25, 217 at 2. */
const MIN_FILE_SHARE = 0.5;
const MAX_FILE_SHARE = 1.5;

/**
 * The characters left for source sections once the blocks before them (`fixed` characters) and
 * a reserve for what follows are taken. Source is the point of the answer: under a small
 * ceiling it keeps at least a share, and the assembler drops the optional blocks (pointers,
 * dynamic, flow, blast) to make it fit.
 */
export function sourceRoom(budget: ExploreBudget, fixed: number): number {
  return Math.floor(Math.max(budget.total - fixed - Math.min(TAIL_RESERVE, budget.total * TAIL_RESERVE_SHARE), budget.total * SOURCE_SHARE));
}

/** Lays out `candidates` (best first) in `room` characters with `render`. */
export function layOut(candidates: readonly RankedFile[], room: number, budget: ExploreBudget, render: FileRenderer): Layout {
  const dominant = dominantFiles(candidates);
  // A file that outranks every file after it by far is what the question is about: it is
  // rendered in full at once, and like a named file it may later take the room left over.
  const leading = (file: RankedFile): boolean => file.named || file.pinned || dominant.has(file.path);
  const first = corePass(candidates, room, budget, render, { dominant, leading });
  const sections = fullPass(first.sections, first.room, budget, render, leading);
  return { sections, skipped: first.skipped };
}

/** The first one or two files when each scores at least DOMINANCE times every file after it. */
function dominantFiles(candidates: readonly RankedFile[]): Set<string> {
  const dominant = new Set<string>();
  candidates.forEach((file, i) => {
    const next = Math.max(0, ...candidates.slice(i + 1).map((f) => f.score));
    if (i < DOMINANT_CANDIDATES && file.score >= DOMINANCE * next && next > 0) dominant.add(file.path);
  });
  return dominant;
}

interface Leading {
  readonly dominant: ReadonlySet<string>;
  readonly leading: (file: RankedFile) => boolean;
}

/** First pass: every file's best symbols (a dominant file's all), within its share of the room. */
function corePass(candidates: readonly RankedFile[], room: number, budget: ExploreBudget, render: FileRenderer, lead: Leading): { sections: RenderedFile[]; skipped: string[]; room: number } {
  const sections: RenderedFile[] = [];
  const skipped: string[] = [];
  const meanScore = candidates.reduce((s, f) => s + f.score, 0) / Math.max(1, candidates.length) || 1;
  for (const file of candidates) {
    const dominant = lead.dominant.has(file.path);
    const share = Math.min(MAX_FILE_SHARE, Math.max(lead.leading(file) ? 1 : MIN_FILE_SHARE, file.score / meanScore));
    const want = Math.floor(dominant ? Math.min(2 * budget.fileCeiling, room * DOMINANT_SHARE) : Math.min(budget.fileCeiling, budget.perFile * share, room));
    if (want < MIN_SECTION_BUDGET) {
      skipped.push(file.path);
      continue;
    }
    const rendered = render(file, want, dominant ? 'full' : 'core');
    if (rendered.section.text === '' && rendered.section.omitted === undefined) {
      skipped.push(file.path);
      continue;
    }
    sections.push(rendered);
    room -= rendered.section.text.length + 2;
  }
  return { sections, skipped, room };
}

/**
 * Second pass, in file order: the rest of each file's worthwhile symbols while room lasts; a
 * file the query names (or a dominant one) may take all of it, any other file up to its ceiling.
 */
function fullPass(first: readonly RenderedFile[], room: number, budget: ExploreBudget, render: FileRenderer, leading: (file: RankedFile) => boolean): RenderedFile[] {
  const sections = [...first];
  for (let i = 0; i < sections.length && room > MIN_SECTION_BUDGET; i++) {
    const current = sections[i];
    if (current === undefined || current.section.omitted !== undefined || current.section.whole) continue;
    if (!current.section.clipped && !current.more) continue;
    const length = current.section.text.length;
    const cap = leading(current.file) ? length + room : Math.min(Math.max(budget.fileCeiling, length), length + room);
    if (cap <= length + MIN_SECTION_BUDGET / 2) continue;
    const again = render(current.file, cap, 'full');
    if (again.section.text.length > length) {
      room -= again.section.text.length - length;
      sections[i] = again;
    }
  }
  return sections;
}
