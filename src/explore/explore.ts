/**
 * codegraph_explore's engine: understands the query, ranks symbols and files, and renders the
 * answer (flow, blast radius, dynamic dispatch, source sections, pointers, notes) under the
 * size tier's budget. Shared by the MCP handler and the CLI.
 */
import type { ProjectIndex } from '../project/index-cache.js';
import { FreshnessProbe, isSecretPath } from '../project/freshness.js';
import type { StoredNode } from '../store/index.js';
import { budgetFor, type ExploreBudget } from './budget.js';
import { indexData, type IndexData } from './data/index-data.js';
import { blastRadius, blastLine, type BlastEntry } from './impact/blast.js';
import { dynamicSites, dynamicLine, type DynamicSite } from './impact/dynamic.js';
import { callFlows, flowLine } from './impact/flow.js';
import { understandQuery, type ParsedQuery } from './query/understand.js';
import { bodyHits, type BodyHit } from './rank/body.js';
import { nameHits, type NameHit } from './rank/names.js';
import { rank, type RankedFile, type RankedSymbol, type Ranking } from './rank/rank.js';
import { isTestSide } from './rank/weights.js';
import { assemble, type PlacedSection } from './render/document.js';
import { renderFileSection, type FileSection } from './render/file-section.js';
import { sourceLines } from './render/source-lines.js';
import { toJson, type ExploreJson } from './result-json.js';

/** Caller overrides of the size tier. */
export interface ExploreOptions {
  /** Files with source sections, 1..20 (default from the size tier). */
  readonly maxFiles?: number | undefined;
  /** Hard ceiling on the answer, 2,000..60,000 characters (default from the size tier). */
  readonly maxChars?: number | undefined;
}

/** The answer as text and as data. */
export interface ExploreResult {
  readonly text: string;
  readonly json: ExploreJson;
}

const ROOT_KINDS = new Set(['function', 'method', 'constructor', 'component', 'route', 'class', 'struct', 'interface', 'trait', 'macro']);
const CALLABLE_KINDS = new Set(['function', 'method', 'constructor', 'component', 'route']);
const MAX_POINTERS = 10;
const MIN_SECTION_BUDGET = 300;
/** Characters kept back for headings, the Found line, pointers, notes and the drift banner. */
const TAIL_RESERVE = 2_400;
/** Least share of the ceiling kept for source sections. */
const SOURCE_SHARE = 0.45;
const LOW_SCORE = 0.08;
/** Seed strength a ranked symbol needs to lead the blast radius (pinned-file filler has less). */
const ROOT_MIN_TEXT = 0.1;
/** In a file, the weight of a symbol's rank against its body's use of the query's terms. */
const BODY_RANK_SHARE = 0.5;
/** In a file, the extra weight of a symbol named with the query's words (relative to the file's best name). */
const NAME_SHARE = 0.3;
/** A container too long to show whole is rendered as its head only, so it ranks at this share among a file's symbols. */
const HEAD_ONLY_SHARE = 0.6;
const HEAD_ONLY_LINES = 30;
/** The share of a head-only container's rank its members that use the query's words inherit. */
const CONTAINER_SHARE = 0.3;
const HEAD_KINDS = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'module', 'namespace', 'union', 'impl']);
/** The first pass shows at most this many of a file's symbols beyond exact and named ones, each at least this share of its best. */
const CORE_SYMBOLS = 4;
const CORE_SHARE = 0.45;
/** In the first pass a file the query does not name is shown whole up to this share of perFile. */
const CORE_WHOLE_SHARE = 0.5;
/** The second pass shows symbols of at least this share of the file's best. */
const FULL_SHARE = 0.12;
/** The leading callables of a file whose same-file callees follow them, at this share of their priority. */
const CALLEE_LEADERS = 2;
/** A file scoring this many times every file ranked after it dominates the answer. */
const DOMINANCE = 2;
/** The most of the source room a dominant file's first rendering may take. */
const DOMINANT_SHARE = 0.6;
const CALLEE_SHARE = 0.4;
/** How many of the lead's same-file helpers (the best ranked) are lifted to just after it. */
const LEAD_HELPERS = 1;

