/**
 * Gathering the term index's postings from definitions and paths: each definition's stemmed name
 * segments, qualifier words and docstring words, and each file's path words. Used whole at index
 * time (the stored base) and for the few files changed since, by explore when it reads the base.
 */
import type { TermField } from '../../store/index.js';
import { pathTerms, proseTerms, termsOf } from './words.js';

/** How much of a docstring is read: its opening says what the definition is for. */
export const DOC_CHARS = 320;

/** Term -> ascending ids, per field. */
export type PostingMaps = Map<TermField, Map<string, number[]>>;

/** Receives each definition's attributes as it is added. */
export type AttributeSink = (id: number, fileId: number, kindCode: number, segments: number) => void;

/** Postings under construction; add definitions and files in ascending id order. */
export class TermPostings {
  readonly maps: PostingMaps = new Map([
    ['name', new Map()], ['qualifier', new Map()], ['doc', new Map()], ['path', new Map()],
  ]);
  definitions = 0;
  readonly #sink: AttributeSink;
  // Names and qualifiers repeat (methods of one class, `init` everywhere): split and stem each once.
  readonly #termsMemo = new Map<string, string[]>();

  constructor(sink: AttributeSink) {
    this.#sink = sink;
  }

  /** Adds one definition (never a file node). */
  addDefinition(id: number, fileId: number, kindCode: number, name: string, qualifiedName: string, doc: string): void {
    const own = this.#terms(name);
    const dot = qualifiedName.lastIndexOf('.');
    const outer = dot > 0 ? this.#terms(qualifiedName.slice(0, dot)).filter((w) => !own.includes(w)) : [];
    this.definitions++;
    this.#sink(id, fileId, kindCode, Math.min(255, own.length));
    for (const w of own) push(this.maps.get('name'), w, id);
    for (const w of outer) push(this.maps.get('qualifier'), w, id);
    if (doc !== '') for (const w of proseTerms(doc)) if (!own.includes(w) && !outer.includes(w)) push(this.maps.get('doc'), w, id);
  }

  /** Adds one file's path words. */
  addFile(fileId: number, path: string): void {
    for (const w of pathTerms(path)) push(this.maps.get('path'), w, fileId);
  }

  #terms(identifier: string): string[] {
    let terms = this.#termsMemo.get(identifier);
    if (terms === undefined) {
      if (this.#termsMemo.size >= MEMO_LIMIT) this.#termsMemo.clear();
      terms = termsOf(identifier);
      this.#termsMemo.set(identifier, terms);
    }
    return terms;
  }
}

/** Past this many memoized identifiers the memo starts over (bounded memory on huge indexes). */
const MEMO_LIMIT = 500_000;

function push(map: Map<string, number[]> | undefined, key: string, value: number): void {
  if (map === undefined) return;
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}
