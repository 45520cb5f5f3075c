/**
 * The last stage: the blocks before the source, the laid-out sections and the pointers to what
 * was not shown, assembled under the ceiling as text and as data.
 */
import { isSecretPath } from '../../project/freshness.js';
import type { ExploreBudget } from '../budget.js';
import { blastLine } from '../impact/blast.js';
import { dynamicLine } from '../impact/dynamic.js';
import { flowLine } from '../impact/flow.js';
import type { Impact } from '../impact/impact.js';
import type { RenderedFile } from '../layout/render-file.js';
import type { ParsedQuery } from '../query/understand.js';
import type { RankedSymbol, Ranking } from '../rank/rank.js';
import { toJson, type ExploreJson } from '../result-json.js';
import { assemble, type PlacedSection } from './document.js';
import { chosenPointers, type CallGraph } from './pointer-choice.js';
import { calledEntries, pointerEntries } from './pointers.js';
import { summaryLines, titleLine } from './summary.js';

/** The answer as text and as data. */
export interface ExploreResult {
  readonly text: string;
  readonly json: ExploreJson;
}

/** The blocks that come before the source sections, one line per entry. */
export interface HeadBlocks {
  readonly title: string;
  readonly summary: readonly string[];
  readonly flow: readonly string[];
  readonly blast: readonly string[];
  readonly dynamic: readonly string[];
}

/** What the answer is made of. */
export interface AnswerParts {
  readonly query: string;
  readonly budget: ExploreBudget;
  readonly parsed: ParsedQuery;
  readonly ranking: Ranking;
  readonly impact: Impact;
  readonly head: HeadBlocks;
  readonly sections: readonly RenderedFile[];
  readonly notes: readonly string[];
  /** The drift banner for the drifted files among those shown. */
  readonly banner: (shownDrifted: readonly string[]) => string;
  /** A file's indexed language id. */
  readonly language: (path: string) => string;
  /** A file's current lines while they still match the index (for the declaration lines of what no section shows). */
  readonly freshLines: (path: string) => readonly string[] | undefined;
  /** What the definitions call, and how many calls reach them. */
  readonly calls: CallGraph;
}

/**
 * Most ranked symbols no section shows that the also-relevant block quotes. Tuning half of the
 * eval, 2026-12-03, with declaration lines: 219 of 253 explore targets at this value, 218 at 6,
 * 220 at 14, and 0.71 of the targets shown whole at each (as bare names: 217, 217 at 6, 216 at 14).
 */
const MAX_POINTERS = 10;

/** The head blocks of an answer to `query`. */
export function headBlocks(query: string, parsed: ParsedQuery, ranking: Ranking, impact: Impact): HeadBlocks {
  return {
    title: titleLine(query),
    summary: summaryLines(parsed, ranking),
    flow: impact.flows.map(flowLine),
    blast: impact.blast.map(blastLine),
    dynamic: impact.dynamic.map(dynamicLine),
  };
}

/** Characters the head blocks take, a newline after each line. */
export function headLength(head: HeadBlocks): number {
  return [head.title, ...head.summary, ...head.flow, ...head.blast, ...head.dynamic].reduce((n, l) => n + l.length + 1, 0);
}

/** The answer, never longer than the budget's ceiling. */
export function answer(parts: AnswerParts): ExploreResult {
  const { budget, head, ranking, impact } = parts;
  const shownSections = parts.sections.filter((s) => s.section.omitted === undefined && s.section.text !== '');
  const visible = visibleSymbols(shownSections);
  const shownOf = (s: RenderedFile): readonly RankedSymbol[] => visible.get(s.file.path) ?? s.section.shown;
  const placed: PlacedSection[] = shownSections.map((s) => ({ path: s.file.path, text: s.section.text, symbols: shownOf(s).length, drifted: s.drifted, named: s.file.named || s.file.pinned }));
  const shownIds = new Set([...visible.values()].flatMap((list) => list.map((x) => x.node.id)));
  const chosen = chosenPointers(ranking.symbols, shownIds, parts.calls, (node) => !isSecretPath(node.path), MAX_POINTERS);
  const pointers = chosen.best.map((s) => s.node);
  const assembled = assemble(
    {
      banner: parts.banner,
      title: head.title,
      summary: head.summary,
      flow: head.flow,
      blast: head.blast,
      dynamic: head.dynamic,
      sections: placed,
      alsoRelevant: [...pointerEntries(pointers, parts), ...calledEntries(chosen.called, parts)],
      notes: parts.notes,
    },
    budget.total,
  );
  const kept = new Set(assembled.sections.map((s) => s.path));
  return {
    text: assembled.text,
    json: toJson({
      query: parts.query, budget, parsed: parts.parsed, blast: impact.blast, flows: impact.flows, dynamic: impact.dynamic, pointers, called: chosen.called, notes: parts.notes, cut: assembled.cut,
      sections: shownSections.filter((s) => kept.has(s.file.path)).map((s) => ({ file: s.file, section: { ...s.section, shown: shownOf(s) }, drifted: s.drifted })),
      language: parts.language,
    }),
  };
}

/**
 * Per shown file, the ranked symbols whose definition starts on a rendered line, chosen or not
 * (a whole file shows everything in it).
 */
function visibleSymbols(shown: readonly RenderedFile[]): Map<string, RankedSymbol[]> {
  const visible = new Map<string, RankedSymbol[]>();
  for (const s of shown) {
    const runs = s.section.runs;
    const inRuns = (line: number): boolean => runs.some(([a, b]) => line >= a && line <= b);
    const seen = new Set<number>();
    const list = [...s.section.shown, ...s.file.symbols].filter((x) => inRuns(x.node.startLine) && !seen.has(x.node.id) && seen.add(x.node.id) !== undefined);
    visible.set(s.file.path, list);
  }
  return visible;
}