/** Answers `query` from `index`. Deterministic: the same index and query give the same text. */
export async function explore(index: ProjectIndex, query: string, options: ExploreOptions = {}): Promise<ExploreResult> {
  const data = indexData(index.store);
  const budget = budgetFor(data.files.length, options);
  const parsed = understandQuery(query, data, budget.files);
  const ranking = rank(parsed, data);
  const probe = new FreshnessProbe(index.root, index.store);
  const lineCache = new Map<string, readonly string[] | undefined>();
  const currentLines = (path: string): readonly string[] | undefined => {
    if (!lineCache.has(path)) {
      const text = isSecretPath(path) ? undefined : probe.readCurrent(path);
      lineCache.set(path, text === undefined ? undefined : sourceLines(text));
    }
    return lineCache.get(path);
  };
  const freshLines = (path: string): readonly string[] | undefined => (probe.check(path) === 'fresh' ? currentLines(path) : undefined);

  const named = uniqueNodes([...namedNodes(parsed, data), ...ranking.prose]);
  const roots = blastRoots(parsed, named, ranking, data);
  const blast = blastRadius(roots, data);
  const flows = callFlows(named, data);
  const dynamic = dynamicSites(uniqueNodes([...parsed.exact.flatMap((t) => (t.node === undefined ? [] : [t.node])), ...roots]).filter((n) => CALLABLE_KINDS.has(n.kind)), freshLines);

  const notes: string[] = [];
  const candidates = selectFiles(ranking, parsed, budget, notes);
  const title = `Explore: ${JSON.stringify(query.length > 160 ? `${query.slice(0, 160)}…` : query)}`;
  const summary = summaryLines(parsed, ranking);
  const flowLines = flows.map(flowLine);
  const blastLines = blast.map(blastLine);
  const dynamicLines = dynamic.map(dynamicLine);
  const fixed = [title, ...summary, ...flowLines, ...blastLines, ...dynamicLines].reduce((n, l) => n + l.length + 1, 0);
  // Headings, the Found line, pointers, notes and a possible drift banner come after sizing.
  // Source is the point of the answer: under a small ceiling it keeps at least this share, and
  // the assembler drops the optional blocks (pointers, dynamic, flow, blast) to make it fit.
  let room = Math.floor(Math.max(budget.total - fixed - Math.min(TAIL_RESERVE, budget.total * 0.12), budget.total * SOURCE_SHARE));
  const sections: Rendered[] = [];
  const orderedCache = new Map<string, readonly PrioritySymbol[]>();
  const meanScore = candidates.reduce((s, f) => s + f.score, 0) / Math.max(1, candidates.length) || 1;
  const namedIds = new Set(named.map((n) => n.id));
  const skippedForRoom: string[] = [];
  // A file that outranks every file after it by far is what the question is about: it is
  // rendered in full at once, and like a named file it may later take the room left over.
  const dominant = new Set<string>();
  candidates.forEach((file, i) => {
    const next = Math.max(0, ...candidates.slice(i + 1).map((f) => f.score));
    if (i < 2 && file.score >= DOMINANCE * next && next > 0) dominant.add(file.path);
  });
  const leading = (file: RankedFile): boolean => file.named || file.pinned || dominant.has(file.path);
  // First pass: every file's best symbols, so no file's tail is shown before another's core.
  for (const file of candidates) {
    const share = Math.min(1.5, Math.max(leading(file) ? 1 : 0.5, file.score / meanScore));
    const want = Math.floor(dominant.has(file.path) ? Math.min(2 * budget.fileCeiling, room * DOMINANT_SHARE) : Math.min(budget.fileCeiling, budget.perFile * share, room));
    if (want < MIN_SECTION_BUDGET) {
      skippedForRoom.push(file.path);
      continue;
    }
    const rendered = renderFile(file, want, dominant.has(file.path) ? 'full' : 'core');
    if (rendered === undefined) continue;
    if (rendered.section.text === '' && rendered.section.omitted === undefined) {
      skippedForRoom.push(file.path);
      continue;
    }
    sections.push(rendered);
    room -= rendered.section.text.length + 2;
  }
  // Second pass, in file order: the rest of each file's worthwhile symbols while room lasts; a
  // file the query names may take all of it, any other file up to its ceiling.
  for (let i = 0; i < sections.length && room > MIN_SECTION_BUDGET; i++) {
    const current = sections[i];
    if (current === undefined || current.section.omitted !== undefined || current.section.whole) continue;
    if (!current.section.clipped && !current.more) continue;
    const length = current.section.text.length;
    const cap = leading(current.file) ? length + room : Math.min(Math.max(budget.fileCeiling, length), length + room);
    if (cap <= length + MIN_SECTION_BUDGET / 2) continue;
    const again = renderFile(current.file, cap, 'full');
    if (again !== undefined && again.section.text.length > length) {
      room -= again.section.text.length - length;
      sections[i] = again;
    }
  }

  for (const s of sections) {
    const sec = s.section;
    if (sec.omitted === 'drifted-too-large') notes.push(`\`${sec.path}\` changed since the last index sync and is too large to show whole, so it is omitted (its stored line numbers are unsafe); read it directly or run \`codegraph sync\`.`);
    else if (sec.omitted === 'unreadable') notes.push(`\`${sec.path}\` could not be read, so its source is omitted.`);
    else if (sec.clipped) {
      // Relevant: what the rendering ordered (the file's ranked symbols and those its body's words found).
      const relevant = orderedCache.get(sec.path)?.length ?? s.file.symbols.length;
      notes.push(`\`${sec.path}\` was trimmed to its budget (${sec.shown.length} of ${relevant} relevant symbols shown); ask about it by path or name for more.`);
    }
  }
  if (skippedForRoom.length > 0) notes.push(`No room left for ${skippedForRoom.length} more relevant file${skippedForRoom.length === 1 ? '' : 's'}: ${skippedForRoom.slice(0, 4).map((p) => `\`${p}\``).join(', ')}.`);

  const shownSections = sections.filter((s) => s.section.omitted === undefined && s.section.text !== '');
  // A ranked symbol whose definition starts on a rendered line is shown, chosen or not (a
  // whole file shows everything in it).
  const visible = new Map<string, RankedSymbol[]>();
  for (const s of shownSections) {
    const runs = s.section.runs;
    const inRuns = (line: number): boolean => runs.some(([a, b]) => line >= a && line <= b);
    const seen = new Set<number>();
    const list = [...s.section.shown, ...s.file.symbols].filter((x) => inRuns(x.node.startLine) && !seen.has(x.node.id) && seen.add(x.node.id) !== undefined);
    visible.set(s.file.path, list);
  }
  const shownOf = (s: Rendered): readonly RankedSymbol[] => visible.get(s.file.path) ?? s.section.shown;
  const placed: PlacedSection[] = shownSections.map((s) => ({ path: s.file.path, text: s.section.text, symbols: shownOf(s).length, drifted: s.drifted, named: s.file.named || s.file.pinned }));
  const shownIds = new Set([...visible.values()].flatMap((list) => list.map((x) => x.node.id)));
  const pointers = ranking.symbols.filter((s) => !shownIds.has(s.node.id) && !isSecretPath(s.node.path)).slice(0, MAX_POINTERS);

  const assembled = assemble(
    {
      banner: (drifted) => {
        for (const p of drifted) probe.cite(p);
        return probe.banner();
      },
      title,
      summary,
      flow: flowLines,
      blast: blastLines,
      dynamic: dynamicLines,
      sections: placed,
      notShown: pointers.map((s) => `- \`${s.node.qualifiedName || s.node.name}\` (${s.node.kind}) ${s.node.path}:${s.node.startLine}`),
      notes,
    },
    budget.total,
  );
  const kept = new Set(assembled.sections.map((s) => s.path));
  return {
    text: assembled.text,
    json: toJson({
      query, budget, parsed, blast, flows, dynamic, pointers, notes, cut: assembled.cut,
      sections: shownSections.filter((s) => kept.has(s.file.path)).map((s) => ({ file: s.file, section: { ...s.section, shown: shownOf(s) }, drifted: s.drifted })),
      language: (path) => data.byPath.get(path)?.language ?? '',
    }),
  };

  function renderFile(file: RankedFile, want: number, mode: 'core' | 'full'): Rendered | undefined {
    const drifted = probe.check(file.path) === 'drifted';
    const lines = currentLines(file.path);
    if (lines === undefined) {
      return { file, budget: want, drifted, more: false, section: { path: file.path, text: '', runs: [], whole: false, shown: [], clipped: true, omitted: 'unreadable', leftOut: [] } };
    }
    const inFile = data.nodes.inFile(file.path);
    const fileNodes = new Map<number, StoredNode>(inFile.map((n) => [n.id, n]));
    let ordered = orderedCache.get(file.path);
    if (ordered === undefined) {
      const hits = parsed.terms.length > 0 ? bodyHits(lines, inFile, parsed.terms, (t) => data.terms().weight(t)) : [];
      const names = parsed.terms.length > 0 ? nameHits(inFile, parsed.terms, (t) => data.terms().weight(t)) : [];
      ordered = withCallees(withBodyHits(file.symbols, hits, names, parsed.terms.length), fileNodes, data);
      orderedCache.set(file.path, ordered);
    }
    // A file the query names shows everything ranked in it once the core is in.
    const chosen = mode === 'full' && (file.named || file.pinned) ? ordered.map((p) => p.symbol) : pickSymbols(ordered, mode);

    const section = renderFileSection({
      path: file.path,
      language: data.byPath.get(file.path)?.language ?? '',
      lines,
      drifted,
      symbols: chosen,
      targets: parsed.exact.filter((t) => t.path === file.path),
      fileNodes,
      callLines: (node) => callLinesInto(node, namedIds, data),
      budget: want,
      // A small file the query does not name is shown whole only when that costs little.
      wholeLimit: mode === 'core' && !file.named && !file.pinned ? Math.floor(budget.perFile * CORE_WHOLE_SHARE) : want,
      openingWhenEmpty: file.named || file.pinned,
    });
    return { file, section, budget: want, drifted, more: chosen.length < (file.named || file.pinned ? ordered.length : pickSymbols(ordered, 'full').length) };
  }
}

