/**
 * Compact columnar tables for the two long lists of a resolution run: the references going in and
 * the edges coming out. On a large tree these hold millions of rows, and one object per row costs
 * several times the numbers it carries; here a row is a few typed-array slots, and `at(i)` hands
 * out a short-lived object when a caller wants one.
 */
import { EDGE_KINDS, RESOLUTION_METHODS } from '../model.js';
import type { RefKind, ResolutionMethod } from '../model.js';
import type { ResolvedEdge, ResolverRef } from '../model.js';

const NONE = -1;

type Column = Int32Array | Uint8Array | Float64Array;

/** The same columns grown (doubling) to hold at least `need` rows, contents kept. */
function ensure<T extends Record<string, Column>>(columns: T, need: number): T {
  const first = Object.values(columns)[0];
  if (first === undefined || need <= first.length) return columns;
  const size = Math.max(need, first.length * 2, 64);
  const grown: Record<string, Column> = {};
  for (const [key, column] of Object.entries(columns)) {
    const next = new (column.constructor as new (length: number) => Column)(size);
    next.set(column);
    grown[key] = next;
  }
  return grown as T;
}

/** References in columns; `at(i)` returns the i-th as a plain `ResolverRef`. */
export class RefTable {
  #length = 0;
  #cols = {
    fileId: new Int32Array(0), fromId: new Int32Array(0), line: new Int32Array(0), col: new Int32Array(0),
    args: new Int32Array(0), kind: new Uint8Array(0),
  };
  readonly #name: string[] = [];
  readonly #receiver: (string | undefined)[] = [];

  /** A table holding `refs`, in order. */
  static of(refs: Iterable<ResolverRef>): RefTable {
    const table = new RefTable();
    for (const ref of refs) table.push(ref);
    return table;
  }

  get length(): number {
    return this.#length;
  }

  /** Appends one reference. */
  push(ref: ResolverRef): void {
    const i = this.#length;
    const c = (this.#cols = ensure(this.#cols, i + 1));
    c.fileId[i] = ref.fileId;
    c.fromId[i] = ref.fromId;
    c.line[i] = ref.line;
    c.col[i] = ref.col;
    c.args[i] = ref.args ?? NONE;
    c.kind[i] = EDGE_KINDS.indexOf(ref.kind);
    this.#name.push(ref.name);
    this.#receiver.push(ref.receiver);
    this.#length = i + 1;
  }

  /** The file of the i-th reference (no object made). */
  fileIdAt(i: number): number {
    return this.#cols.fileId[i] ?? NONE;
  }

  /** The i-th reference, or undefined past the end. */
  at(i: number): ResolverRef | undefined {
    if (i < 0 || i >= this.#length) return undefined;
    const c = this.#cols;
    const receiver = this.#receiver[i];
    const args = c.args[i] as number;
    return {
      fileId: c.fileId[i] as number,
      fromId: c.fromId[i] as number,
      kind: EDGE_KINDS[c.kind[i] as number] as RefKind,
      name: this.#name[i] as string,
      line: c.line[i] as number,
      col: c.col[i] as number,
      ...(receiver !== undefined ? { receiver } : {}),
      ...(args !== NONE ? { args } : {}),
    };
  }
}

/** Resolved edges in columns, iterable as `ResolvedEdge` objects in insertion order. */
export class EdgeTable implements Iterable<ResolvedEdge> {
  #length = 0;
  #cols = {
    source: new Int32Array(0), target: new Int32Array(0), line: new Int32Array(0), col: new Int32Array(0),
    confidence: new Float64Array(0), kind: new Uint8Array(0), method: new Uint8Array(0),
  };

  get length(): number {
    return this.#length;
  }

  /** Appends one edge. */
  push(edge: ResolvedEdge): void {
    const i = this.#length;
    const c = (this.#cols = ensure(this.#cols, i + 1));
    c.source[i] = edge.source;
    c.target[i] = edge.target;
    c.line[i] = edge.line;
    c.col[i] = edge.col;
    c.confidence[i] = edge.confidence;
    c.kind[i] = EDGE_KINDS.indexOf(edge.kind);
    c.method[i] = RESOLUTION_METHODS.indexOf(edge.method);
    this.#length = i + 1;
  }

  /** The i-th edge, or undefined past the end. */
  at(i: number): ResolvedEdge | undefined {
    if (i < 0 || i >= this.#length) return undefined;
    const c = this.#cols;
    return {
      source: c.source[i] as number,
      target: c.target[i] as number,
      kind: EDGE_KINDS[c.kind[i] as number] as RefKind,
      line: c.line[i] as number,
      col: c.col[i] as number,
      confidence: c.confidence[i] as number,
      method: RESOLUTION_METHODS[c.method[i] as number] as ResolutionMethod,
    };
  }

  *[Symbol.iterator](): Iterator<ResolvedEdge> {
    for (let i = 0; i < this.#length; i++) yield this.at(i) as ResolvedEdge;
  }
}
