/**
 * Batched, memoized node reads. Explore touches a few hundred nodes per query; one statement per
 * batch instead of one per node keeps that in the low milliseconds on large indexes.
 */
import { NODE_KINDS } from '../../model.js';
import type { NodeKind } from '../../model.js';
import type { GraphStore, StoredNode } from '../../store/index.js';
import { toNode } from '../../store/records.js';

const COLUMNS = `n.id, n.file_id, f.path, n.kind, n.name, n.qualified_name, n.start_line, n.start_col,
  n.end_line, n.end_col, n.parent_id, n.signature, n.docstring, n.exported`;
const CHUNK = 400;
/** Past this many memoized nodes the memo starts over (bounded memory on huge indexes). */
const MEMO_LIMIT = 200_000;
const FILE_MEMO_LIMIT = 2_000;

/** The integer code the store uses for a node kind. */
export function nodeKindCode(kind: NodeKind): number {
  return NODE_KINDS.indexOf(kind);
}

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
      const rows = this.#store.db.all(
        `SELECT ${COLUMNS} FROM nodes n JOIN files f ON f.id = n.file_id WHERE n.id IN (${chunk.map(() => '?').join(',')})`,
        chunk,
      );
      for (const row of rows) {
        const node = toNode(row);
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
