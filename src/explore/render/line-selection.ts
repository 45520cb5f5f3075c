/** The lines of one file chosen for its section so far, and the characters left for more. */
import { numbered } from './source-lines.js';

/** Lines 1-based from `start` (at least 1) through `end`. */
export function range(start: number, end: number): number[] {
  const out: number[] = [];
  for (let n = Math.max(1, start); n <= end; n++) out.push(n);
  return out;
}

/** Characters the numbered lines take, a newline after each. */
export function costOf(lines: readonly string[], numbers: Iterable<number>): number {
  let cost = 0;
  for (const n of numbers) cost += numbered(n, lines[n - 1] ?? '').length + 1;
  return cost;
}

/** A new run costs its gap marker line and its entry in the header's run list. Tuning half of the eval, 2026-12-03, before quoted declaration lines: 217 of 253 explore targets at this value, 216 at 20, 216 at 40. */
const RUN_COST = 30;
/** A name left out costs its backquotes and separator in the header. */
const LEFT_OUT_COST = 6;

/** A section's selected lines under a character budget; lines are only ever added whole, in groups that fit. */
export class LineSelection {
  readonly selected = new Set<number>();
  /** Named or exact symbols with no room, listed in the header. */
  readonly leftOut: string[] = [];
  /** Relevant source was left out for lack of budget. */
  clipped = false;
  /** Characters still free. */
  remaining: number;
  readonly #lines: readonly string[];

  /** A selection from `lines` with `budget` characters to spend. */
  constructor(lines: readonly string[], budget: number) {
    this.#lines = lines;
    this.remaining = budget;
  }

  /** Selects the new lines among `want` when all of them fit (true), else none (false). */
  add(want: Iterable<number>): boolean {
    const total = this.#lines.length;
    const fresh = [...want].filter((n) => n >= 1 && n <= total && !this.selected.has(n));
    if (fresh.length === 0) return true;
    const cost = costOf(this.#lines, fresh) + RUN_COST * this.#newRuns(fresh);
    if (cost > this.remaining) return false;
    for (const n of fresh) this.selected.add(n);
    this.remaining -= cost;
    return true;
  }

  /** Records a named symbol that found no room; its name takes header room. */
  noRoom(name: string): void {
    this.leftOut.push(name);
    this.remaining -= name.length + LEFT_OUT_COST;
  }

  #newRuns(fresh: readonly number[]): number {
    let runs = 0;
    const set = new Set(fresh);
    for (const n of fresh) if (!set.has(n - 1) && !this.selected.has(n - 1)) runs++;
    return runs;
  }
}
