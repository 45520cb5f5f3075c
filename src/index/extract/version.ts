/**
 * Changes whenever an extractor gives different output for the same source, or resolution
 * different edges for the same extraction. An index written with another value re-extracts
 * every file on its next sync, so upgrading never leaves a mix.
 * Kept apart from the extractors so the indexer's main thread can read it without loading them.
 */
export const EXTRACTION_VERSION = '87';
