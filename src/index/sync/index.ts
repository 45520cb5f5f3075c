/**
 * Keeping a project's index in line with its tree: one-shot runs (`indexProject`), and the
 * stages a long-lived session composes (the writer lock, open, scan, apply and save).
 */
export { applyAndSave, copyOutBetweenReads, indexRemoved, openIndex, readConfig, saveWholeIndex, scanWith, withWriterLock, type CopyOut, type FoldEvent, type OpenedIndex, type SaveInput } from './run.js';
export { IndexError, IndexRemovedError } from './errors.js';
export { indexProject, type IndexOptions, type IndexSummary } from './index-project.js';
export { PhaseClock, type IndexPhase, type IndexProgress } from './phase-clock.js';
export type { SyncReport } from './report.js';
