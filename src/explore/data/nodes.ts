/**
 * Batched, memoized node reads. Explore touches a few hundred nodes per query; one statement per
 * batch instead of one per node keeps that in the low milliseconds on large indexes.
 */
import type { GraphStore, StoredNode } from '../../store/index.js';

const CHUNK = 400;
/** Past this many memoized nodes the memo starts over (bounded memory on huge indexes). */
const MEMO_LIMIT = 200_000;
const FILE_MEMO_LIMIT = 2_000;

/** Reads nodes by id in batches and remembers them for later queries on the same index. */
export class NodeReader {
  readonly #store: GraphStore;
  readonly #memo = new Map<number, StoredNode | null>();
  readonly #files = new Map<string, StoredNode[]>();

  constructor(store: GraphStore) {
    this.#store = store;
  }

  /** One node, or undefined when the id is unknown. */
  get(id: number): StoredNode | undefined {
    return this.many([id]).get(id);
  }

  /** The nodes with these ids that exist. */
  many(ids: Iterable<number>): Map<number, StoredNode> {
    const out = new Map<number, StoredNode>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = this.#memo.get(id);
      if (hit === undefined) missing.push(id);
      else if (hit !== null) out.set(id, hit);
    }
    if (missing.length === 0) return out;
    if (this.#memo.size + missing.length > MEMO_LIMIT) this.#memo.clear();
    const unique = [...new Set(missing)];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const chunk = unique.slice(i, i + CHUNK);
      // By ascending id, the order one `IN` statement over the chunk reads them in.
      for (const node of this.#store.nodesByIds([...chunk].sort((x, y) => x - y))) {
        this.#memo.set(node.id, node);
        out.set(node.id, node);
      }
      for (const id of chunk) if (!this.#memo.has(id)) this.#memo.set(id, null);
    }
    return out;
  }

  /** The nodes of one file in source order (file node first); memoizes each node. */
  inFile(path: string): readonly StoredNode[] {
    const known = this.#files.get(path);
    if (known !== undefined) return known;
    if (this.#files.size >= FILE_MEMO_LIMIT) this.#files.clear();
    const nodes = this.#store.nodesInFile(path);
    this.#files.set(path, nodes);
    for (const n of nodes) this.#memo.set(n.id, n);
    return nodes;
  }
}
