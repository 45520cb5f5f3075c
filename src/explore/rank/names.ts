/**
 * In-file relevance by name: which definitions of a file about to be shown are named after the
 * query's words. A question says what it wants ("a lazy relationship loads its objects"), and
 * the definition answering it is usually named with some of those words (`LazyLoader._load_for_state`),
 * so a definition's own name weighs most, its container's name less; names combining several
 * of the words beat names carrying one.
 */
import type { StoredNode } from '../../store/index.js';
import { identifierWords, stem } from '../query/words.js';

const NAME_KINDS = new Set(['function', 'method', 'constructor', 'component', 'route', 'macro', 'class', 'struct', 'enum', 'trait', 'interface', 'type_alias']);
/** A container's name counts this share of a definition's own. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 217 at 0.2, 216 at 0.5. */
const CONTAINER_SHARE = 0.35;

/** A definition of the file and how strongly its name speaks of the query's terms. */
export interface NameHit {
  readonly node: StoredNode;
  readonly score: number;
  /** Distinct terms in the definition's own name. */
  readonly terms: number;
}

/** Scores the definitions among `nodes` whose own names carry query terms (stems). */
export function nameHits(nodes: readonly StoredNode[], terms: readonly string[], weight: (term: string) => number): NameHit[] {
  const list = [...new Set(terms)].slice(0, 24);
  if (list.length === 0) return [];
  // A word many of the file's names share tells its definitions apart less (`token` in a CSRF module).
  const named = nodes.filter((n) => NAME_KINDS.has(n.kind)).map((n) => ({ node: n, own: wordsOf(n.name) }));
  const spread = new Map<string, number>(list.map((t) => [t, Math.sqrt(Math.max(1, named.filter((n) => n.own.has(t)).length))]));
  const rarity = (term: string): number => weight(term) / (spread.get(term) ?? 1);
  const out: NameHit[] = [];
  for (const { node, own } of named) {
    const qualified = node.qualifiedName || node.name;
    const cut = Math.max(qualified.lastIndexOf('.'), qualified.lastIndexOf(':'), qualified.lastIndexOf('#'), qualified.lastIndexOf('\\'));
    const container = cut > 0 ? wordsOf(qualified.slice(0, cut)) : new Set<string>();
    let score = 0;
    let found = 0;
    for (const term of list) {
      if (own.has(term)) {
        score += rarity(term);
        found++;
      } else if (container.has(term)) score += CONTAINER_SHARE * rarity(term);
    }
    if (found === 0) continue;
    out.push({ node, score: score * (1 + 0.5 * (found - 1)), terms: found });
  }
  out.sort((a, b) => b.score - a.score || a.node.startLine - b.node.startLine || a.node.id - b.node.id);
  return out;
}

function wordsOf(identifier: string): Set<string> {
  const out = new Set<string>();
  for (const w of identifierWords(identifier)) {
    out.add(w);
    out.add(stem(w));
  }
  return out;
}
