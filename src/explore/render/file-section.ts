/**
 * One file's source section within a character budget: the whole file when it is small and
 * fits, otherwise clusters of the relevant symbols (exact targets first) joined by gap markers.
 * A drifted file is shown whole from its current bytes or not at all: stored lines are unsafe.
 */
import type { StoredNode } from '../../store/index.js';
import type { ExactTarget } from '../query/understand.js';
import { CONTAINER_KINDS } from '../kinds.js';
import type { RankedSymbol } from '../rank/rank.js';
import { headerLines } from './declaration.js';
import { costOf, LineSelection, range } from './line-selection.js';
import { describeRuns, fencedRuns, runsOf } from './source-lines.js';

/** Files up to this many lines are shown whole when they fit. */
export const SMALL_FILE_LINES = 220;
/** A drifted file longer than this is never shown (the whole-file cap of file mode). */
export const DRIFTED_MAX_LINES = 2000;

/** Lines of a target's head shown when its whole body does not fit (a symbol's head is 3 fewer). Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 214 at 7, 215 at 14. */
const HEAD_LINES = 10;
/** Lines shown either side of an anchored line inside a long body. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 4, 217 at 9. */
const ANCHOR_WINDOW = 6;
/** Lines shown either side of a call into a named symbol inside a long body. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0, 217 at 2. */
const CALL_WINDOW = 1;
/** A gap of at most this many lines is shown instead of marked. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 1, 217 at 4. */
const SMALL_GAP = 2;
/** Below this many characters left, no further symbol is tried. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 30, 217 at 100. */
const MIN_USEFUL = 60;
/**
 * A body longer than this many lines, below the file's leading definition, waits for leftover room
 * (tuning half of the eval, 2026-12-03, before quoted declaration lines: explore recall 0.86 at this value, 0.85 at 60 or 80 lines).
 */
const LONG_BODY = 40;
/** A container longer than this many lines shows only its first lines, this many after its opening one. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets as set; 216 with `LONG_CONTAINER` at 20, 217 at 45; 217 with `CONTAINER_HEAD` at 3, 216 at 8. */
const LONG_CONTAINER = 30;
const CONTAINER_HEAD = 5;
/** Characters of the fences around the source. */
const FENCE_COST = 12;
/** Characters kept for the header beyond the path (the run list, left-out names). Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 40, 217 at 90. */
const HEADER_RESERVE = 60;

/** What a section is built from. */
export interface FileSectionInput {
  readonly path: string;
  readonly language: string;
  readonly lines: readonly string[];
  readonly drifted: boolean;
  /** Relevant symbols of this file, best first. */
  readonly symbols: readonly RankedSymbol[];
  readonly targets: readonly ExactTarget[];
  /** Every node of the file by id (for enclosing declarations). */
  readonly fileNodes: ReadonlyMap<number, StoredNode>;
  /** Lines inside a symbol's body that call other symbols the query names. */
  readonly callLines: (node: StoredNode) => readonly number[];
  readonly budget: number;
  /** A small file is shown whole only up to this many characters (default: the budget). */
  readonly wholeLimit?: number;
  /** When none of the symbols fits, show the file's opening lines (for a file the query names) instead of nothing. */
  readonly openingWhenEmpty?: boolean;
}

/** A rendered section. */
export interface FileSection {
  readonly path: string;
  /** Empty when the file was omitted. */
  readonly text: string;
  readonly runs: readonly (readonly [number, number])[];
  readonly whole: boolean;
  readonly shown: readonly RankedSymbol[];
  /** Relevant source was left out for lack of budget. */
  readonly clipped: boolean;
  readonly omitted?: 'drifted-too-large' | 'unreadable';
  /** Named or exact symbols with no room, listed in the header. */
  readonly leftOut: readonly string[];
}

