/**
 * The "also relevant" block: ranked definitions that no source section shows, each as its
 * declaration line, verbatim and numbered, grouped by file in the order the ranking first names
 * the file. A declaration line says more than a name (the parameters, the return type, the
 * modifiers) for about the same room. A file whose current bytes no longer match the index cannot
 * be quoted at a stored line, so its definitions are listed by name and place instead.
 */
import type { StoredNode } from '../../store/index.js';
import { fencedRuns, languageTag, runsOf } from './source-lines.js';

/**
 * Most lines quoted for one declaration: its annotation or decorator lines and a signature written
 * over several lines, up to the line that closes its parameter list. Of the 937 declaration lines
 * the tuning half's answers quoted one line each, 22 were only an annotation and 118 left the
 * parameter list open. Tuning half of the eval, 2026-12-03: recall and targets shown whole the same
 * at 4 and 6 lines (219 and 183 of 253); the answers grew by 8,812 characters in all at 4.
 */
export const MAX_DECLARATION_LINES = 4;

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

/** A definition by name, kind and place: for a file that cannot be quoted. */
function pointerBullet(node: StoredNode): string {
  return `- \`${node.qualifiedName || node.name}\` (${node.kind}) ${node.path}:${node.startLine}`;
}

/**
 * The lines of `node`'s declaration: from its first line past any annotation, attribute or
 * decorator lines (`@Override`, `#[inline]`, `[Obsolete]`) to the line where its parameter list
 * closes (brackets balanced, the line not ending in a comma, an opening bracket or `<`), at most
 * MAX_DECLARATION_LINES and never past the definition's own end.
 */
export function declarationLines(lines: readonly string[], node: StoredNode): number[] {
  const last = Math.min(lines.length, Math.max(node.startLine, node.endLine), node.startLine + MAX_DECLARATION_LINES - 1);
  const out: number[] = [];
  let depth = 0;
  for (let n = node.startLine; n <= last; n++) {
    out.push(n);
    const text = (lines[n - 1] ?? '').trim();
    depth += bracketBalance(text);
    if (depth > 0) continue;
    depth = 0;
    if (ANNOTATION.test(text) || CONTINUES.test(text)) continue;
    break;
  }
  return out;
}

/** A line that only annotates the declaration below it. */
const ANNOTATION = /^(?:@[\w.]+(?:\(.*\))?|#\[.*\]|\[[\w.]+(?:\(.*\))?\])$/;
/** A line whose declaration goes on below it. */
const CONTINUES = /[,(<[]$/;

/** Opening minus closing round and square brackets. */
function bracketBalance(text: string): number {
  let balance = 0;
  for (const ch of text) {
    if (ch === '(' || ch === '[') balance++;
    else if (ch === ')' || ch === ']') balance--;
  }
  return balance;
}
