/**
 * JSON-RPC 2.0 message shapes and the one place where untyped JSON is narrowed to them.
 * Everything past `classify` works with typed values; everything rejected here carries a reason
 * that names the offending field.
 */
import { MAX_JSON_DEPTH, nestsDeeperThan } from './depth.js';

/** A request id: a string or a safe integer. `null`, fractions and other types are not ids. */
export type JsonRpcId = string | number;

/** Request or notification parameters: by name or by position. */
export type Params = Record<string, unknown> | unknown[];

/** A call that expects exactly one response with the same id. */
export interface RequestMessage {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params?: Params;
}

/** A call that must never be answered. */
export interface NotificationMessage {
  readonly jsonrpc: '2.0';
  readonly method: string;
  readonly params?: Params;
}

/** The `error` member of an error response. */
export interface ResponseError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A successful reply to a request. */
export interface SuccessResponse {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly result: unknown;
}

/** A failed reply; `id` is absent when the failed request's id could not be read. */
export interface ErrorResponse {
  readonly jsonrpc: '2.0';
  readonly id?: JsonRpcId;
  readonly error: ResponseError;
}

/** A reply: exactly one of `result` or `error`. */
export type ResponseMessage = SuccessResponse | ErrorResponse;

/**
 * What one parsed JSON value turned out to be. `response` is a peer's reply to a request this
 * side sent; `batch` is any JSON array, left to the caller (batches exist only in some protocol
 * revisions). `invalid` carries the message's id only when that id was itself valid, so a caller
 * can echo it in an Invalid Request error.
 */
export type Incoming =
  | { readonly kind: 'request'; readonly message: RequestMessage }
  | { readonly kind: 'notification'; readonly message: NotificationMessage }
  | { readonly kind: 'response'; readonly message: ResponseMessage }
  | { readonly kind: 'batch'; readonly items: unknown[] }
  | { readonly kind: 'invalid'; readonly id?: JsonRpcId; readonly reason: string };

/** `parseLine`'s result: a classified message, or a line that is not JSON at all. */
/** A classified line, or text that is not JSON (`message` is the error text to answer with). */
export type ParsedLine = Incoming | { readonly kind: 'parse-error'; readonly message: string };

/** The answer to text that is not JSON. */
export const PARSE_ERROR_MESSAGE = 'Parse error';

/** True for the values JSON-RPC accepts as a request id. */
export function isJsonRpcId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || Number.isSafeInteger(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(object: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

function invalid(reason: string, id: unknown): Incoming {
  return isJsonRpcId(id) ? { kind: 'invalid', id, reason } : { kind: 'invalid', reason };
}

/**
 * Narrows one parsed JSON value to the message union. Never throws. The messages it returns are
 * fresh objects holding only the JSON-RPC members, so unknown extra keys do not travel on.
 */
export function classify(value: unknown): Incoming {
  if (Array.isArray(value)) return { kind: 'batch', items: value };
  if (!isPlainObject(value)) return { kind: 'invalid', reason: 'message must be a JSON object' };

  const id = value['id'];
  if (value['jsonrpc'] !== '2.0') return invalid('jsonrpc must be exactly "2.0"', id);

  if (has(value, 'method')) {
    const method = value['method'];
    if (typeof method !== 'string') return invalid('method must be a string', id);
    let tail: { params?: Params } = {};
    if (has(value, 'params')) {
      const params = value['params'];
      if (!isPlainObject(params) && !Array.isArray(params)) {
        return invalid('params must be an object or an array when present', id);
      }
      tail = { params };
    }
    if (!has(value, 'id')) return { kind: 'notification', message: { jsonrpc: '2.0', method, ...tail } };
    if (!isJsonRpcId(id)) return invalid('id must be a string or a safe integer', id);
    return { kind: 'request', message: { jsonrpc: '2.0', id, method, ...tail } };
  }

  const hasResult = has(value, 'result');
  const hasError = has(value, 'error');
  if (!hasResult && !hasError) return invalid('method must be a string', id);
  if (hasResult && hasError) return invalid('a response must carry result or error, not both', id);

  if (hasResult) {
    if (!isJsonRpcId(id)) return invalid('id must be a string or a safe integer', id);
    return { kind: 'response', message: { jsonrpc: '2.0', id, result: value['result'] } };
  }

  const error = value['error'];
  if (!isPlainObject(error) || !Number.isSafeInteger(error['code']) || typeof error['message'] !== 'string') {
    return invalid('error must be an object with an integer code and a string message', id);
  }
  const wireError: ResponseError = {
    code: error['code'] as number,
    message: error['message'],
    ...(error['data'] === undefined ? {} : { data: error['data'] }),
  };
  // JSON-RPC lets an error reply carry a null id when the request's id was unreadable; such a
  // reply is still a response and must not be answered, so it is accepted without an id.
  if (id === null || !has(value, 'id')) return { kind: 'response', message: { jsonrpc: '2.0', error: wireError } };
  if (!isJsonRpcId(id)) return invalid('id must be a string or a safe integer', id);
  return { kind: 'response', message: { jsonrpc: '2.0', id, error: wireError } };
}

/** Parses one framed line and classifies it; text that is not JSON becomes `parse-error`. */
export function parseLine(text: string): ParsedLine {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { kind: 'parse-error', message: `Parse error: JSON nested deeper than ${MAX_JSON_DEPTH} levels` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'parse-error', message: PARSE_ERROR_MESSAGE };
  }
  return classify(value);
}

/** Builds the success reply for request `id`. */
export function successResponse(id: JsonRpcId, result: unknown): SuccessResponse {
  return { jsonrpc: '2.0', id, result };
}

/**
 * Builds an error reply. With `id` undefined the reply has no `id` key at all (some clients
 * reject `"id": null`); with `data` undefined it has no `data` key.
 */
export function errorResponse(id: JsonRpcId | undefined, code: number, message: string, data?: unknown): ErrorResponse {
  const error: ResponseError = data === undefined ? { code, message } : { code, message, data };
  return id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error };
}
