/**
 * Decides, from one POSTed request's headers and body, which era serves it and whether it is
 * refused before dispatch. HTTP has no sessions here, so nothing is remembered between requests:
 * a modern request names its revision in `_meta`, and a handshake-era client repeats the revision
 * `initialize` gave it in `MCP-Protocol-Version` (absent: 2025-03-26, as the transport specifies).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ErrorCode, ProtocolError } from '../../jsonrpc/errors.js';
import { hasModernMeta, selectEra } from '../../mcp/era.js';
import { FALLBACK_REVISION, LEGACY_REVISIONS, META, MODERN_REVISION, SUPPORTED_REVISIONS } from '../../mcp/revisions.js';
import { checkStandardHeaders, expectedName, protocolVersionHeader } from './mcp-headers.js';
import type { HttpEra } from './status.js';

/** The revision a handshake-era request without `MCP-Protocol-Version` is served at. */
export const HEADERLESS_REVISION = '2025-03-26';

/** Serve the request (at `legacyRevision` when it carries no modern `_meta`), or refuse it. */
export type RequestPlan =
  | { readonly kind: 'serve'; readonly era: HttpEra; readonly legacyRevision: string }
  | { readonly kind: 'refuse'; readonly era: HttpEra; readonly error: ProtocolError };

type Params = Readonly<Record<string, unknown>> | undefined;

/**
 * Plans one request. For a modern request the checks run in the order the specification pins:
 * a missing `_meta` field (-32602), then headers that disagree with the body (-32020), then an
 * unsupported revision (-32022); an unknown method (-32601) is left to the dispatcher.
 */
export function planRequest(headers: IncomingHttpHeaders, method: string, rawParams: unknown): RequestPlan {
  const params = isRecord(rawParams) ? rawParams : undefined;
  if (hasModernMeta(params)) return planModern(headers, method, params);
  if (method === 'initialize') return { kind: 'serve', era: 'legacy', legacyRevision: FALLBACK_REVISION };
  const header = protocolVersionHeader(headers);
  if (header === undefined) return { kind: 'serve', era: 'legacy', legacyRevision: HEADERLESS_REVISION };
  if (header.kind === 'invalid') {
    return refuse('legacy', ErrorCode.HeaderMismatch, `Header mismatch: the MCP-Protocol-Version header ${header.reason}`);
  }
  if (header.value === MODERN_REVISION) {
    return refuse('modern', ErrorCode.InvalidParams, `Invalid params: a ${MODERN_REVISION} request must carry params._meta with "${META.protocolVersion}" and "${META.clientCapabilities}"`);
  }
  if ((LEGACY_REVISIONS as readonly string[]).includes(header.value)) return { kind: 'serve', era: 'legacy', legacyRevision: header.value };
  return {
    kind: 'refuse',
    era: 'legacy',
    error: new ProtocolError(ErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version', { supported: [...SUPPORTED_REVISIONS], requested: header.value }),
  };
}

function planModern(headers: IncomingHttpHeaders, method: string, params: Params): RequestPlan {
  let unsupported: ProtocolError | undefined;
  let era: HttpEra = 'modern';
  try {
    era = selectEra(params, FALLBACK_REVISION).kind;
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    if (error.code !== ErrorCode.UnsupportedProtocolVersion) return { kind: 'refuse', era: 'modern', error };
    unsupported = error;
  }
  const meta = params?.['_meta'] as Record<string, unknown>;
  const version = meta[META.protocolVersion] as string;
  const verdict = checkStandardHeaders(headers, { protocolVersion: version, method, name: expectedName(method, params) });
  if (verdict.kind === 'mismatch') return refuse('modern', ErrorCode.HeaderMismatch, verdict.message);
  if (unsupported !== undefined) return { kind: 'refuse', era: 'modern', error: unsupported };
  return { kind: 'serve', era, legacyRevision: era === 'legacy' ? version : FALLBACK_REVISION };
}

function refuse(era: HttpEra, code: ErrorCode, message: string): RequestPlan {
  return { kind: 'refuse', era, error: new ProtocolError(code, message) };
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
