/** What a run tells its caller when it ends. */
import type { Applied } from './apply-scan.js';
import type { IndexPhase, PhaseClock } from './phase-clock.js';

/** What one run changed and how long it took. */
export interface SyncReport {
  readonly parsed: number;
  readonly unchanged: number;
  readonly removed: number;
  /** Files and folders the scan passed over, each also a diagnostic; never parsed. */
  readonly skipped: number;
  readonly diagnostics: number;
  readonly databaseBytes: number;
  readonly durationMs: number;
  /** Why a requested incremental run became a full one, if it did. */
  readonly rebuiltBecause?: string;
  /** Milliseconds spent in each phase. */
  readonly phaseMs: Readonly<Record<IndexPhase, number>>;
}

/** What a run changed and how long it took (since `started`, read now). */
export function syncReport(applied: Applied, databaseBytes: number, phases: PhaseClock, started: number, rebuiltBecause: string | undefined): SyncReport {
  return {
    ...applied,
    databaseBytes,
    durationMs: performance.now() - started,
    ...(rebuiltBecause !== undefined ? { rebuiltBecause } : {}),
    phaseMs: { ...phases.ms },
  };
}
