/**
 * Parse results released in job order, whichever worker finishes first: the same tree then always
 * gets the same node ids, and whatever breaks a tie by id answers the same every time.
 */
import type { ParseJob, ParseResult } from '../parse/jobs.js';

/** Holds results that arrive early until every job before them has been released. */
export class OrderedRelease {
  readonly #jobIndex: ReadonlyMap<string, number>;
  readonly #accept: (result: ParseResult) => void;
  readonly #early = new Map<number, ParseResult>();
  #next = 0;

  /** `accept` receives each result of `jobs` once, in the order of `jobs`. */
  constructor(jobs: readonly ParseJob[], accept: (result: ParseResult) => void) {
    this.#jobIndex = new Map(jobs.map((job, i) => [job.path, i]));
    this.#accept = accept;
  }

  /** Takes one result; releases it and any held ones that are now next in line. */
  push(result: ParseResult): void {
    const at = this.#jobIndex.get(result.path);
    // Not one of the jobs, or a repeat of one already released: nothing to wait for.
    if (at === undefined || at < this.#next) {
      this.#accept(result);
      return;
    }
    this.#early.set(at, result);
    for (let r = this.#early.get(this.#next); r !== undefined; r = this.#early.get(this.#next)) {
      this.#early.delete(this.#next++);
      this.#accept(r);
    }
  }
}
