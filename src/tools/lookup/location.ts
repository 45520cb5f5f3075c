/**
 * Turning a requested file (a path, a pasted `path:42`, `path:42-80`, `path#L42`, `path#L42-L80`,
 * or a unique path suffix) into an indexed file, never outside the project root.
 */
import { isAbsolute } from 'node:path';
import { safeProjectPath } from '../../project/freshness.js';
import { normalizeRequestedPath } from '../../search/index.js';

/** The indexed files `resolveFile` looks a request up in. */
export interface IndexedPaths {
  /** Whether `path` (project-relative) is indexed. */
  has(path: string): boolean;
  /** Indexed paths ending with `suffix`. */
  endingWith(suffix: string): readonly string[];
}

/** Line numbers above this in a pasted location are not line numbers. */
const MAX_LINE = 1_000_000;

/** A path with the line selector pasted after it. */
export interface PastedLocation {
  readonly path: string;
  readonly start: number;
  /** Inclusive end of a closed range. */
  readonly end?: number;
}

/**
 * Splits a valid positive line selector off `spec`; undefined when there is none or it is invalid
 * (zero, reversed, too large) or the part before `:` is a bare Windows drive letter (`C:42`).
 */
export function splitPastedLocation(spec: string): PastedLocation | undefined {
  const m = /^(.+?)(?::(\d+)(?:-(\d+))?|#L(\d+)(?:-L?(\d+))?)$/.exec(spec);
  if (m === null) return undefined;
  const path = m[1] ?? '';
  const startText = m[2] ?? m[4];
  const endText = m[3] ?? m[5];
  if (startText === undefined || path === '') return undefined;
  if (m[2] !== undefined && /^[A-Za-z]$/.test(path)) return undefined;
  const start = Number(startText);
  if (!Number.isSafeInteger(start) || start < 1 || start > MAX_LINE) return undefined;
  if (endText === undefined) return { path, start };
  const end = Number(endText);
  if (!Number.isSafeInteger(end) || end < start || end > MAX_LINE) return undefined;
  return { path, start, end };
}

/** How a requested file resolved. */
export type FileResolution =
  | { readonly kind: 'found'; readonly path: string; readonly start?: number; readonly end?: number }
  | { readonly kind: 'outside'; readonly requested: string }
  | { readonly kind: 'ambiguous'; readonly requested: string; readonly candidates: readonly string[] }
  | { readonly kind: 'missing'; readonly requested: string };

type Indexed = { readonly kind: 'path'; readonly path: string } | { readonly kind: 'outside' };

/** The project-relative spelling of `p`, or 'outside' when it leaves the root. */
function projectRelative(root: string, p: string): Indexed {
  const escapes = isAbsolute(p) || /^[A-Za-z]:\//.test(p) || p.split('/').includes('..');
  if (!escapes) return { kind: 'path', path: p.replace(/\/+/g, '/').replace(/\/$/, '') };
  const safe = safeProjectPath(root, p);
  return safe === undefined ? { kind: 'outside' } : { kind: 'path', path: safe.relative };
}

/**
 * Resolves `spec` to an indexed file: the literal path first; only when that misses, the path
 * with a pasted line selector removed; then a unique suffix (`cart.ts`, `db/repo.ts`).
 */
export function resolveFile(root: string, index: IndexedPaths, spec: string): FileResolution {
  const requested = normalizeRequestedPath(spec);
  if (requested === '') return { kind: 'missing', requested };
  const literal = projectRelative(root, requested);
  if (literal.kind === 'path' && index.has(literal.path)) return { kind: 'found', path: literal.path };
  const pasted = splitPastedLocation(requested);
  const lines = pasted === undefined ? {} : { start: pasted.start, ...(pasted.end === undefined ? {} : { end: pasted.end }) };
  const bare = pasted === undefined ? literal : projectRelative(root, pasted.path);
  if (bare.kind === 'outside' || (pasted === undefined && literal.kind === 'outside')) return { kind: 'outside', requested };
  if (index.has(bare.path)) return { kind: 'found', path: bare.path, ...lines };
  const suffix = `/${bare.path.replace(/^\/+/, '')}`;
  const candidates = [...index.endingWith(suffix)];
  if (candidates.length === 1 && candidates[0] !== undefined) return { kind: 'found', path: candidates[0], ...lines };
  if (candidates.length > 1) return { kind: 'ambiguous', requested, candidates: candidates.sort() };
  return { kind: 'missing', requested };
}
