/**
 * Aggregates scored answers into the numbers the report shows, for any set of questions (one
 * corpus, one half, everything) and one side. Shares are pooled over the set (all targets, all
 * listed rows), so a corpus with more targets weighs more; failed calls count as answers that
 * found nothing.
 */
import { percentile } from '../bench/stats.js';
import type { SideAnswer } from './ask.js';
import type { QuestionKind } from './questions.js';
import { SEARCH_DEPTH } from './score.js';
import type { Side } from './sides.js';

/** One question with both sides' answers, as the run records it. */
export interface QuestionResult {
  readonly corpus: string;
  readonly id: string;
  readonly kind: QuestionKind;
  readonly query: string;
  readonly targets: readonly { readonly file: string; readonly name: string; readonly lines: readonly number[] }[];
  ours?: SideAnswer;
  peer?: SideAnswer;
}

/** The numbers of one side over one set of questions; undefined where nothing was asked. */
export interface Summary {
  readonly exploreQuestions: number;
  /** Share of explore targets shown verbatim (their header line). */
  readonly exploreRecall: number | undefined;
  /** Share of explore targets shown whole, header to last line. */
  readonly exploreWhole: number | undefined;
  readonly exploreMedianChars: number | undefined;
  readonly exploreMedianMs: number | undefined;
  readonly searchQuestions: number;
  /** Share of searched questions with a target among the first SEARCH_DEPTH results. */
  readonly searchHit: number | undefined;
  /** Share of searched questions whose first result is a target. */
  readonly searchFirst: number | undefined;
  readonly proseSearchQuestions: number;
  /** The same over prose questions (explore prose and search questions, both in a developer's words). */
  readonly proseSearchHit: number | undefined;
  readonly callersQuestions: number;
  readonly callersPrecision: number | undefined;
  readonly callersRecall: number | undefined;
  readonly errors: number;
}

const share = (part: number, whole: number): number | undefined => (whole === 0 ? undefined : part / whole);
const median = (values: readonly number[]): number | undefined => (values.length === 0 ? undefined : percentile(values, 50));

/** Summarizes one side's answers over `questions`. */
export function summarize(questions: readonly QuestionResult[], side: Side): Summary {
  const answered = questions.flatMap((q) => {
    const a = q[side];
    return a === undefined ? [] : [{ q, a }];
  });
  const explores = answered.flatMap(({ a }) => (a.explore === undefined ? [] : [a.explore]));
  const searches = answered.flatMap(({ q, a }) => (a.search === undefined ? [] : [{ kind: q.kind, s: a.search }]));
  const prose = searches.filter((x) => x.kind === 'prose' || x.kind === 'search');
  const callers = answered.flatMap(({ a }) => (a.callers === undefined ? [] : [a.callers]));
  const hits = (list: typeof searches, depth = SEARCH_DEPTH) => list.filter((x) => x.s.rank !== undefined && x.s.rank <= depth).length;
  const okExplores = explores.filter((e) => e.status === 'ok');
  const sum = (f: (c: (typeof callers)[number]) => number) => callers.reduce((n, c) => n + f(c), 0);
  const calls = [...explores, ...searches.map((x) => x.s), ...callers];
  return {
    exploreQuestions: explores.length,
    exploreRecall: share(
      explores.reduce((n, e) => n + e.score.present.length, 0),
      explores.reduce((n, e) => n + e.score.present.length + e.score.missing.length, 0),
    ),
    exploreWhole: share(
      explores.reduce((n, e) => n + (e.score.whole.length), 0),
      explores.reduce((n, e) => n + e.score.present.length + e.score.missing.length, 0),
    ),
    exploreMedianChars: median(okExplores.map((e) => e.chars)),
    exploreMedianMs: median(okExplores.map((e) => e.ms)),
    searchQuestions: searches.length,
    searchHit: share(hits(searches), searches.length),
    searchFirst: share(hits(searches, 1), searches.length),
    proseSearchQuestions: prose.length,
    proseSearchHit: share(hits(prose), prose.length),
    callersQuestions: callers.length,
    callersPrecision: share(sum((c) => c.score.correct), sum((c) => c.score.reported)),
    callersRecall: share(sum((c) => c.score.found), sum((c) => c.score.truth)),
    errors: calls.filter((c) => c.status === 'error').length,
  };
}
