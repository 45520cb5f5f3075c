/**
 * The term index: every definition's words, stemmed, by where they occur — its own name's
 * segments, its qualifier (enclosing class or module), the opening of its docstring, and its
 * file's path — so a prose question ("when saving a model, how is UPDATE chosen over INSERT")
 * meets `Model._do_update` by the words it is made of. Built once per index from one pass over
 * the nodes (no extra table); scored per query with an inverse-frequency weight per word.
 */
import type { NodeKind } from '../../model.js';
import { eachDefinitionText, eachFilePath } from '../../store/index.js';
import type { GraphStore } from '../../store/index.js';
import { STOPWORDS, identifierWords, stem } from '../query/words.js';

/** How much of a docstring is read: its opening says what the definition is for. */
const DOC_CHARS = 320;
/** Most query terms scored (bit masks are 32 wide). */
export const MAX_TERMS = 24;
/** Where a word occurred, in the order of how much it says about the definition. */
const FIELD_WEIGHT = { name: 1, qualifier: 0.55, doc: 0.3, path: 0.3 } as const;
/** A docstring word in more than this share of definitions says little. */
const DOC_COMMON_SHARE = 0.2;
/** A path word in more than this share of files says little. */
const PATH_COMMON_SHARE = 0.25;

const KIND_FACTOR: Readonly<Partial<Record<NodeKind, number>>> = {
  function: 1, method: 1, constructor: 0.8, component: 1, route: 1, macro: 0.9,
  class: 0.95, struct: 0.95, interface: 0.85, trait: 0.9, protocol: 0.85, enum: 0.8, union: 0.7, type_alias: 0.75,
  module: 0.5, namespace: 0.5, constant: 0.55, variable: 0.45, property: 0.45, field: 0.35, enum_member: 0.3,
};

/** One definition the query words matched. */
export interface TermMatch {
  readonly id: number;
  readonly score: number;
  /** Distinct query terms found in the name, qualifier, docstring or path. */
  readonly covered: number;
  /** Query terms among the name's own segments, and how many segments the name has. */
  readonly nameHits: number;
  readonly nameSegments: number;
}

/** Definitions by the stemmed words of their names, qualifiers, docstrings and paths. */
export class TermIndex {
  readonly #ids: Int32Array;
  readonly #file: Int32Array;
  readonly #kind: Float32Array;
  readonly #segments: Uint8Array;
  readonly #name: Map<string, number[]>;
  readonly #qualifier: Map<string, number[]>;
  readonly #doc: Map<string, number[]>;
  readonly #path: Map<string, number[]>;
  readonly #fileCount: number;

  private constructor(parts: {
    ids: Int32Array; file: Int32Array; kind: Float32Array; segments: Uint8Array; fileCount: number;
    name: Map<string, number[]>; qualifier: Map<string, number[]>; doc: Map<string, number[]>; path: Map<string, number[]>;
  }) {
    this.#ids = parts.ids;
    this.#file = parts.file;
    this.#kind = parts.kind;
    this.#segments = parts.segments;
    this.#name = parts.name;
    this.#qualifier = parts.qualifier;
    this.#doc = parts.doc;
    this.#path = parts.path;
    this.#fileCount = parts.fileCount;
  }

  /** Reads every definition once. */
  static build(store: GraphStore): TermIndex {
    const fileIndex = new Map<number, number>();
    const path = new Map<string, number[]>();
    eachFilePath(store, (id, p) => {
      const index = fileIndex.size;
      fileIndex.set(id, index);
      for (const w of pathTerms(p)) push(path, w, index);
    });
    const ids: number[] = [];
    const files: number[] = [];
    const kinds: number[] = [];
    const segments: number[] = [];
    const name = new Map<string, number[]>();
    const qualifier = new Map<string, number[]>();
    const doc = new Map<string, number[]>();
    eachDefinitionText(store, DOC_CHARS, (id, fileId, kind, rawName, qualifiedName, text) => {
      const i = ids.length;
      const own = termsOf(rawName);
      const dot = qualifiedName.lastIndexOf('.');
      const outer = dot > 0 ? termsOf(qualifiedName.slice(0, dot)).filter((w) => !own.includes(w)) : [];
      ids.push(id);
      files.push(fileIndex.get(fileId) ?? -1);
      kinds.push(KIND_FACTOR[kind] ?? 0.4);
      segments.push(Math.min(255, own.length));
      for (const w of own) push(name, w, i);
      for (const w of outer) push(qualifier, w, i);
      if (text !== '') for (const w of proseTerms(text)) if (!own.includes(w) && !outer.includes(w)) push(doc, w, i);
    });
    return new TermIndex({
      ids: Int32Array.from(ids), file: Int32Array.from(files), kind: Float32Array.from(kinds), segments: Uint8Array.from(segments),
      fileCount: fileIndex.size, name, qualifier, doc, path,
    });
  }

