/**
 * The HTTP status that goes with a JSON-RPC reply. Problems with the envelope (unparseable,
 * not JSON-RPC, headers or version that disagree) are 400 in both eras. The 2026-07-28 transport
 * also pairs method-level errors with a status (unknown method 404, invalid params 400), which
 * its clients and the conformance suite rely on; handshake-era clients treat any non-2xx answer
 * as a transport failure, so there a method-level error travels in a 200.
 */
import { ErrorCode } from '../../jsonrpc/errors.js';

/** Which era's pairing applies to a reply. */
export type HttpEra = 'legacy' | 'modern';

const ENVELOPE_ERRORS: ReadonlySet<number> = new Set([
  ErrorCode.ParseError,
  ErrorCode.InvalidRequest,
  ErrorCode.HeaderMismatch,
  ErrorCode.MissingRequiredClientCapability,
  ErrorCode.UnsupportedProtocolVersion,
]);

/** The status of a reply whose `error.code` is `code` (undefined for a success). */
export function statusForReply(code: number | undefined, era: HttpEra): number {
  if (code === undefined) return 200;
  if (ENVELOPE_ERRORS.has(code)) return 400;
  if (era === 'legacy') return 200;
  if (code === ErrorCode.MethodNotFound) return 404;
  if (code === ErrorCode.InvalidParams) return 400;
  if (code === ErrorCode.InternalError) return 500;
  return 200;
}

/** The `error.code` of a reply message, if it is an error reply. */
export function errorCodeOf(message: object): number | undefined {
  const error = (message as { error?: unknown }).error;
  if (error === null || typeof error !== 'object') return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}
