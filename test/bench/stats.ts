/** Small helpers shared by the benchmark scripts: percentiles, formatting, entry-point checks. */
import { pathToFileURL } from 'node:url';

/** The p-th percentile (0-100) of `samples` by the nearest-rank method. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new RangeError('percentile of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** Milliseconds with one decimal, e.g. "84.2 ms". */
export function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

/** Microseconds with one decimal, from a value in milliseconds, e.g. "12.3 µs". */
export function us(valueMs: number): string {
  return `${(valueMs * 1000).toFixed(1)} µs`;
}

/** Whether a benchmark module was started as the program itself (not imported by another). */
export function isBenchEntry(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(script).href === moduleUrl;
}
