/**
 * One copy of each distinct string read from the database. Whole-project reads return millions of
 * rows naming far fewer distinct names (`dev`, `self`, `get`), and every string sql.js hands back
 * is a fresh copy; pooling them keeps one per name.
 */
export class StringPool {
  readonly #strings = new Map<string, string>();

  /** The pooled copy of `text`. */
  intern(text: string): string {
    const pooled = this.#strings.get(text);
    if (pooled !== undefined) return pooled;
    this.#strings.set(text, text);
    return text;
  }

  /** Number of distinct strings held. */
  get size(): number {
    return this.#strings.size;
  }
}
