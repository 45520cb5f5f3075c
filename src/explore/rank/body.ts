/**
 * In-file relevance: which definitions of a file about to be shown use the query's words in
 * their bodies. A question names what code does ("decide between UPDATE and INSERT"), and the
 * definitions doing it often carry those words only inside (`_do_update`, `_do_insert`), so a
 * file's own text re-orders what of it is worth showing. Only the files being rendered are read.
 */
import type { StoredNode } from '../../store/index.js';
import { termVariants } from '../../index/terms/abbreviations.js';
import { identifierWords, stem } from '../query/words.js';

const BODY_KINDS = new Set(['function', 'method', 'constructor', 'component', 'route', 'macro', 'class', 'struct', 'enum', 'trait', 'interface', 'type_alias', 'constant', 'variable']);
const CONTAINER_KINDS = new Set(['class', 'struct', 'enum', 'trait', 'interface']);
/** A container longer than this is shown as its head only: its members are scored instead. */
const MAX_CONTAINER_LINES = 30;
/** Bodies longer than this many lines are containers, not answers: they are not scored. */
const MAX_BODY_LINES = 400;

/** A definition of the file and how strongly its body speaks of the query's terms. */
export interface BodyHit {
  readonly node: StoredNode;
  /** Sum of the weights of the distinct terms in the body, times a bonus for combining them. */
  readonly score: number;
  readonly terms: number;
}

/**
 * Scores the definitions of one file by the query terms (stems) their lines contain.
 * `weight(term)` is the term's global rarity; definitions with no term are left out.
 */
export function bodyHits(lines: readonly string[], nodes: readonly StoredNode[], terms: readonly string[], weight: (term: string) => number): BodyHit[] {
  const list = [...new Set(terms)].slice(0, 24);
  if (list.length === 0 || lines.length === 0) return [];
  // A term's other spellings (`args` for `arguments`) count as the term.
  const index = new Map<string, number>();
  list.forEach((t, k) => {
    for (const v of termVariants(t)) if (!index.has(v)) index.set(v, k);
  });
  list.forEach((t, k) => index.set(t, k));
  const prefixes = new Set([...index.keys()].map((t) => t.slice(0, 3)));
  // Most lines carry none of the terms: one case-insensitive scan for their openings skips them.
  const quick = new RegExp([...prefixes].map((p) => p.replace(/[^a-z0-9]/g, '')).filter((p) => p !== '').join('|') || '(?!)', 'i');
  // Per term, the ascending lines it occurs on.
  const at: number[][] = list.map(() => []);
  for (let n = 1; n <= lines.length; n++) {
    const text = lines[n - 1] ?? '';
    if (text.length > 2000 || !quick.test(text)) continue;
    for (const m of text.matchAll(/[A-Za-z][A-Za-z0-9_]*/g)) {
      const words = identifierWords(m[0]);
      // A compound identifier also counts as its words written together: `url_patterns` is the
      // question's `urlpatterns`.
      if (words.length > 1) words.push(words.join(''));
      for (const w of words) {
        if (w.length < 2 || !prefixes.has(w.slice(0, 3))) continue;
        const k = index.get(stem(w)) ?? index.get(w);
        if (k === undefined) continue;
        const rows = at[k];
        if (rows !== undefined && rows[rows.length - 1] !== n) rows.push(n);
      }
    }
  }
  const out: BodyHit[] = [];
  for (const node of nodes) {
    if (!BODY_KINDS.has(node.kind)) continue;
    const start = node.startLine;
    const end = Math.min(node.endLine, lines.length);
    if (end - start + 1 > (CONTAINER_KINDS.has(node.kind) ? MAX_CONTAINER_LINES : MAX_BODY_LINES)) continue;
    let score = 0;
    let found = 0;
    list.forEach((term, k) => {
      if (hasLineIn(at[k] ?? [], start, end)) {
        score += weight(term);
        found++;
      }
    });
    if (found === 0) continue;
    out.push({ node, score: score * (1 + 0.5 * (found - 1)), terms: found });
  }
  out.sort((a, b) => b.score - a.score || a.node.startLine - b.node.startLine || a.node.id - b.node.id);
  return out;
}

/** Whether the ascending `rows` have a line in start..end. */
function hasLineIn(rows: readonly number[], start: number, end: number): boolean {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((rows[mid] ?? 0) < start) lo = mid + 1;
    else hi = mid;
  }
  return lo < rows.length && (rows[lo] ?? Infinity) <= end;
}
