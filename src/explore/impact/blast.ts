/** Blast radius of the leading symbols: who calls them, from which files, and test coverage. */
import type { StoredNode } from '../../store/index.js';
import type { IndexData } from '../data/index-data.js';
import { CALLER_KINDS } from '../data/edges.js';
import { MAX_OVERRIDE_DEPTH } from '../../graph/index.js';
import { coverageSuffix, testCoverage, type Coverage } from './coverage.js';

/** At most this many roots get a blast-radius line. */
export const MAX_BLAST_ROOTS = 5;

/** One root's blast radius. */
export interface BlastEntry {
  readonly node: StoredNode;
  /** Distinct direct callers. */
  readonly callers: number;
  /** Files of the callers, most callers first. */
  readonly callerFiles: readonly string[];
  readonly coverage: Coverage;
  /**
   * With no direct caller: the nearest declaration up from it that it overrides or implements
   * and that has callers (an interface's method), and how many; calls through it may run it.
   */
  readonly through?: { readonly name: string; readonly callers: number };
}


/** The blast radius of each root (at most five). */
export function blastRadius(roots: readonly StoredNode[], data: IndexData): BlastEntry[] {
  const chosen = roots.slice(0, MAX_BLAST_ROOTS);
  const incoming = data.edges.incoming(chosen.map((r) => r.id));
  return chosen.map((node) => {
    const callerIds = [...new Set((incoming.get(node.id) ?? []).filter((a) => CALLER_KINDS.has(a.kind)).map((a) => a.id))];
    const callers = data.nodes.many(callerIds);
    const perFile = new Map<string, number>();
    for (const id of callerIds) {
      const path = callers.get(id)?.path;
      if (path !== undefined) perFile.set(path, (perFile.get(path) ?? 0) + 1);
    }
    const callerFiles = [...perFile].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([p]) => p);
    const through = callerIds.length === 0 ? throughDeclaration(node.id, data) : undefined;
    return { node, callers: callerIds.length, callerFiles, coverage: testCoverage(node.id, data), ...(through === undefined ? {} : { through }) };
  });
}

/**
 * The nearest declaration up the overrides from `id` (as far as codegraph_callers follows them)
 * whose callers are others than `id`, with their count.
 */
function throughDeclaration(id: number, data: IndexData): BlastEntry['through'] {
  const seen = new Set<number>([id]);
  let frontier = [id];
  for (let step = 0; step < MAX_OVERRIDE_DEPTH && frontier.length > 0; step++) {
    const up = data.edges.outgoing(frontier);
    frontier = [];
    for (const adjacent of [...up.values()].flat()) {
      if (adjacent.kind !== 'overrides' || seen.has(adjacent.id)) continue;
      seen.add(adjacent.id);
      frontier.push(adjacent.id);
    }
    const incoming = data.edges.incoming(frontier);
    const nodes = data.nodes.many(frontier);
    for (const declaration of frontier) {
      const callers = new Set((incoming.get(declaration) ?? []).filter((a) => CALLER_KINDS.has(a.kind) && a.id !== id).map((a) => a.id));
      const node = nodes.get(declaration);
      if (callers.size > 0 && node !== undefined) return { name: node.qualifiedName || node.name, callers: callers.size };
    }
  }
  return undefined;
}

/** One blast-radius bullet. */
export function blastLine(entry: BlastEntry): string {
  const n = entry.node;
  const where = `\`${n.qualifiedName || n.name}\` (${n.path}:${n.startLine})`;
  let callers: string;
  if (entry.callers === 0 && entry.through !== undefined) {
    callers = `no direct callers; ${entry.through.callers} through \`${entry.through.name}\`, which it overrides or implements`;
  } else if (entry.callers === 0) callers = 'no callers found';
  else {
    const files = entry.callerFiles.slice(0, 2).map((f) => `\`${f}\``).join(', ');
    const more = entry.callerFiles.length - 2;
    callers = `${entry.callers} caller${entry.callers === 1 ? '' : 's'} in ${files}${more > 0 ? ` +${more} more` : ''}`;
  }
  return `- ${where} — ${callers}${coverageSuffix(entry.coverage)}`;
}
