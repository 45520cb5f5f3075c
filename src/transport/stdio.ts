/**
 * Serves newline-framed JSON-RPC over a pair of byte streams (stdin/stdout in production,
 * in-memory streams in tests). Knows framing and wire errors only; what a message means is the
 * `onMessage` callback's business.
 */
import type { Readable, Writable } from 'node:stream';
import { ErrorCode } from '../jsonrpc/errors.js';
import { DEFAULT_MAX_LINE_BYTES, LineDecoder } from '../jsonrpc/framing.js';
import type { FramedLine } from '../jsonrpc/framing.js';
import { errorResponse, parseLine } from '../jsonrpc/message.js';
import type { Incoming } from '../jsonrpc/message.js';
import type { Peer } from '../jsonrpc/peer.js';
import { MessageWriter } from '../jsonrpc/writer.js';


/** Options for `serveLines`. */
export interface ServeLinesOptions {
  readonly input: Readable;
  readonly output: Writable;
  /** Largest accepted line in bytes; defaults to `DEFAULT_MAX_LINE_BYTES`. */
  readonly maxLineBytes?: number;
  /** Called once per well-formed JSON line, in input order; may answer through `peer`. */
  readonly onMessage: (incoming: Incoming, peer: Peer) => Promise<void> | void;
  /** Told about each throw or rejection from `onMessage`; defaults to one line on stderr. */
  readonly onHandlerError?: (error: unknown) => void;
}

function logToStderr(error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`codegraph: message handler failed: ${detail}\n`);
}

/**
 * Reads framed lines from `input` until it ends and hands each parsed message to `onMessage`.
 * Lines that are not JSON are answered with a -32700 error and over-long lines with a -32600
 * error, both without an `id`; serving continues after either, and after a failing handler.
 * Only protocol messages are written to `output`. Resolves once input has ended, every handler
 * has settled and every reply has been written; rejects only if `input` itself fails, and then
 * only after the same waiting.
 */
export async function serveLines(options: ServeLinesOptions): Promise<void> {
  const { input, onMessage } = options;
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const onHandlerError = options.onHandlerError ?? logToStderr;
  const reportHandlerError = (error: unknown): void => {
    try {
      onHandlerError(error);
    } catch {
      // A failing error reporter must not take the serving loop down with it.
    }
  };
  const writer = new MessageWriter(options.output);
  const decoder = new LineDecoder({ maxLineBytes });
  const peer: Peer = { send: (message) => writer.send(message) };
  const inFlight = new Set<Promise<void>>();

  const track = (pending: Promise<void>): void => {
    const settled = pending.then(
      () => undefined,
      (error: unknown) => reportHandlerError(error),
    );
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };

  const handle = (line: FramedLine): void => {
    if (line.kind === 'oversize') {
      void writer.send(
        errorResponse(undefined, ErrorCode.InvalidRequest, `Invalid Request: line exceeded ${maxLineBytes} bytes`, {
          maxLineBytes,
          lineBytes: line.bytes,
        }),
      );
      return;
    }
    const parsed = parseLine(line.text);
    if (parsed.kind === 'parse-error') {
      void writer.send(errorResponse(undefined, ErrorCode.ParseError, parsed.message));
      return;
    }
    try {
      const result = onMessage(parsed, peer);
      if (result !== undefined) track(Promise.resolve(result));
    } catch (error) {
      reportHandlerError(error);
    }
  };

  try {
    for await (const chunk of input) {
      const bytes: Uint8Array = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Uint8Array);
      for (const line of decoder.push(bytes)) handle(line);
    }
    for (const line of decoder.end()) handle(line);
  } finally {
    // A handler may still be sending while another finishes; loop until none is left.
    while (inFlight.size > 0) await Promise.all(inFlight);
    await writer.idle();
  }
}
