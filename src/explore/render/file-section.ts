/**
 * One file's source section within a character budget: the whole file when it is small and
 * fits, otherwise clusters of the relevant symbols (exact targets first) joined by gap markers.
 * A drifted file is shown whole from its current bytes or not at all: stored lines are unsafe.
 */
import type { StoredNode } from '../../store/index.js';
import type { ExactTarget } from '../query/understand.js';
import type { RankedSymbol } from '../rank/rank.js';
import { describeRuns, fencedRuns, numbered, runsOf } from './source-lines.js';

/** Files up to this many lines are shown whole when they fit. */
export const SMALL_FILE_LINES = 220;
/** A drifted file longer than this is never shown (the whole-file cap of file mode). */
export const DRIFTED_MAX_LINES = 2000;

const CONTAINER_KINDS = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'module', 'namespace', 'union', 'impl']);
const HEAD_LINES = 10;
const ANCHOR_WINDOW = 6;
const CALL_WINDOW = 1;
const SMALL_GAP = 2;
const MIN_USEFUL = 60;
/** A body longer than this many lines, below the file's leading definition, waits for leftover room. */
const LONG_BODY = 40;
/** A new run costs its gap marker line and its entry in the header's run list. */
const RUN_COST = 30;

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
  const overhead = 12;
  if (input.drifted) {
    if (total <= DRIFTED_MAX_LINES && wholeHeader.length + wholeCost + overhead <= input.budget) {
      return whole(input, wholeHeader);
    }
    return { path, text: '', runs: [], whole: false, shown: [], clipped: true, omitted: 'drifted-too-large', leftOut: [] };
  }
  const wholeLimit = Math.min(input.budget, input.wholeLimit ?? input.budget);
  if (total <= SMALL_FILE_LINES && wholeHeader.length + wholeCost + overhead <= wholeLimit) return whole(input, wholeHeader);

  const selected = new Set<number>();
  // Room for the header (path, runs, left-out names) and the fences.
  let remaining = input.budget - path.length - 60 - overhead;
  let clipped = false;
  const leftOut: string[] = [];
  const add = (want: Iterable<number>): boolean => {
    const fresh = [...want].filter((n) => n >= 1 && n <= total && !selected.has(n));
    if (fresh.length === 0) return true;
    const cost = costOf(lines, fresh) + RUN_COST * newRuns(selected, fresh);
    if (cost > remaining) return false;
    for (const n of fresh) selected.add(n);
    remaining -= cost;
    return true;
  };
  const noRoom = (name: string): void => {
    leftOut.push(name);
    remaining -= name.length + 6;
  };
  const enclosing = (node: StoredNode | undefined): void => {
    if (node === undefined) return;
    const parent = node.parentId === null ? undefined : input.fileNodes.get(node.parentId);
    if (parent !== undefined && parent.kind !== 'file') add([parent.startLine]);
    // An impl block reads with the type it is for, as a method with its class: the type's opening line.
    const block = node.kind === 'impl' ? node : parent?.kind === 'impl' ? parent : undefined;
    const type = block === undefined ? undefined : implementedType(block, input.fileNodes);
    if (type !== undefined) add([type.startLine]);
  };

  for (const t of input.targets) {
    const end = Math.min(t.end, total);
    if (add(range(t.start, end))) {
      enclosing(t.node);
      continue;
    }
    clipped = true;
    // Too long to show whole: its head, the anchored line, and its calls into named symbols.
    add(range(t.start, Math.min(end, t.start + HEAD_LINES - 1)));
    if (t.line !== undefined) add(range(t.line - ANCHOR_WINDOW, t.line + ANCHOR_WINDOW));
    if (t.node !== undefined) for (const line of input.callLines(t.node)) add(range(line - CALL_WINDOW, line + CALL_WINDOW));
    enclosing(t.node);
  }
  // The file's leading definition (and any named one) is shown whole when it fits. A long body
  // further down first gets only its head, and the rest of it only if room is left once every
  // relevant symbol has its place: five short matches beat one long one.
  let leadSeen = false;
  const deferred: { node: StoredNode; end: number }[] = [];
  for (const s of input.symbols) {
    if (remaining < MIN_USEFUL) {
      clipped = true;
      if (s.exact || s.named) noRoom(s.node.qualifiedName || s.node.name);
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
      if (add(head)) {
        enclosing(n);
        deferred.push({ node: n, end });
      } else clipped = true;
      continue;
    }
    const body = container && span > 30 ? range(n.startLine, n.startLine + 5) : range(n.startLine, end);
    if (add(body)) {
      enclosing(n);
      continue;
    }
    clipped = true;
    if (add(head)) enclosing(n);
    else if (s.exact || s.named) noRoom(n.qualifiedName || n.name);
  }
  for (const { node, end } of deferred) {
    if (remaining < MIN_USEFUL || !add(range(node.startLine, end))) clipped = true;
  }
  if (selected.size === 0) {
    // Nothing ranked fits. A file the query names shows its opening lines; any other file's
    // opening lines (imports, mostly) would only spend the answer's room.
    if (input.openingWhenEmpty === false) return { path, text: '', runs: [], whole: false, shown: [], clipped: true, leftOut };
    for (let n = 1; n <= total; n++) if (!add([n])) break;
    if (selected.size < total) clipped = true;
  }
  // Close small gaps: a marker costs about as much as the lines it hides.
  for (const [s, e] of gapsOf(runsOf(selected))) if (e - s + 1 <= SMALL_GAP) add(range(s, e));

  // The estimate above is conservative; if the header still overflows, later runs go first.
  let runs = runsOf(selected);
  for (;;) {
    const shown = input.symbols.filter((s) => runs.some(([a, b]) => s.node.startLine >= a && s.node.startLine <= b));
    const header = `${path} — lines ${describeRuns(runs)} of ${total}${leftOut.length > 0 ? ` (no room for: ${leftOut.map((x) => `\`${x}\``).join(', ')})` : ''}`;
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

function whole(input: FileSectionInput, header: string): FileSection {
  const runs: [number, number][] = input.lines.length === 0 ? [] : [[1, input.lines.length]];
  return {
    path: input.path, text: `${header}\n${fencedRuns(input.lines, runs, input.language)}`, runs, whole: true,
    shown: input.symbols, clipped: false, leftOut: [],
  };
}

function costOf(lines: readonly string[], numbers: Iterable<number>): number {
  let cost = 0;
  for (const n of numbers) cost += numbered(n, lines[n - 1] ?? '').length + 1;
  return cost;
}

function newRuns(selected: ReadonlySet<number>, fresh: readonly number[]): number {
  let runs = 0;
  const set = new Set(fresh);
  for (const n of fresh) if (!set.has(n - 1) && !selected.has(n - 1)) runs++;
  return runs;
}

function gapsOf(runs: readonly (readonly [number, number])[]): [number, number][] {
  const gaps: [number, number][] = [];
  for (let i = 1; i < runs.length; i++) {
    const prev = runs[i - 1];
    const cur = runs[i];
    if (prev !== undefined && cur !== undefined) gaps.push([prev[1] + 1, cur[0] - 1]);
  }
  return gaps;
}

function range(start: number, end: number): number[] {
  const out: number[] = [];
  for (let n = Math.max(1, start); n <= end; n++) out.push(n);
  return out;
}

const TYPE_KINDS = new Set(['struct', 'enum', 'union', 'type_alias', 'class']);

/** The definition in this file of the type an impl block (`impl Trait for Type`, `impl Type`) is for, if any. */
function implementedType(block: StoredNode, fileNodes: ReadonlyMap<number, StoredNode>): StoredNode | undefined {
  const name = block.name.slice(block.name.lastIndexOf(' ') + 1);
  let best: StoredNode | undefined;
  for (const n of fileNodes.values()) {
    if (n.name !== name || !TYPE_KINDS.has(n.kind) || n.parentId !== block.parentId) continue;
    if (best === undefined || Math.abs(n.startLine - block.startLine) < Math.abs(best.startLine - block.startLine)) best = n;
  }
  return best;
}