/** A rendered file section and what produced it. */
interface Rendered {
  readonly file: RankedFile;
  readonly section: FileSection;
  readonly budget: number;
  readonly drifted: boolean;
  /** The file has worthwhile symbols this rendering did not try. */
  readonly more: boolean;
}

/** A file's symbol with its in-file priority (exact 100+, named 10+, else 0..1). */
interface PrioritySymbol {
  readonly symbol: RankedSymbol;
  readonly priority: number;
  /** The file's best-ranked definition (not exact or named): why the file is in the answer. */
  readonly lead?: boolean;
}

/**
 * The symbols a rendering tries, best first: `core` takes the exact and named ones and the few
 * best others; `full` everything of at least a small share of the file's best.
 */
function pickSymbols(ordered: readonly PrioritySymbol[], mode: 'core' | 'full'): RankedSymbol[] {
  const top = ordered.find((p) => p.priority < 10 && p.lead !== true)?.priority ?? 0;
  const out: RankedSymbol[] = [];
  let others = 0;
  for (const p of ordered) {
    if (p.priority >= 10 || p.lead === true) out.push(p.symbol);
    else if (mode === 'core' ? others < CORE_SYMBOLS && p.priority >= top * CORE_SHARE : p.priority >= top * FULL_SHARE) {
      out.push(p.symbol);
      others++;
    }
  }
  return out;
}

