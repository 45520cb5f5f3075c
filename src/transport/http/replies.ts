/**
 * Whole, one-shot HTTP answers: a JSON body with its length, or no body at all. Every answer of
 * this transport that is not an event stream goes out through here.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { errorResponse, type JsonRpcId } from '../../jsonrpc/message.js';

/** Writes `body` as JSON with `status` and ends the response; does nothing once it has started. */
export function replyJson(res: ServerResponse, status: number, body: object, headers: OutgoingHttpHeaders = {}): void {
  if (res.headersSent || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Answers with a JSON-RPC error (no `id` key when `id` is undefined) and `status`. */
export function replyError(res: ServerResponse, status: number, code: number, message: string, id?: JsonRpcId, headers: OutgoingHttpHeaders = {}): void {
  replyJson(res, status, errorResponse(id, code, message), headers);
}

/** Answers `status` with an empty body (202 for a notification, for instance). */
export function replyEmpty(res: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void {
  if (res.headersSent || res.writableEnded) return;
  res.writeHead(status, { ...headers, 'content-length': 0 });
  res.end();
}
