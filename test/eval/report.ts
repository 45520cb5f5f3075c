/**
 * The text report of an evaluation run: one line per corpus, then one per half and one overall,
 * each measure shown for every side that ran (`ours | peer`), followed by the questions that any
 * side missed so a reader can look at them.
 */
import type { Half } from './split.js';
import type { Side } from './sides.js';
import { summarize, type QuestionResult, type Summary } from './summary.js';

/** The results of one corpus, as the report needs them. */
export interface CorpusReport {
  readonly name: string;
  readonly half: Half | undefined;
  readonly language: string;
  readonly setup: string;
  readonly questions: readonly QuestionResult[];
}

const ratio = (v: number | undefined) => (v === undefined ? 'n/a' : v.toFixed(2));
const count = (v: number | undefined) => (v === undefined ? 'n/a' : Math.round(v).toLocaleString('en-US'));

const MEASURES: readonly { readonly title: string; readonly cell: (s: Summary) => string }[] = [
  { title: 'explore recall', cell: (s) => ratio(s.exploreRecall) },
  { title: 'explore whole', cell: (s) => ratio(s.exploreWhole) },
  { title: 'median chars', cell: (s) => count(s.exploreMedianChars) },
  { title: 'search hit@5', cell: (s) => ratio(s.searchHit) },
  { title: 'search hit@1', cell: (s) => ratio(s.searchFirst) },
  { title: 'prose hit@5', cell: (s) => ratio(s.proseSearchHit) },
  { title: 'callers P', cell: (s) => ratio(s.callersPrecision) },
  { title: 'callers R', cell: (s) => ratio(s.callersRecall) },
];

function row(label: string, questions: readonly QuestionResult[], sides: readonly Side[]): string {
  const summaries = sides.map((side) => summarize(questions, side));
  const cells = MEASURES.map((m) => summaries.map((s) => m.cell(s)).join(' | ').padEnd(18));
  const errors = summaries.map((s, i) => (s.errors > 0 ? ` ${sides[i] ?? ''}: ${s.errors} errors` : '')).join('');
  return `${label.padEnd(40)} ${String(questions.length).padStart(3)}  ${cells.join(' ')}${errors}`;
}

function header(sides: readonly Side[]): string[] {
  const titles = MEASURES.map((m) => m.title.padEnd(18)).join(' ');
  return [`${'corpus (half, language)'.padEnd(40)}   q  ${titles}`, `${' '.repeat(45)}each cell: ${sides.join(' | ')}`];
}

function misses(corpora: readonly CorpusReport[], sides: readonly Side[]): string[] {
  const lines: string[] = [];
  for (const q of corpora.flatMap((c) => c.questions)) {
    const notes = sides.flatMap((side) => {
      const a = q[side];
      if (a === undefined) return [];
      const parts: string[] = [];
      if (a.explore !== undefined && a.explore.score.missing.length > 0) parts.push(`explore missed ${a.explore.score.missing.length}`);
      if (a.search !== undefined && (a.search.rank === undefined || a.search.rank > 5)) parts.push(`search rank ${a.search.rank ?? '-'}`);
      if (a.callers !== undefined && (a.callers.score.extra.length > 0 || a.callers.score.missed.length > 0)) {
        parts.push(`callers +${a.callers.score.extra.length} -${a.callers.score.missed.length}`);
      }
      return parts.length === 0 ? [] : [`${side}: ${parts.join(', ')}`];
    });
    if (notes.length > 0) lines.push(`  ${q.id.padEnd(22)} ${q.kind.padEnd(11)} ${notes.join('; ')}`);
  }
  return lines;
}

/** The whole report text. */
export function report(corpora: readonly CorpusReport[], sides: readonly Side[]): string {
  const lines = header(sides);
  for (const c of corpora) lines.push(row(`${c.name} (${c.half ?? 'unsplit'}, ${c.language})`, c.questions, sides));
  lines.push('');
  for (const half of ['tuning', 'held-out'] as const) {
    const inHalf = corpora.filter((c) => c.half === half);
    if (inHalf.length > 0) lines.push(row(`${half.toUpperCase()} (${inHalf.length} corpora)`, inHalf.flatMap((c) => c.questions), sides));
  }
  lines.push(row(`ALL (${corpora.length} corpora)`, corpora.flatMap((c) => c.questions), sides));
  lines.push('', 'Setup:', ...corpora.map((c) => `  ${c.name}: ${c.setup}`));
  const missed = misses(corpora, sides);
  if (missed.length > 0) lines.push('', 'Questions not fully answered:', ...missed);
  return lines.join('\n');
}