/**
 * A file's symbols in the order to show them: exact and named ones first, then by the mean of
 * their rank and of how strongly their bodies use the query's terms (both relative to the
 * file's best), so the definitions doing what the question asks come before incidental ones.
 */
function withBodyHits(symbols: readonly RankedSymbol[], hits: readonly BodyHit[], names: readonly NameHit[], termCount: number): PrioritySymbol[] {
  const need = Math.min(2, termCount);
  const useful = hits.filter((h) => h.terms >= need);
  const topBase = Math.max(0, ...symbols.filter((s) => !s.exact).map((s) => s.base)) || 1;
  const topBody = Math.max(0, ...useful.map((h) => h.score)) || 1;
  const topName = Math.max(0, ...names.map((h) => h.score)) || 1;
  const body = new Map<number, number>(useful.map((h) => [h.node.id, h.score / topBody]));
  const name = new Map<number, number>(names.map((h) => [h.node.id, h.score / topName]));
  const known = new Set(symbols.map((s) => s.node.id));
  const all: RankedSymbol[] = [...symbols];
  const extra = new Map<number, number>();
  for (const h of useful) extra.set(h.node.id, h.score / topBody);
  for (const h of names) extra.set(h.node.id, Math.max(extra.get(h.node.id) ?? 0, h.score / topName));
  const nodes = new Map<number, StoredNode>([...useful, ...names].map((h) => [h.node.id, h.node]));
  for (const [id, strength] of extra) {
    const node = nodes.get(id);
    if (known.has(id) || node === undefined) continue;
    const score = 0.5 * topBase * strength;
    all.push({ node, score, base: score, text: 0, exact: false, named: false });
  }
  const share = useful.length === 0 ? 1 : BODY_RANK_SHARE;
  // A member named with the query's words inherits part of its head-only container's rank:
  // the class the question is about is shown as a head, so its relevant methods carry it.
  const containers = new Map<number, number>(all.filter((s) => headOnly(s.node) < 1).map((s) => [s.node.id, Math.min(1, s.base / topBase)]));
  // The file's best-ranked definition is why the file is in the answer: it always comes first.
  const lead = symbols.find((s) => !s.exact && !s.named)?.node.id;
  const out = all.map((s) => {
    const own = body.get(s.node.id) ?? 0;
    const named = name.get(s.node.id) ?? 0;
    const parent = s.node.parentId === null || named === 0 ? 0 : containers.get(s.node.parentId) ?? 0;
    return {
      symbol: s,
      lead: s.node.id === lead,
      priority: (s.exact ? 100 : s.named ? 10 : 0) + headOnly(s.node) * (share * Math.min(1, s.base / topBase) + (1 - share) * own + NAME_SHARE * named) + CONTAINER_SHARE * parent,
    };
  });
  return out.sort(byPriority);
}

