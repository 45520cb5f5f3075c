/** A stand-in for `ServerResponse` that records what is written, for the transport's unit tests. */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';

export class FakeResponse extends EventEmitter {
  headersSent = false;
  writableEnded = false;
  destroyed = false;
  /** What `write` answers (false: the socket is full until 'drain'). */
  accept = true;
  readonly heads: { status: number; headers: Record<string, unknown> }[] = [];
  readonly writes: string[] = [];
  ends = 0;
  body = '';

  writeHead(status: number, headers: Record<string, unknown> = {}): this {
    this.heads.push({ status, headers });
    this.headersSent = true;
    return this;
  }

  flushHeaders(): void {}

  write(text: string): boolean {
    this.writes.push(text);
    return this.accept;
  }

  end(text?: string): this {
    if (text !== undefined) this.body += text;
    this.ends += 1;
    this.writableEnded = true;
    return this;
  }

  /** As the transport sees it. */
  get res(): ServerResponse {
    return this as unknown as ServerResponse;
  }
}
