/**
 * Reading one request body with a hard cap, so a client cannot make the server hold more than
 * the cap in memory however much it sends.
 */
import type { IncomingMessage } from 'node:http';

/** The largest request body accepted: 4 MiB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A body read to its end, one that passed the cap, or a client that went away first. */
export type BodyOutcome =
  | { readonly kind: 'ok'; readonly bytes: Buffer }
  | { readonly kind: 'too-large'; readonly limit: number }
  | { readonly kind: 'aborted' };

/**
 * Reads `request`'s body. A declared `Content-Length` above `maxBytes` is refused before any byte
 * is read; a body that grows past it is refused as soon as it does (the rest is not kept).
 */
export function readBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<BodyOutcome> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ kind: 'too-large', limit: maxBytes });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: BodyOutcome): void => {
      if (settled) return;
      settled = true;
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onAbort);
      request.off('close', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        // Stop buffering but keep draining, so the 413 can still be written on this socket.
        request.resume();
        settle({ kind: 'too-large', limit: maxBytes });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => settle({ kind: 'ok', bytes: Buffer.concat(chunks, size) });
    const onAbort = (): void => settle({ kind: 'aborted' });
    const onClose = (): void => {
      if (!request.complete) settle({ kind: 'aborted' });
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onAbort);
    request.on('close', onClose);
  });
}

/** Whether a `Content-Type` value is JSON (`application/json`, any parameters, any case). */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const essence = value.split(';')[0]?.trim().toLowerCase();
  return essence === 'application/json';
}

/**
 * Decodes a body as UTF-8 strictly; undefined when it is not valid UTF-8 (a lenient decode would
 * turn bad bytes into U+FFFD and let a corrupted request through as if it were another one).
 */
export function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}
