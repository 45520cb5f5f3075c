import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import { META, MODERN_REVISION, SUPPORTED_REVISIONS } from './revisions.js';

/** How one request is served. */
export type Era =
  | { readonly kind: 'legacy'; readonly revision: string }
  | { readonly kind: 'modern'; readonly revision: string; readonly clientCapabilities: Readonly<Record<string, unknown>> };

const MODERN_KEYS = [META.protocolVersion, META.clientCapabilities, META.clientInfo] as const;

/**
 * Chooses the era of one request from its `params._meta`. A request carrying any of the modern
 * per-request keys is a modern request and must carry both required ones; anything else is
 * served at the revision the process negotiated with `initialize` (or the fallback before one).
 * Throws the wire error for a malformed or unsupported modern request, checked in the order
 * the specification pins: missing field before unsupported version.
 */
export function selectEra(params: Readonly<Record<string, unknown>> | undefined, legacyRevision: string): Era {
  const meta = params?.['_meta'];
  if (meta === undefined || meta === null || typeof meta !== 'object' || Array.isArray(meta)) {
    return { kind: 'legacy', revision: legacyRevision };
  }
  const m = meta as Record<string, unknown>;
  if (!MODERN_KEYS.some((k) => k in m)) return { kind: 'legacy', revision: legacyRevision };
  const version = m[META.protocolVersion];
  if (typeof version !== 'string' || version === '') {
    throw new ProtocolError(ErrorCode.InvalidParams, `Invalid params: _meta["${META.protocolVersion}"] must be a protocol revision string`);
  }
  const caps = m[META.clientCapabilities];
  if (caps === null || typeof caps !== 'object' || Array.isArray(caps)) {
    throw new ProtocolError(ErrorCode.InvalidParams, `Invalid params: _meta["${META.clientCapabilities}"] must be an object ({} when the client has none)`);
  }
  if (!SUPPORTED_REVISIONS.includes(version)) {
    throw new ProtocolError(ErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version', {
      supported: [...SUPPORTED_REVISIONS],
      requested: version,
    });
  }
  if (version !== MODERN_REVISION) {
    // A handshake-era revision named per request: served statelessly with that revision's shapes.
    return { kind: 'legacy', revision: version };
  }
  return { kind: 'modern', revision: version, clientCapabilities: caps as Record<string, unknown> };
}

/** Whether `params` tries to speak the modern era at all (used to refuse `initialize` there). */
export function hasModernMeta(params: Readonly<Record<string, unknown>> | undefined): boolean {
  const meta = params?.['_meta'];
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return false;
  return MODERN_KEYS.some((k) => k in (meta as Record<string, unknown>));
}
