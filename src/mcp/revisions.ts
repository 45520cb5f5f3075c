/** Revisions opened with an `initialize` handshake, newest first. */
export const LEGACY_REVISIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** The stateless revision whose requests carry their version in `params._meta`. */
export const MODERN_REVISION = '2026-07-28';

/** What `initialize` answers when the requested revision is not one of LEGACY_REVISIONS. */
export const FALLBACK_REVISION = '2024-11-05';

/**
 * Every revision this server speaks, newest first: `server/discover`'s `supportedVersions` and the
 * `supported` list of an unsupported-version error are this same array.
 */
export const SUPPORTED_REVISIONS: readonly string[] = [MODERN_REVISION, ...LEGACY_REVISIONS];

/** Reserved `_meta` keys of the modern era. */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** The revision `initialize` answers for a requested one. */
export function negotiateLegacy(requested: unknown): string {
  return typeof requested === 'string' && (LEGACY_REVISIONS as readonly string[]).includes(requested)
    ? requested
    : FALLBACK_REVISION;
}
