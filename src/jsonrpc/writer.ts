/**
 * Serialized, back-pressure-aware output of newline-framed JSON messages.
 */
import type { Writable } from 'node:stream';

/**
 * Writes one JSON message per line to a `Writable`, in `send` order. Honors back-pressure: after
 * a `write()` that returns false, the next write waits for `'drain'`. Once the stream errors or
 * closes (a reader that went away, EPIPE), sends become silent no-ops: a lost peer is not a crash.
 */
export class MessageWriter {
  readonly #stream: Writable;
  // Chain of pending writes; each link never rejects, so one failure cannot wedge later sends.
  #tail: Promise<void> = Promise.resolve();
  // Settles when the most recent write has been handed on by the stream (or the stream is gone).
  #lastFlushed: Promise<void> = Promise.resolve();
  #closed = false;
  readonly #gone: Promise<void>;

  constructor(stream: Writable) {
    this.#stream = stream;
    this.#gone = new Promise<void>((resolve) => {
      const markClosed = (): void => {
        this.#closed = true;
        resolve();
      };
      // The permanent 'error' listener is what keeps an EPIPE from becoming an uncaught exception.
      stream.on('error', markClosed);
      stream.once('close', markClosed);
    });
    if (stream.destroyed || stream.writableEnded) this.#closed = true;
  }

  /** True once the stream has errored, closed or ended; later sends write nothing. */
  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Queues `message` as `JSON.stringify(message) + "\n"`. Resolves once the stream has accepted it
   * and, if the stream asked for it, drained; resolves (never rejects) when the stream is closed.
   * Rejects only when the message cannot be serialized, and then nothing is written.
   */
  send(message: object): Promise<void> {
    let line: string;
    try {
      // Serialized now so later mutation of `message` cannot change what goes out.
      line = `${JSON.stringify(message)}\n`;
    } catch (error) {
      return Promise.reject(error);
    }
    const next = this.#tail.then(() => this.#write(line));
    this.#tail = next;
    return next;
  }

  /** Resolves when every message queued so far has been written out (or the stream is gone). */
  async idle(): Promise<void> {
    await this.#tail;
    await this.#lastFlushed;
  }

  async #write(line: string): Promise<void> {
    const stream = this.#stream;
    if (this.#closed || stream.destroyed || stream.writableEnded) {
      this.#closed = true;
      return;
    }
    let onFlushed: () => void = () => undefined;
    const flushed = new Promise<void>((resolve) => {
      onFlushed = resolve;
    });
    let accepted: boolean;
    try {
      // The callback runs with or without an error; the error itself arrives via 'error'.
      accepted = stream.write(line, () => onFlushed());
    } catch {
      this.#closed = true;
      return;
    }
    this.#lastFlushed = Promise.race([flushed, this.#gone]);
    if (!accepted && !this.#closed) {
      const drained = new Promise<void>((resolve) => stream.once('drain', () => resolve()));
      await Promise.race([drained, this.#gone]);
    }
  }
}
