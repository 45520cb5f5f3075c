/**
 * The term index: every definition's words, stemmed, by where they occur — its own name's
 * segments, its qualifier (enclosing class or module), the opening of its docstring, and its
 * file's path — so a prose question ("when saving a model, how is UPDATE chosen over INSERT")
 * meets `Model._do_update` by the words it is made of. The postings come from the base a sync
 * stored (term-source.ts), read per query term; scored per query with an inverse-frequency
 * weight per word.
 */
import { NODE_KINDS } from '../../model.js';
import type { NodeKind } from '../../model.js';
import type { GraphStore, TermField } from '../../store/index.js';
import { termVariants } from '../../index/terms/abbreviations.js';
import { openTermSource } from './term-source.js';
import type { TermSource } from './term-source.js';

export { pathTerms, proseTerms, termsOf } from '../../index/terms/words.js';

/** Most query terms scored (bit masks are 32 wide). */
export const MAX_TERMS = 24;
/** Where a word occurred, in the order of how much it says about the definition. */
const FIELD_WEIGHT = { name: 1, qualifier: 0.55, doc: 0.3, path: 0.3 } as const;
/** A docstring word in more than this share of definitions says little. */
const DOC_COMMON_SHARE = 0.2;
/** A path word in more than this share of files says little. */
const PATH_COMMON_SHARE = 0.25;
/** Postings kept per process (a query reads at most MAX_TERMS x 4). */
const POSTINGS_MEMO = 4096;

const KIND_FACTOR: Readonly<Partial<Record<NodeKind, number>>> = {
  function: 1, method: 1, constructor: 0.8, component: 1, route: 1, macro: 0.9,
  class: 0.95, struct: 0.95, interface: 0.85, trait: 0.9, protocol: 0.85, enum: 0.8, union: 0.7, type_alias: 0.75,
  module: 0.5, namespace: 0.5, constant: 0.55, variable: 0.45, property: 0.45, field: 0.35, enum_member: 0.3,
};
/** KIND_FACTOR by stored kind code. */
const FACTOR_BY_CODE = Float32Array.from(NODE_KINDS, (k) => KIND_FACTOR[k] ?? 0.4);

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
  readonly #source: TermSource;
  readonly #memo = new Map<string, ArrayLike<number>>();

  private constructor(source: TermSource) {
    this.#source = source;
  }

  /** Opens the stored term index of `store` (or gathers it in memory when none is stored, or `stored` is false). */
  static build(store: GraphStore, options: { readonly stored?: boolean } = {}): TermIndex {
    return new TermIndex(openTermSource(store, options));
  }

  /** How many definitions carry `term` in their names (for telling rare words from common ones). */
  nameFrequency(term: string): number {
    return this.#postings('name', term).length;
  }

  /**
   * The rarity weight of a term: high for words few definitions carry, near 0 for common ones.
   * A term's other spellings (abbreviations.ts) count as the term.
   */
  weight(term: string): number {
    const n = this.#source.definitions;
    let df = 0;
    for (const t of spellings(term)) df += this.#postings('name', t).length + this.#postings('qualifier', t).length + 0.5 * this.#postings('doc', t).length;
    return Math.log(1 + n / (1 + df));
  }

  /**
   * The best `limit` definitions for the stemmed `terms`: each term adds its inverse frequency
   * times the weight of the best field it occurs in; a definition combining several terms is
   * multiplied up, and its name's share of matched segments scales the name part.
   */
  match(terms: readonly string[], limit: number): TermMatch[] {
    const list = [...new Set(terms)].slice(0, MAX_TERMS);
    const source = this.#source;
    if (list.length === 0 || source.definitions === 0) return [];
    const scores = new MatchScores();
    const filePathBits = new Map<number, number>();
    const idf: number[] = [];
    list.forEach((term, k) => {
      const weight = this.weight(term);
      idf.push(weight);
      const bit = 1 << k;
      // A term's other spellings hit under its bit: a definition counts the term once.
      for (const t of spellings(term)) {
        scores.hitAll(this.#postings('name', t), bit, weight * FIELD_WEIGHT.name, true);
        scores.hitAll(this.#postings('qualifier', t), bit, weight * FIELD_WEIGHT.qualifier, false);
        const doc = this.#postings('doc', t);
        if (doc.length <= source.definitions * DOC_COMMON_SHARE) scores.hitAll(doc, bit, weight * FIELD_WEIGHT.doc, false);
        // A directory every file shares (`django/`, `src/`) tells nothing apart.
        const inPaths = this.#postings('path', t);
        if (inPaths.length <= source.fileCount * PATH_COMMON_SHARE) {
          for (let p = 0; p < inPaths.length; p++) {
            const f = inPaths[p] as number;
            filePathBits.set(f, (filePathBits.get(f) ?? 0) | bit);
          }
        }
      }
    });
    const out: TermMatch[] = [];
    for (const [id, s] of scores.all) {
      const kind = source.kindOf(id);
      if (kind === NO_DEFINITION_CODE) continue;
      let mask = s.bits;
      let path = 0;
      const extra = (filePathBits.get(source.fileOf(id)) ?? 0) & ~mask;
      for (let k = 0; k < list.length; k++) if (extra & (1 << k)) path += (idf[k] ?? 0) * FIELD_WEIGHT.path;
      mask |= extra;
      const covered = popcount(mask);
      const segs = source.segmentsOf(id);
      const share = segs === 0 ? 0 : Math.min(1, s.nameHits / segs);
      const base = s.name * (0.55 + 0.45 * share) + s.other + path;
      const score = base * (1 + 0.45 * (covered - 1)) * (FACTOR_BY_CODE[kind] ?? 0.4);
      out.push({ id, score, covered, nameHits: s.nameHits, nameSegments: segs });
    }
    out.sort((a, b) => b.score - a.score || a.id - b.id);
    return out.slice(0, limit);
  }

  /** Indexed files (the path postings' universe). */
  get fileCount(): number {
    return this.#source.fileCount;
  }

  #postings(field: TermField, term: string): ArrayLike<number> {
    const key = `${field}\u0000${term}`;
    let ids = this.#memo.get(key);
    if (ids === undefined) {
      if (this.#memo.size >= POSTINGS_MEMO) this.#memo.clear();
      ids = this.#source.postings(field, term);
      this.#memo.set(key, ids);
    }
    return ids;
  }
}

const NO_DEFINITION_CODE = 255;

/** A term and its other spellings. */
function spellings(term: string): readonly string[] {
  const variants = termVariants(term);
  return variants.length === 0 ? [term] : [term, ...variants];
}

interface Score {
  bits: number;
  name: number;
  other: number;
  nameHits: number;
}

/** Per matched id, which terms hit it and the name and other parts of its score. */
class MatchScores {
  readonly all = new Map<number, Score>();

  /** Records that `term` (its `bit`) hit each of `ids`, adding `amount` once per id. */
  hitAll(ids: ArrayLike<number>, bit: number, amount: number, isName: boolean): void {
    for (let i = 0; i < ids.length; i++) this.#hit(ids[i] as number, bit, amount, isName);
  }

  #hit(id: number, bit: number, amount: number, isName: boolean): void {
    let s = this.all.get(id);
    if (s === undefined) {
      s = { bits: 0, name: 0, other: 0, nameHits: 0 };
      this.all.set(id, s);
    }
    if (s.bits & bit) return;
    s.bits |= bit;
    // Single precision, as the scores were always kept: ties then break the same way.
    if (isName) {
      s.name = Math.fround(s.name + amount);
      s.nameHits += 1;
    } else s.other = Math.fround(s.other + amount);
  }
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
