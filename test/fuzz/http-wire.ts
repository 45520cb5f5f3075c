/**
 * Raw HTTP/1.1 over a loopback TCP socket for the HTTP fuzzer: bytes go out exactly as built
 * (malformed framing included), and whatever comes back is parsed by a small strict reader, so a
 * malformed answer is caught rather than smoothed over by a client library.
 */
import { connect } from 'node:net';

/** One raw exchange: the bytes to send, in pieces with pauses between them. */
export interface RawExchange {
  readonly pieces: readonly Buffer[];
  readonly pauseMs: number;
  /** Half-close after sending (a sender that stops early). */
  readonly endAfter: boolean;
}

/** Sends an exchange to 127.0.0.1:`port` and resolves with every byte received until the server closes (or `timeoutMs`). */
export function exchange(port: number, ex: RawExchange, timeoutMs: number): Promise<{ readonly bytes: Buffer; readonly timedOut: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ bytes: Buffer.concat(received), timedOut });
    });
    socket.on('connect', () => {
      void (async () => {
        for (const [i, piece] of ex.pieces.entries()) {
          if (i > 0 && ex.pauseMs > 0) await new Promise((r) => setTimeout(r, ex.pauseMs));
          if (socket.destroyed) return;
          socket.write(piece);
        }
        if (ex.endAfter && !socket.destroyed) socket.end();
      })();
    });
  });
}

/** A parsed response, or why the bytes are not one. */
export type ParsedResponse =
  | { readonly kind: 'ok'; readonly status: number; readonly headers: ReadonlyMap<string, string>; readonly body: Buffer; readonly rest: Buffer }
  | { readonly kind: 'malformed'; readonly reason: string };

/**
 * Reads one HTTP/1.1 response (Content-Length or chunked body); `rest` is what follows it (the
 * answer to bytes the client sent past its declared body). The answer to a HEAD request has
 * headers only, whatever length they announce.
 */
export function parseResponse(bytes: Buffer, head = false): ParsedResponse {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return { kind: 'malformed', reason: 'no end of headers' };
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3}) [^\r\n]*$/.exec(statusLine);
  if (status === null) return { kind: 'malformed', reason: `bad status line ${JSON.stringify(statusLine)}` };
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) return { kind: 'malformed', reason: `bad header line ${JSON.stringify(line)}` };
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const rest = bytes.subarray(end + 4);
  const code = Number(status[1]);
  if (head) return { kind: 'ok', status: code, headers, body: Buffer.alloc(0), rest };
  const length = headers.get('content-length');
  if (length !== undefined) {
    if (rest.length < Number(length)) return { kind: 'malformed', reason: `content-length ${length} but ${rest.length} bytes` };
    return { kind: 'ok', status: code, headers, body: rest.subarray(0, Number(length)), rest: rest.subarray(Number(length)) };
  }
  if (headers.get('transfer-encoding') === 'chunked') {
    const chunked = dechunk(rest);
    return chunked === undefined ? { kind: 'malformed', reason: 'bad chunked body' } : { kind: 'ok', status: code, headers, body: chunked.body, rest: chunked.rest };
  }
  return rest.length === 0 ? { kind: 'ok', status: code, headers, body: rest, rest } : { kind: 'malformed', reason: 'a body without framing' };
}

function dechunk(bytes: Buffer): { body: Buffer; rest: Buffer } | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = bytes.indexOf('\r\n', at);
    if (eol < 0) return undefined;
    const size = Number.parseInt(bytes.subarray(at, eol).toString('latin1'), 16);
    if (!Number.isFinite(size)) return undefined;
    if (size === 0) return bytes.subarray(eol + 2, eol + 4).toString('latin1') === '\r\n' ? { body: Buffer.concat(parts), rest: bytes.subarray(eol + 4) } : undefined;
    parts.push(bytes.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}