/** Exact and named definitions, then the file's lead, then by priority; ties by position. */
function byPriority(a: PrioritySymbol, b: PrioritySymbol): number {
  const tier = (p: PrioritySymbol): number => (p.priority >= 10 ? 2 : p.lead === true ? 1 : 0);
  return tier(b) - tier(a) || b.priority - a.priority || a.symbol.node.startLine - b.symbol.node.startLine || a.symbol.node.id - b.symbol.node.id;
}

/** The share a definition ranks at among its file's symbols: less when only its head is shown. */
function headOnly(node: StoredNode): number {
  return HEAD_KINDS.has(node.kind) && node.endLine - node.startLine + 1 > HEAD_ONLY_LINES ? HEAD_ONLY_SHARE : 1;
}

/**
 * What the file's leading callables call in the same file comes right after them: the answer
 * to "how does X do Y" is usually X and the helpers it delegates to (`_save_table` ->
 * `_do_update`, `_do_insert`).
 */
function withCallees(ordered: readonly PrioritySymbol[], fileNodes: ReadonlyMap<number, StoredNode>, data: IndexData): PrioritySymbol[] {
  const leaders = ordered.filter((p) => CALLABLE_KINDS.has(p.symbol.node.kind)).slice(0, CALLEE_LEADERS);
  if (leaders.length === 0) return [...ordered];
  const out = data.edges.outgoing(leaders.map((p) => p.symbol.node.id));
  const bonus = new Map<number, number>();
  for (const leader of leaders) {
    const base = Math.min(1, leader.priority % 10);
    for (const adj of out.get(leader.symbol.node.id) ?? []) {
      if (adj.kind !== 'calls' || !fileNodes.has(adj.id) || adj.id === leader.symbol.node.id) continue;
      bonus.set(adj.id, Math.max(bonus.get(adj.id) ?? 0, CALLEE_SHARE * base));
    }
  }
  const seen = new Set(ordered.map((p) => p.symbol.node.id));
  const all: PrioritySymbol[] = ordered.map((p) => ({ ...p, priority: p.priority + (bonus.get(p.symbol.node.id) ?? 0) }));
  for (const [id, extra] of bonus) {
    const node = fileNodes.get(id);
    if (seen.has(id) || node === undefined || !CALLABLE_KINDS.has(node.kind)) continue;
    all.push({ symbol: { node, score: 0, base: 0, text: 0, exact: false, named: false }, priority: extra });
  }
  // The file's lead is why the file is shown: its best-ranked own helper comes right after it.
  const lead = ordered.find((p) => p.lead === true)?.symbol.node;
  if (lead === undefined || !CALLABLE_KINDS.has(lead.kind)) return all.sort(byPriority);
  const helpers = new Set((out.get(lead.id) ?? []).filter((a) => a.kind === 'calls' && fileNodes.has(a.id) && a.id !== lead.id).map((a) => a.id));
  const lifted = new Set(all.filter((p) => helpers.has(p.symbol.node.id) && p.priority < 10).sort(byPriority).slice(0, LEAD_HELPERS).map((p) => p.symbol.node.id));
  const top = Math.max(0, ...all.filter((p) => p.priority < 10 && p.lead !== true).map((p) => p.priority));
  return all.map((p) => (lifted.has(p.symbol.node.id) ? { ...p, priority: Math.max(p.priority, top) } : p)).sort(byPriority);
}

