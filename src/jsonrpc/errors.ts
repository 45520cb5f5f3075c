/**
 * The JSON-RPC error family that goes on the wire. Local failures (I/O, bugs) stay ordinary
 * `Error`s and are turned into `InternalError` at the dispatch edge, never into these codes.
 */

/** Named JSON-RPC error codes, including the MCP-reserved -32020..-32022 range. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;

/** One of the codes in `ErrorCode`. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * An error a handler throws to answer a request with exactly this `{code, message, data?}`.
 * Anything else a handler throws is an internal error, not a `ProtocolError`.
 */
export class ProtocolError extends Error {
  readonly code: ErrorCode;
  /** Extra detail for the wire `error.data`; undefined means the response carries no `data`. */
  readonly data?: unknown;

  constructor(code: ErrorCode, message: string, data?: unknown) {
    super(message);
    this.name = 'ProtocolError';
    this.code = code;
    this.data = data;
  }
}
