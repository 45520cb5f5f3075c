/**
 * Compact columnar tables for the two long lists of a resolution run: the references going in and
 * the edges coming out. On a large tree these hold millions of rows, and one object per row costs
 * several times the numbers it carries; here a row is a few typed-array slots, and `at(i)` hands
 * out a short-lived object when a caller wants one.
 */
import { EDGE_KINDS, RESOLUTION_METHODS } from '../model.js';
import type { RefKind, ResolutionMethod } from '../model.js';
import type { ResolvedEdge, ResolverRef } from './types.js';

const NONE = -1;

/** Grows `array` to hold at least `need` items, doubling. */
function grow<T extends Int32Array | Uint8Array | Float64Array>(array: T, need: number, make: (n: number) => T): T {
  if (need <= array.length) return array;
  const next = make(Math.max(need, array.length * 2, 64));
  next.set(array);
  return next;
}

/** References in columns; `at(i)` returns the i-th as a plain `ResolverRef`. */
export class RefTable {
  #length = 0;
  #fileId = new Int32Array(0);
  #fromId = new Int32Array(0);
  #line = new Int32Array(0);
  #col = new Int32Array(0);
  #args = new Int32Array(0);
  #kind = new Uint8Array(0);
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
    if (i >= this.#fileId.length) {
      const need = i + 1;
      this.#fileId = grow(this.#fileId, need, (n) => new Int32Array(n));
      this.#fromId = grow(this.#fromId, need, (n) => new Int32Array(n));
      this.#line = grow(this.#line, need, (n) => new Int32Array(n));
      this.#col = grow(this.#col, need, (n) => new Int32Array(n));
      this.#args = grow(this.#args, need, (n) => new Int32Array(n));
      this.#kind = grow(this.#kind, need, (n) => new Uint8Array(n));
    }
    this.#fileId[i] = ref.fileId;
    this.#fromId[i] = ref.fromId;
    this.#line[i] = ref.line;
    this.#col[i] = ref.col;
    this.#args[i] = ref.args ?? NONE;
    this.#kind[i] = EDGE_KINDS.indexOf(ref.kind);
    this.#name.push(ref.name);
    this.#receiver.push(ref.receiver);
    this.#length = i + 1;
  }

  /** The file of the i-th reference (no object made). */
  fileIdAt(i: number): number {
    return this.#fileId[i] ?? NONE;
  }

  /** The i-th reference, or undefined past the end. */
  at(i: number): ResolverRef | undefined {
    if (i < 0 || i >= this.#length) return undefined;
    const receiver = this.#receiver[i];
    const args = this.#args[i] as number;
    return {
      fileId: this.#fileId[i] as number,
      fromId: this.#fromId[i] as number,
      kind: EDGE_KINDS[this.#kind[i] as number] as RefKind,
      name: this.#name[i] as string,
      line: this.#line[i] as number,
      col: this.#col[i] as number,
      ...(receiver !== undefined ? { receiver } : {}),
      ...(args !== NONE ? { args } : {}),
    };
  }
}

/** Resolved edges in columns, iterable as `ResolvedEdge` objects in insertion order. */
export class EdgeTable implements Iterable<ResolvedEdge> {
  #length = 0;
  #source = new Int32Array(0);
  #target = new Int32Array(0);
  #line = new Int32Array(0);
  #col = new Int32Array(0);
  #confidence = new Float64Array(0);
  #kind = new Uint8Array(0);
  #method = new Uint8Array(0);

  get length(): number {
    return this.#length;
  }

  /** Appends one edge. */
  push(edge: ResolvedEdge): void {
    const i = this.#length;
    if (i >= this.#source.length) {
      const need = i + 1;
      this.#source = grow(this.#source, need, (n) => new Int32Array(n));
      this.#target = grow(this.#target, need, (n) => new Int32Array(n));
      this.#line = grow(this.#line, need, (n) => new Int32Array(n));
      this.#col = grow(this.#col, need, (n) => new Int32Array(n));
      this.#confidence = grow(this.#confidence, need, (n) => new Float64Array(n));
      this.#kind = grow(this.#kind, need, (n) => new Uint8Array(n));
      this.#method = grow(this.#method, need, (n) => new Uint8Array(n));
    }
    this.#source[i] = edge.source;
    this.#target[i] = edge.target;
    this.#line[i] = edge.line;
    this.#col[i] = edge.col;
    this.#confidence[i] = edge.confidence;
    this.#kind[i] = EDGE_KINDS.indexOf(edge.kind);
    this.#method[i] = RESOLUTION_METHODS.indexOf(edge.method);
    this.#length = i + 1;
  }

  /** The i-th edge, or undefined past the end. */
  at(i: number): ResolvedEdge | undefined {
    if (i < 0 || i >= this.#length) return undefined;
    return {
      source: this.#source[i] as number,
      target: this.#target[i] as number,
      kind: EDGE_KINDS[this.#kind[i] as number] as RefKind,
      line: this.#line[i] as number,
      col: this.#col[i] as number,
      confidence: this.#confidence[i] as number,
      method: RESOLUTION_METHODS[this.#method[i] as number] as ResolutionMethod,
    };
  }

  *[Symbol.iterator](): Iterator<ResolvedEdge> {
    for (let i = 0; i < this.#length; i++) yield this.at(i) as ResolvedEdge;
  }
}
