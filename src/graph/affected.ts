/**
 * The tests a change reaches: from every symbol of the changed files, the same walk as impact
 * (every incoming edge but `contains`: calls, references, imports, inheritance) up to a depth,
 * keeping what lands in test files. A changed test file is affected by itself.
 */
import { compareNodes, dependents, nodesById, nodesOfFiles, testFilePaths } from '../store/index.js';
import type { GraphNode, GraphReader } from '../store/index.js';

/** How many hops the walk takes by default: a test two or three calls above a change is found. */
export const DEFAULT_AFFECTED_DEPTH = 4;
/** The most hops asked for. */
export const MAX_AFFECTED_DEPTH = 20;

/** Node kinds listed as the test functions of a test file. */
const TEST_FUNCTION_KINDS: ReadonlySet<string> = new Set(['function', 'method']);

/** One affected test file. */
export interface AffectedTestFile {
  readonly path: string;
  /** The file itself is among the changed files. */
  readonly changed: boolean;
  /** Its functions and methods that the walk reached, by line. */
  readonly functions: readonly { readonly name: string; readonly line: number; readonly depth: number }[];
}

/** The answer for a set of changed files. */
export interface Affected {
  /** The changed files the index holds, sorted. */
  readonly changed: readonly string[];
  /** Changed files the index does not hold (deleted, new since the last sync, or not indexed). */
  readonly notIndexed: readonly string[];
  readonly depth: number;
  /** Test files reached, by path. */
  readonly tests: readonly AffectedTestFile[];
}

/** The test files and test functions that `changedPaths` (project-relative) reach within `depth` hops. */
export function affectedTests(reader: GraphReader, changedPaths: readonly string[], depth = DEFAULT_AFFECTED_DEPTH): Affected {
  const unique = [...new Set(changedPaths)].sort();
  const byFile = nodesOfFiles(reader, unique);
  const start = [...byFile.values()].flat();
  const seen = new Set<number>(start);
  const reached = new Map<number, number>();
  let frontier = start;
  for (let hop = 1; hop <= depth && frontier.length > 0; hop++) {
    const next: number[] = [];
    for (const id of dependents(reader, frontier).keys()) {
      if (seen.has(id)) continue;
      seen.add(id);
      reached.set(id, hop);
      next.push(id);
    }
    frontier = next;
  }
  const tests = testFilePaths(reader);
  const files = new Map<string, { changed: boolean; functions: { name: string; line: number; depth: number }[] }>();
  for (const path of byFile.keys()) if (tests.has(path)) files.set(path, { changed: true, functions: [] });
  // A changed test's own functions are affected at depth 0; the ones the walk reached, at their hop.
  const ownIds = [...files.keys()].flatMap((path) => byFile.get(path) ?? []);
  const nodes: GraphNode[] = nodesById(reader, [...ownIds, ...reached.keys()]).filter((n) => tests.has(n.path)).sort(compareNodes);
  for (const node of nodes) {
    const entry = files.get(node.path) ?? { changed: false, functions: [] };
    files.set(node.path, entry);
    if (TEST_FUNCTION_KINDS.has(node.kind)) entry.functions.push({ name: node.qualifiedName || node.name, line: node.startLine, depth: reached.get(node.id) ?? 0 });
  }
  return {
    changed: unique.filter((p) => byFile.has(p)),
    notIndexed: unique.filter((p) => !byFile.has(p)),
    depth,
    tests: [...files].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([path, f]) => ({ path, ...f })),
  };
}
