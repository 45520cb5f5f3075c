/**
 * The name-segment index: every distinct callable, variable, constant and type name, split into
 * its words, so prose like "feed bottom" finds `feedAtBottom`. Built once per index from one
 * pass over the names (no extra table).
 */
import type { NodeKind } from '../../model.js';
import { eachDistinctName } from '../../store/index.js';
import type { GraphStore } from '../../store/index.js';
import { identifierWords, singular } from '../query/words.js';

const SEGMENT_KINDS: readonly NodeKind[] = [
  'function', 'method', 'constructor', 'component', 'route', 'macro', 'variable', 'constant',
  'class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'type_alias',
];
/** Words shared by more names than this are too common to lead a match on their own. */
const COMMON = 4000;

/** A name whose segments matched query words. */
export interface SegmentMatch {
  readonly name: string;
  /** Query words found among the name's segments. */
  readonly matched: number;
  /** Segments of the name (after dropping one-letter ones). */
  readonly segments: number;
}

/** Distinct symbol names by the words they are made of. */
export class SegmentIndex {
  readonly #byWord: Map<string, string[]>;
  readonly #segmentCount: Map<string, number>;

  private constructor(byWord: Map<string, string[]>, segmentCount: Map<string, number>) {
    this.#byWord = byWord;
    this.#segmentCount = segmentCount;
  }

  /** Reads every distinct name of the segment kinds once. */
  static build(store: GraphStore): SegmentIndex {
    const byWord = new Map<string, string[]>();
    const segmentCount = new Map<string, number>();
    eachDistinctName(store, SEGMENT_KINDS, (name) => {
      const words = [...new Set(identifierWords(name).filter((w) => w.length > 1).map(singular))];
      if (words.length === 0 || words.length > 8) return;
      segmentCount.set(name, words.length);
      for (const w of words) {
        const list = byWord.get(w);
        if (list === undefined) byWord.set(w, [name]);
        else list.push(name);
      }
    });
    return new SegmentIndex(byWord, segmentCount);
  }

  /**
   * Names built from the query words: every name with at least two of them and at least half
   * of its own segments matched; best coverage first, ties by name. At most `limit`.
   */
  match(queryWords: readonly string[], limit: number): SegmentMatch[] {
    const words = [...new Set(queryWords.map(singular))].filter((w) => w.length > 1);
    // One word names at most itself, which exact name lookup already found.
    if (words.length < 2) return [];
    const counts = new Map<string, number>();
    for (const w of words) {
      const names = this.#byWord.get(w);
      if (names === undefined || (names.length > COMMON && words.length > 1)) continue;
      for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const need = 2;
    const out: SegmentMatch[] = [];
    for (const [name, matched] of counts) {
      const segments = this.#segmentCount.get(name) ?? 1;
      if (matched < need) continue;
      if (matched * 2 < segments) continue;
      out.push({ name, matched, segments });
    }
    out.sort((a, b) => b.matched - a.matched || a.segments - b.segments || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return out.slice(0, limit);
  }
}