/** Files to render: pinned and named first, low scorers dropped, secrets never; at most maxFiles. */
function selectFiles(ranking: Ranking, parsed: ParsedQuery, budget: ExploreBudget, notes: string[]): RankedFile[] {
  const eligible = ranking.files.filter((f) => !isSecretPath(f.path));
  const best = Math.max(0, ...eligible.map((f) => f.base));
  const kept = eligible.filter((f) => f.pinned || f.named || f.base >= best * LOW_SCORE);
  const chosen = kept.slice(0, budget.files);
  const rest = kept.slice(budget.files);
  if (rest.length > 0) {
    notes.push(`${rest.length} more relevant file${rest.length === 1 ? '' : 's'} not shown (maxFiles ${budget.files}): ${rest.slice(0, 4).map((f) => `\`${f.path}\``).join(', ')}${rest.length > 4 ? ` +${rest.length - 4} more` : ''}.`);
  }
  if (parsed.paths.pinned.length > 0 && chosen.length === 0) notes.push('The named files have no room under maxFiles.');
  return chosen;
}

/** Exact targets first, then named definitions, then the best-ranked callables and types. */
function blastRoots(parsed: ParsedQuery, named: readonly StoredNode[], ranking: Ranking, data: IndexData): StoredNode[] {
  const roots: StoredNode[] = named.filter((n) => ROOT_KINDS.has(n.kind) || (n.kind !== 'impl' && parsed.exact.some((t) => t.node?.id === n.id)));
  for (const s of ranking.symbols) {
    if (roots.length >= 5) break;
    if (!ROOT_KINDS.has(s.node.kind) || (isTestSide(s.node.path, data) && !parsed.wantsTests)) continue;
    if (s.exact || s.named || s.text >= ROOT_MIN_TEXT) roots.push(s.node);
  }
  return uniqueNodes(roots).slice(0, 5);
}

/** The definitions the query names exactly (≤ 3 definitions each), non-test first. */
function namedNodes(parsed: ParsedQuery, data: IndexData): StoredNode[] {
  const out: StoredNode[] = [];
  for (const t of parsed.exact) if (t.node !== undefined) out.push(t.node);
  for (const n of parsed.named) {
    if (n.nodes.length > 3 || !n.specific) continue;
    for (const d of n.nodes) if (!isTestSide(d.path, data) || parsed.wantsTests) out.push(d);
  }
  return uniqueNodes(out);
}

/** Lines in `node`'s body that call one of `targets`. */
function callLinesInto(node: StoredNode, targets: ReadonlySet<number>, data: IndexData): number[] {
  const out = data.edges.outgoing([node.id]).get(node.id) ?? [];
  return [...new Set(out.filter((a) => targets.has(a.id) && a.line !== null).map((a) => a.line as number))].slice(0, 6);
}

function summaryLines(parsed: ParsedQuery, ranking: Ranking): string[] {
  const out: string[] = [];
  const p = parsed.paths;
  if (p.pinned.length > 0) out.push(`Pinned from the query: ${p.pinned.map((x) => `\`${x}\``).join(', ')}.`);
  for (const t of parsed.exact) {
    const what = t.node !== undefined ? `\`${t.node.qualifiedName || t.node.name}\` (${t.path}:${t.node.startLine}-${t.node.endLine})` : `${t.path}:${t.start}-${t.end}`;
    out.push(`Exact target: ${what}${t.line !== undefined && t.node !== undefined ? `, enclosing line ${t.line}` : ''}.`);
  }
  if (p.setAside.length > 0) out.push(`Set aside (same path, but defining none of the named symbols): ${p.setAside.slice(0, 4).map((x) => `\`${x}\``).join(', ')}${p.setAside.length > 4 ? ` +${p.setAside.length - 4} more` : ''}.`);
  for (const a of p.ambiguous) out.push(`\`${a.written}\` matches ${a.count} indexed files; give more of its path or name a symbol it defines.`);
  if (p.unresolved.length > 0) out.push(`Not in the index: ${p.unresolved.map((x) => `\`${x}\``).join(', ')}.`);
  if (ranking.symbols.length === 0 && p.pinned.length === 0) {
    out.push('No relevant code found. Try an exact symbol name, a file path, or codegraph_search for partial names.');
  }
  return out;
}

function uniqueNodes(nodes: readonly StoredNode[]): StoredNode[] {
  const seen = new Set<number>();
  return nodes.filter((n) => !seen.has(n.id) && seen.add(n.id) !== undefined);
}

export type { BlastEntry, DynamicSite, RankedSymbol };
