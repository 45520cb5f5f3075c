/**
 * Measured test coverage of a blast-radius root: walks up the caller graph (direct callers are
 * hop 1) for at most three hops and 64 caller lookups, stopping at the first hop that reaches a
 * test file. The frontier itself is never capped, only the lookups.
 */
import type { IndexData } from '../data/index-data.js';
import { CALLER_KINDS } from '../data/edges.js';

export const COVERAGE_HOPS = 3;
export const COVERAGE_LOOKUPS = 64;

/** What the walk found. */
export type Coverage =
  | { readonly kind: 'tested'; readonly files: readonly string[] }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'budget-exhausted' };

/** Walks up from `rootId` looking for callers in test files. */
export function testCoverage(rootId: number, data: IndexData): Coverage {
  const visited = new Set<number>([rootId]);
  let frontier = [rootId];
  let lookups = 0;
  for (let hop = 1; hop <= COVERAGE_HOPS && frontier.length > 0; hop++) {
    const room = COVERAGE_LOOKUPS - lookups;
    const batch = frontier.slice(0, room);
    lookups += batch.length;
    const incoming = data.edges.incoming(batch);
    const next: number[] = [];
    for (const id of batch) {
      for (const adj of incoming.get(id) ?? []) {
        if (!CALLER_KINDS.has(adj.kind) || visited.has(adj.id)) continue;
        visited.add(adj.id);
        next.push(adj.id);
      }
    }
    const nodes = data.nodes.many(next);
    const tests: string[] = [];
    for (const id of next) {
      const path = nodes.get(id)?.path;
      if (path !== undefined && data.byPath.get(path)?.isTest === true && !tests.includes(path)) tests.push(path);
    }
    if (tests.length > 0) return { kind: 'tested', files: tests.sort() };
    if (batch.length < frontier.length) return { kind: 'budget-exhausted' };
    frontier = next;
  }
  return { kind: 'not-found' };
}

/** The suffix the blast radius prints for a coverage outcome. */
export function coverageSuffix(coverage: Coverage): string {
  switch (coverage.kind) {
    case 'tested': {
      const shown = coverage.files.slice(0, 2).map((f) => `\`${f}\``).join(', ');
      const more = coverage.files.length - 2;
      return `; tested via callers: ${shown}${more > 0 ? ` +${more}` : ''}`;
    }
    case 'not-found':
      return `; no tests found within ${COVERAGE_HOPS} caller hops`;
    case 'budget-exhausted':
      return '; no test calls this directly';
  }
}
