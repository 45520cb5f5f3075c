/**
 * A counting semaphore for file-system calls: enough parallelism to hide latency on large trees
 * without running out of file descriptors.
 */
export class Limiter {
  private readonly capacity: number;
  private active = 0;
  // A walk queues tens of thousands of waiters; `Array#shift` on a queue that large is linear,
  // so consume from a moving head and compact now and then.
  private waiting: (() => void)[] = [];
  private head = 0;

  /** `capacity` is the most tasks that may run at once (at least 1). */
  constructor(capacity: number) {
    this.capacity = Math.max(1, Math.floor(capacity));
  }

  /** Runs `task` once a slot is free; the slot is released however the task settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.capacity) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting[this.head];
    if (next === undefined) {
      this.active--;
      if (this.head > 0) {
        this.waiting = [];
        this.head = 0;
      }
      return;
    }
    this.head++;
    if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
    // Hand the slot straight to the next waiter so `active` never overshoots the capacity.
    next();
  }
}
