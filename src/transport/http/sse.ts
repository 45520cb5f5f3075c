/**
 * A request-scoped `text/event-stream`: the answer to one POST when the server has something to
 * say before the result (progress). Events are written one at a time, waiting for `drain` when
 * the client reads slowly; nothing is written once the client has gone.
 */
import type { ServerResponse } from 'node:http';

/** Headers of an event-stream answer. No `Mcp-Session-Id` and no event ids: nothing resumes. */
const STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

/** One message as an SSE event: `event: message` and the JSON on one `data:` line. */
export function sseEvent(message: object): string {
  // JSON.stringify never emits a raw newline, so one data line always holds the whole message.
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/** Writes SSE events to one response, in order, honouring back-pressure. */
export class SseWriter {
  readonly #res: ServerResponse;
  #tail: Promise<void> = Promise.resolve();

  /** Sends the 200 and the stream's headers at once, so the client sees the stream open. */
  constructor(res: ServerResponse) {
    this.#res = res;
    res.writeHead(200, STREAM_HEADERS);
    res.flushHeaders();
  }

  /** Whether the client can still receive events. */
  get open(): boolean {
    return !this.#res.destroyed && !this.#res.writableEnded;
  }

  /** Queues one event; resolves once it was handed to the socket (or the client is gone). */
  send(message: object): Promise<void> {
    const text = sseEvent(message);
    this.#tail = this.#tail.then(() => this.#write(text));
    return this.#tail;
  }

  /** Ends the stream after every queued event. */
  end(): Promise<void> {
    this.#tail = this.#tail.then(() => {
      if (this.open) this.#res.end();
    });
    return this.#tail;
  }

  async #write(text: string): Promise<void> {
    const res = this.#res;
    if (!this.open) return;
    if (res.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }
}
