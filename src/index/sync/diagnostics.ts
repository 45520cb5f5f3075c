/** A run's diagnostics beside those stored by earlier runs. */
import type { Diagnostic } from '../../store/index.js';

/**
 * Adds to `diagnostics` the `previous` ones of files this run neither re-parsed nor re-reported
 * but still scanned: an unchanged file keeps what an earlier run found wrong with it.
 */
export function carryOverDiagnostics(
  diagnostics: Diagnostic[], previous: readonly Diagnostic[], scanned: ReadonlyMap<string, unknown>, reparsed: ReadonlySet<string>,
): void {
  const fresh = new Set(diagnostics.map((d) => d.path));
  for (const d of previous) {
    if (!fresh.has(d.path) && scanned.has(d.path) && !reparsed.has(d.path)) diagnostics.push(d);
  }
}

/** Whether two lists hold the same diagnostics, in any order. */
export function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  const key = (d: Diagnostic): string => `${d.path}\0${d.reason}\0${d.detail}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.every((k, i) => k === right[i]);
}
