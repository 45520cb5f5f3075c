/**
 * The early check for trees too large for one index: sql.js keeps the whole database in one WASM
 * heap, whose files cannot pass 2 GiB, so a tree whose database would outgrow that is refused
 * right after the scan, from the bytes it lists, instead of after minutes of parsing.
 */
import { DEFAULT_MAX_DATABASE_BYTES } from '../../store/index.js';
import type { ScanResult } from '../scan/index.js';
import { IndexError } from './errors.js';

/**
 * Database bytes per byte of indexed source, at the low end of what was measured (the Linux
 * kernel 1.34 with 1.18 GB of C, the JDK's java.base 1.44), so a tree that would fit is not
 * refused: the estimate errs towards letting a run try.
 */
export const DATABASE_BYTES_PER_SOURCE_BYTE = 1.25;

/** The database size a tree's scanned source suggests, in bytes. */
export function estimatedDatabaseBytes(scan: ScanResult): number {
  let source = 0;
  for (const file of scan.files) source += file.size;
  return Math.round(source * DATABASE_BYTES_PER_SOURCE_BYTE);
}

/** Throws an `IndexError` with the numbers and the remedy when the estimate passes `limit`. */
export function checkCapacity(scan: ScanResult, limit = DEFAULT_MAX_DATABASE_BYTES): void {
  const estimate = estimatedDatabaseBytes(scan);
  if (estimate <= limit) return;
  const largest = largestFolders(scan, 5).map(([dir, bytes]) => `${dir} (${mb(bytes)})`).join(', ');
  throw new IndexError(
    `This tree is too large for one index: ${scan.files.length} source files, ${mb(estimate / DATABASE_BYTES_PER_SOURCE_BYTE)} of source, ` +
      `an estimated ${mb(estimate)} database, over the ${mb(limit)} a database can hold here. Nothing was parsed. ` +
      `Index sub-trees as separate projects (run \`codegraph init\` in each), or exclude generated and vendored folders ` +
      `("exclude" in .codegraph/config.json). Largest top-level folders: ${largest}.`,
  );
}

function largestFolders(scan: ScanResult, count: number): [string, number][] {
  const bytes = new Map<string, number>();
  for (const file of scan.files) {
    const slash = file.path.indexOf('/');
    const top = slash < 0 ? '.' : `${file.path.slice(0, slash)}/`;
    bytes.set(top, (bytes.get(top) ?? 0) + file.size);
  }
  return [...bytes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, count);
}

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MB`;
}
