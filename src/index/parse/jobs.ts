/** The messages between the parse pool and its workers: plain data only. */
import type { FileExtraction } from '../../model.js';

/** One file to parse: where to read it, its project-relative path, and its language id. */
export interface ParseJob {
  readonly absPath: string;
  readonly path: string;
  readonly language: string;
  /** A Rust file's crate, as the scan found it (the extraction's package name). */
  readonly crate?: string | undefined;
}

/** The outcome for one job. Every job yields exactly one result, whatever goes wrong. */
export type ParseResult =
  | { readonly kind: 'ok'; readonly path: string; readonly sha256: string; readonly size: number; readonly extraction: FileExtraction }
  | { readonly kind: 'binary' | 'failed'; readonly path: string; readonly sha256?: string; readonly size?: number; readonly detail: string };

/** Pool -> worker. */
export interface BatchRequest {
  readonly type: 'batch';
  readonly id: number;
  readonly jobs: readonly ParseJob[];
}

/** Worker -> pool. */
export interface BatchResponse {
  readonly type: 'results';
  readonly id: number;
  readonly results: readonly ParseResult[];
  /**
   * Jobs of the batch left unprocessed because a WebAssembly fault made the worker's parser state
   * untrustworthy: the pool hands them to a fresh worker and replaces this one.
   */
  readonly retry?: readonly ParseJob[];
}

/** True when `value` is a well-formed worker response (messages are checked once, at the edge). */
export function isBatchResponse(value: unknown): value is BatchResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { type?: unknown; id?: unknown; results?: unknown };
  return v.type === 'results' && typeof v.id === 'number' && Array.isArray(v.results);
}

/** True when `value` is a well-formed batch request. */
export function isBatchRequest(value: unknown): value is BatchRequest {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { type?: unknown; id?: unknown; jobs?: unknown };
  return v.type === 'batch' && typeof v.id === 'number' && Array.isArray(v.jobs);
}
