/**
 * The way back for one HTTP request: a `Peer` that the MCP dispatcher answers through. The first
 * message decides the shape: a reply becomes a plain `application/json` answer; a notification
 * (progress) opens a request-scoped event stream that the reply then closes.
 */
import type { ServerResponse } from 'node:http';
import type { Peer } from '../../jsonrpc/peer.js';
import { replyJson } from './replies.js';
import { SseWriter } from './sse.js';
import { errorCodeOf, statusForReply, type HttpEra } from './status.js';

/** Options of one response channel. */
export interface ResponseChannelOptions {
  readonly era: HttpEra;
  /** Whether the client accepts `text/event-stream`; without it notifications are dropped. */
  readonly streamable: boolean;
}

/** A `Peer` bound to one HTTP response; `replied` tells whether the reply went out. */
export class ResponseChannel implements Peer {
  readonly #res: ServerResponse;
  readonly #options: ResponseChannelOptions;
  #stream: SseWriter | undefined;
  #replied = false;

  constructor(res: ServerResponse, options: ResponseChannelOptions) {
    this.#res = res;
    this.#options = options;
  }

  /** Whether the request's reply has been sent (as JSON or as the stream's last event). */
  get replied(): boolean {
    return this.#replied;
  }

  async send(message: object): Promise<void> {
    if (this.#replied) return;
    if (isReply(message)) {
      this.#replied = true;
      if (this.#stream !== undefined) {
        await this.#stream.send(message);
        await this.#stream.end();
        return;
      }
      replyJson(this.#res, statusForReply(errorCodeOf(message), this.#options.era), message);
      return;
    }
    // Only notifications about this request travel here (the dispatcher asks nothing over HTTP).
    if (!this.#options.streamable || 'id' in message) return;
    this.#stream ??= new SseWriter(this.#res);
    await this.#stream.send(message);
  }

  /** Ends the answer when the dispatcher sent no reply (a cancelled request): an empty stream or 204. */
  async close(): Promise<void> {
    if (this.#replied) return;
    this.#replied = true;
    if (this.#stream !== undefined) await this.#stream.end();
    else if (!this.#res.headersSent && !this.#res.destroyed) {
      this.#res.writeHead(204, { 'content-length': 0 });
      this.#res.end();
    }
  }
}

function isReply(message: object): boolean {
  return !('method' in message) && ('result' in message || 'error' in message);
}
