/**
 * codegraph_explore's engine, as a pipeline of named stages: understand the query, rank symbols
 * and files, select the files, pick each file's symbols and lay the sections out under the size
 * tier's budget, then render the notes and assemble the answer. The engine does no I/O: the
 * index comes as a store, and source text through the injected reader.
 */
import { boundCallees, callerCounts, type GraphStore } from '../store/index.js';
import { budgetFor } from './budget.js';
import { currentSource } from './current-source.js';
import { indexData, type IndexData } from './data/index-data.js';
import { impactOf } from './impact/impact.js';
import { layOut, sourceRoom } from './layout/lay-out.js';
import { fileRenderer } from './layout/render-file.js';
import { understandQuery } from './query/understand.js';
import { rank } from './rank/rank.js';
import { answer, headBlocks, headLength, type ExploreResult } from './render/answer.js';
import type { CallGraph } from './render/pointer-choice.js';
import { layoutNotes } from './render/notes.js';
import { selectFiles } from './select/select-files.js';
import type { SourceReader } from './source-reader.js';

/** Caller overrides of the size tier. */
export interface ExploreOptions {
  /** Files with source sections, 1..20 (default from the size tier). */
  readonly maxFiles?: number | undefined;
  /** Hard ceiling on the answer, 2,000..60,000 characters (default from the size tier). */
  readonly maxChars?: number | undefined;
}

/** What the engine answers from: the index and a reader of the project's current source. */
export interface ExploreSources {
  readonly store: GraphStore;
  readonly source: SourceReader;
}

/**
 * Answers `query` from `sources`. Deterministic: the same index, source and query give the same
 * text. Every source line shown comes from `sources.source`.
 */
export async function explore(sources: ExploreSources, query: string, options: ExploreOptions = {}): Promise<ExploreResult> {
  const data = indexData(sources.store);
  const source = currentSource(sources.source);
  const budget = budgetFor(data.files.length, options);
  const parsed = understandQuery(query, data, budget.files);
  const ranking = rank(parsed, data);
  const impact = impactOf(parsed, ranking, data, source.freshLines);
  const flowNodes = impact.flows.flat();
  const selection = selectFiles(ranking, budget, new Set(flowNodes.map((n) => n.path)));
  const head = headBlocks(query, parsed, ranking, impact);
  const namedIds = new Set([...impact.named, ...flowNodes].map((n) => n.id));
  const render = fileRenderer({ data, parsed, budget, source, namedIds });
  const layout = layOut(selection.files, sourceRoom(budget, headLength(head)), budget, render);
  return answer({
    query, budget, parsed, ranking, impact, head,
    sections: layout.sections,
    notes: [...selection.notes, ...layoutNotes(layout)],
    banner: source.banner,
    language: (path) => data.byPath.get(path)?.language ?? '',
    freshLines: source.freshLines,
    calls: callGraph(data),
  });
}

/** What the also-relevant block reads of the call graph (`render/pointer-choice.ts`). */
function callGraph(data: IndexData): CallGraph {
  return {
    callees: (ids) => {
      const reached = boundCallees(data.store, ids);
      const nodes = data.nodes.many([...reached.values()].flat());
      return new Map([...reached].map(([id, targets]) => [id, targets.flatMap((target) => nodes.get(target) ?? [])]));
    },
    callerCounts: (ids) => callerCounts(data.store, ids),
  };
}

/** The answer as text and as data (defined with the stage that assembles it). */
export type { ExploreResult };
