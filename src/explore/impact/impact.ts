/**
 * The impact stage: what the answer says about the code around the symbols the query names —
 * the call flow among them, the blast radius of the leading definitions, and the dynamic
 * dispatch in their bodies where the static call graph ends.
 */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import { CALLABLE_KINDS } from '../kinds.js';
import type { ParsedQuery } from '../query/understand.js';
import type { Ranking } from '../rank/rank.js';
import { isTestSide } from '../rank/weights.js';
import { blastRadius, type BlastEntry } from './blast.js';
import { dynamicSites, type DynamicSite } from './dynamic.js';
import { callFlows } from './flow.js';

/** The impact blocks of one answer. */
export interface Impact {
  /** The definitions the query names (exact, specific names, whole-name prose), each once. */
  readonly named: readonly StoredNode[];
  readonly blast: readonly BlastEntry[];
  readonly flows: readonly (readonly StoredNode[])[];
  readonly dynamic: readonly DynamicSite[];
}

const ROOT_KINDS = new Set(['function', 'method', 'constructor', 'component', 'route', 'class', 'struct', 'interface', 'trait', 'macro']);
/** Most blast-radius roots. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 4, 216 at 6. */
const MAX_ROOTS = 5;
/** Seed strength a ranked symbol needs to lead the blast radius (pinned-file filler has less). Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.05, 217 at 0.2. */
const ROOT_MIN_TEXT = 0.1;
/** A name with more definitions than this is too vague to name any of them. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 2, 217 at 4. */
const MAX_NAMED_DEFINITIONS = 3;

/** The impact of `parsed` as ranked; `freshLines` gives a file's current lines while they match the index. */
export function impactOf(parsed: ParsedQuery, ranking: Ranking, data: IndexData, freshLines: (path: string) => readonly string[] | undefined): Impact {
  const named = uniqueNodes([...namedNodes(parsed, data), ...ranking.prose]);
  const roots = blastRoots(parsed, named, ranking, data);
  const anchored = parsed.exact.flatMap((t) => (t.node === undefined ? [] : [t.node]));
  return {
    named,
    blast: blastRadius(roots, data),
    flows: callFlows(named, data),
    dynamic: dynamicSites(uniqueNodes([...anchored, ...roots]).filter((n) => CALLABLE_KINDS.has(n.kind)), freshLines),
  };
}

/** Exact targets first, then named definitions, then the best-ranked callables and types. */
function blastRoots(parsed: ParsedQuery, named: readonly StoredNode[], ranking: Ranking, data: IndexData): StoredNode[] {
  const roots: StoredNode[] = named.filter((n) => ROOT_KINDS.has(n.kind) || (n.kind !== 'impl' && parsed.exact.some((t) => t.node?.id === n.id)));
  for (const s of ranking.symbols) {
    if (roots.length >= MAX_ROOTS) break;
    if (!ROOT_KINDS.has(s.node.kind) || (isTestSide(s.node.path, data) && !parsed.wantsTests)) continue;
    if (s.exact || s.named || s.text >= ROOT_MIN_TEXT) roots.push(s.node);
  }
  return uniqueNodes(roots).slice(0, MAX_ROOTS);
}

/** The definitions the query names exactly (≤ 3 definitions each), non-test first. */
function namedNodes(parsed: ParsedQuery, data: IndexData): StoredNode[] {
  const out: StoredNode[] = [];
  for (const t of parsed.exact) if (t.node !== undefined) out.push(t.node);
  for (const n of parsed.named) {
    if (n.nodes.length > MAX_NAMED_DEFINITIONS || !n.specific) continue;
    for (const d of n.nodes) if (!isTestSide(d.path, data) || parsed.wantsTests) out.push(d);
  }
  return uniqueNodes(out);
}

/** `nodes` without repeats, first occurrence kept. */
function uniqueNodes(nodes: readonly StoredNode[]): StoredNode[] {
  const seen = new Set<number>();
  return nodes.filter((n) => !seen.has(n.id) && seen.add(n.id) !== undefined);
}
