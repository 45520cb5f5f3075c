/**
 * Batched, memoized adjacency reads over the relationship edges explore walks (everything but
 * `contains`, `imports` and `exports`, which relate files rather than behaviour).
 */
import type { EdgeKind } from '../../model.js';
import { eachEdgeOf } from '../../store/index.js';
import type { GraphStore } from '../../store/index.js';

/** Edge kinds that carry behaviour between symbols. */
export const WALK_KINDS: readonly EdgeKind[] = [
  'calls', 'references', 'instantiates', 'extends', 'implements', 'overrides', 'type_of', 'returns', 'decorates',
];
/** Edge kinds that make the source a caller (user) of the target. */
export const CALLER_KINDS: ReadonlySet<EdgeKind> = new Set<EdgeKind>(['calls', 'instantiates', 'references']);

/** One neighbour of a node: the node at the other end of an edge. */
export interface Adjacent {
  readonly id: number;
  readonly kind: EdgeKind;
  /** Line of the reference in the source's file, when known. */
  readonly line: number | null;
}

const CHUNK = 400;
const MEMO_LIMIT = 100_000;

/** Reads outgoing and incoming relationship edges for many nodes at once. */
export class EdgeReader {
  readonly #store: GraphStore;
  readonly #out = new Map<number, Adjacent[]>();
  readonly #in = new Map<number, Adjacent[]>();

  constructor(store: GraphStore) {
    this.#store = store;
  }

  /** Edges leaving each node (targets), in source order. */
  outgoing(ids: Iterable<number>): Map<number, readonly Adjacent[]> {
    return this.#read(ids, this.#out, 'out');
  }

  /** Edges arriving at each node (sources). */
  incoming(ids: Iterable<number>): Map<number, readonly Adjacent[]> {
    return this.#read(ids, this.#in, 'in');
  }

  #read(ids: Iterable<number>, memo: Map<number, Adjacent[]>, direction: 'out' | 'in'): Map<number, readonly Adjacent[]> {
    const out = new Map<number, readonly Adjacent[]>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = memo.get(id);
      if (hit === undefined) missing.push(id);
      else out.set(id, hit);
    }
    if (missing.length === 0) return out;
    if (memo.size + missing.length > MEMO_LIMIT) memo.clear();
    const unique = [...new Set(missing)];
    for (const id of unique) memo.set(id, []);
    for (let i = 0; i < unique.length; i += CHUNK) {
      const chunk = unique.slice(i, i + CHUNK);
      eachEdgeOf(this.#store, chunk, direction, WALK_KINDS, (from, to, kind, line) => {
        const list = memo.get(from);
        if (list === undefined || from === to) return;
        list.push({ id: to, kind, line });
      });
    }
    for (const id of unique) out.set(id, memo.get(id) ?? []);
    return out;
  }
}