/** Renders one file's section within `input.budget` characters (never more). */
export function renderFileSection(input: FileSectionInput): FileSection {
  const { lines, path } = input;
  const total = lines.length;
  const wholeCost = costOf(lines, range(1, total));
  const driftNote = input.drifted ? ' — current bytes; edited since the last index sync' : '';
  const wholeHeader = `${path} — whole file (${total} line${total === 1 ? '' : 's'})${driftNote}`;
  if (input.drifted) {
    if (total <= DRIFTED_MAX_LINES && wholeHeader.length + wholeCost + FENCE_COST <= input.budget) {
      return whole(input, wholeHeader);
    }
    return { path, text: '', runs: [], whole: false, shown: [], clipped: true, omitted: 'drifted-too-large', leftOut: [] };
  }
  const wholeLimit = Math.min(input.budget, input.wholeLimit ?? input.budget);
  if (total <= SMALL_FILE_LINES && wholeHeader.length + wholeCost + FENCE_COST <= wholeLimit) return whole(input, wholeHeader);

  // Room for the header (path, runs, left-out names) and the fences.
  const selection = new LineSelection(lines, input.budget - path.length - HEADER_RESERVE - FENCE_COST);
  selectTargets(input, selection);
  selectSymbols(input, selection);
  if (selection.selected.size === 0) {
    // Nothing ranked fits. A file the query names shows its opening lines; any other file's
    // opening lines (imports, mostly) would only spend the answer's room.
    if (input.openingWhenEmpty === false) return { path, text: '', runs: [], whole: false, shown: [], clipped: true, leftOut: selection.leftOut };
    for (let n = 1; n <= total; n++) if (!selection.add([n])) break;
    if (selection.selected.size < total) selection.clipped = true;
  }
  closeEndings(input, selection);
  // Close small gaps: a marker costs about as much as the lines it hides.
  for (const [s, e] of gapsOf(runsOf(selection.selected))) if (e - s + 1 <= SMALL_GAP) selection.add(range(s, e));
  return fitHeader(input, selection);
}

/**
 * A definition shown from its first line to within SMALL_GAP lines of its last gets those lines
 * too: a class or function whose last member ends just before its own closing line would otherwise
 * read as never closed. Inner definitions go first, so an outer one's ending follows theirs.
 */
function closeEndings(input: FileSectionInput, selection: LineSelection): void {
  const total = input.lines.length;
  const nodes = [...input.fileNodes.values()]
    .filter((n) => n.kind !== 'file' && selection.selected.has(n.startLine))
    .sort((a, b) => a.endLine - b.endLine || b.startLine - a.startLine);
  for (const n of nodes) {
    const end = Math.min(n.endLine, total);
    let first = n.startLine;
    while (first <= end && selection.selected.has(first)) first++;
    if (first > end || end - first + 1 > SMALL_GAP) continue;
    selection.add(range(first, end));
  }
}

/** Selects the lines declaring `node`'s parent and, for an impl block or its member, the type it is for. */
function selectEnclosing(node: StoredNode | undefined, input: FileSectionInput, selection: LineSelection): void {
  if (node === undefined) return;
  const { fileNodes, lines } = input;
  const parent = node.parentId === null ? undefined : fileNodes.get(node.parentId);
  // Past its annotations, to the line that names it.
  if (parent !== undefined && parent.kind !== 'file') selection.add(headerLines(lines, parent));
  // An impl block reads with the type it is for, as a method with its class: the type's opening line.
  const block = node.kind === 'impl' ? node : parent?.kind === 'impl' ? parent : undefined;
  const type = block === undefined ? undefined : implementedType(block, fileNodes);
  if (type !== undefined) selection.add(headerLines(lines, type));
}

/** Exact targets first: whole when they fit, else their head, anchored line and calls into named symbols. */
function selectTargets(input: FileSectionInput, selection: LineSelection): void {
  const total = input.lines.length;
  for (const t of input.targets) {
    const end = Math.min(t.end, total);
    if (selection.add(range(t.start, end))) {
      selectEnclosing(t.node, input, selection);
      continue;
    }
    selection.clipped = true;
    // Too long to show whole: its head, the anchored line, and its calls into named symbols.
    selection.add(range(t.start, Math.min(end, t.start + HEAD_LINES - 1)));
    if (t.line !== undefined) selection.add(range(t.line - ANCHOR_WINDOW, t.line + ANCHOR_WINDOW));
    if (t.node !== undefined) for (const line of input.callLines(t.node)) selection.add(range(line - CALL_WINDOW, line + CALL_WINDOW));
    selectEnclosing(t.node, input, selection);
  }
}

/**
 * The file's leading definition (and any named one) is shown whole when it fits. A long body
 * further down first gets only its head, and the rest of it only if room is left once every
 * relevant symbol has its place: five short matches beat one long one.
 */
