/** One rendering of one selected file: its symbols picked for a mode and laid into a section. */
import type { StoredNode } from '../../store/index.js';
import type { ExploreBudget } from '../budget.js';
import type { CurrentSource } from '../current-source.js';
import type { IndexData } from '../data/index-data.js';
import { fileOrder } from '../pick/file-order.js';
import { pickSymbols, type PickMode } from '../pick/pick-symbols.js';
import type { PrioritySymbol } from '../pick/priority.js';
import type { ParsedQuery } from '../query/understand.js';
import type { RankedFile } from '../rank/rank.js';
import { renderFileSection, type FileSection } from '../render/file-section.js';

/** A rendered file section and what produced it. */
export interface RenderedFile {
  readonly file: RankedFile;
  readonly section: FileSection;
  readonly drifted: boolean;
  /** The file has worthwhile symbols this rendering did not try. */
  readonly more: boolean;
  /** How many relevant symbols the rendering ordered (the file's ranked ones and those its body's words found). */
  readonly relevant: number;
}

/** Renders `file` within `want` characters, trying its core or everything worthwhile. */
export type FileRenderer = (file: RankedFile, want: number, mode: PickMode) => RenderedFile;

/** What renderings of one answer share. */
export interface RenderContext {
  readonly data: IndexData;
  readonly parsed: ParsedQuery;
  readonly budget: ExploreBudget;
  readonly source: CurrentSource;
  /** The definitions the query names: a long body shows its lines that call them. */
  readonly namedIds: ReadonlySet<number>;
}

/** In the first pass a file the query does not name is shown whole up to this share of perFile. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.35, 217 at 0.7. */
const CORE_WHOLE_SHARE = 0.5;
/** Most lines shown inside one long body for its calls into named symbols. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 4, 217 at 9. */
const MAX_CALL_LINES = 6;

/** A renderer for one answer; a file's symbol order is worked out once, whichever pass asks first. */
export function fileRenderer(context: RenderContext): FileRenderer {
  const { data, parsed, budget, source } = context;
  const orders = new Map<string, readonly PrioritySymbol[]>();
  return (file, want, mode) => {
    const drifted = source.drifted(file.path);
    const lines = source.lines(file.path);
    if (lines === undefined) {
      const section: FileSection = { path: file.path, text: '', runs: [], whole: false, shown: [], clipped: true, omitted: 'unreadable', leftOut: [] };
      return { file, section, drifted, more: false, relevant: file.symbols.length };
    }
    const inFile = data.nodes.inFile(file.path);
    const byId = new Map<number, StoredNode>(inFile.map((n) => [n.id, n]));
    let ordered = orders.get(file.path);
    if (ordered === undefined) {
      ordered = fileOrder(file, lines, { inFile, byId }, parsed, data);
      orders.set(file.path, ordered);
    }
    const leading = file.named || file.pinned;
    // A file the query names shows everything ranked in it once the core is in.
    const chosen = mode === 'full' && leading ? ordered.map((p) => p.symbol) : pickSymbols(ordered, mode);
    const section = renderFileSection({
      path: file.path,
      language: data.byPath.get(file.path)?.language ?? '',
      lines,
      drifted,
      symbols: chosen,
      targets: parsed.exact.filter((t) => t.path === file.path),
      fileNodes: byId,
      callLines: (node) => callLinesInto(node, context.namedIds, data),
      budget: want,
      // A small file the query does not name is shown whole only when that costs little.
      wholeLimit: mode === 'core' && !leading ? Math.floor(budget.perFile * CORE_WHOLE_SHARE) : want,
      openingWhenEmpty: leading,
    });
    const worthwhile = leading ? ordered.length : pickSymbols(ordered, 'full').length;
    return { file, section, drifted, more: chosen.length < worthwhile, relevant: ordered.length };
  };
}

/** Lines in `node`'s body that call one of `targets`. */
function callLinesInto(node: StoredNode, targets: ReadonlySet<number>, data: IndexData): number[] {
  const out = data.edges.outgoing([node.id]).get(node.id) ?? [];
  return [...new Set(out.filter((a) => targets.has(a.id) && a.line !== null).map((a) => a.line as number))].slice(0, MAX_CALL_LINES);
}
