/**
 * Which files reference which names, both ways, for a long-lived session: a name's files as one
 * number while there is one (most names of a large C tree), a list past that, and each file's
 * names as a list. Sets in both directions held about 1.5 million small objects on the Linux
 * kernel, which every full collection of the daemon's heap marks.
 */
export class NameUses {
  readonly #files = new Map<string, number | number[]>();
  readonly #names = new Map<number, readonly string[]>();

  /** Records that `fileId` references `names` (each once), replacing what it referenced before. */
  link(fileId: number, names: Iterable<string>): void {
    this.unlink(fileId);
    const list = [...names];
    this.#names.set(fileId, list);
    for (const name of list) {
      const present = this.#files.get(name);
      if (present === undefined) this.#files.set(name, fileId);
      else if (typeof present === 'number') this.#files.set(name, [present, fileId]);
      else present.push(fileId);
    }
  }

  /** Forgets what `fileId` references. */
  unlink(fileId: number): void {
    const names = this.#names.get(fileId);
    if (names === undefined) return;
    this.#names.delete(fileId);
    for (const name of names) {
      const present = this.#files.get(name);
      if (present === fileId) this.#files.delete(name);
      else if (Array.isArray(present)) {
        const at = present.indexOf(fileId);
        if (at < 0) continue;
        // Order means nothing here: the last one takes the freed place.
        present[at] = present[present.length - 1]!;
        present.pop();
        if (present.length === 1) this.#files.set(name, present[0]!);
      }
    }
  }

  /** Files referencing any of `names`. */
  filesReferencing(names: Iterable<string>): Set<number> {
    const out = new Set<number>();
    for (const name of names) {
      const present = this.#files.get(name);
      if (typeof present === 'number') out.add(present);
      else if (present !== undefined) for (const id of present) out.add(id);
    }
    return out;
  }
}
