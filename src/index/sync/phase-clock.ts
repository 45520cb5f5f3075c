/** A run's phases: what progress reports say, and how long each phase took. */

/** A step of indexing, for progress display. */
export type IndexPhase = 'scanning' | 'parsing' | 'resolving' | 'saving';

/** Progress of a run; `done`/`total` count files while parsing. */
export interface IndexProgress {
  readonly phase: IndexPhase;
  readonly done: number;
  readonly total: number;
  readonly symbols: number;
}

/** Times each phase of a run while passing progress on. */
export class PhaseClock {
  /** Milliseconds spent in each phase so far (the current one counts once it stops). */
  readonly ms: Record<IndexPhase, number> = { scanning: 0, parsing: 0, resolving: 0, saving: 0 };
  readonly #report: (progress: IndexProgress) => void;
  #phase: IndexPhase | undefined;
  #since = performance.now();

  constructor(report?: (progress: IndexProgress) => void) {
    this.#report = report ?? (() => {});
  }

  /** Passes `p` on; a new phase stops the clock of the one before. */
  progress(p: IndexProgress): void {
    if (p.phase !== this.#phase) {
      this.stop();
      this.#phase = p.phase;
    }
    this.#report(p);
  }

  /** Ends the current phase. */
  stop(): void {
    const now = performance.now();
    if (this.#phase !== undefined) this.ms[this.#phase] += now - this.#since;
    this.#phase = undefined;
    this.#since = now;
  }
}
