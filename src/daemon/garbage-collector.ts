/**
 * The daemon's full collections after saves. V8 left to itself lets a long-lived heap grow far
 * past what it holds live before a major collection: on the Linux kernel's index each one-file
 * sync leaves about 90 MB of garbage, and the daemon's resident set climbed from 2.2 to 2.87 GB
 * over 13 edits before V8 collected (`npm run bench -- live --large`). So the daemon collects
 * once its saves pause, where the process allows it (the daemon is spawned with `--expose-gc`).
 */
import { getHeapStatistics } from 'node:v8';

/**
 * Once this long has passed after a save with no save since, the daemon runs a full collection:
 * soon, so that it runs while the client reads its answer rather than when its next edit or
 * query comes. On the Linux kernel (`BENCH_RUNS=20 BENCH_BURST=0 npm run bench -- live --large`,
 * each edit a second after the last was durable) edit to queryable took a median 776 ms with this
 * and 993 ms collecting a second after the save, whose collection held the next edit's sync.
 * On django a collection after every save made the next one-file sync 10 ms slower (72 to 82 ms
 * median in the daemon), as its heap grew back; at rest it costs nothing.
 */
const COLLECT_AFTER_SAVE_MS = 100;

/**
 * A full collection that took longer than this stops every query for as long, so after
 * COSTLY_IN_A_ROW such in a row (one slow spell of a busy machine is not enough) the daemon
 * collects after an appended save only once the garbage is worth it (GARBAGE_WORTH_COLLECTING),
 * and never while a collection costs more than COLLECT_CEILING_MS; after a save that wrote the
 * image whole, always. Full collections take 20 to 35 ms on django; on the Linux kernel 88 to
 * 119 ms with about 230 MB of heap live once the edit path is ready (430 to 560 ms while the
 * resolver tables filled 1.3 GB of heap).
 */
const COLLECT_BUDGET_MS = 100;
const COSTLY_IN_A_ROW = 2;

/**
 * The most a collection may cost for the daemon still to run it after appended saves: it holds
 * a query that arrives meanwhile for as long, and a query during a save is to be answered within
 * 500 ms.
 */
const COLLECT_CEILING_MS = 250;

/**
 * Heap grown past what the last collection left live that makes a costly collection worth its
 * pause. On the kernel a one-file sync leaves about 90 MB, so each edit's garbage goes: ten edits
 * of `kernel/sched/fair.c` in one process peaked at 2.31 GB with a collection after each, against
 * 2.90 GB without, each sync taking 530 to 610 ms against 460 to 480 ms as the heap grows back.
 */
const GARBAGE_WORTH_COLLECTING = 64 * 2 ** 20;

/** The bytes V8's heap holds now, garbage included. */
function heapUsedNow(): number {
  return getHeapStatistics().used_heap_size;
}

/**
 * What a daemon calls after each save (`whole`: the image was written whole, which may leave a
 * copy to give back): a full collection once the saves pause, as the constants above decide.
 * `gc` is V8's (undefined without `--expose-gc`: nothing is collected), `heapUsed` what the heap
 * holds now.
 */
export function garbageCollector(gc = (globalThis as { gc?: () => void }).gc, afterMs = COLLECT_AFTER_SAVE_MS, heapUsed: () => number = heapUsedNow): (whole: boolean) => void {
  if (gc === undefined) return () => undefined;
  let timer: NodeJS.Timeout | undefined;
  let slow = 0;
  let cost = 0;
  let live = 0;
  let wholeSince = false;
  const collect = (): void => {
    const started = performance.now();
    gc();
    cost = performance.now() - started;
    slow = cost > COLLECT_BUDGET_MS ? slow + 1 : 0;
    live = heapUsed();
  };
  const worthIt = (): boolean => cost <= COLLECT_CEILING_MS && heapUsed() - live >= GARBAGE_WORTH_COLLECTING;
  const due = (): void => {
    const whole = wholeSince;
    wholeSince = false;
    if (whole || slow < COSTLY_IN_A_ROW || worthIt()) collect();
  };
  return (whole) => {
    wholeSince ||= whole;
    clearTimeout(timer);
    timer = setTimeout(due, afterMs);
    timer.unref();
  };
}