  /** How many definitions carry `term` in their names (for telling rare words from common ones). */
  nameFrequency(term: string): number {
    return this.#name.get(term)?.length ?? 0;
  }

  /** The rarity weight of a term: high for words few definitions carry, near 0 for common ones. */
  weight(term: string): number {
    const n = this.#ids.length;
    const df = (this.#name.get(term)?.length ?? 0) + (this.#qualifier.get(term)?.length ?? 0) + 0.5 * (this.#doc.get(term)?.length ?? 0);
    return Math.log(1 + n / (1 + df));
  }

  /**
   * The best `limit` definitions for the stemmed `terms`: each term adds its inverse frequency
   * times the weight of the best field it occurs in; a definition combining several terms is
   * multiplied up, and its name's share of matched segments scales the name part.
   */
  match(terms: readonly string[], limit: number): TermMatch[] {
    const list = [...new Set(terms)].slice(0, MAX_TERMS);
    const n = this.#ids.length;
    if (list.length === 0 || n === 0) return [];
    const nameScore = new Float32Array(n);
    const otherScore = new Float32Array(n);
    const bits = new Uint32Array(n);
    const nameHits = new Uint8Array(n);
    const touched: number[] = [];
    const filePathBits = new Map<number, number>();
    const idf: number[] = [];
    list.forEach((term, k) => {
      const named = this.#name.get(term) ?? [];
      const outer = this.#qualifier.get(term) ?? [];
      const doc = this.#doc.get(term) ?? [];
      const weight = this.weight(term);
      idf.push(weight);
      const bit = 1 << k;
      const hit = (i: number, field: number, isName: boolean): void => {
        if ((bits[i] ?? 0) & bit) return;
        if (bits[i] === 0) touched.push(i);
        bits[i] = (bits[i] ?? 0) | bit;
        if (isName) {
          nameScore[i] = (nameScore[i] ?? 0) + weight * field;
          nameHits[i] = (nameHits[i] ?? 0) + 1;
        } else otherScore[i] = (otherScore[i] ?? 0) + weight * field;
      };
      for (const i of named) hit(i, FIELD_WEIGHT.name, true);
      for (const i of outer) hit(i, FIELD_WEIGHT.qualifier, false);
      if (doc.length <= n * DOC_COMMON_SHARE) for (const i of doc) hit(i, FIELD_WEIGHT.doc, false);
      // A directory every file shares (`django/`, `src/`) tells nothing apart.
      const inPaths = this.#path.get(term) ?? [];
      if (inPaths.length <= this.#fileCount * PATH_COMMON_SHARE) for (const f of inPaths) filePathBits.set(f, (filePathBits.get(f) ?? 0) | bit);
    });
    const out: TermMatch[] = [];
    for (const i of touched) {
      let mask = bits[i] ?? 0;
      let path = 0;
      const extra = (filePathBits.get(this.#file[i] ?? -1) ?? 0) & ~mask;
      for (let k = 0; k < list.length; k++) if (extra & (1 << k)) path += (idf[k] ?? 0) * FIELD_WEIGHT.path;
      mask |= extra;
      const covered = popcount(mask);
      const segs = this.#segments[i] ?? 0;
      const hits = nameHits[i] ?? 0;
      const share = segs === 0 ? 0 : Math.min(1, hits / segs);
      const base = (nameScore[i] ?? 0) * (0.55 + 0.45 * share) + (otherScore[i] ?? 0) + path;
      const score = base * (1 + 0.45 * (covered - 1)) * (this.#kind[i] ?? 0.4);
      out.push({ id: this.#ids[i] ?? 0, score, covered, nameHits: hits, nameSegments: segs });
    }
    out.sort((a, b) => b.score - a.score || a.id - b.id);
    return out.slice(0, limit);
  }

  /** Indexed files (the path postings' universe). */
  get fileCount(): number {
    return this.#fileCount;
  }
}

/**
 * Stemmed words of an identifier or qualified name, without one-letter ones and stop words
 * (`_do_update` is made of `update`: the query never carries `do`).
 */
export function termsOf(identifier: string): string[] {
  const out: string[] = [];
  for (const w of identifierWords(identifier)) {
    if (w.length < 2 || /^\d+$/.test(w) || STOPWORDS.has(w)) continue;
    const s = stem(w);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** Stemmed words of a path's directories and file stem (the extension is not a word). */
export function pathTerms(path: string): string[] {
  const parts = path.split('/');
  const last = parts.pop() ?? '';
  const dot = last.lastIndexOf('.');
  parts.push(dot > 0 ? last.slice(0, dot) : last);
  const out: string[] = [];
  for (const part of parts) for (const w of termsOf(part)) if (!out.includes(w)) out.push(w);
  return out;
}

/** Stemmed content words of prose (a docstring), identifiers in it split into their words. */
export function proseTerms(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    for (const w of identifierWords(m[0])) {
      if (w.length < 3 || STOPWORDS.has(w)) continue;
      out.add(stem(w));
    }
  }
  return [...out];
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}
