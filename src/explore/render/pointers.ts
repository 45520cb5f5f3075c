/**
 * The "also relevant" block: ranked definitions that no source section shows, each as its
 * declaration (`declaration.ts`: its annotations and the lines to the end of its parameter list),
 * verbatim and numbered, grouped by file in the order the ranking first names the file. A
 * declaration says more than a name (the parameters, the return type, the modifiers) for about
 * the same room. A file whose current bytes no longer match the index cannot be quoted at a
 * stored line, so its definitions are listed by name and place instead.
 */
import type { StoredNode } from '../../store/index.js';
import { declarationLines } from './declaration.js';
import { fencedRuns, languageTag, runsOf } from './source-lines.js';

/** The heading of the block. */
export const POINTERS_HEADING = 'Also relevant (not in the sections above):';

/** What the block needs to know of the project's current source. */
export interface PointerSource {
  /** A file's current lines while they still match the index; undefined otherwise. */
  readonly freshLines: (path: string) => readonly string[] | undefined;
  /** A file's indexed language id. */
  readonly language: (path: string) => string;
}

/**
 * The block's entries for `nodes`, best first: one per file (its path above its fenced
 * declaration lines) and one per definition listed by name; empty for none.
 */
export function pointerEntries(nodes: readonly StoredNode[], source: PointerSource): string[] {
  const byFile = new Map<string, StoredNode[]>();
  for (const node of nodes) {
    const list = byFile.get(node.path);
    if (list === undefined) byFile.set(node.path, [node]);
    else list.push(node);
  }
  const out: string[] = [];
  for (const [path, list] of byFile) {
    const lines = source.freshLines(path);
    const quotable = lines === undefined ? [] : list.filter((n) => n.startLine >= 1 && n.startLine <= lines.length);
    if (lines !== undefined && quotable.length > 0) {
      out.push(`${path}\n${fencedRuns(lines, runsOf(quotable.flatMap((n) => declarationLines(lines, n))), languageTag(source.language(path)))}`);
    }
    for (const n of list) if (!quotable.includes(n)) out.push(pointerBullet(n));
  }
  return out;
}

/** The line above the callees of the shown code in the block. */
export const CALLED_HEADING = 'Called by the code above:';

/** The entries of the shown code's callees (`pointerEntries`), the first under CALLED_HEADING: dropped with it when the answer is full. */
export function calledEntries(nodes: readonly StoredNode[], source: PointerSource): string[] {
  return pointerEntries(nodes, source).map((entry, i) => (i === 0 ? `${CALLED_HEADING}\n${entry}` : entry));
}

/** A definition by name, kind and place: for a file that cannot be quoted. */
function pointerBullet(node: StoredNode): string {
  return `- \`${node.qualifiedName || node.name}\` (${node.kind}) ${node.path}:${node.startLine}`;
}