function selectSymbols(input: FileSectionInput, selection: LineSelection): void {
  const total = input.lines.length;
  const enclosing = (node: StoredNode): void => selectEnclosing(node, input, selection);
  let leadSeen = false;
  const deferred: { node: StoredNode; end: number }[] = [];
  for (const s of input.symbols) {
    if (selection.remaining < MIN_USEFUL) {
      selection.clipped = true;
      if (s.exact || s.named) selection.noRoom(s.node.qualifiedName || s.node.name);
      continue;
    }
    const n = s.node;
    const end = Math.min(n.endLine, total);
    const span = end - n.startLine + 1;
    const container = CONTAINER_KINDS.has(n.kind);
    const leading = !container && !leadSeen;
    if (leading) leadSeen = true;
    const head = range(n.startLine, Math.min(end, n.startLine + HEAD_LINES - 3));
    if (!container && !leading && !s.exact && !s.named && span > LONG_BODY) {
      if (selection.add(head)) {
        enclosing(n);
        deferred.push({ node: n, end });
      } else selection.clipped = true;
      continue;
    }
    const body = container && span > LONG_CONTAINER ? range(n.startLine, n.startLine + CONTAINER_HEAD) : range(n.startLine, end);
    if (selection.add(body)) {
      enclosing(n);
      continue;
    }
    selection.clipped = true;
    if (selection.add(head)) enclosing(n);
    else if (s.exact || s.named) selection.noRoom(n.qualifiedName || n.name);
  }
  for (const { node, end } of deferred) {
    if (selection.remaining < MIN_USEFUL || !selection.add(range(node.startLine, end))) selection.clipped = true;
  }
}

/** The section text; the estimate above is conservative, but if the header still overflows, later runs go first. */
function fitHeader(input: FileSectionInput, selection: LineSelection): FileSection {
  const { lines, path } = input;
  const { leftOut } = selection;
  let clipped = selection.clipped;
  let runs = runsOf(selection.selected);
  for (;;) {
    const shown = input.symbols.filter((s) => runs.some(([a, b]) => s.node.startLine >= a && s.node.startLine <= b));
    const header = `${path} — lines ${describeRuns(runs)} of ${lines.length}${leftOut.length > 0 ? ` (no room for: ${leftOut.map((x) => `\`${x}\``).join(', ')})` : ''}`;
    const text = `${header}\n${fencedRuns(lines, runs, input.language)}`;
    if (text.length <= input.budget) return { path, text, runs, whole: false, shown, clipped, leftOut };
    if (runs.length <= 1) return { path, text: '', runs: [], whole: false, shown: [], clipped: true, leftOut };
    const isTarget = (r: readonly [number, number]): boolean => input.targets.some((t) => t.start <= r[1] && t.end >= r[0]);
    let drop = runs.length - 1;
    while (drop > 0 && isTarget(runs[drop] ?? [0, 0])) drop--;
    runs = runs.filter((_, i) => i !== drop);
    clipped = true;
  }
}

/** The whole file under `header`. */
function whole(input: FileSectionInput, header: string): FileSection {
  const runs: [number, number][] = input.lines.length === 0 ? [] : [[1, input.lines.length]];
  return {
    path: input.path, text: `${header}\n${fencedRuns(input.lines, runs, input.language)}`, runs, whole: true,
    shown: input.symbols, clipped: false, leftOut: [],
  };
}

/** The gaps between consecutive runs, as line ranges. */
function gapsOf(runs: readonly (readonly [number, number])[]): [number, number][] {
  const gaps: [number, number][] = [];
  for (let i = 1; i < runs.length; i++) {
    const prev = runs[i - 1];
    const cur = runs[i];
    if (prev !== undefined && cur !== undefined) gaps.push([prev[1] + 1, cur[0] - 1]);
  }
  return gaps;
}

/** The kinds of definition an impl block can be for. */
const IMPLEMENTED_KINDS = new Set(['struct', 'enum', 'union', 'type_alias', 'class']);

/** The definition in this file of the type an impl block (`impl Trait for Type`, `impl Type`) is for, if any. */
function implementedType(block: StoredNode, fileNodes: ReadonlyMap<number, StoredNode>): StoredNode | undefined {
  const name = block.name.slice(block.name.lastIndexOf(' ') + 1);
  let best: StoredNode | undefined;
  for (const n of fileNodes.values()) {
    if (n.name !== name || !IMPLEMENTED_KINDS.has(n.kind) || n.parentId !== block.parentId) continue;
    if (best === undefined || Math.abs(n.startLine - block.startLine) < Math.abs(best.startLine - block.startLine)) best = n;
  }
  return best;
}
