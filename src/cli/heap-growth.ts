/**
 * How far V8 lets the heap grow between full collections, for a one-shot index of a large tree.
 * By default the old generation may grow to several times what survived the last collection, and
 * after resolution has held its tables (1.2 GB of heap on the Linux kernel) that lets the term
 * base's short-lived arrays pile up to 0.8 to 1.0 GB of garbage before anything collects them.
 * Growing by 10 % collects them as they go: on the kernel, the heap after the term base 312 MB
 * instead of 846 to 1,005 MB, the process 2.69 GB there instead of 3.09 GB, `init` as fast
 * (232 s against 231 s). On django (859 files) the same flag made `init` 2 % slower (six
 * alternating runs), so small trees keep V8's default.
 */
import { setFlagsFromString } from 'node:v8';
import type { IndexProgress } from '../index/sync/index.js';

/** Files to parse from which a one-shot run grows its heap slowly (the kernel has 56,977). */
export const LARGE_TREE_FILES = 20_000;

/** The V8 flag set for a large tree. */
export const SLOW_HEAP_GROWTH = '--heap-growing-percent=10';

/**
 * Passes progress on to `onProgress`, and once parsing reports at least LARGE_TREE_FILES files to
 * parse, sets SLOW_HEAP_GROWTH for the rest of the process (through `setFlags`). Only for a
 * process that ends with its run: a daemon's one-file syncs are slower with it (attach.ts).
 */
export function growHeapSlowlyForLargeTrees(
  onProgress: (progress: IndexProgress) => void,
  setFlags: (flags: string) => void = setFlagsFromString,
): (progress: IndexProgress) => void {
  let set = false;
  return (progress) => {
    if (!set && progress.phase === 'parsing' && progress.total >= LARGE_TREE_FILES) {
      set = true;
      setFlags(SLOW_HEAP_GROWTH);
    }
    onProgress(progress);
  };
}
